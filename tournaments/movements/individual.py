"""Individual movements: whist tournaments Wh(v), the book's eight players, pivot and the nine-for-two-tables cut-in.

A Wh(v) (standards.md 5.3) seats v = 4n or 4n+1 players at games (a, b, c, d), partners a & c and b & d, so that
every two players partner exactly once and oppose exactly twice. Ours are cyclic: a base round of games over a group
(Z_m, or Z_3 x Z_3 for v = 9) is developed by adding each group element in turn; 4n players use Z_{4n-1} plus a fixed
player (infinity), 4n+1 players use Z_{4n+1} and the player at the group's zero sits out. The condition on a base
round is on differences only: partner differences cover every nonzero element once, opponent differences twice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ._found import WHIST_BASES
from .howell import search_units
from .model import Movement, MovementError, Requirements, Round, Table, Unit, boards_of_set

INFINITY = -1
Game = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Design:
    """A base round over the group Z_{moduli[0]} x Z_{moduli[1]} x ... (elements coded in mixed radix)."""

    moduli: tuple[int, ...]
    games: tuple[Game, ...]
    fixed: bool
    """True: 4n players, the fixed player infinity plays every round. False: 4n+1, zero sits out."""

    @property
    def order(self) -> int:
        size = 1
        for modulus in self.moduli:
            size *= modulus
        return size

    def add(self, x: int, g: int) -> int:
        if x == INFINITY:
            return x
        result, place = 0, 1
        for modulus in self.moduli:
            result += ((x // place + g // place) % modulus) * place
            place *= modulus
        return result

    def player(self, x: int) -> int:
        """Players are numbered from 1: element x is player x+1, infinity is the last player."""
        return self.order + 1 if x == INFINITY else x + 1


def whist(players: int, boards_per_round: int | None = 2) -> Movement:
    """A Wh(players) for players = 4n or 4n+1; boards_per_round None plays fresh deals (no duplicate boards)."""
    if players % 4 not in (0, 1) or players < 4:
        raise MovementError(f"a whist tournament needs 4n or 4n+1 players (4, 5, 8, 9, ...), not {players}")
    if players == 4:
        return pivot()
    design = whist_design(players)
    offsets = _set_offsets(design) if boards_per_round else None
    rounds, sets = [], []
    for g in range(design.order):
        games = [tuple(design.player(design.add(x, g)) for x in game) for game in design.games]
        idle = () if design.fixed else (design.player(design.add(0, g)),)
        rounds.append((games, idle))
        if offsets:
            sets.append([layer * design.order + design.add(o, g) + 1 for layer, o in offsets])
    requirements = Requirements(max_meetings=None, partner_exactly=1, opponent_exactly=2)
    return _individual(
        "individual", players, rounds, boards_per_round, f"Wh({players})", requirements, sets or None
    )


def _set_offsets(design: Design) -> list[tuple[int, int]]:
    """(layer, offset) per base game: table i plays set g + offset_i of its layer in round g.

    A player meets a set twice exactly when two games' translates G_i - offset_i share an element, so within a
    layer the translates must be disjoint (and the offsets distinct). As few layers as the search manages: one layer
    means as many sets as rounds, each played at every table.
    """
    for layers in range(1, len(design.games) + 1):
        found = _place_offsets(design, layers)
        if found:
            return found
    raise MovementError(f"no board sets found for {design}")


def _place_offsets(design: Design, layers: int, max_steps: int = 3_000) -> list[tuple[int, int]] | None:
    negate = {g: next(h for h in range(design.order) if design.add(g, h) == 0) for g in range(design.order)}
    finite = [[x for x in game if x != INFINITY] for game in design.games]
    covered: list[set[int]] = [set() for _ in range(layers)]
    used: list[set[int]] = [set() for _ in range(layers)]
    chosen: list[tuple[int, int]] = []
    steps = 0

    def place(i: int) -> bool:
        nonlocal steps
        steps += 1
        if i == len(finite):
            return True
        if steps > max_steps:
            return False
        for layer in range(layers):
            for o in range(design.order):
                cells = {design.add(x, negate[o]) for x in finite[i]}
                if o in used[layer] or not covered[layer].isdisjoint(cells):
                    continue
                used[layer].add(o)
                covered[layer].update(cells)
                chosen.append((layer, o))
                if place(i + 1):
                    return True
                chosen.pop()
                used[layer].discard(o)
                covered[layer].difference_update(cells)
        return False

    return chosen if place(0) else None


@cache
def whist_design(players: int) -> Design:
    """The stored base round, else the symmetric search (games (x, y, -x, -y)), else the general one."""
    if players in WHIST_BASES:
        moduli, games = WHIST_BASES[players]
        return Design(moduli, games, players % 4 == 0)
    return symmetric_design(players) or general_design(players, restarts=10)


def symmetric_design(players: int, seed: int = 0, max_steps: int = 20_000) -> Design | None:
    """Games (x, y, -x, -y) over Z_q (q = v or v-1), plus (inf, z, 0, -z) when v = 4n.

    Partners x & -x make the partner differences +-2x, which cover everything once by themselves; what is left is to
    pair up the classes {x, -x} so that the classes of x+y and x-y (and z) are all different: a small search.
    """
    fixed = players % 4 == 0
    q = players - 1 if fixed else players
    classes = list(range(1, (q - 1) // 2 + 1))
    rng = random.Random(seed)
    steps = 0

    def cls(x: int) -> int:
        return min(x % q, -x % q)

    def match(free: list[int], taken: set[int], pairs: list[tuple[int, int]]) -> bool:
        nonlocal steps
        steps += 1
        if not free:
            return True
        if steps > max_steps:
            return False
        x, rest = free[0], free[1:]
        for y in rng.sample(rest, len(rest)):
            s, d = cls(x + y), cls(x - y)
            if s == 0 or d == 0 or s == d or s in taken or d in taken:
                continue
            pairs.append((x, y))
            if match([e for e in rest if e != y], taken | {s, d}, pairs):
                return True
            pairs.pop()
        return False

    for z in [None] if not fixed else classes:
        pairs: list[tuple[int, int]] = []
        free = [c for c in classes if c != z]
        if match(free, set() if z is None else {z}, pairs):
            games = [(x, y, q - x, q - y) for x, y in pairs]
            if z is not None:
                games.insert(0, (INFINITY, z, 0, q - z))
            return Design((q,), tuple(games), fixed)
        if steps > max_steps:
            return None
    return None


def general_design(players: int, seed: int = 0, max_steps: int = 5_000, restarts: int = 2_000) -> Design:
    """Depth-first over games (a, b, c, d), a the smallest unseated element, with many short random restarts."""
    fixed = players % 4 == 0
    m = players - 1 if fixed else players
    for attempt in range(restarts):
        found = _general_attempt(m, fixed, random.Random(seed * 100_000 + attempt), max_steps)
        if found:
            return Design((m,), found, fixed)
    raise MovementError(f"no Wh({players}) found within the search budget")


def _general_attempt(m: int, fixed: bool, rng: random.Random, max_steps: int) -> tuple[Game, ...] | None:
    partner, opponent = [0] * m, [0] * m
    seated = set() if fixed else {0}
    games: list[Game] = []
    steps = 0

    def free_of(x: int, y: int, counts: list[int], most: int) -> bool:
        return INFINITY in (x, y) or counts[(x - y) % m] < most

    def mark(pairs: Sequence[tuple[int, int]], counts: list[int], step: int) -> None:
        for x, y in pairs:
            if INFINITY not in (x, y):
                counts[(x - y) % m] += step
                counts[(y - x) % m] += step

    def extend() -> bool:
        nonlocal steps
        steps += 1
        free = [e for e in ([INFINITY] if fixed else []) + list(range(m)) if e not in seated]
        if not free:
            return True
        if steps > max_steps:
            return False
        a, rest = free[0], free[1:]
        for c in rng.sample(rest, len(rest)):
            if not free_of(a, c, partner, 1):
                continue
            mark([(a, c)], partner, 1)
            others = [e for e in rest if e != c]
            for b in rng.sample(others, len(others)):
                if not (free_of(a, b, opponent, 2) and free_of(b, c, opponent, 2)):
                    continue
                mark([(a, b), (b, c)], opponent, 1)
                for d in others:
                    if d == b or not (
                        free_of(b, d, partner, 1)
                        and free_of(a, d, opponent, 2)
                        and free_of(c, d, opponent, 2)
                    ):
                        continue
                    mark([(b, d)], partner, 1)
                    mark([(a, d), (c, d)], opponent, 1)
                    if all(count <= 1 for count in partner) and all(count <= 2 for count in opponent):
                        seated.update((a, b, c, d))
                        games.append((a, b, c, d))
                        if extend():
                            return True
                        games.pop()
                        seated.difference_update((a, b, c, d))
                    mark([(b, d)], partner, -1)
                    mark([(a, d), (c, d)], opponent, -1)
                    if steps > max_steps:
                        break
                mark([(a, b), (b, c)], opponent, -1)
                if steps > max_steps:
                    break
            mark([(a, c)], partner, -1)
            if steps > max_steps:
                return False
        return False

    return tuple(games) if extend() else None


BOOK_EIGHT_LAYOUT = {"A": {"N": 6, "E": 2, "S": 1, "W": 0}, "B": {"N": 5, "E": 7, "S": 4, "W": 3}}
"""Hoyle 1940 L5520-5526: the seat indicator (figure garbled in the scan), rebuilt in rules-hoyle-1940.md 1.5."""


def eight_players(boards_per_round: int | None = None) -> Movement:
    """Hoyle 1940 L5510-5542, "Eight Individual Players": seat 0 (the hostess, player 8) sits still, everyone else
    moves to the next greater numbered seat (7 to 1) after four deals. Players start in the seat of their number.
    "every player has every other once for a partner, and plays twice against every other" (L5540-5542): a Wh(8).
    """
    rounds = []
    for r in range(7):

        def player(seat: int, r: int = r) -> int:
            return 8 if seat == 0 else (seat - 1 - r) % 7 + 1

        games = [tuple(player(BOOK_EIGHT_LAYOUT[t][s]) for s in "NESW") for t in "AB"]
        rounds.append((games, ()))
    return _individual(
        "individual",
        8,
        rounds,
        boards_per_round,
        "Hoyle's eight individual players",
        Requirements(max_meetings=None, partner_exactly=1, opponent_exactly=2),
    )


def pivot(rubbers_each: int = 1) -> Movement:
    """Hoyle 1940 L5417-5434: four players; the pivot (player 1) sits still at North, "the player on the pivot's
    right becomes the partner for the second rubber, the partner on the first rubber moving to the seat on the
    pivot's left"; player 2 is the first partner. rubbers_each=2: "two rubbers with each before changing" (L5427)."""
    if rubbers_each not in (1, 2):
        raise MovementError(f"pivot plays one or two rubbers with each partner, not {rubbers_each}")
    seats = (1, 3, 2, 4)  # N, E, S, W; the pivot's left is East, its right is West
    rounds = []
    for _ in range(3):
        rounds.extend([([seats], ())] * rubbers_each)
        north, east, south, west = seats
        seats = (north, south, west, east)
    return _individual(
        "pivot",
        4,
        rounds,
        None,
        "Pivot",
        Requirements(max_meetings=None, partner_exactly=rubbers_each, opponent_exactly=2 * rubbers_each),
    )


