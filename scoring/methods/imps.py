"""IMPs (Law 78B), cross-IMPs, Butler (IMPs against a datum) and teams IMPs.

Scores are N-S scores; results are N-S IMPs (E-W get the negatives). Artificial scores at IMPs follow Law 12C2(b):
average plus +3, average 0, average minus −3. A weighted assigned score (Law 12C1(c)) is IMPed score by score and
the IMPs weighted (D. Stevenson, https://blakjak.org/lille4.htm: 35 % of +980 and 65 % of +480 against +500 in the
other room is 0.35·10 + 0.65·(−1)).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from scoring.methods.matchpoints import Artificial
from scoring.methods.rounding import Rounding, round_array

# Law 78B: the lowest difference worth 1, 2, ... 24 IMPs.
IMP_THRESHOLDS = np.array(
    [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500,
     3000, 3500, 4000]
)  # fmt: skip


def imps(difference):
    """IMPs for a score difference (array or number): TV-IMP 420 → 9, 430 → 10, −630 → −12, 5000 → 24."""
    diff = np.asarray(difference, dtype=np.float64)
    value = np.sign(diff) * np.searchsorted(IMP_THRESHOLDS, np.abs(diff), "right")
    return value.astype(np.int64) if value.ndim else int(value)


def artificial_imps(score: Artificial) -> tuple[int, int]:
    """Law 12C2(b): a side given more than average gets +3, average 0, less −3."""
    ns, ew = (int(3 * np.sign(pct - 50)) for pct in (score.ns, score.ew))
    return ns, ew


def cross_imps(scores: Sequence[int] | np.ndarray) -> np.ndarray:
    """Each result IMPed against every other, summed and divided by n − 1 (standards.md §2.2).

    TV-XIMP-1: [430, 400, 420, 430, −50] → [2.75, 1.75, 2.75, 2.75, −10].
    """
    values = np.asarray(scores, dtype=np.int64)
    if len(values) < 2:
        return np.zeros(len(values))
    return imps(values[:, None] - values[None, :]).sum(axis=1) / (len(values) - 1)


def weighted_cross_imps(owner: np.ndarray, weight: np.ndarray, scores: np.ndarray, lines: int) -> np.ndarray:
    """Cross-IMPs of `lines` lines given as weighted parts (owner line, weight, score; matchpoints.side_parts):
    each part against every other line's parts, each comparison weighted by both parts' weights."""
    table = imps(scores[:, None] - scores[None, :]) * weight[None, :]
    table[owner[:, None] == owner[None, :]] = 0
    return np.bincount(owner, weights=weight * table.sum(axis=1), minlength=lines) / max(lines - 1, 1)


def weighted_butler(
    owner: np.ndarray, weight: np.ndarray, scores: np.ndarray, lines: int, datum: int
) -> np.ndarray:
    """Butler IMPs of lines given as weighted parts: each part against the datum, weighted."""
    return np.bincount(owner, weights=weight * imps(scores - datum), minlength=lines)


class Discard(enum.Enum):
    """How many top and bottom results are dropped before the Butler datum is averaged."""

    NONE = "none"
    ONE = "one"  # one each end from 4 results up (Compscore3, Hemel)
    BRIDGE_SCORER = (
        "bridge-scorer"  # ceil((n−10)/15) + 1 each end when n > 3 (richardschneider/bridge-scorer)
    )
    TEN_PERCENT = "ten-percent"  # 10 % each end, rounded down (Sydney)

    def count(self, results: int) -> int:
        rule: dict[Discard, Callable[[int], int]] = {
            Discard.NONE: lambda n: 0,
            Discard.ONE: lambda n: 1 if n >= 4 else 0,
            Discard.BRIDGE_SCORER: lambda n: math.ceil((n - 10) / 15) + 1 if n > 3 else 0,
            Discard.TEN_PERCENT: lambda n: n // 10,
        }
        return rule[self](results)


@dataclass(frozen=True, slots=True)
class ButlerOptions:
    """Butler datum: discard rule, and rounding of the average (to 10, halves away from zero, in Compscore3)."""

    discard: Discard = Discard.ONE
    places: int = -1
    rounding: Rounding = Rounding.HALF_UP


def butler_datum(scores: Sequence[int] | np.ndarray, options: ButlerOptions = ButlerOptions()) -> int:
    """The datum: drop the top and bottom results, average the rest, round (standards.md §2.3).

    butler_mitchell.xml board 15: [−200, −420, −430, −420, −440, −450] → drop −200 and −450 → −427.5 → −430.
    """
    values = np.sort(np.asarray(scores, dtype=np.int64))
    if len(values) == 0:
        return 0
    drop = options.discard.count(len(values))
    kept = values[drop : len(values) - drop] if drop else values
    return int(round_array(kept.mean(), options.places, options.rounding))


def butler(
    scores: Sequence[int] | np.ndarray, options: ButlerOptions = ButlerOptions()
) -> tuple[int, np.ndarray]:
    """The datum and each result's N-S IMPs against it. TV-BUT-1 (no discard): datum 330 → [3, 2, 3, 3, −9]."""
    datum = butler_datum(scores, options)
    return datum, imps(np.asarray(scores, dtype=np.int64) - datum)


def teams_match(home_ns: Sequence[int], away_ns: Sequence[int]) -> tuple[np.ndarray, int]:
    """A teams match: per Board the home team's N-S score in one room against the away team's N-S score in the
    other (so the home E-W pair's result, negated); the home team's IMPs per Board and the margin.
    Convert the margin with vp.victory_points(margin, boards)."""
    per_board = imps(np.asarray(home_ns, dtype=np.int64) - np.asarray(away_ns, dtype=np.int64))
    return per_board, int(per_board.sum())
