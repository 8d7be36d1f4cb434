"""Local search for Z-cyclic whist tournaments, the sizes no quick construction gives (32, 33, 36, 44, ...).

The base round (standards.md 5.3) is a partition of Z_m (plus infinity for 4n players; minus the sitting-out zero
for 4n+1) into games (a, b, c, d); what counts is how often each difference arises between partners (once wanted)
and between opponents (twice wanted). The search swaps two seats of the base round at a time, keeping a swap that
lowers the total excess over those counts and a swap that raises it by k with probability e^-k (annealing at a
fixed temperature 1; hotter or colder does worse). Long runs stall a few differences short, so the search is many
short runs from fresh random rounds, one per seed, until one succeeds. Too slow to run while a director waits, so
the rounds it finds are stored in _found.WHIST_BASES: `python -m tournaments.movements.whist_search 44 48` prints
a base round per size (seeded, so the same every time; minutes per size in Python). The stored rounds were found by
a line-for-line C transcription of this loop (its random numbers differ, so its rounds do too); the tests check
the stored rounds with the movement checker.
"""

from __future__ import annotations

import math
import random
import sys

INFINITY = -1


def anneal(
    players: int, seed: int = 0, max_moves: int = 2_000_000, temperature: float = 1.0
) -> tuple[tuple[int, int, int, int], ...] | None:
    """A base round over Z_m, m = players (4n+1, zero sits out) or players-1 (4n, with infinity), or None."""
    fixed = players % 4 == 0
    m = players - 1 if fixed else players
    rng = random.Random(seed)
    seats = ([INFINITY] if fixed else []) + list(range(0 if fixed else 1, m))
    rng.shuffle(seats)
    size = len(seats)
    partner, opponent = [0] * m, [0] * m
    # neighbours[s]: (other seat, is_partner) for the three seats sharing a game with seat s
    neighbours = [[((s // 4) * 4 + (s % 4 + k) % 4, k == 2) for k in (1, 2, 3)] for s in range(size)]

    def pairs_cost(counts: list[int], d: int, want: int, step: int) -> int:
        """Change in cost when counts[d] and counts[-d] move by step."""
        before = abs(counts[d] - want)
        counts[d] += step
        if d != m - d:
            counts[m - d] += step
        return 2 * (abs(counts[d] - want) - before)  # counts[-d] moves alike (m is odd)

    def touch(s: int, step: int, skip: int = -1, skip_below: int = -1) -> int:
        """Add (step 1) or remove (-1) the differences between seat s and its game; the change in cost."""
        delta = 0
        x = seats[s]
        if x == INFINITY:
            return 0
        for t, is_partner in neighbours[s]:
            y = seats[t]
            if t == skip or t <= skip_below or y == INFINITY:
                continue
            d = (x - y) % m
            if is_partner:
                delta += pairs_cost(partner, d, 1, step)
            else:
                delta += pairs_cost(opponent, d, 2, step)
        return delta

    for s in range(size):
        touch(s, 1, skip_below=s)
    cost = sum(abs(partner[d] - 1) + abs(opponent[d] - 2) for d in range(1, m))
    for _ in range(max_moves):
        if cost == 0:
            return tuple(tuple(seats[i : i + 4]) for i in range(0, size, 4))
        s, t = rng.randrange(size), rng.randrange(size)
        if s == t:
            continue
        delta = touch(s, -1) + touch(t, -1, skip=s)
        seats[s], seats[t] = seats[t], seats[s]
        delta += touch(s, 1) + touch(t, 1, skip=s)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost += delta
        else:
            touch(s, -1)
            touch(t, -1, skip=s)
            seats[s], seats[t] = seats[t], seats[s]
            touch(s, 1)
            touch(t, 1, skip=s)
    return None


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        v = int(arg)
        for seed in range(100_000):
            found = anneal(v, seed)
            if found:
                print(v, seed, found, flush=True)
                break
