"""Decimal rounding of scores that are computed in binary floating point.

Every score here is a rational with a small denominator (results on a board, boards in a session), so a float
lies within about 1e-12 of the exact value while a true non-tie lies at least 1e-7 (relative) from a rounding
boundary. Snapping the scaled value to 1e-6 before rounding therefore makes exact ties (68.425 → 68.42 half-even)
behave as the federations' fixed-point programs do, and leaves every other value alone. Exact for denominators
below 10^7, which covers any session of real size.
"""

from __future__ import annotations

import enum

import numpy as np

_SNAP = 6


class Rounding(enum.Enum):
    """How a value exactly half-way is rounded."""

    HALF_EVEN = "half-even"  # Compscore3 (published-rules.md), Python's round()
    HALF_UP = "half-up"  # away from zero: Compscore3's Butler datum
    TOWARDS_AVERAGE = "towards-average"  # EBU: "0.05 being rounded towards average" (standards.md §1.3)


def round_array(values, places: int, mode: Rounding = Rounding.HALF_EVEN, average=0.0) -> np.ndarray:
    """Round to `places` decimals (negative: to tens, hundreds) with exact handling of half-way values.

    `average` is the value ties are pulled towards with TOWARDS_AVERAGE (half the top of the board).
    """
    scale = 10.0**places
    scaled = np.round(np.asarray(values, dtype=np.float64) * scale, _SNAP)
    if mode is Rounding.HALF_EVEN:
        out = np.round(scaled)
    elif mode is Rounding.HALF_UP:
        out = np.sign(scaled) * np.floor(np.abs(scaled) + 0.5)
    else:
        centre = np.round(np.asarray(average, dtype=np.float64) * scale, _SNAP)
        down = np.floor(scaled)
        half = (scaled - down) == 0.5
        nearest = np.floor(scaled + 0.5)
        out = np.where(half & (scaled > centre), down, nearest)
    return out / scale


def round_value(
    value: float, places: int, mode: Rounding = Rounding.HALF_EVEN, average: float = 0.0
) -> float:
    """round_array for one number."""
    return float(round_array(value, places, mode, average))


def decimal_text(value: float, places: int, trim: bool = False) -> str:
    """A rounded value written with `places` decimals ("42.00"); with trim, trailing zeros go ("3.67", "-6")."""
    text = f"{value:.{places}f}"
    if trim and "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", "-0.0", "-0.00"):
        text = text[1:]
    return text
