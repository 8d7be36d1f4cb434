"""Matchpoints on one Board: Law 78A, Neuberg factoring, artificial and assigned adjusted scores, fouled boards.

Scores are signed from N-S's point of view (a pass-out is 0). Internally every count is on the EBU/WBF scale
(2 per score beaten, 1 per tie, top 2(n−1)); the ACBL scale (1 and ½) is the same halved (standards.md §1.1).

Sort-based: one argsort and two searchsorted per Board, so a 500-result Board costs microseconds and a
13,000-result event well under the 10 ms the standings service allows (bench/scoring.py).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from scoring.methods.rounding import Rounding, round_array


class Scale(enum.Enum):
    """Matchpoint unit: Law 78A's two units per score beaten (EBU/WBF) or one (ACBL, ½ per tie)."""

    EBU = 1.0
    ACBL = 0.5

    def top(self, results: int) -> float:
        """The top on a Board with `results` comparable results: 2(n−1), or n−1 on the ACBL scale."""
        return 2.0 * self.value * max(results - 1, 0)


class Factoring(enum.Enum):
    """How matchpoints earned among A results are brought to the top of E expected results."""

    NEUBERG = "neuberg"  # M' = (M + 1)·E/A − 1 on the EBU scale (standards.md §1.3; WBF and ACBL since 1991)
    SIMPLE = "simple"  # M' = M · top(E)/top(A): the plain ratio of tops, the older "simple" factoring


ARTIFICIAL_PERCENTAGES = (40, 50, 60)
"""What a director may give each side as an artificial score (Law 12C2(a)): average minus, average, average plus.
Files written by other programs are read with any percentage; a director's adjustment is refused otherwise."""


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score (Law 12C2): each side's percentage of the top, e.g. A6040, A5050, A6060."""

    ns: float
    ew: float

    @classmethod
    def parse(cls, code: str) -> Artificial:
        """Read "A6040" (N-S 60 %, E-W 40 %), "A+"/"A="/"A-" (N-S view, as Magic Contest writes Score_NS), "A60"."""
        text = code.strip().upper()
        named = {"A+": 60.0, "A": 50.0, "A=": 50.0, "A-": 40.0}
        if text in named:
            return cls(named[text], 100.0 - named[text])
        match = re.fullmatch(r"A(\d\d)(\d\d)?", text)
        if not match:
            raise ValueError(f"{code!r} is not an artificial score (A6040, A5050, A+, A=, A-)")
        ns = float(match.group(1))
        return cls(ns, float(match.group(2)) if match.group(2) else 100.0 - ns)

    @classmethod
    def pair(cls, ns_code: str, ew_code: str) -> Artificial:
        """Magic Contest's two columns, e.g. Score_NS "A-" and Score_EW "A+" → N-S 40 %, E-W 60 %."""
        return cls(cls.parse(ns_code).ns, cls.parse(ew_code).ns)

    @property
    def code(self) -> str:
        return f"A{self.ns:02.0f}{self.ew:02.0f}"

    @property
    def lawful(self) -> bool:
        """Each side's percentage is one of ARTIFICIAL_PERCENTAGES."""
        return self.ns in ARTIFICIAL_PERCENTAGES and self.ew in ARTIFICIAL_PERCENTAGES


