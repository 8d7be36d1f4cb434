"""Fixed-rotation progressive parties: P players at tables of four for R rounds, known before play starts.

Nobody should partner anyone twice and opponents should repeat as little as possible. With no two players ever at
the same table twice this is the social golfer problem (CSPLib 10, standards.md 5.4); 32 players at 8 tables reach
at most 10 rounds. Designs first: for P = 2^k the cosets of pairwise independent planes of GF(2)^k (a partial line
spread of PG(k-1, 2)) give zero repeats, 9 rounds for 32 players; for longer parties a whist tournament Wh(P) prefix
never repeats a partner. Otherwise, and to improve on a design, a local search (swaps within a round, tabu list,
restarts; after Dotu and Van Hentenryck, Triska and Musliu) under a time and iteration budget, reporting the best
schedule so far through a callback, so that a background job can save progress.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from .check import summarize
from .individual import whist
from .model import Movement, MovementError, Requirements, Round, Table, Unit

Week = list[list[int]]  # one round: the tables, each a list of four 0-based players


@dataclass(frozen=True, slots=True)
class Quality:
    """Repeats beyond the first meeting: the fewer, the better; all zero is a social golfer solution."""

    partner_repeats: int
    opponent_repeats: int
    table_repeats: int

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.partner_repeats, self.table_repeats, self.opponent_repeats)


def quality(movement: Movement) -> Quality:
    repeats = summarize(movement).repeats()
    return Quality(repeats["partner_repeats"], repeats["opponent_repeats"], repeats["table_repeats"])


def progressive_fixed(
    players: int,
    rounds: int,
    seconds: float = 2.0,
    iterations: int | None = None,
    seed: int = 0,
    on_best: Callable[[Movement, Quality], None] | None = None,
) -> tuple[Movement, Quality]:
    """The best schedule found: a design when one is good enough, else the search within the budget.

    players not divisible by 4: the extra players sit out in turn (everyone within one sit-out of everyone else).
    on_best(movement, quality) is called each time the search improves, so a job can save progress.
    """
    if players < 4:
        raise MovementError(f"a progressive party needs at least 4 players, not {players}")
    if rounds < 1:
        raise MovementError(f"a progressive party needs at least 1 round, not {rounds}")
    best = _spread_design(players, rounds) or _whist_prefix(players, rounds)
    if best is not None and quality(best).key == (0, 0, 0):
        if on_best:
            on_best(best, quality(best))
        return best, quality(best)
    start = _weeks_of(best) if best is not None and players % 4 == 0 else None

    def report(weeks: list[Week], cost: int) -> None:
        if on_best:
            improved = _movement(players, weeks, "searched")
            on_best(improved, quality(improved))

    found = golfer_search(players, rounds, seconds, iterations, seed, start, report if on_best else None)
    searched = _movement(players, found, "searched")
    if best is None or quality(searched).key < quality(best).key:
        best = searched
    if on_best:
        on_best(best, quality(best))
    return best, quality(best)


def golfer_search(
    players: int,
    rounds: int,
    seconds: float = 2.0,
    iterations: int | None = None,
    seed: int = 0,
    start: list[Week] | None = None,
    on_best: Callable[[list[Week], int], None] | None = None,
) -> list[Week]:
    """Tables for each round (sit-outs left out) with as few repeated table-mates as the budget allows.

    The cost is the number of extra meetings, sum over pairs of max(0, times at one table - 1). Each step swaps two
    players of one round, at least one of them in a conflict, taking the best swap not on the tabu list; after a
    long stall it perturbs the current schedule at random. Stops at zero cost, at the time or iteration limit.
    """
    rng = random.Random(seed)
    weeks = [list(map(list, week)) for week in start] if start else _random_weeks(players, rounds, rng)
    seated = [[p for table in week for p in table] for week in weeks]
    meet = [[0] * players for _ in range(players)]
    for week in weeks:
        for table in week:
            for a, b in combinations(table, 2):
                meet[a][b] += 1
                meet[b][a] += 1
    where = [dict((p, t) for t, table in enumerate(week) for p in table) for week in weeks]
    cost = sum(max(0, meet[a][b] - 1) for a in range(players) for b in range(a + 1, players))
    best_cost, best = cost, [list(map(list, w)) for w in weeks]
    tabu: dict[tuple[int, int, int], int] = {}
    deadline = time.monotonic() + seconds
    step, stall = 0, 0
    conflicted: list[tuple[int, int]] = []
    while cost and (iterations is None or step < iterations) and (step % 64 or time.monotonic() < deadline):
        step += 1
        if step % 8 == 1 or not conflicted:  # refreshed now and then: a stale entry only costs a weaker move
            conflicted = [
                (w, p)
                for w, week in enumerate(weeks)
                for table in week
                for p in table
                if any(meet[p][q] > 1 for q in table if q != p)
            ]
        move, move_delta = None, None
        for w, p in rng.sample(conflicted, min(len(conflicted), 64)):
            tp = where[w][p]
            for q in seated[w]:
                tq = where[w][q]
                if tq == tp:
                    continue
                delta = _swap_delta(meet, weeks[w][tp], weeks[w][tq], p, q)
                if tabu.get((w, p, q), -1) >= step and cost + delta >= best_cost:
                    continue
                if move_delta is None or delta < move_delta or (delta == move_delta and rng.random() < 0.3):
                    move, move_delta = (w, p, q), delta
        if move is None or move_delta is None:
            continue
        w, p, q = move
        _swap(meet, weeks[w], where[w], p, q)
        cost += move_delta
        tabu[(w, p, q)] = tabu[(w, q, p)] = step + rng.randint(4, 12)
        if cost < best_cost:
            best_cost, best, stall = cost, [list(map(list, x)) for x in weeks], 0
            if on_best:
                on_best(best, best_cost)
        else:
            stall += 1
        if stall > 500:
            stall = 0
            for _ in range(max(1, players // 8)):
                w = rng.randrange(len(weeks))
                p, q = rng.sample(seated[w], 2)
                if where[w][p] != where[w][q]:
                    cost += _swap_delta(meet, weeks[w][where[w][p]], weeks[w][where[w][q]], p, q)
                    _swap(meet, weeks[w], where[w], p, q)
    return best


def _swap_delta(meet: list[list[int]], table_p: list[int], table_q: list[int], p: int, q: int) -> int:
    delta = 0
    for x in table_p:
        if x != p:
            delta -= meet[p][x] > 1
            delta += meet[q][x] >= 1
    for y in table_q:
        if y != q:
            delta -= meet[q][y] > 1
            delta += meet[p][y] >= 1
    return delta


def _swap(meet: list[list[int]], week: Week, where: dict[int, int], p: int, q: int) -> None:
    tp, tq = where[p], where[q]
    for x in week[tp]:
        if x != p:
            meet[p][x] -= 1
            meet[x][p] -= 1
            meet[q][x] += 1
            meet[x][q] += 1
    for y in week[tq]:
        if y != q:
            meet[q][y] -= 1
            meet[y][q] -= 1
            meet[p][y] += 1
            meet[y][p] += 1
    week[tp][week[tp].index(p)] = q
    week[tq][week[tq].index(q)] = p
    where[p], where[q] = tq, tp


def _random_weeks(players: int, rounds: int, rng: random.Random) -> list[Week]:
    idle = players % 4
    weeks = []
    for r in range(rounds):
        out = {(r * idle + i) % players for i in range(idle)}  # sit-outs in turn
        playing = [p for p in range(players) if p not in out]
        rng.shuffle(playing)
        weeks.append([playing[i : i + 4] for i in range(0, len(playing), 4)])
    return weeks


def _spread_design(players: int, rounds: int) -> Movement | None:
    """P = 2^k: each round is the cosets of a plane of GF(2)^k; two planes meeting only in 0 never put the same two
    players together twice. Depth-first for as many pairwise independent planes as rounds asked for."""
    k = players.bit_length() - 1
    if players != 1 << k or k < 2 or rounds > (players - 1) // 3:
        return None
    planes = sorted(
        {frozenset({0, a, b, a ^ b}) for a in range(1, players) for b in range(a + 1, players)}, key=min
    )
    chosen: list[frozenset[int]] = []
    steps = 0

    def extend(start: int, used: frozenset[int]) -> bool:
        nonlocal steps
        steps += 1
        if len(chosen) == rounds:
            return True
        if steps > 50_000:
            return False
        for i in range(start, len(planes)):
            plane = planes[i]
            if used.isdisjoint(plane - {0}):
                chosen.append(plane)
                if extend(i + 1, used | plane - {0}):
                    return True
                chosen.pop()
        return False

    if not extend(0, frozenset()):
        return None
    weeks = []
    for plane in chosen:
        cosets = sorted({frozenset(x ^ v for v in plane) for x in range(players)}, key=min)
        weeks.append([sorted(coset) for coset in cosets])
    return _movement(players, weeks, f"cosets of {rounds} independent planes of GF(2)^{k}")


def _whist_prefix(players: int, rounds: int) -> Movement | None:
    """The first rounds of a Wh(P): no partner ever repeats, opponents at most twice."""
    if players % 4 not in (0, 1) or rounds > players - (players % 4 == 0):
        return None
    try:
        full = whist(players, None)
    except MovementError:
        return None
    weeks = [[[p - 1 for p in table.players] for table in rnd.tables] for rnd in full.rounds[:rounds]]
    return _movement(players, weeks, f"first {rounds} rounds of Wh({players})", keep_seats=True)


def _weeks_of(movement: Movement) -> list[Week]:
    return [[[p - 1 for p in table.players] for table in rnd.tables] for rnd in movement.rounds]


def _movement(players: int, weeks: list[Week], how: str, keep_seats: bool = False) -> Movement:
    """Seat each table so that partners repeat as little as possible (of the three ways to pair four players)."""
    partnered: set[tuple[int, int]] = set()
    built = []
    for r, week in enumerate(weeks):
        tables = []
        for t, group in enumerate(week):
            a, b, c, d = (p + 1 for p in group)
            options = [(a, b, c, d)] if keep_seats else [(a, b, c, d), (a, c, b, d), (a, b, d, c)]
            seats = min(options, key=lambda s: _new_partners(s, partnered))
            partnered.update({_pair(seats[0], seats[2]), _pair(seats[1], seats[3])})
            tables.append(Table(t + 1, seats))
        playing = {p for table in tables for p in table.players}
        idle = tuple(p for p in range(1, players + 1) if p not in playing)
        built.append(Round(r + 1, tuple(tables), sit_out=idle))
    return Movement(
        kind="progressive-fixed",
        unit=Unit.PLAYER,
        entrants=players,
        rounds=tuple(built),
        name=f"Progressive party, {players} players, {len(weeks)} rounds",
        requirements=Requirements(max_meetings=None),
        notes=(how,),
    )


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _new_partners(seats: tuple[int, int, int, int], partnered: set[tuple[int, int]]) -> int:
    return (_pair(seats[0], seats[2]) in partnered) + (_pair(seats[1], seats[3]) in partnered)
