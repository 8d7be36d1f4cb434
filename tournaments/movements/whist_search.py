"""Local search for Z-cyclic whist tournaments, the sizes no quick construction gives (32, 33, 36, 44, ...).

The base round (standards.md 5.3) is a partition of Z_m (plus infinity for 4n players; minus the sitting-out zero
for 4n+1) into games (a, b, c, d); what counts is how often each difference arises between partners (once wanted)
and between opponents (twice wanted). The search swaps two seats of the base round at a time, keeping a swap that
lowers the total excess over those counts and a swap that raises it by k with probability e^-k (annealing at a
fixed temperature 1; hotter or colder does worse). Long runs stall a few differences short, so the search is many
short runs from fresh random rounds, one per seed, until one succeeds. Too slow to run while a director waits, so
the rounds it finds are stored in _found.WHIST_BASES: `python -m tournaments.movements.whist_search 32 44` prints
a base round per size (seeded, so the same every time; minutes per size in Python). The stored rounds were found by
a line-for-line C transcription of this loop (its random numbers differ, so its rounds do too); the tests check
the stored rounds with the movement checker.

pair_up is the second search, for 48 and up: pairs first, then games. A starter (partner pairs whose differences
cover each class +-d once) is drawn at random, then its pairs are matched into games depth-first (always the pair
with the fewest games left open) so that the four cross differences of each game cover every class twice. With a
multiplier h (MULTIPLIERS), the base round is the fixed games plus the h-multiples of the games found: h permutes
the classes in orbits of its order, so only orbit representatives are searched, and 64, 88 and 92 come out in well
under a second (`python -m tournaments.movements.whist_search --pair-up 64 88 92`). Without one (48 to 60: none
fits) the stored rounds were found by a C transcription of pair_up, seconds to a minute a size.
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


MULTIPLIERS: dict[int, tuple[int, tuple[tuple[int, int, int, int], ...]]] = {
    64: (58, ((INFINITY, 21, 0, 42),)),
    88: (16, ((INFINITY, 29, 0, 58),)),
    92: (29, ((INFINITY, 26, 78, 0), (13, 52, 65, 39))),
}
"""players -> (h, fixed games) for pair_up. h has order k and fixes exactly the elements of the fixed games
(h - 1 is 3 times a unit mod 63 and 87; h = 1 mod 7, order 3 mod 13 for 91), so every other element lies in an
orbit of k. The fixed games cover their own classes: {inf, 0, m/3, 2m/3} meets the class m/3 once as partners and
twice as opponents; for 92 they are the Wh(8) base round times 13 on the subgroup 13 Z_91."""


def pair_up(
    players: int, seed: int = 0, max_nodes: int = 200_000, attempts: int = 100_000
) -> tuple[tuple[int, int, int, int], ...] | None:
    """A base round over Z_m (as anneal), invariant under the multiplier when MULTIPLIERS has one, or None."""
    fixed = players % 4 == 0
    m = players - 1 if fixed else players
    h, fixed_games = MULTIPLIERS.get(players, (1, ()))
    group = [1]
    while group[-1] * h % m != 1:
        group.append(group[-1] * h % m)
    seated = {x for game in fixed_games for x in game}
    free = [x for x in range(m) if x not in seated and (fixed or x)]  # 4n+1: zero sits out
    orbit = {x: min(g * x % m for g in group) for x in free}

    def kind(d: int) -> int:
        """The orbit of the class +-d under the multiplier, named by its least member."""
        return min(min(g * d % m, -g * d % m) for g in group)

    covered = {kind(x - y) for game in fixed_games for x, y in _pairs(game)}
    kinds = sorted({kind(d) for d in range(1, m)} - covered)
    rng = random.Random(seed)
    for _ in range(attempts):
        pairs = _starter(free, orbit, kinds, kind, rng)
        if pairs is None:
            continue
        left = set(orbit.values()) - {orbit[x] for pair in pairs for x in pair}
        if left:  # 4n players and no fixed games: infinity partners the one element left
            pairs.append((INFINITY, left.pop()))
        games = _match(pairs, group, m, kind, covered, rng, max_nodes)
        if games is not None:
            return tuple(fixed_games) + tuple(
                tuple(x if x == INFINITY else g * x % m for x in game) for game in games for g in group
            )
    return None


def _pairs(game: tuple[int, ...]) -> list[tuple[int, int]]:
    """The partner and opponent pairs of a game that have a difference (infinity has none)."""
    a, b, c, d = game
    return [(x, y) for x, y in ((a, c), (b, d), (a, b), (b, c), (c, d), (d, a)) if INFINITY not in (x, y)]


def _starter(free, orbit, kinds, kind, rng, max_steps: int = 20_000) -> list[tuple[int, int]] | None:
    """One partner pair (x, y) per class orbit, x an orbit's least member, y from another orbit; or None."""
    order = rng.sample(kinds, len(kinds))
    used: set[int] = set()
    pairs: list[tuple[int, int]] = []
    steps = 0

    def place(i: int) -> bool:
        nonlocal steps
        steps += 1
        if i == len(order):
            return True
        if steps > max_steps:
            return False
        options = [
            (x, y)
            for x in free
            if x == orbit[x] and x not in used
            for y in free
            if orbit[y] not in used and orbit[y] != x and kind(y - x) == order[i]
        ]
        for x, y in rng.sample(options, len(options)):
            used.update((x, orbit[y]))
            pairs.append((x, y))
            if place(i + 1):
                return True
            pairs.pop()
            used.difference_update((x, orbit[y]))
        return False

    return pairs if place(0) else None