@dataclass(frozen=True, slots=True)
class Weighted:
    """A weighted assigned score (Law 12C1(c)): e.g. 60 % of 4♠= (+420) and 40 % of 4♠−1 (−50).

    It is matchpointed as the weighted sum of the matchpoints of its parts, and the other lines are compared
    with each part in proportion to its weight.
    """

    parts: tuple[tuple[float, int], ...]

    def __post_init__(self):
        if not self.parts or abs(sum(weight for weight, _ in self.parts) - 1.0) > 1e-9:
            raise ValueError(f"weighted score {self.parts!r}: the weights must add up to 1")

    @classmethod
    def parse(cls, code: str) -> Weighted:
        """Read "60% +420, 40% -50" (parts by "," or ";", each a percentage and an N-S score; "of" may stand
        between). The percentages must add up to 100 and there must be two parts or more."""
        parts = []
        for text in re.split(r"[,;]", code):
            match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*%\s*(?:OF\s+)?([+-]?\d+)\s*", text, re.IGNORECASE)
            if not match:
                raise ValueError(f"{text.strip()!r} is not a part of a weighted score (as 60% +420, 40% -50)")
            percent = float(match.group(1))
            if not 0 < percent < 100:
                raise ValueError(f"weight {match.group(1)}% is not between 0 and 100 %")
            parts.append((percent, int(match.group(2))))
        if len(parts) < 2:
            raise ValueError(
                f"{code.strip()!r}: a weighted score has two parts or more (as 60% +420, 40% -50)"
            )
        total = sum(percent for percent, _ in parts)
        if abs(total - 100) > 1e-6:
            raise ValueError(f"{code.strip()!r}: the weights add up to {total:g} %, not 100 %")
        return cls(tuple((percent / 100, score) for percent, score in parts))

    @property
    def code(self) -> str:
        return ", ".join(f"{round(weight * 100, 6):g}% {score:+d}" for weight, score in self.parts)

    @property
    def mean(self) -> float:
        """The weighted N-S score: what a file that holds one number per line gets (it is not a bridge score)."""
        return sum(weight * score for weight, score in self.parts)


@dataclass(frozen=True, slots=True)
class Split:
    """Assigned scores that do not balance (Law 12C1(b)): N-S are scored on `ns`, E-W on `ew` (both N-S view)."""

    ns: int | Weighted
    ew: int | Weighted

    @classmethod
    def parse(cls, code: str) -> Split:
        """Read "N-S +420 / E-W -50": each side a N-S score, as on the traveller, or a weighted score."""
        match = re.fullmatch(r"\s*N-?S:?\s*(.+?)\s*/\s*E-?W:?\s*(.+?)\s*", code, re.IGNORECASE)
        if not match:
            raise ValueError(
                f"{code.strip()!r} is not a split score (as N-S +420 / E-W -50, N-S scores both)"
            )
        ns, ew = (_side(text) for text in match.groups())
        if ns == ew:
            raise ValueError(f"{code.strip()!r}: both sides have the same score, so it is not a split score")
        return cls(ns, ew)

    @property
    def code(self) -> str:
        return f"N-S {_side_code(self.ns)} / E-W {_side_code(self.ew)}"


def _side(text: str) -> int | Weighted:
    if "%" in text:
        return Weighted.parse(text)
    if not re.fullmatch(r"[+-]?\d+", text):
        raise ValueError(f"{text!r} is neither a score nor a weighted score (as 60% +420, 40% -50)")
    return int(text)


def _side_code(side: int | Weighted) -> str:
    return side.code if isinstance(side, Weighted) else f"{side:+d}"


def adjusted_score(code: str) -> Artificial | Weighted | Split:
    """Read any stored adjusted score: artificial ("A6040", "A+"), weighted ("60% +420, 40% -50") or split
    ("N-S +420 / E-W -50", a side may be weighted). Each kind's `code` is what is stored and shown."""
    text = code.strip()
    if text[:1].upper() == "A":
        return Artificial.parse(text)
    if text[:1].upper() == "N":
        return Split.parse(text)
    if "%" in text:
        return Weighted.parse(text)
    raise ValueError(
        f"{text!r} is not an adjusted score: artificial (A6040, A+), weighted (60% +420, 40% -50) "
        "or split (N-S +420 / E-W -50)"
    )


def side_scores(result: Weighted | Split) -> tuple[float, float]:
    """The N-S score each side is scored on (a weighted side as its weighted mean), for files with one number
    per side."""
    ns, ew = (result.ns, result.ew) if isinstance(result, Split) else (result, result)

    def mean(side: int | Weighted) -> float:
        return side.mean if isinstance(side, Weighted) else float(side)

    return mean(ns), mean(ew)


