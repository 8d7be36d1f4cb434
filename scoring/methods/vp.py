"""WBF 2013 continuous IMP-to-VP scale (standards.md §2.5), with the tables' two decimals.

Winner = 10 + 10·(1 − τ^(3M/B)) / (1 − τ³) for a margin M below the blitz B = 15·√boards, else 20; τ = (√5 − 1)/2.
The WBF publishes the scale as tables to 0.01 and requires them to be concave (each extra IMP worth no more than
the one before). Rounding each value to 0.01 breaks that at a few margins (16 boards: after 13, 26, 37 ...).
We keep the naively rounded values' steps where they are already non-increasing and pool the others (pool
adjacent violators, in whole hundredths, larger steps first), so 0 and the blitz keep 10 and 20 and every value
stays within 0.01 of the formula up to 24 boards (0.03 up to 64). Golden vectors: TV-VP. The official tables were not available
to check this against (standards.md §8, OPEN 1); `table(..., concave=False)` gives the naive rounding.
"""

from __future__ import annotations

import math
from functools import lru_cache

from scoring.methods.rounding import round_array

TAU = (math.sqrt(5) - 1) / 2


def blitz(boards: int) -> float:
    """The margin that gives 20-0: 15·√boards."""
    return 15 * math.sqrt(boards)


def exact(margin: float, boards: int) -> float:
    """The unrounded winner's VPs for an IMP margin (its sign is ignored)."""
    m = abs(margin)
    if m >= blitz(boards):
        return 20.0
    return 10 + 10 * (1 - TAU ** (3 * m / blitz(boards))) / (1 - TAU**3)


def _concave_steps(steps: list[int]) -> list[int]:
    """The nearest non-increasing steps (in hundredths) with the same total: pool adjacent violators into blocks
    whose total is spread as evenly as whole hundredths allow, the larger steps first."""
    blocks: list[list[int]] = []  # [total, length]
    for step in steps:
        blocks.append([step, 1])
        while len(blocks) > 1:
            (total_a, len_a), (total_b, len_b) = blocks[-2], blocks[-1]
            if total_a // len_a >= -(-total_b // len_b):  # A's smallest step ≥ B's largest
                break
            blocks[-2:] = [[total_a + total_b, len_a + len_b]]
    out = []
    for total, length in blocks:
        low, extra = divmod(total, length)
        out += [low + 1] * extra + [low] * (length - extra)
    return out


@lru_cache(maxsize=64)
def _table(boards: int, concave: bool) -> tuple[float, ...]:
    size = math.ceil(blitz(boards)) + 1
    hundredths = [round(v * 100) for v in round_array([exact(m, boards) for m in range(size)], 2)]
    if concave:
        steps = _concave_steps([b - a for a, b in zip(hundredths, hundredths[1:], strict=False)])
        hundredths = [1000 + sum(steps[:m]) for m in range(size)]
    return tuple(h / 100 for h in hundredths)


def table(boards: int, concave: bool = True) -> tuple[float, ...]:
    """Winner's VPs for margins 0, 1, 2, ... up to the blitz, as published (two decimals)."""
    return _table(boards, concave)


def victory_points(margin: int, boards: int, concave: bool = True) -> tuple[float, float]:
    """(this side's VPs, the other side's) for an integer IMP margin from this side's view.

    TV-VP: 16 boards, margin 10 → (12.80, 7.20); margin 60 (the blitz) → (20, 0).
    """
    values = table(boards, concave)
    winner = values[min(abs(margin), len(values) - 1)]
    loser = round(20 - winner, 2)
    return (winner, loser) if margin >= 0 else (loser, winner)