def _match(pairs, group, m, kind, covered, rng, max_nodes) -> list[tuple[int, int, int, int]] | None:
    """Games (x_i, g x_j, y_i, g y_j) using every pair once, whose cross differences meet each class orbit twice."""
    options: list[list[tuple[int, int, dict[int, int]]]] = [[] for _ in pairs]
    for i, (x, y) in enumerate(pairs):
        for j, (u, w) in enumerate(pairs):
            for g in group if i != j else ():
                game = (x, u if u == INFINITY else g * u % m, y, g * w % m)
                counts: dict[int, int] = {}
                for a, b in ((a, b) for a in (x, y) for b in game[1::2] if INFINITY not in (a, b)):
                    counts[kind(a - b)] = counts.get(kind(a - b), 0) + 1
                if max(counts.values()) <= 2 and covered.isdisjoint(counts):
                    options[i].append((j, g, counts))
    need = dict.fromkeys({kind(d) for d in range(1, m)} - covered, 2)
    used = [False] * len(pairs)
    games: list[tuple[int, int, int, int]] = []
    nodes = 0

    def open_games(i: int) -> list[tuple[int, int, dict[int, int]]]:
        return [
            (j, g, counts)
            for j, g, counts in options[i]
            if not used[j] and all(need[k] >= n for k, n in counts.items())
        ]

    def extend() -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            return False
        best: list[tuple[int, int, dict[int, int]]] | None = None
        reach = dict.fromkeys(need, 0)  # each open game is seen from both its pairs
        for i in range(len(pairs)):
            if not used[i]:
                here = open_games(i)
                if best is None or len(here) < len(best):
                    best, first = here, i
                    if not here:
                        return False
                for _, _, counts in here:
                    for k, n in counts.items():
                        reach[k] += n
        if best is None:
            return True
        if any(reach[k] < 2 * need[k] for k in need):
            return False
        used[first] = True
        x, y = pairs[first]
        for j, g, counts in rng.sample(best, len(best)):
            used[j] = True
            for k, n in counts.items():
                need[k] -= n
            u, w = pairs[j]
            games.append((x, u if u == INFINITY else g * u % m, y, g * w % m))
            if extend():
                return True
            games.pop()
            for k, n in counts.items():
                need[k] += n
            used[j] = False
            if nodes > max_nodes:
                break
        used[first] = False
        return False

    return games if extend() else None


if __name__ == "__main__":
    search = pair_up if "--pair-up" in sys.argv else anneal
    for arg in sys.argv[1:]:
        if arg.startswith("--"):
            continue
        v = int(arg)
        for seed in range(100_000):
            found = search(v, seed)
            if found:
                print(v, seed, found, flush=True)
                break