def assigned_scores(result: Weighted | Split) -> list[int]:
    """Every N-S score an assigned result is made of: each part of each side."""
    sides = (result.ns, result.ew) if isinstance(result, Split) else (result,)
    return [score for side in sides for _, score in _parts(side)]


NOT_PLAYED = None
"""A line whose Board was not played (EBUScore "not played"): no score, the pairs' Board count drops."""

Result = int | Artificial | Weighted | Split | None


@dataclass(frozen=True, slots=True)
class BoardOptions:
    """How one Board is matchpointed. The defaults are the EBU/WBF ones."""

    scale: Scale = Scale.EBU
    factoring: Factoring = Factoring.NEUBERG
    places: int | None = None  # None: unrounded; 1: to 0.1 of a matchpoint
    rounding: Rounding = Rounding.HALF_EVEN
    acbl_small_groups: bool = False  # fouled Boards: ACBL's fixed percentages for groups of 1–3 (see below)


# ACBL Bulletin 1991 via ASE (standards.md §1.4): a fouled group of 3 that is not the largest gets 70/60/50 %,
# a group of 2 gets 65/55 %, a single result 60 %; equal scores share. Larger groups (and a largest group of 3)
# are Neuberg-factored.
_ACBL_SMALL_GROUP = {1: (60.0,), 2: (65.0, 55.0), 3: (70.0, 60.0, 50.0)}


@dataclass(frozen=True, slots=True)
class BoardScore:
    """Matchpoints of every line of one Board, in the order of the lines given.

    `ns`/`ew` are NaN on lines not played. `artificial` marks artificial lines (they may be re-valued at the
    session percentage). `top` is the top the lines are scored on; `results` the lines that count.
    """

    top: float
    results: int
    ns: np.ndarray
    ew: np.ndarray
    artificial: np.ndarray = field(repr=False)
    datum: int | None = None  # Butler only

    @property
    def played(self) -> np.ndarray:
        return ~np.isnan(self.ns)


def matchpoints(scores: Sequence[int] | np.ndarray, scale: Scale = Scale.EBU) -> np.ndarray:
    """N-S matchpoints of plain results: 2·(scores lower) + (equal scores, itself excluded) on the EBU scale.

    E-W get top − N-S. TV-MP-1: [430, 400, 420, 430, −50] → [7, 2, 4, 7, 0].
    """
    values = np.asarray(scores)
    ordered = np.sort(values)
    lower = np.searchsorted(ordered, values, "left")
    upper = np.searchsorted(ordered, values, "right")
    return (lower + upper - 1) * scale.value


def factor(mp, actual: int, expected: int, scale: Scale = Scale.EBU, method: Factoring = Factoring.NEUBERG):
    """Bring matchpoints earned among `actual` results to a Board of `expected` results.

    Neuberg: M' = (M + u)·E/A − u with u the tie unit (1 EBU, ½ ACBL); TV-NEU-1: 18 of 10 → 19.9 of 11.
    """
    mp = np.asarray(mp, dtype=np.float64)
    if actual == expected or actual == 0:
        return mp
    if method is Factoring.NEUBERG:
        return neuberg(mp, scale.value, expected, actual)
    if actual == 1:
        return np.full_like(mp, scale.top(expected) / 2)
    return mp * (expected - 1) / (actual - 1)


def neuberg(mp, unit: float, expected: float, actual: float = 1):
    """Neuberg's formula, M' = (M + u)·E/A − u: matchpoints M earned among A results brought to E results, u the
    tie unit. A program that rounds the ratio first (Compscore3) gives it as E with A = 1."""
    return (mp + unit) * expected / actual - unit


