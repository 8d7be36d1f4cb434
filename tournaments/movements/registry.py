"""The movement kinds, one entry each: the name, the generator, the size and options it takes, what it is.

Used by the API and the set-up page (through tournaments.services.generate_movement, for the kinds a pairs
Section can use) and by `manage.py movement` (every kind), so a kind is added in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .golfer import progressive_fixed
from .howell import howell, three_quarter_howell
from .individual import eight_players, individual, pivot
from .mitchell import mitchell
from .model import Movement
from .teams import military, round_robin, swiss_first_round, teams_match, teams_round_robin


@dataclass(frozen=True, slots=True)
class PageOption:
    """A choice the set-up page offers for a kind: the form field `name`, its label, its choices (value, label;
    the first is the default) and `keywords(value, size, before)`, the generator's options the chosen value stands
    for (`before`: the options the kind's earlier choices gave)."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    keywords: Callable[[str, int, dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Kind:
    """A movement kind. ``generate`` takes its size as the keyword ``sizes[0]`` (another name in ``sizes`` is
    the same size by another name) and any of ``options`` as keywords; ``section`` marks the kinds a pairs
    Section can be given by name."""

    name: str
    generate: Callable[..., Movement]
    sizes: tuple[str, ...]
    options: tuple[str, ...]
    description: str
    section: bool = False
    page: tuple[PageOption, ...] = ()
    """The options the set-up page offers (its form is built from these)."""

    @property
    def size(self) -> str | None:
        """The keyword that gives its size ("tables", "pairs", ...), None when it has one size only."""
        return self.sizes[0] if self.sizes else None


def _military(tables: int) -> Movement:
    return military(tables)


def _progressive_fixed(players: int, rounds: int | None = None, seconds: float = 2.0) -> Movement:
    return progressive_fixed(players, rounds or 1, seconds=seconds)[0]


ARROW_SWITCH = {"none": 0, "last": 1, "last-two": 2}


def _arrow_switch(value: str, tables: int, before: dict[str, Any]) -> dict[str, Any]:
    """The last round(s) switched: the E-W pairs play those boards as N-S, and the two fields become one."""
    rounds = len(mitchell(tables, even=before.get("even", "skip")).rounds)  # the generator's own count
    switched = min(ARROW_SWITCH[value], rounds)
    return {"arrow_switch": tuple(range(rounds - switched + 1, rounds + 1))} if switched else {}


def _odd_pairs(value: str, tables: int, before: dict[str, Any]) -> dict[str, Any]:
    """An odd number of pairs: one pair short (a phantom: its opponents sit out) or one pair over (a rover)."""
    choices: dict[str, dict[str, Any]] = {"full": {}, "phantom-ew": {"missing": 2 * tables}, "phantom-ns": {"missing": tables},
                                "rover": {"rover": True}}  # fmt: skip
    return choices[value]


MITCHELL_PAGE = (
    PageOption(
        "even",
        "Even number of tables",
        (
            ("skip", "Skip (E-W skip a table)"),
            ("relay", "Share and relay"),
            ("bye", "Bye stand (one table more, its boards resting)"),
        ),
        lambda value, tables, before: {"even": value},
    ),
    PageOption(
        "arrow_switch",
        "Arrow switch (one winner)",
        (
            ("none", "None (two winners)"),
            ("last", "Last round"),
            ("last-two", "Last two rounds"),
        ),
        _arrow_switch,
    ),
    PageOption(
        "odd_pairs",
        "Number of pairs",
        (
            ("full", "Every table full"),
            ("phantom-ew", "One short: phantom E-W pair"),
            ("phantom-ns", "One short: phantom N-S pair"),
            ("rover", "One over: a rover pair"),
        ),
        _odd_pairs,
    ),
)
"""A Mitchell's page options: skip, relay or bye stand (odd tables need none: the generator plays them plain), the arrow
switch, and a phantom or a rover for an odd number of pairs; the preview says which the movement uses."""

KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        Kind(
            "mitchell",
            mitchell,
            ("tables",),
            ("rounds", "boards_per_round", "even", "arrow_switch", "missing", "rover"),
            "Mitchell (two fields, N-S stay)",
            section=True,
            page=MITCHELL_PAGE,
        ),
        Kind(
            "howell",
            howell,
            ("pairs",),
            ("rounds", "boards_per_round"),
            "Howell (everyone meets everyone)",
            section=True,
        ),
        Kind(
            "three-quarter-howell",
            three_quarter_howell,
            ("pairs",),
            ("boards_per_round",),
            "Three-quarter Howell",
            section=True,
        ),
        Kind(
            "individual",
            individual,
            ("players",),
            ("boards_per_round",),
            "Individual (whist tournament: everyone partners everyone once)",
            section=True,
        ),
        Kind("eight-players", eight_players, (), ("boards_per_round",), "Hoyle's eight individual players"),
        Kind("pivot", pivot, (), (), "four players, one table"),
        Kind("military", _military, ("tables",), (), "military euchre forts"),
        Kind(
            "progressive-fixed",
            _progressive_fixed,
            ("players",),
            ("rounds", "seconds"),
            "a progressive party, no repeated partner",
        ),
        Kind("round-robin", round_robin, ("teams", "pairs"), (), "teams round robin"),
        Kind(
            "swiss",
            swiss_first_round,
            ("teams",),
            ("boards_per_round",),
            "Swiss teams (IMPs to VPs, WBF scale; no repeat meetings)",
            section=True,
        ),
        Kind(
            "teams-round-robin",
            teams_round_robin,
            ("teams",),
            ("boards_per_round",),
            "Teams round robin (IMPs to VPs)",
            section=True,
        ),
        Kind(
            "teams-match",
            teams_match,
            ("teams",),
            ("boards_per_round",),
            "Teams match (open and closed room, IMPs)",
            section=True,
        ),
    )
}
"""Every movement kind by name."""

SECTION_KINDS: dict[str, Kind] = {name: kind for name, kind in KINDS.items() if kind.section}
"""The kinds a pairs Section can be given by name (the API's {"kind": ..., "sizes": ...}, the set-up page)."""
