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

from ._found import WHIST_BASES, WHIST_SETS
from .howell import search_units
from .model import Movement, MovementError, Requirements, Round, Table, Unit, boards_of_set, shared_tables

INFINITY = -1
GENERAL_SEARCH_LIMIT = 28
"""Above this many players the general search takes too long to run while a director waits."""
Game = tuple[int, ...]
"""The four players of one table's game, in seat order."""


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
    two_tables = len(design.games) == 2  # a set at two tables in one round is played by all eight: share it
    offsets = (
        (WHIST_SETS.get(players) or _set_offsets(design)) if boards_per_round and not two_tables else None
    )
    rounds, sets = [], []
    for g in range(design.order):
        games = [tuple(design.player(design.add(x, g)) for x in game) for game in design.games]
        idle = () if design.fixed else (design.player(design.add(0, g)),)
        rounds.append((games, idle))
        if offsets:
            sets.append([layer * design.order + design.add(o, g) + 1 for layer, o in offsets])
        elif boards_per_round:
            sets.append([g + 1, g + 1])
    requirements = Requirements(max_meetings=None, partner_exactly=1, opponent_exactly=2)
    return _individual(
        "individual", players, rounds, boards_per_round, f"Wh({players})", requirements, sets or None
    )


def _set_offsets(design: Design, max_steps: int = 2_000) -> list[tuple[int, int]]:
    """(layer, offset) per base game: table i plays set g + offset_i of its layer in round g.

    A player meets a set twice exactly when two games' translates G_i - offset_i share an element, so within a
    layer the translates must be disjoint (and the offsets distinct). As few layers as the search manages: one layer
    means as many sets as rounds, each played at every table.
    """
    for layers in range(1, len(design.games) + 1):
        found = _place_offsets(design, layers, max_steps)
        if found:
            return found
    raise MovementError(f"no board sets found for {design}")


def _place_offsets(design: Design, layers: int, max_steps: int = 2_000) -> list[tuple[int, int]] | None:
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
    """The stored base round, else a construction (cyclotomic, symmetric, product), else the general search."""
    if players in WHIST_BASES:
        moduli, games = WHIST_BASES[players]
        return Design(moduli, games, players % 4 == 0)
    design = cyclotomic_design(players) or symmetric_design(players) or product_design(players)
    if design is None and players > GENERAL_SEARCH_LIMIT:
        raise MovementError(f"no Wh({players}) is stored and the quick constructions do not give one")
    return design or general_design(players, restarts=10)


_FACTORS = {5: ((5,), lambda a, b: a * b % 5), 9: ((3, 3), None), 13: ((13,), lambda a, b: a * b % 13)}
"""Groups G with four multipliers whose differences are all units: Z_5, GF(9) (on Z_3 x Z_3), Z_13."""


def _gf9(a: int, b: int) -> int:
    """GF(9) = Z_3[i], i^2 = -1, element x + y i coded x + 3y."""
    x, y, u, w = a % 3, a // 3, b % 3, b // 3
    return (x * u - y * w) % 3 + 3 * ((x * w + y * u) % 3)


def product_design(players: int) -> Design | None:
    """Wh(|G| h) for 4n+1 players from a smaller cyclic Wh(h) over H, on G x H (45 = 5 x 9, 81 = 9 x 9, ...).

    Each game (h0, h1, h2, h3) of H's base round becomes the |G| games ((g, h0), (2g, h1), (3g, h2), (4g, h3)),
    g in G: a difference (x, h_i - h_j) then arises once for every x, because (l_i - l_j) g runs through G; G's own
    base round covers G x {0}, and (0, 0) sits out. (The like product for 4n players, with H = Z_m plus infinity,
    needs a block on infinity and G x {the infinity game}: none exists for 36 = 5 x 7 + 1, so it is not offered.)
    """
    if players % 4 != 1:
        return None
    for order, (moduli, mul) in _FACTORS.items():
        rest, left = divmod(players, order)
        if left or rest % 4 != 1 or rest < 5:
            continue
        try:
            inner, outer = whist_design(rest), whist_design(order)
        except MovementError:
            continue
        times = mul or _gf9
        games = list(outer.games)
        for game in inner.games:
            for g in range(order):
                games.append(tuple(times(k + 1, g) + order * h for k, h in enumerate(game)))
        return Design(moduli + inner.moduli, tuple(games), False)
    return None