def _field_matchpoints(owner: np.ndarray, weight: np.ndarray, scores: np.ndarray, lines: int) -> np.ndarray:
    """Matchpoints (EBU units) of each of `lines` lines whose scores are the weighted parts (owner, weight, score).

    Each line's parts together weigh 1; a line is never compared with its own parts.
    """
    order = np.argsort(scores, kind="stable")
    ordered = scores[order]
    cumulative = np.concatenate(([0.0], np.cumsum(weight[order])))
    low = np.searchsorted(ordered, scores, "left")
    high = np.searchsorted(ordered, scores, "right")
    against_all = cumulative[low] + cumulative[high]  # 2·below + equal, with itself included
    per_part = np.bincount(owner, weights=weight * against_all, minlength=lines)
    # Take out each line's comparison with its own parts: a single part ties itself once.
    counts = np.bincount(owner, minlength=lines)
    per_part -= counts == 1
    for line in np.flatnonzero(counts > 1):
        mine = owner == line
        w, s = weight[mine], scores[mine]
        per_part[line] -= float(np.sum(w[:, None] * w[None, :] * (np.sign(s[:, None] - s[None, :]) + 1)))
    return per_part


def _parts(result) -> tuple[tuple[float, int], ...]:
    return result.parts if isinstance(result, Weighted) else ((1.0, result),)


@dataclass(frozen=True, slots=True)
class Traveller:
    """A Board's results in columns: N-S scores as int64, and the few other lines (artificial, weighted, split,
    not played) by position. The standings service builds this straight from its rows; Traveller.of makes one
    from a list of results."""

    scores: np.ndarray
    special: Mapping[int, Result] = field(default_factory=dict)

    @classmethod
    def of(cls, results: Sequence[Result]) -> Traveller:
        special = {i: r for i, r in enumerate(results) if not isinstance(r, int | np.integer)}
        scores = np.array([0 if i in special else r for i, r in enumerate(results)] if special else results,
                          dtype=np.int64)  # fmt: skip
        return cls(scores, special)

    def __len__(self) -> int:
        return len(self.scores)

    def result(self, line: int) -> Result:
        return self.special[line] if line in self.special else int(self.scores[line])


def score_board(
    results: Sequence[Result] | Traveller,
    options: BoardOptions = BoardOptions(),
    expected: int | None = None,
    groups: Sequence[int] | None = None,
) -> BoardScore:
    """Matchpoint one Board's lines.

    results: per line an int (N-S score), Artificial, Weighted, Split or NOT_PLAYED; or a Traveller.
    expected: the number of results the Board is scored as if it had (default: the lines played, artificial
      included). Comparable results fewer than that are factored (Neuberg), so an artificial line never disturbs
      the other lines beyond Neuberg (standards.md §1.2).
    groups: a group label per line for a fouled Board (Law 87): each group is matchpointed apart and factored to
      `expected` (TV-FOUL-1).
    """
    traveller = results if isinstance(results, Traveller) else Traveller.of(results)
    n = len(traveller)
    if not traveller.special and groups is None and options.places is None:  # the usual Board: one sort
        total = expected if expected is not None else n
        ns = factor(matchpoints(traveller.scores, options.scale), n, total, options.scale, options.factoring)
        top = options.scale.top(total)
        return BoardScore(top=top, results=n, ns=ns, ew=top - ns, artificial=np.zeros(n, dtype=bool))
    ns = np.full(n, np.nan)
    ew = np.full(n, np.nan)
    artificial = np.zeros(n, dtype=bool)
    comparable = np.ones(n, dtype=bool)
    not_played = 0
    assigned = []  # weighted and split lines
    artificials: list[tuple[int, Artificial]] = []
    for i, result in traveller.special.items():
        comparable[i] = False
        if result is NOT_PLAYED:
            not_played += 1
        elif isinstance(result, Artificial):
            artificial[i] = True
            artificials.append((i, result))
        else:
            assigned.append(i)
    total = expected if expected is not None else n - not_played
    top = options.scale.top(total)
    for i, score in artificials:
        ns[i], ew[i] = score.ns * top / 100, score.ew * top / 100
    if groups is None and not assigned:
        where = np.flatnonzero(comparable)
        _score_plain(traveller.scores[where], where, total, options, ns, ew)
    else:
        comparable[assigned] = True
        labels = np.asarray(groups) if groups is not None else np.zeros(n, dtype=np.int64)
        members = {
            label: np.flatnonzero(comparable & (labels == label))
            for label in dict.fromkeys(labels[comparable].tolist())
        }
        largest = max((len(where) for where in members.values()), default=0)
        for where in members.values():
            small = len(where) < 3 or (len(where) == 3 and len(where) < largest)
            if options.acbl_small_groups and groups is not None and small:
                _score_small_group(traveller.scores[where], where, top, ns, ew)
            else:
                _score_assigned([traveller.result(i) for i in where.tolist()], where, total, options, ns, ew)
    if options.places is not None:
        ns = round_array(ns, options.places, options.rounding, top / 2)
        ew = round_array(ew, options.places, options.rounding, top / 2)
    return BoardScore(top=top, results=n - not_played, ns=ns, ew=ew, artificial=artificial)


