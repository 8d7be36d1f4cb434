"""The room as the director runs it: per round, the tables still to finish and the results still missing.

A result counts for a table when its board has a Result for the table's N-S and E-W pairs, however it came (the
grid, a phone, an import, or the director's "not played"); the round in play follows the results entered as well
as the "Next round" button.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.defaultfilters import pluralize

from games.models import Result
from tournaments.models import Seating, Section, Status
from tournaments.selectors import section_field


@dataclass(frozen=True, slots=True)
class Missing:
    """A table of a round with boards still to be entered."""

    seating: Seating
    boards: list[int]

    def as_dict(self) -> dict:
        s = self.seating
        return {"round": s.round, "table": s.table, "ns": s.ns.number, "ew": s.ew.number,
                "ns_name": str(s.ns), "ew_name": str(s.ew), "boards": self.boards}  # fmt: skip


def missing_results(section: Section, up_to: int | None = None) -> list[Missing]:
    """The tables with results missing, by round and table (rounds after `up_to` left out)."""
    entered = set(Result.objects.filter(section=section).values_list("board__number", "ns_id", "ew_id"))
    seatings = section.seatings.select_related("ns", "ew").exclude(ns=None).exclude(ew=None)
    if up_to is not None:
        seatings = seatings.filter(round__lte=up_to)
    found = []
    for seating in seatings.order_by("round", "table"):
        boards = [b for b in seating.boards if (b, seating.ns_id, seating.ew_id) not in entered]
        if boards:
            found.append(Missing(seating, boards))
    return found


def last_round(section: Section) -> int:
    return max(section.seatings.values_list("round", flat=True), default=0)


def swiss_rounds(teams: int) -> int:
    """The most rounds a Swiss of `teams` can play with no two teams meeting twice: each team meets every other
    once, and with an odd number has one bye besides."""
    return max(teams - 1 if teams % 2 == 0 else teams, 1)


def most_rounds(section: Section) -> int:
    """The rounds the desk can go on to: those seated, or for a Swiss (each round drawn when the director moves on)
    the rounds planned at set-up, else as many as its teams can play without two of them meeting twice."""
    if section.movement_kind == "swiss":
        planned = (section.movement or {}).get("planned_rounds")
        return max(last_round(section), planned or swiss_rounds(section.entries.count()))
    return last_round(section)


def round_in_play(section: Section) -> int:
    """The round being played: the director's round, or a later one once results of it are in (the director
    entering every traveller through the grid plays the rounds without pressing "Next round")."""
    if section.current_round == 0:
        return 0
    entered = Result.objects.filter(section=section, round__isnull=False).order_by("-round")
    latest = entered.values_list("round", flat=True).first() or 0
    return max(section.current_round, min(latest, last_round(section)))


def field_in_play(section: Section) -> dict[Section, str]:
    """The other sections of this one's field still being set up, or played with results missing, each with what
    is still to come ("being set up", "3 results missing"): publishing now would fix a ranking that their results
    are still to change."""
    found = {}
    for other in section_field(section):
        if other.id == section.id or other.status not in (Status.SETUP, Status.RUNNING):
            continue
        missing = sum(len(m.boards) for m in missing_results(other))
        if other.status == Status.SETUP:
            found[other] = "being set up"
        elif missing:
            found[other] = f"{missing} result{pluralize(missing)} missing"
    return found