def cyclotomic_design(players: int) -> Design | None:
    """v = p prime, p = 4n+1: games w^i (1, e, -1, -e), i < n, with w a primitive root and e = w^n (e^2 = -1).

    Partner differences 2w^i(+-1, +-e) and opponent differences w^i(1-e)(+-1, +-e) (twice) run through every
    nonzero residue as i does, because the w^i, i < n, represent the cosets of the fourth roots of unity.
    """
    p = players
    if p % 4 != 1 or any(p % d == 0 for d in range(2, int(p**0.5) + 1)):
        return None
    n = (p - 1) // 4
    root = next(g for g in range(2, p) if all(pow(g, (p - 1) // q, p) != 1 for q in _prime_factors(p - 1)))
    e = pow(root, n, p)
    games = []
    for i in range(n):
        w = pow(root, i, p)
        games.append((w, w * e % p, p - w, p - w * e % p))
    return Design((p,), tuple(games), False)


def _prime_factors(n: int) -> set[int]:
    factors, d = set(), 2
    while d * d <= n:
        while n % d == 0:
            factors.add(d)
            n //= d
        d += 1
    return factors | ({n} if n > 1 else set())


def symmetric_design(players: int, seed: int = 0, max_steps: int = 20_000) -> Design | None:
    """Games (x, y, -x, -y) over Z_q (q = v or v-1), plus (inf, z, 0, -z) when v = 4n.

    Partners x & -x make the partner differences +-2x, which cover everything once by themselves; what is left is to
    pair up the classes {x, -x} so that the classes of x+y and x-y (and z) are all different: a small search.
    Since (x+y)^2 + (x-y)^2 = 2(x^2 + y^2), summing squares over the classes gives S = z^2 (v = 4n) or S = 0
    (v = 4n+1) mod q, with S = 1^2 + ... + ((q-1)/2)^2: only such z can work, and often none does.
    """
    fixed = players % 4 == 0
    q = players - 1 if fixed else players
    classes = list(range(1, (q - 1) // 2 + 1))
    squares = sum(c * c for c in classes) % q
    if not fixed and squares:
        return None
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

    for z in [c for c in classes if c * c % q == squares] if fixed else [None]:
        steps = 0
        pairs: list[tuple[int, int]] = []
        free = [c for c in classes if c != z]
        if match(free, set() if z is None else {z}, pairs):
            games = [(x, y, q - x, q - y) for x, y in pairs]
            if z is not None:
                games.insert(0, (INFINITY, z, 0, q - z))
            return Design((q,), tuple(games), fixed)
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
"""Hoyle 1940 L5520-5526, the seat indicator (garbled in the scan) as rebuilt in rules-hoyle-1940.md 1.5: a Wh(8).
The book adds that every two players oppose "first on the right and then on the left" (L5541-5542); no seating of
this rotation does that for every pair (an exhaustive search of all 8! layouts finds none), so it is not required."""


def eight_players(
    boards_per_round: int | None = None, layout: dict[str, dict[str, int]] = BOOK_EIGHT_LAYOUT
) -> Movement:
    """Hoyle 1940 L5510-5542, "Eight Individual Players": seat 0 (the hostess, player 8) sits still, everyone else
    moves to the next greater numbered seat (7 to 1) after four deals. Players start in the seat of their number.
    "every player has every other once for a partner, and plays twice against every other" (L5540-5542): a Wh(8).
    """
    rounds = []
    for r in range(7):

        def player(seat: int, r: int = r) -> int:
            return 8 if seat == 0 else (seat - 1 - r) % 7 + 1

        games = [tuple(player(layout[t][s]) for s in "NESW") for t in "AB"]
        rounds.append((games, ()))
    return _individual(
        "individual",
        8,
        rounds,
        boards_per_round,
        "Hoyle's eight individual players",
        Requirements(max_meetings=None, partner_exactly=1, opponent_exactly=2),
        [[r + 1, r + 1] for r in range(7)],  # with boards, both tables share the round's set
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
    """Wh(players) when there is one; otherwise the Wh of the next size that has one, with the extra seats empty:
    whoever is drawn with an empty seat sits out that round. Nobody partners anyone twice or opposes anyone more
    than twice, and sit-outs stay within one of each other; the checker proves it for the size asked."""
    if players < 4:
        raise MovementError(f"an individual movement needs at least 4 players, not {players}")
    if players % 4 in (0, 1) and _has_whist(players):
        return whist(players, boards_per_round)
    if players % 4 == 2 and _has_whist(players - 1):
        stand_in = _with_stand_in(players)
        if stand_in:
            rounds, sets = stand_in
            name = f"Individual {players} players (Wh({players - 1}) and a stand-in)"
            requirements = Requirements(max_meetings=None, max_partner=1, max_opponent=2)
            return _individual("individual", players, rounds, boards_per_round, name, requirements, sets)
    size = next((v for v in range(players + 1, players + 9) if v % 4 in (0, 1) and _has_whist(v)), None)
    if size is None:
        raise MovementError(
            f"no whist tournament within 8 players above {players} to build the movement from"
        )
    full = whist(size, boards_per_round)
    rounds, sets = [], []
    for rnd in full.rounds:
        kept = [table for table in rnd.tables if max(table.players) <= players]
        idle = [
            p for table in rnd.tables if max(table.players) > players for p in table.players if p <= players
        ]
        rounds.append(
            (
                [table.players for table in kept],
                tuple(sorted(idle + [p for p in rnd.sit_out if p <= players])),
            )
        )
        sets.append(
            [(table.boards[0] - 1) // boards_per_round + 1 for table in kept] if boards_per_round else []
        )
    return _individual(
        "individual",
        players,
        rounds,
        boards_per_round,
        f"Individual {players} players (Wh({size}) with {size - players} empty seats)",
        Requirements(max_meetings=None, max_partner=1, max_opponent=2),
        sets if boards_per_round else None,
    )


def _with_stand_in(players: int, max_steps: int = 20_000):
    """4n+2 players: a Wh(4n+1), and the extra player takes one seated player's place in every round but the first
    (that player sits out with the round's own sit-out). Depth-first: everyone stood in for at most once, the extra
    player's partners all different, opponents met at most twice, and no set of the Wh's boards met twice. Sit-outs:
    one or two each. Returns (rounds, sets) or None."""
    base = whist(players - 1, 1).rounds
    extra = players
    chosen: list[int] = []
    partnered: set[int] = set()
    opposed: dict[int, int] = {}
    sets_met: set[int] = set()
    steps = 0

    def seat(r: int) -> bool:
        nonlocal steps
        steps += 1
        if r == len(base):
            return True
        if steps > max_steps:
            return False
        for table in base[r].tables:
            for i, p in enumerate(table.players):
                partner = table.players[(i + 2) % 4]
                against = (table.players[(i + 1) % 4], table.players[(i + 3) % 4])
                if p in chosen or partner in partnered or table.boards[0] in sets_met:
                    continue
                if any(opposed.get(a, 0) >= 2 for a in against):
                    continue
                chosen.append(p)
                partnered.add(partner)
                sets_met.add(table.boards[0])
                for a in against:
                    opposed[a] = opposed.get(a, 0) + 1
                if seat(r + 1):
                    return True
                chosen.pop()
                partnered.discard(partner)
                sets_met.discard(table.boards[0])
                for a in against:
                    opposed[a] -= 1
        return False

    if not seat(1):
        return None
    rounds = [([t.players for t in base[0].tables], (*base[0].sit_out, extra))]
    for rnd, out in zip(base[1:], chosen, strict=True):
        games = [tuple(extra if p == out else p for p in t.players) for t in rnd.tables]
        rounds.append((games, tuple(sorted((*rnd.sit_out, out)))))
    return rounds, [[t.boards[0] for t in rnd.tables] for rnd in base]


def _has_whist(players: int) -> bool:
    try:
        whist_design(players)
    except MovementError:
        return False
    return True


def _individual(
    kind: str,
    players: int,
    rounds: Sequence[tuple[Sequence[Game], tuple[int, ...]]],
    boards_per_round: int | None,
    name: str,
    requirements: Requirements,
    sets: list[list[int]] | None = None,
) -> Movement:
    if not boards_per_round:
        sets = None
    elif sets is None:
        sets = _board_sets(rounds)
    per_round = boards_per_round or 0
    built = []
    for r, (games, idle) in enumerate(rounds):
        tables = tuple(
            Table(t + 1, tuple(game), boards_of_set(sets[r][t], per_round) if sets else ())
            for t, game in enumerate(games)
        )
        built.append(Round(r + 1, tables, sit_out=tuple(idle), shares=shared_tables(tables)))
    total = max((s for row in sets for s in row), default=0) * per_round if sets else 0
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