def nine_for_two_tables(
    tables: tuple[tuple[int, ...], tuple[int, ...]], waiting: int, finished: int, cut_out: int
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], int]:
    """Hoyle 1940 L5501-5507: "The player who is cut out of the first rubbers, cuts into whichever table first
    finishes its rubber, and the one who is cut out of that table cuts into whichever table next ends a rubber".

    tables: the four players at table 1 and at table 2 (N, E, S, W); finished: the table (1 or 2) that ended a
    rubber; cut_out: the player there who lost the cut. Returns the new tables and the new waiting player.
    """
    if finished not in (1, 2):
        raise MovementError(f"there are tables 1 and 2, not {finished}")
    table = tables[finished - 1]
    if cut_out not in table:
        raise MovementError(f"player {cut_out} is not at table {finished}")
    if waiting in tables[0] or waiting in tables[1]:
        raise MovementError(f"player {waiting} is waiting but also seated")
    seated = tuple(waiting if p == cut_out else p for p in table)
    new = (seated, tables[1]) if finished == 1 else (tables[0], seated)
    return new, cut_out


def individual(players: int, boards_per_round: int | None = 2) -> Movement:
    """Wh(players) when players = 4n or 4n+1; otherwise the Wh of the next such size with the extra seats empty:
    the players drawn against an empty seat sit out that round. Nobody partners anyone twice or opposes anyone more
    than twice, and sit-outs stay within one of each other; the checker proves it for the size asked."""
    if players < 4:
        raise MovementError(f"an individual movement needs at least 4 players, not {players}")
    if players % 4 in (0, 1):
        return whist(players, boards_per_round)
    size = players + (4 - players % 4) % 4 if players % 4 == 3 else players + 2
    full = whist(size, None)
    rounds = []
    for rnd in full.rounds:
        games = [table.players for table in rnd.tables if max(table.players) <= players]
        idle = tuple(
            p for table in rnd.tables if max(table.players) > players for p in table.players if p <= players
        )
        rounds.append((games, tuple(sorted(idle + tuple(p for p in rnd.sit_out if p <= players)))))
    return _individual(
        "individual",
        players,
        rounds,
        boards_per_round,
        f"Individual {players} players (Wh({size}) with {size - players} empty seats)",
        Requirements(max_meetings=None, max_partner=1, max_opponent=2),
    )