def _score_plain(scores: np.ndarray, where: np.ndarray, total: int, options: BoardOptions, ns, ew) -> None:
    """Matchpoint plain scores into ns/ew at `where`, factored to `total` results."""
    size = len(scores)
    raw_ns = matchpoints(scores, options.scale)
    ns[where] = factor(raw_ns, size, total, options.scale, options.factoring)
    ew[where] = factor(options.scale.top(size) - raw_ns, size, total, options.scale, options.factoring)


def _score_small_group(scores: np.ndarray, where: np.ndarray, top: float, ns, ew) -> None:
    """ACBL's fixed percentages for a small fouled group, best N-S result first; ties share their percentages."""
    table = _ACBL_SMALL_GROUP[len(scores)]
    for side, view in ((ns, scores), (ew, -scores)):
        rank = np.argsort(-view, kind="stable")
        pct = np.empty(len(scores))
        pct[rank] = table
        for value in np.unique(view):
            tied = view == value
            pct[tied] = pct[tied].mean()
        side[where] = pct * top / 100


def side_parts(results: Sequence[Result], side: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The scores one side (`side` "ns" or "ew") of each line is scored on, as parts: (line, weight, N-S score).
    A plain line is one part of weight 1, a weighted one its parts, a split one the parts of that side."""
    owner, weight, scores = [], [], []
    for line, result in enumerate(results):
        chosen = getattr(result, side) if isinstance(result, Split) else result
        for w, s in _parts(chosen):
            owner.append(line)
            weight.append(w)
            scores.append(s)
    return np.array(owner, dtype=np.int64), np.array(weight), np.array(scores, dtype=np.float64)


def _score_assigned(results, where: np.ndarray, total: int, options: BoardOptions, ns, ew) -> None:
    """Matchpoint lines some of which are weighted or split into ns/ew at `where`, factored to `total`."""
    size = len(results)
    scale = options.scale
    sides = [_field_matchpoints(*side_parts(results, side), size) for side in ("ns", "ew")]
    raw_ns, raw_ew = sides[0], 2.0 * (size - 1) - sides[1]
    ns[where] = factor(raw_ns * scale.value, size, total, scale, options.factoring)
    ew[where] = factor(raw_ew * scale.value, size, total, scale, options.factoring)


def percentages(board: BoardScore) -> tuple[np.ndarray, np.ndarray]:
    """Per-line percentages of the top (a one-result Board, top 0, counts as 50 % to both)."""
    if board.top == 0:
        half = np.where(board.played, 50.0, np.nan)
        return half, half.copy()
    return board.ns * 100 / board.top, board.ew * 100 / board.top
