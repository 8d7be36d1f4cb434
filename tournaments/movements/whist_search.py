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
the classes in orbits of its order, so only orbit representatives are searched: 64, 88 and 92 come out in under a
second, 100 in one minute, 69 in two (`python -m tournaments.movements.whist_search --pair-up 64 88 92`). 93 and 96,
and 48 to 60 (no multiplier fits), were found by a C version of pair_up (its own random numbers), seconds to minutes
a size. 68, 72, 80 and 84 are still missing: 4n-1 is a prime there, so no multiplier fits, and without one the
search grows too slow past 60.
"""

from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass

INFINITY = -1


def anneal(
    players: int, seed: int = 0, max_moves: int = 2_000_000, temperature: float = 1.0
) -> tuple[tuple[int, ...], ...] | None:
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


MULTIPLIERS: dict[int, tuple[int, tuple[tuple[int, int, int, int], ...], tuple[tuple[int, int], ...]]] = {
    64: (58, ((INFINITY, 21, 0, 42),), ()),
    69: (22, (), ((23, 46),)),
    88: (16, ((INFINITY, 29, 0, 58),), ()),
    92: (29, ((INFINITY, 26, 78, 0), (13, 52, 65, 39)), ()),
    93: (61, (), ((31, 62),)),
    96: (
        39,
        ((INFINITY, 45, 35, 0), (5, 70, 60, 40), (10, 80, 85, 90), (15, 55, 75, 30), (20, 65, 25, 50)),
        (),
    ),
    100: (89, ((INFINITY, 81, 54, 36), (0, 45, 9, 18), (27, 72, 63, 90)), ()),
}
"""players -> (h, fixed games, fixed pairs) for pair_up: h fixes exactly the elements of the fixed games and pairs
(and the sitting-out zero), so every other element lies in an orbit of h's order. The fixed games cover their own
classes: {inf, 0, m/3, 2m/3} meets the class m/3 once as partners and twice as opponents (h - 1 is 3 times a unit
mod 63 and 87); for 92, 96 and 100 they are the base round of Wh(8), Wh(20), Wh(12) times 13, 5, 9 on that
subgroup of Z_91, Z_95, Z_99 (h = 1 mod 7 and of order 3 mod 13; h = 1 mod 19, -1 mod 5; h = 1 mod 11, -1 mod 9). An h of order 2 turns over the pairs {x, hx}, whose
differences are the classes with hd = -d, and their games; for 69 and 93 (h = 1 mod 3, -1 mod 23 or 31) the fixed
pair {m/3, 2m/3} joins one such pair in a game, and a game (x, hx, y, hy) may be made of one pair and its image."""


def pair_up(
    players: int, seed: int = 0, max_nodes: int = 200_000, attempts: int = 100_000
) -> tuple[tuple[int, ...], ...] | None:
    """A base round over Z_m (as anneal), invariant under the multiplier when MULTIPLIERS has one, or None."""
    fixed = players % 4 == 0
    m = players - 1 if fixed else players
    h, fixed_games, fixed_pairs = MULTIPLIERS.get(players, (1, (), ()))
    group = [1]
    while group[-1] * h % m != 1:
        group.append(group[-1] * h % m)
    seated = {x for items in fixed_games + fixed_pairs for x in items}
    free = [x for x in range(m) if x not in seated and (fixed or x)]  # 4n+1: zero sits out
    orbit = {x: min(g * x % m for g in group) for x in free}
    space = _Space(m, tuple(group))
    partner_need = dict.fromkeys(range(1, m // 2 + 1), 1)
    opponent_need = dict.fromkeys(range(1, m // 2 + 1), 2)
    for game in fixed_games:
        for pairs, need in ((_partners(game), partner_need), (_opponents(game), opponent_need)):
            for x, y in pairs:
                need[space.cls(x - y)] -= 1
    for x, y in fixed_pairs:
        partner_need[space.cls(x - y)] -= 1
    rng = random.Random(seed)
    for _ in range(attempts):
        starter = _starter(space, free, orbit, partner_need, rng)
        if starter is None:
            continue
        left = set(orbit.values()) - {orbit[x] for pair in starter for x in pair}
        if left:  # 4n players and no fixed games: infinity partners the one element left
            starter.append((INFINITY, left.pop()))
        starter += fixed_pairs
        games = _match(space, starter, opponent_need, rng, max_nodes)
        if games is not None:
            return tuple(fixed_games) + tuple(image for game in games for image in space.images(game))
    return None


@dataclass(frozen=True, slots=True)
class _Space:
    """Z_m with the multiplier group: classes +-d and the distinct images of a pair or a game."""

    m: int
    group: tuple[int, ...]

    def cls(self, d: int) -> int:
        return min(d % self.m, -d % self.m)

    def times(self, g: int, x: int) -> int:
        return x if x == INFINITY else g * x % self.m

    def images(self, items: tuple[int, ...]) -> list[tuple[int, ...]]:
        seen: dict[frozenset[int], tuple[int, ...]] = {}
        for g in self.group:
            image = tuple(self.times(g, x) for x in items)
            seen.setdefault(frozenset(image), image)
        return list(seen.values())


def _partners(game: tuple[int, ...]) -> list[tuple[int, int]]:
    a, b, c, d = game
    return [(x, y) for x, y in ((a, c), (b, d)) if INFINITY not in (x, y)]


def _opponents(game: tuple[int, ...]) -> list[tuple[int, int]]:
    a, b, c, d = game
    return [(x, y) for x in (a, c) for y in (b, d) if INFINITY not in (x, y)]


def _starter(space, free, orbit, need, rng, max_steps: int = 20_000) -> list[tuple[int, int]] | None:
    """Partner pairs (x, y), x an orbit's least member, whose images meet each class needed once; or None.

    The least class still open is placed first. A pair may be one orbit {x, hx} that h turns over, when h has
    order 2; otherwise its images must not share an element."""
    need = dict(need)
    used: set[int] = set()
    pairs: list[tuple[int, int]] = []
    steps = 0

    def place() -> bool:
        nonlocal steps
        steps += 1
        c = next((c for c, n in need.items() if n), None)
        if c is None:
            return True
        if steps > max_steps:
            return False
        options = []
        for x in free:
            if x != orbit[x] or x in used:
                continue
            for y in {(x + c) % space.m, (x - c) % space.m}:
                if y not in orbit or orbit[y] in used:
                    continue
                images = space.images((x, y))
                classes = [space.cls(a - b) for a, b in images]
                spread = len({e for image in images for e in image}) == 2 * len(images)
                if spread and len(set(classes)) == len(classes) and all(need[k] for k in classes):
                    options.append((x, y, classes))
        for x, y, classes in rng.sample(options, len(options)):
            used.update((x, orbit[y]))
            for k in classes:
                need[k] -= 1
            pairs.append((x, y))
            if place():
                return True
            pairs.pop()
            for k in classes:
                need[k] += 1
            used.difference_update((x, orbit[y]))
        return False

    return pairs if place() else None


def _match(space, pairs, need, rng, max_nodes) -> list[tuple[int, int, int, int]] | None:
    """Games (x_i, g x_j, y_i, g y_j) using every pair once, whose images meet each class as opponents as needed:
    depth-first, always from the pair with the fewest games left open. A pair h turns over goes with another such
    (their game is its own image); any other pair with any multiple of another, or of itself when that game is its
    own image."""
    turned = [len(space.images(pair)) == 1 for pair in pairs]
    options: list[list[tuple[int, tuple[int, int, int, int], dict[int, int]]]] = [[] for _ in pairs]
    for i, (x, y) in enumerate(pairs):
        for j, (u, w) in enumerate(pairs):
            if turned[i] != turned[j] or (i == j and turned[i]):
                continue
            for g in [1] if turned[j] else space.group[i == j :]:
                game = (x, space.times(g, u), y, space.times(g, w))
                if i == j and len(space.images(game)) > 1:
                    continue
                counts: dict[int, int] = {}
                for a, b in (pair for image in space.images(game) for pair in _opponents(image)):
                    counts[space.cls(a - b)] = counts.get(space.cls(a - b), 0) + 1
                if all(need[k] >= n for k, n in counts.items()):
                    options[i].append((j, game, counts))
    need = dict(need)
    used = [False] * len(pairs)
    games: list[tuple[int, int, int, int]] = []
    nodes = 0

    def open_games(i: int) -> list[tuple[int, tuple[int, int, int, int], dict[int, int]]]:
        return [
            (j, game, counts)
            for j, game, counts in options[i]
            if not used[j] and all(need[k] >= n for k, n in counts.items())
        ]

    def extend() -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            return False
        best: list[tuple[int, tuple[int, int, int, int], dict[int, int]]] | None = None
        reach = dict.fromkeys(
            need, 0
        )  # each open game is seen from both its pairs (count a one-pair game twice)
        for i in range(len(pairs)):
            if not used[i]:
                here = open_games(i)
                if best is None or len(here) < len(best):
                    best, first = here, i
                    if not here:
                        return False
                for j, _, counts in here:
                    for k, n in counts.items():
                        reach[k] += n * (1 + (j == i))
        if best is None:
            return True
        if any(reach[k] < 2 * need[k] for k in need):
            return False
        used[first] = True
        for j, game, counts in rng.sample(best, len(best)):
            used[j] = True
            for k, n in counts.items():
                need[k] -= n
            games.append(game)
            if extend():
                return True
            games.pop()
            for k, n in counts.items():
                need[k] += n
            used[j] = j == first
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