def _individual(
    kind: str,
    players: int,
    rounds: list[tuple[list[Game] | list[tuple[int, ...]], tuple[int, ...]]],
    boards_per_round: int | None,
    name: str,
    requirements: Requirements,
    sets: list[list[int]] | None = None,
) -> Movement:
    if boards_per_round and sets is None:
        sets = _board_sets(rounds)
    built = []
    for r, (games, idle) in enumerate(rounds):
        tables = tuple(
            Table(t + 1, tuple(game), boards_of_set(sets[r][t], boards_per_round) if sets else ())
            for t, game in enumerate(games)
        )
        built.append(Round(r + 1, tables, sit_out=tuple(idle)))
    total = max((s for row in sets for s in row), default=0) * boards_per_round if sets else 0
    return Movement(
        kind, Unit.PLAYER, players, tuple(built), boards=total, name=name, requirements=requirements
    )


def _board_sets(rounds: Sequence[tuple[Sequence[tuple[int, ...]], tuple[int, ...]]]) -> list[list[int]]:
    """A set for each table of each round, as few sets as rounds when the search finds it, else one per table."""
    schedule = [list(games) for games, _ in rounds]
    found = search_units(schedule, len(schedule), 1, max_steps=20_000)
    if found:
        return [[unit[0] + 1 for unit in row] for row in found]
    count = iter(range(1, sum(len(row) for row in schedule) + 1))
    return [[next(count) for _ in row] for row in schedule]
