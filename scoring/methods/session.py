"""A session's standings from its Travellers, kept up to date one Board at a time.

Layout (why it is fast): each Board is scored on its own (sort-based, matchpoints.py) and its per-line values are
cached with the pair indexes they go to; per-pair running sums (score, top, boards) are numpy arrays. Setting a
Board's results re-scores that Board only, takes its old contributions out of the sums and puts the new ones in
(np.add.at); standings() then needs only the sums and one sort per field. A 13,000-result event re-scores in a few
milliseconds (bench/scoring.py).

The federations' programs differ in how short Boards, artificial scores and sit-outs reach the totals; each
difference is a named option (SessionOptions), with the presets the real files were checked against:
COMPSCORE (Australia, ../shared/data/usebio) and MAGIC_CONTEST (FFB, test_set.pbn), see published-rules.md.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

import numpy as np

from scoring.methods import imps as imp_scale
from scoring.methods.matchpoints import (
    NOT_PLAYED,
    Artificial,
    BoardOptions,
    BoardScore,
    Result,
    Scale,
    Traveller,
    neuberg,
    score_board,
    side_parts,
)
from scoring.methods.ranking import field_parts, field_places
from scoring.methods.rounding import Rounding, round_array


class SessionAverage(enum.Enum):
    """Which reading of Law 12C2(a) an artificial A+/A− takes (standards.md §1.2)."""

    FIXED = "fixed"  # 60 % / 40 % exactly (Magic Contest, test_set.pbn)
    SESSION = "session"  # 60 % or the session percentage if better, 40 % or it if worse (WBF 1998 minutes)


class Total(enum.Enum):
    """What a pair's published total is."""

    SUM = "sum"  # the sum of its Board scores
    FACTORED = "factored"  # Compscore3: total / Boards played × most Boards anyone in its field played


class RankBy(enum.Enum):
    """The figure places come from: pairs who played different numbers of Boards (sit-outs, phantoms, arrow
    switches, late pairs, fouled Boards) are ranked fairly by their percentage or by a FACTORED total, not by a
    raw sum. A tie is a tie on this figure."""

    TOTAL = "total"  # the published total (the raw sum, or the factored total with Total.FACTORED)
    PERCENTAGE = "percentage"  # EBUScore: the percentage of the tops of the Boards played (not at IMPs)


@dataclass(frozen=True, slots=True)
class MatchpointMethod:
    """Matchpoints per Board. With `neuberg_to_session`, a Board short of results is factored to the session's
    expected number at line level (EBU); without it, only a Board with artificial lines is (Compscore3, Magic)."""

    board: BoardOptions = BoardOptions()
    neuberg_to_session: bool = False

    def score(self, results: Traveller, expected: int | None) -> BoardScore:
        return score_board(results, self.board, expected if self.neuberg_to_session else None)

    @property
    def unit(self) -> float:
        return self.board.scale.value


def _imp_board(
    traveller: Traveller,
    values_of: Callable[[np.ndarray], tuple[int | None, np.ndarray]],
    parts_of: Callable[[int | None, tuple[np.ndarray, np.ndarray, np.ndarray], int], np.ndarray],
) -> BoardScore:
    """Shared frame of the IMP methods: artificial lines get Law 12C2(b)'s ±3, the rest `values_of(scores)`.

    With weighted or split lines on the Board, every comparable line is scored again by parts:
    `parts_of(datum, (owner, weight, scores), lines)` for each side (matchpoints.side_parts), E-W negated."""
    n = len(traveller)
    ns, ew = np.full(n, np.nan), np.full(n, np.nan)
    artificial = np.zeros(n, dtype=bool)
    plain = np.ones(n, dtype=bool)
    assigned = []
    for i, result in traveller.special.items():
        plain[i] = False
        if isinstance(result, Artificial):
            artificial[i] = True
            ns[i], ew[i] = imp_scale.artificial_imps(result)
        elif result is not NOT_PLAYED:
            assigned.append(i)
    numeric = np.flatnonzero(plain)
    datum, values = values_of(traveller.scores[numeric])
    ns[numeric] = values
    ew[numeric] = -values
    if assigned:
        lines = np.sort(np.concatenate([numeric, assigned]))
        results = [traveller.result(i) for i in lines]
        ns[lines] = parts_of(datum, side_parts(results, "ns"), len(lines))
        ew[lines] = -parts_of(datum, side_parts(results, "ew"), len(lines))
    return BoardScore(top=np.nan, results=len(numeric) + len(assigned) + int(artificial.sum()), ns=ns, ew=ew,
                      artificial=artificial, datum=datum)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ButlerMethod:
    """IMPs against the Board's datum (imps.butler). The datum is the average of the single scores; a weighted or
    split line is no one score, so it is IMPed against the datum without entering it."""

    options: imp_scale.ButlerOptions = imp_scale.ButlerOptions()
    unit = 0.0

    def score(self, results: Traveller, expected: int | None) -> BoardScore:
        return _imp_board(
            results,
            lambda scores: imp_scale.butler(scores, self.options),
            lambda datum, parts, lines: imp_scale.weighted_butler(
                *parts, lines, datum or 0
            ),  # butler gives one
        )


