"""The duplicate scoring methods, one entry each: the name a Section stores, the scorer, how files name it, and
the ranking rules it allows (the first its default).

Used by the standings service (a Section's method and ranking), the set-up page (its choices), rescore
(re-scoring a file) and the exchange of USEBIO and PBN files, so a method is added in one place. A progressive
party's games-won tally (books) is not scored board by board and is not here.

Ranking rules (RANKINGS): when pairs play unequal numbers of Boards (sit-outs, phantoms, byes, arrow switches,
late pairs, fouled Boards) a raw sum ranks the pairs who played more above the better pairs. EBUScore ranks by
percentage; Compscore and ACBLscore factor the total of a pair who played fewer Boards up to the most anyone in
its field played. At IMPs there is no percentage, so factoring is the fair rule.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from scoring.methods.matchpoints import BoardOptions, Scale
from scoring.methods.session import (
    ButlerMethod,
    CrossImpMethod,
    MatchpointMethod,
    Method,
    RankBy,
    SessionOptions,
    Total,
)


@dataclass(frozen=True, slots=True)
class Ranking:
    """How a Section's pairs are placed: the figure that ranks and what the total shows."""

    name: str
    label: str
    """What the set-up page offers."""
    shown: str
    """What the standings say, with {boards}: the most Boards a pair of the field played."""
    total: Total
    rank_by: RankBy

    def options(self) -> SessionOptions:
        """The SessionOptions of this rule (a publisher's preset may change the rest)."""
        return SessionOptions(total=self.total, rank_by=self.rank_by)


RANKINGS: dict[str, Ranking] = {
    r.name: r
    for r in (
        Ranking(
            "percentage",
            "By percentage (as EBUScore does): fair when pairs play different numbers of boards",
            "Ranked by percentage, as EBUScore does; totals are the points scored",
            Total.SUM,
            RankBy.PERCENTAGE,
        ),
        Ranking(
            "factored",
            "By total factored to the most boards played (as Compscore and ACBLscore do)",
            "Totals factored to {boards} boards, as Compscore and ACBLscore do",
            Total.FACTORED,
            RankBy.TOTAL,
        ),
        Ranking(
            "total",
            "By raw total: only where every pair plays the same number of boards",
            "Ranked by raw total",
            Total.SUM,
            RankBy.TOTAL,
        ),
    )
}
"""Every ranking rule by name (a Section's `ranking`)."""

_MATCHPOINT_RANKINGS = (RANKINGS["percentage"], RANKINGS["factored"], RANKINGS["total"])
_IMP_RANKINGS = (RANKINGS["factored"], RANKINGS["total"])  # no percentage at IMPs


@dataclass(frozen=True, slots=True)
class Scoring:
    """A scoring method. ``method`` scores a Board as the published programs do (Compscore3, Magic Contest: a
    Board short of results is factored only when it has artificial lines); ``for_sections`` is how a Section
    is scored here."""

    name: str
    description: str
    method: Method
    usebio_points: str
    """USEBIO's name for the points a line earns (NS_MATCH_POINTS, ...)."""
    usebio_event: str
    """USEBIO's EVENT_TYPE of a pairs event scored so."""
    pbn: str
    """PBN's [Scoring] tag (§3.4.11)."""
    rankings: tuple[Ranking, ...]
    """The ranking rules it allows, its default first."""

    def ranking(self, name: str = "") -> Ranking:
        """The rule `name` (blank: the default), refused with the rules allowed when this method has not it."""
        if not name:
            return self.rankings[0]
        found = next((r for r in self.rankings if r.name == name), None)
        if found is None:
            allowed = ", ".join(r.name for r in self.rankings)
            raise ValueError(
                f"{self.description} is not ranked by {name!r}; it is ranked by one of: {allowed}"
            )
        return found

    @property
    def for_sections(self) -> Method:
        """EBU defaults: a Board short of results is Neuberg-factored to the number of results the movement
        gives it."""
        if isinstance(self.method, MatchpointMethod):
            return dataclasses.replace(self.method, neuberg_to_session=True)
        return self.method


METHODS: dict[str, Scoring] = {
    s.name: s
    for s in (
        Scoring(
            "mp",
            "Matchpoints (2 per result beaten, Neuberg)",
            MatchpointMethod(BoardOptions(scale=Scale.EBU)),
            "MATCH_POINTS",
            "MP_PAIRS",
            "MatchPoints",
            _MATCHPOINT_RANKINGS,
        ),
        Scoring(
            "mp-acbl",
            "Matchpoints (ACBL: 1 per result beaten)",
            MatchpointMethod(BoardOptions(scale=Scale.ACBL)),
            "MATCH_POINTS",
            "MP_PAIRS",
            "MatchPoints",
            (RANKINGS["factored"], RANKINGS["percentage"], RANKINGS["total"]),  # ACBLscore factors
        ),
        Scoring(
            "butler",
            "Butler IMPs",
            ButlerMethod(),
            "BUTLER_POINTS",
            "BUTLER_PAIRS",
            "IMP;Butler",
            _IMP_RANKINGS,
        ),
        Scoring(
            "cross-imp",
            "Cross-IMPs",
            CrossImpMethod(),
            "CROSS_IMP_POINTS",
            "CROSS_IMP",
            "IMP;Cross",
            _IMP_RANKINGS,
        ),
    )
}
"""Every board-by-board scoring method by name (tournaments.models.ScoringMethod holds the same names)."""
