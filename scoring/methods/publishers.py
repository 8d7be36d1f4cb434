"""The programs whose published sessions we reproduce figure for figure, and how a file names the one that wrote it.

An imported Section keeps its publisher (tournaments Section.conventions), so its pages and exports show what the
file published, line by line and pair by pair; rescore checks the same rules against the files
(published-rules.md). A file from another program, or a session scored here, gets the EBU defaults instead.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from scoring.methods.matchpoints import BoardScore, percentages
from scoring.methods.registry import Scoring
from scoring.methods.rounding import round_array
from scoring.methods.session import COMPSCORE, MAGIC_CONTEST, MatchpointMethod, Method, SessionOptions

LINE_PLACES = {"mp": 1, "mp-acbl": 1, "butler": 0, "cross-imp": 2}
"""How the programs print a line's points, by method: matchpoints to 0.1, Butler IMPs whole, cross-IMPs to 0.01."""


@dataclass(frozen=True, slots=True)
class Publisher:
    """A program's conventions: its matchpoint options (session.py presets), how it prints each figure."""

    name: str  # what a Section stores
    label: str  # what pages say
    matchpoints: SessionOptions
    line_percent_places: int | None = (
        None  # a line's percentage as printed (None: not rounded, or not printed)
    )
    places: int = 2  # pair totals and percentages

    def scoring(self, scoring: Scoring) -> tuple[Method, SessionOptions]:
        """The Board method and session options this program scores `scoring` with: a Board short of results
        keeps its own top (`scoring.method`, not the Sections' Neuberg to the session), IMPs printed as it prints
        them."""
        if isinstance(scoring.method, MatchpointMethod):
            return scoring.method, self.matchpoints
        return scoring.method, SessionOptions(publish_places=LINE_PLACES[scoring.name])

    def line_percentages(self, score: BoardScore, ns, ew) -> tuple[np.ndarray, np.ndarray]:
        """Each line's percentage of the top from its printed points `ns`/`ew`, rounded as the program prints it
        (Magic Contest: whole numbers)."""
        pct = line_percentages(score, ns, ew)
        if self.line_percent_places is None:
            return pct
        return round_array(pct[0], self.line_percent_places), round_array(pct[1], self.line_percent_places)

    def printed(self, values) -> np.ndarray:
        """Totals or percentages as the program prints them (2 decimals, half-even on the exact value)."""
        return round_array(values, self.places)


PUBLISHERS: dict[str, Publisher] = {
    p.name: p
    for p in (
        Publisher("compscore", "Compscore3", COMPSCORE),
        Publisher("magic", "Magic Contest", MAGIC_CONTEST, line_percent_places=0),
    )
}
"""Every program whose conventions a Section can keep, by the name it stores (tournaments Conventions)."""


def line_percentages(score: BoardScore, ns, ew) -> tuple[np.ndarray, np.ndarray]:
    """Per-line percentages of the Board's top from the points each line shows (matchpoints.percentages)."""
    return percentages(dataclasses.replace(score, ns=np.asarray(ns), ew=np.asarray(ew)))


def usebio_publisher(program_name: str | None) -> str:
    """The publisher of a USEBIO file by its PROGRAM_NAME ("Compscore3"); "" for any other program."""
    return "compscore" if (program_name or "").strip().lower().startswith("compscore") else ""


def pbn_publisher(tags: Mapping[str, str]) -> str:
    """The publisher of a PBN file by its [Application] or [Generator] tag ("Magic Contest France - ..."); ""
    for any other program."""
    written_by = " ".join(tags.get(tag, "") for tag in ("Application", "Generator")).lower()
    return "magic" if "magic contest" in written_by else ""
