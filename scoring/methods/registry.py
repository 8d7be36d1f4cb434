"""The duplicate scoring methods, one entry each: the name a Section stores, the scorer, and how files name it.

Used by the standings service (a Section's method), rescore (re-scoring a file) and the exchange of USEBIO and
PBN files, so a method is added in one place. A progressive party's games-won tally (books) is not scored board
by board and is not here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from scoring.methods.matchpoints import BoardOptions, Scale
from scoring.methods.session import ButlerMethod, CrossImpMethod, MatchpointMethod, Method


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
        ),
        Scoring(
            "mp-acbl",
            "Matchpoints (ACBL: 1 per result beaten)",
            MatchpointMethod(BoardOptions(scale=Scale.ACBL)),
            "MATCH_POINTS",
            "MP_PAIRS",
            "MatchPoints",
        ),
        Scoring("butler", "Butler IMPs", ButlerMethod(), "BUTLER_POINTS", "BUTLER_PAIRS", "IMP;Butler"),
        Scoring("cross-imp", "Cross-IMPs", CrossImpMethod(), "CROSS_IMP_POINTS", "CROSS_IMP", "IMP;Cross"),
    )
}
"""Every board-by-board scoring method by name (tournaments.models.ScoringMethod holds the same names)."""
