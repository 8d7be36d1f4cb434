"""Places, ties and prizes.

Standard competition ranking ("1224"): tied contestants share the place, written "3=" (standards.md §1.6);
configurable tie-breaks come first. Prizes for tied players are shared by block as Hoyle 1940 says for progressive
euchre (L11416–11430): "A and B do not tie for the first prize; but for the choice of first and second ... The winner
of the cut can take whichever prize he likes better ... Then C and D cut to decide which of them shall get the
third prize." The cut is done by the caller's `cut` function and recorded.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import numpy as np

_TIE_SNAP = 6  # values equal to 1e-6 are ties (totals are rationals, see rounding.py)


def competition_places(keys: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
    """Place of each contestant by its keys (higher is better, later keys break ties): 1, 2, 2, 4."""
    table = np.round(np.asarray(keys, dtype=np.float64).reshape(len(keys), -1), _TIE_SNAP)
    if not len(table):
        return np.zeros(0, dtype=np.int64)
    order = np.lexsort(tuple(-table[:, k] for k in reversed(range(table.shape[1]))))
    ordered = table[order]
    new = np.concatenate(([True], np.any(ordered[1:] != ordered[:-1], axis=1)))
    first = np.maximum.accumulate(np.where(new, np.arange(len(order)), 0)) + 1
    places = np.empty(len(order), dtype=np.int64)
    places[order] = first
    return places


def place_labels(places: np.ndarray) -> list[str]:
    """ "3=" where a place is shared, "3" where it is not."""
    counts = np.bincount(places) if len(places) else np.zeros(1, dtype=np.int64)
    return [f"{p}=" if counts[p] > 1 else str(p) for p in places]


def field_parts(fields: Sequence[Hashable] | None, size: int) -> list[np.ndarray]:
    """The members of each field: a two-winner Mitchell's "NS" and "EW", or everyone (None)."""
    if fields is None:
        return [np.arange(size)]
    _, which = np.unique(np.asarray(fields, dtype=str), return_inverse=True)
    return [np.flatnonzero(which == k) for k in range(which.max() + 1 if len(which) else 0)]


def field_places(keys, fields: Sequence[Hashable] | None = None, parts: Sequence[np.ndarray] | None = None):
    """Places and labels ("3=") by `keys` (a column per key, higher better, later columns break ties), each field
    ranked on its own; `parts` (from field_parts) saves working the fields out again."""
    table = np.asarray(keys, dtype=np.float64).reshape(len(keys), -1)
    places = np.zeros(len(table), dtype=np.int64)
    labels = np.empty(len(table), dtype=object)
    for members in parts if parts is not None else field_parts(fields, len(table)):
        member_places = competition_places(table[members])
        places[members] = member_places
        labels[members] = place_labels(member_places)
    return places, labels.tolist()


def ranks(
    values, tie_breaks: Sequence[Sequence[float]] = (), fields: Sequence[Hashable] | None = None
) -> list[str]:
    """Rank labels by `values`, then each tie-break (higher better), within each field."""
    return field_places(np.column_stack([values, *tie_breaks]), fields)[1]


@dataclass(frozen=True, slots=True)
class Cut:
    """A cut among tied players for a block of prizes, with its outcome (winner first)."""

    players: tuple[Hashable, ...]
    prizes: tuple[int, ...]
    order: tuple[Hashable, ...]


@dataclass(frozen=True, slots=True)
class Prizes:
    awards: dict[Hashable, int]  # player → prize number (1 = first)
    cuts: tuple[Cut, ...]


def random_cut(players: Sequence[Hashable]) -> list[Hashable]:
    """A cut of the pack: a random order (use a seeded Random to replay one)."""
    return random.sample(list(players), len(players))


def seeded_cut(seed: str) -> Callable[[Sequence[Hashable]], list[Hashable]]:
    """A cut drawn from `seed` and the tied players themselves: the same players always cut the same way, so a
    recompute after a correction awards the same prizes, and anyone with the seed can draw the cut again."""

    def cut(players: Sequence[Hashable]) -> list[Hashable]:
        tied = sorted(players, key=repr)
        return random.Random(f"{seed}:{','.join(map(repr, tied))}").sample(tied, len(tied))

    return cut


def award_prizes(
    standings: Sequence[tuple[Hashable, float]],
    prizes: int,
    cut: Callable[[Sequence[Hashable]], Sequence[Hashable]] = random_cut,
) -> Prizes:
    """Give `prizes` prizes by the highest value; a tie shares the block of prizes its places cover.

    Hoyle (L11420–11430): A, B on 12 and C, D on 11 with three prizes → A and B cut for the choice of 1st and 2nd,
    C and D cut for the 3rd (the loser of that cut gets nothing).
    """
    ordered = sorted(standings, key=lambda item: -item[1])
    awards: dict[Hashable, int] = {}
    cuts: list[Cut] = []
    next_prize = 1
    i = 0
    while i < len(ordered) and next_prize <= prizes:
        value = round(ordered[i][1], _TIE_SNAP)
        tied = [player for player, v in ordered[i:] if round(v, _TIE_SNAP) == value]
        block = tuple(range(next_prize, min(next_prize + len(tied), prizes + 1)))
        if len(tied) > 1:
            order = tuple(cut(tied))
            if sorted(map(repr, order)) != sorted(map(repr, tied)):
                raise ValueError(f"the cut among {tied} returned {order}")
            cuts.append(Cut(tuple(tied), block, order))
        else:
            order = tuple(tied)
        for player, prize in zip(order, block, strict=False):
            awards[player] = prize
        next_prize += len(tied)
        i += len(tied)
    return Prizes(awards, tuple(cuts))
