"""Complete Howell (every pair meets every other once and plays every board once) and the 3/4 Howell.

The skeleton is a starter with an adder in Z_m, m = 2n-1 (standards.md 5.2 gives the patterned case): pairs are
infinity and the residues; in round g infinity meets g on set g, and for each base triple (x, y, a) pair x+g meets
pair y+g on set g+a. The starter's differences +-(y-x) cover every nonzero residue once, so every two pairs meet
once; every pair plays every set once, and no set is at two tables, when the adders a are distinct and nonzero and
the shifts x-a, y-a, together with 0, are all distinct. Such bases exist for every odd m but 3 and 5: 6 pairs then
play half-sets (as the published 3-table Howells do) and 4 pairs play each round twice, the two tables swapping the
halves of one set (as the published 2-table Howells do). Sets not at a table in a round rest on relay stands.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from ._found import HOWELL_6_HALF_SETS, HOWELL_BASES
from .model import Movement, MovementError, Requirements, Round, Table, Unit, boards_of_set, shared_tables

Base = tuple[tuple[int, int, int], ...]


def howell(pairs: int, rounds: int | None = None, boards_per_round: int = 2) -> Movement:
    """A complete Howell for `pairs` pairs (an odd count gets a bye: whoever meets the phantom sits out).

    rounds: fewer than the complete Howell's gives a partial one (see three_quarter_howell); not every pair meets.
    """
    if pairs < 3:
        raise MovementError(f"a Howell needs at least 3 pairs, not {pairs}")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    layout = _layout(pairs + pairs % 2, boards_per_round)
    most = len(layout.schedule)
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise MovementError(f"a Howell for {pairs} pairs has 1 to {most} rounds, not {rounds}")
    bye = pairs + 1 if pairs % 2 else None
    every_board = set(range(1, layout.boards + 1))
    seated: list[tuple[list[tuple[int, tuple[int, int], tuple[int, ...]]], list[int]]] = []
    for r in range(rounds):
        tables, idle = [], []
        for t, ((a, b), chosen) in enumerate(zip(layout.schedule[r], layout.units[r], strict=True)):
            boards = tuple(board for unit in chosen for board in boards_of_set(unit + 1, layout.unit_boards))
            if bye in (a, b):
                idle.append(a if b == bye else b)
            else:
                tables.append((t + 1, (a, b), boards))
        seated.append((tables, idle))
    # The phantom stays at one table: the tables played are numbered from 1 (9 pairs play at tables 1-4).
    number = {t: n for n, t in enumerate(sorted({t for tables, _ in seated for t, _, _ in tables}), start=1)}
    built = []
    for r, (tables, idle) in enumerate(seated):
        played = tuple(Table(number[t], pair, boards) for t, pair, boards in tables)
        relay = tuple(sorted(every_board - {board for table in played for board in table.boards}))
        shares = shared_tables(played) if layout.shared else ()
        built.append(Round(r + 1, played, relay=relay, sit_out=tuple(idle), shares=shares))
    complete = rounds == most
    return Movement(
        kind="howell",
        unit=Unit.PAIR,
        entrants=pairs,
        rounds=tuple(built),
        boards=layout.boards,
        name=f"Howell {pairs} pairs" + ("" if complete else f", {rounds} of {most} rounds"),
        requirements=Requirements(max_meetings=2 if layout.doubled else 1, all_meet=complete),
        notes=("each round is played twice, the two tables swapping the halves of one set",)
        if layout.doubled
        else (),
    )


def three_quarter_howell(pairs: int, boards_per_round: int = 2) -> Movement:
    """The 3/4 Howell for short sessions: the first three quarters (rounded) of the complete Howell's rounds."""
    most = len(_layout(pairs + pairs % 2, boards_per_round).schedule)
    return howell(pairs, rounds=max(1, round(most * 3 / 4)), boards_per_round=boards_per_round)


@dataclass(frozen=True, slots=True)
class _Layout:
    schedule: list[list[tuple[int, int]]]
    """Round by round, table by table: (N-S, E-W)."""
    units: list[list[tuple[int, ...]]]
    """Round by round, table by table: the 0-based units (sets or half-sets) played."""
    unit_boards: int
    boards: int
    doubled: bool = False
    shared: bool = False
    """Some tables share a set in some rounds."""