@dataclass(frozen=True, slots=True)
class CrossImpMethod:
    """Cross-IMPs averaged over the other results (imps.cross_imps)."""

    unit = 0.0

    def score(self, results: Traveller, expected: int | None) -> BoardScore:
        return _imp_board(
            results,
            lambda scores: (None, imp_scale.cross_imps(scores)),
            lambda datum, parts, lines: imp_scale.weighted_cross_imps(*parts, lines),
        )


Method = MatchpointMethod | ButlerMethod | CrossImpMethod


@dataclass(frozen=True, slots=True)
class SessionOptions:
    """How Board scores become pair totals, percentages and places."""

    publish_places: int | None = None  # line values as published: 1 for matchpoints to 0.1, 2 for cross-IMPs
    publish_rounding: Rounding = Rounding.HALF_EVEN
    totals_from_published: bool = False  # add up the published (rounded) line values, not the exact ones
    factor_to_session: bool = False  # in the totals, factor a Board with fewer lines than expected to the top
    factor_places: int | None = None  # hold that factor to so many decimals (Compscore3: 4)
    artificial: SessionAverage = SessionAverage.FIXED
    total: Total = Total.SUM
    rank_by: RankBy = RankBy.TOTAL


COMPSCORE = SessionOptions(publish_places=1, factor_to_session=True, factor_places=4, total=Total.FACTORED)
"""Compscore3 (published-rules.md): raw MPs on a Board's own top, Neuberg at 0.1 half-even only where a Board
has artificial lines; in the totals every short Board is factored to the session top with the factor held to 4
decimals; total = percentage × most Boards in the field × top."""

MAGIC_CONTEST = SessionOptions(publish_places=1, totals_from_published=True)
"""Magic Contest (FFB, test_set.pbn): MPs to 0.1, the session total is the sum of the published values."""


@dataclass(frozen=True, slots=True)
class Standings:
    """Per pair (in the session's pair order): total, percentage (NaN at IMPs), Boards played, place and rank."""

    pairs: tuple[Hashable, ...]
    total: np.ndarray
    percentage: np.ndarray
    boards: np.ndarray
    places: np.ndarray
    ranks: list[str]


@dataclass(slots=True)
class _Board:
    ns_pair: np.ndarray
    ew_pair: np.ndarray
    score: BoardScore
    published_ns: np.ndarray
    published_ew: np.ndarray
    total_ns: np.ndarray  # the values that went into the totals
    total_ew: np.ndarray
    top: float