@cache
def _layout(pairs: int, boards_per_round: int) -> _Layout:
    m = pairs - 1
    units: list[list[tuple[int, ...]]]
    if m >= 7:
        base = howell_base(m)
        adders = (0, *(a for _, _, a in base))
        units = [[((r + a) % m,) for a in adders] for r in range(m)]
        return _Layout(circle_rounds(pairs, base), units, boards_per_round, m * boards_per_round)
    schedule = circle_rounds(pairs, ((1, m - 1, 0),) if m == 3 else ((1, 4, 0), (2, 3, 0)))
    if m == 5:
        if boards_per_round % 2 == 0:
            units = [list(row) for row in HOWELL_6_HALF_SETS]
            return _Layout(schedule, units, boards_per_round // 2, m * boards_per_round)
        # as the published 3-table relay Howells: whole sets, some shared by two tables in a round
        found = search_units(schedule, m, 1, shares=True)
        assert found is not None, "3 tables: the search always finds the relay sets"
        units = found
        return _Layout(schedule, units, boards_per_round, m * boards_per_round, shared=True)
    # each round twice: the tables play the halves of the round's set in opposite orders
    doubled: list[list[tuple[int, int]]] = []
    units = []
    for r, row in enumerate(schedule):
        for half in (0, 1):
            doubled.append(row)
            units.append([((2 * r + (half + t) % 2),) for t in range(len(row))])
    return _Layout(doubled, units, boards_per_round, 2 * m * boards_per_round, doubled=True)


def circle_rounds(pairs: int, base: Base) -> list[list[tuple[int, int]]]:
    """Round g: infinity (pair `pairs`) meets g, and x+g meets y+g for each base triple; residue x is pair x+1.

    Directions alternate (infinity by round, the others by triple) so each pair sits N-S n-1 or n times.
    """
    m = pairs - 1
    result = []
    for g in range(m):
        row = [(pairs, g + 1) if g % 2 == 0 else (g + 1, pairs)]
        for i, (x, y, _) in enumerate(base):
            first, second = (x + g) % m + 1, (y + g) % m + 1
            row.append((first, second) if i % 2 else (second, first))
        result.append(row)
    return result


def howell_base(m: int) -> Base:
    """The stored base for Z_m, or one found now (depth-first for small m, min-conflicts for large)."""
    if m in HOWELL_BASES:
        return HOWELL_BASES[m]
    return starter_adder(m) if m <= 15 else patterned_base(m)


def starter_adder(m: int) -> Base:
    """Depth-first search for a starter with an adder in Z_m (finds Z_9's, which has no patterned one)."""
    used, diffs, adders, shifts = {0}, set(), {0}, {0}
    triples: list[tuple[int, int, int]] = []

    def extend() -> bool:
        free = [e for e in range(m) if e not in used]
        if not free:
            return True
        x = free[0]
        for y in free[1:]:
            d = (y - x) % m
            if d in diffs or m - d in diffs:
                continue
            for a in range(1, m):
                s1, s2 = (x - a) % m, (y - a) % m
                if a in adders or s1 in shifts or s2 in shifts:
                    continue
                used.update((x, y))
                diffs.add(d)
                adders.add(a)
                shifts.update((s1, s2))
                triples.append((x, y, a))
                if extend():
                    return True
                triples.pop()
                used.difference_update((x, y))
                diffs.discard(d)
                adders.discard(a)
                shifts.difference_update((s1, s2))
        return False

    if not extend():
        raise MovementError(f"Z_{m} has no starter with an adder, so no cyclic Howell for {m + 1} pairs")
    return tuple(triples)


def patterned_base(m: int, seed: int = 0, max_steps: int = 200_000) -> Base:
    """Pairs k and -k with adder f(k) (standards.md 5.2), f found by min-conflicts as for n queens."""
    n = (m + 1) // 2
    for attempt in range(20):
        rng = random.Random(seed + attempt)
        f = [0] + [rng.randrange(m) for _ in range(1, n)]
        ends, mids = [0] * m, [0] * m
        ends[0] = mids[0] = 1
        for k in range(1, n):
            ends[(f[k] - k) % m] += 1
            ends[(f[k] + k) % m] += 1
            mids[f[k]] += 1
        for _ in range(max_steps // 20):
            bad = [
                k
                for k in range(1, n)
                if ends[(f[k] - k) % m] > 1 or ends[(f[k] + k) % m] > 1 or mids[f[k]] > 1
            ]
            if not bad:
                return tuple((k, m - k, f[k]) for k in range(1, n))
            k = rng.choice(bad)
            ends[(f[k] - k) % m] -= 1
            ends[(f[k] + k) % m] -= 1
            mids[f[k]] -= 1
            scores = [(ends[(c - k) % m] > 0) + (ends[(c + k) % m] > 0) + (mids[c] > 0) for c in range(m)]
            best = min(scores)
            f[k] = rng.choice([c for c in range(m) if scores[c] == best])
            ends[(f[k] - k) % m] += 1
            ends[(f[k] + k) % m] += 1
            mids[f[k]] += 1
    raise MovementError(f"no Howell base found for {m + 1} pairs within the search budget")


def search_units(
    schedule: Sequence[Sequence[tuple[int, ...]]],
    units: int,
    per_table: int,
    max_steps: int = 200_000,
    shares: bool = False,
) -> list[list[tuple[int, ...]]] | None:
    """Depth-first: give each table `per_table` units so nobody meets one twice and no unit is twice in a round
    (or, with shares, preferably not)."""
    slots = [(r, t) for r in range(len(schedule)) for t in range(len(schedule[r]))]
    seen: dict[int, set[int]] = {p: set() for row in schedule for pair in row for p in pair}
    in_round: list[Counter[int]] = [Counter() for _ in schedule]
    chosen: list[list[tuple[int, ...]]] = [[() for _ in row] for row in schedule]
    steps = 0

    def place(i: int) -> bool:
        nonlocal steps
        steps += 1
        if i == len(slots):
            return True
        if steps > max_steps:
            return False
        r, t = slots[i]
        seated = schedule[r][t]
        free = [u for u in range(units) if not any(u in seen[p] for p in seated)]
        fresh = [u for u in free if not in_round[r][u]]
        free = fresh + [u for u in free if in_round[r][u]] if shares else fresh
        for combo in combinations(free, per_table):
            chosen[r][t] = combo
            in_round[r].update(combo)
            for p in seated:
                seen[p].update(combo)
            if place(i + 1):
                return True
            in_round[r].subtract(combo)
            for p in seated:
                seen[p].difference_update(combo)
        return False

    return chosen if place(0) else None