@dataclass
class Session:
    """One session: its pairs, fields (e.g. "NS"/"EW" for a two-winner Mitchell, None for one field) and Boards.

    `expected` is the number of results a full Board has (the tables in play); Boards are factored to it where
    the method and options say so.
    """

    pairs: Sequence[Hashable]
    method: Method = MatchpointMethod()
    options: SessionOptions = SessionOptions()
    expected: int | None = None
    fields: Sequence[Hashable] | None = None
    boards: dict[Hashable, _Board] = field(default_factory=dict)

    def __post_init__(self):
        self.pairs = tuple(self.pairs)
        self.index = {pair: i for i, pair in enumerate(self.pairs)}
        size = len(self.pairs)
        self._sum = np.zeros(size)
        self._top = np.zeros(size)
        self._boards = np.zeros(size, dtype=np.int64)
        self._parts = field_parts(self.fields, size)

    def indexes(self, pair_ids: Sequence[Hashable], board: Hashable = "") -> np.ndarray:
        """The positions of pairs in the session, for set_board (a service keeps them with its rows)."""
        try:
            return np.fromiter((self.index[p] for p in pair_ids), np.int64, len(pair_ids))
        except KeyError as missing:
            raise ValueError(f"board {board}: pair {missing.args[0]} is not in the session") from None

    def set_board(self, board: Hashable, ns_pairs, ew_pairs, results: Sequence[Result] | Traveller) -> _Board:
        """(Re-)score one Board and update the totals; nothing else is touched.

        ns_pairs/ew_pairs: pair ids, or int arrays from indexes(); results: a list or a Traveller.
        """
        ns_idx = ns_pairs if isinstance(ns_pairs, np.ndarray) else self.indexes(ns_pairs, board)
        ew_idx = ew_pairs if isinstance(ew_pairs, np.ndarray) else self.indexes(ew_pairs, board)
        traveller = results if isinstance(results, Traveller) else Traveller.of(results)
        if not len(ns_idx) == len(ew_idx) == len(traveller):
            raise ValueError(
                f"board {board}: {len(traveller)} results for {len(ns_idx)} N-S and {len(ew_idx)} E-W pairs"
            )
        score = self.method.score(traveller, self.expected)
        entry = self._contributions(ns_idx, ew_idx, score)
        self._apply(self.boards.get(board), -1)
        self.boards[board] = entry
        self._apply(entry, 1)
        return entry

    def _contributions(self, ns_idx, ew_idx, score: BoardScore) -> _Board:
        opts = self.options
        if opts.publish_places is None:
            pub_ns, pub_ew = score.ns, score.ew
        else:
            middle = score.top / 2 if score.top == score.top else 0.0
            pub_ns = round_array(score.ns, opts.publish_places, opts.publish_rounding, middle)
            pub_ew = round_array(score.ew, opts.publish_places, opts.publish_rounding, middle)
        tot_ns, tot_ew = (pub_ns, pub_ew) if opts.totals_from_published else (score.ns, score.ew)
        top = score.top
        if opts.factor_to_session and self.expected and 0 < score.results < self.expected and top == top:
            tot_ns, tot_ew, top = self._factor(score, tot_ns, tot_ew)
        return _Board(ns_idx, ew_idx, score, pub_ns, pub_ew, tot_ns, tot_ew, top)

    def _factor(self, score: BoardScore, ns, ew):
        """Neuberg a short Board up to the session top: NS' = (NS + u)·f − u, EW' = T − NS' (Compscore3)."""
        unit = self.method.unit
        assert self.expected is not None  # the caller factors only to a given number of results
        f = self.expected / score.results
        if self.options.factor_places is not None:
            f = float(round_array(f, self.options.factor_places))
        top = Scale.EBU.top(self.expected) * unit
        new_ns = neuberg(ns, unit, f)
        return new_ns, np.where(score.artificial, neuberg(ew, unit, f), top - new_ns), top

    def _apply(self, entry: _Board | None, sign: int) -> None:
        if entry is None:
            return
        size = len(self.pairs)
        top = entry.top if entry.top == entry.top else 0.0
        everyone = entry.score.results == len(entry.ns_pair)
        for idx, values in ((entry.ns_pair, entry.total_ns), (entry.ew_pair, entry.total_ew)):
            if not everyone:
                played = ~np.isnan(values)
                idx, values = idx[played], values[played]
            self._sum += sign * np.bincount(idx, weights=values, minlength=size)
            counts = np.bincount(idx, minlength=size)
            self._top += sign * top * counts
            self._boards += sign * counts

    def _artificial_at_session(self, total: np.ndarray) -> np.ndarray:
        """Re-value A+ as max(60 %, P) and A− as min(40 %, P), P = the pair's percentage on its other Boards."""
        real_sum, real_top = self._sum.copy(), self._top.copy()
        lines = []
        for entry in self.boards.values():
            if not entry.score.artificial.any():
                continue
            for idx, values in ((entry.ns_pair, entry.total_ns), (entry.ew_pair, entry.total_ew)):
                for i in np.flatnonzero(entry.score.artificial & (entry.top > 0)):
                    real_sum[idx[i]] -= values[i]
                    real_top[idx[i]] -= entry.top
                    lines.append((idx[i], values[i], entry.top))
        total = total.copy()
        with np.errstate(invalid="ignore", divide="ignore"):
            session = np.where(real_top > 0, real_sum / real_top, 0.5)
        for pair, value, top in lines:
            pct = value / top
            better = max(pct, session[pair]) if pct > 0.5 else min(pct, session[pair]) if pct < 0.5 else pct
            total[pair] += (better - pct) * top
        return total

    def standings(self, tie_breaks: Sequence[Sequence[float]] = ()) -> Standings:
        """Totals, percentages and places; ties share a place ("3=") unless a tie-break separates them."""
        total = self._sum.copy()
        if self.options.artificial is SessionAverage.SESSION:
            total = self._artificial_at_session(total)
        with np.errstate(invalid="ignore", divide="ignore"):
            percentage = np.where(self._top > 0, total * 100 / self._top, np.nan)
        if self.options.total is Total.FACTORED:
            for members in self._parts:
                boards = self._boards[members]
                with np.errstate(invalid="ignore", divide="ignore"):
                    factored = total[members] * boards.max() / boards
                total[members] = np.where(boards > 0, factored, 0.0)
        figure = percentage if self.options.rank_by is RankBy.PERCENTAGE else total
        figure = np.where(self._boards > 0, figure, -np.inf)  # a pair yet to play a Board has no score: last
        places, labels = field_places(np.column_stack([figure, *tie_breaks]), parts=self._parts)
        return Standings(tuple(self.pairs), total, percentage, self._boards.copy(), places, labels)
