"""The room's rounds: where each table is, what is still missing, and moving on.

The director's round (Section.current_round) moves only when the director moves it: "Next round" on the desk or
through the API, or a party's bell. Results never move it, however they come (the grid, a phone, an import), so a
late result typed in the grid moves nobody. Each table plays at its own pace up to the director's round: its
phone shows the earliest round in which it still has results to enter, and it may enter any board it has been
seated for up to that round; a board it has not been seated for is refused naming its rounds.

Moving on (the next round, closing the session, a party's bell) with results missing needs confirmation
(NeedsConfirmation), asked alike on the desk, through the API and at the bell; going on anyway is recorded with
the list of what was missing.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.defaultfilters import pluralize
from django.utils import timezone

from config.refusals import Forbidden, NeedsConfirmation, NotFound
from games.models import Result
from tournaments.models import Seating, Section, Status
from tournaments.movements.cards import board_list
from tournaments.selectors import section_field


@dataclass(frozen=True, slots=True)
class Missing:
    """A table of a round with results still to come: its boards, or (a party's table) its tally."""

    seating: Seating
    boards: list[int]

    @property
    def count(self) -> int:
        return len(self.boards) or 1

    @property
    def match(self) -> tuple[int, int]:
        """(round, match) of a teams table."""
        return self.seating.round, match_of(self.seating.table)

    @property
    def text(self) -> str:
        """ "table 2 round 1: boards 3, 4", or "table 3 round 2: no tally" at a party."""
        s = self.seating
        what = f"boards {', '.join(map(str, self.boards))}" if self.boards else "no tally"
        return f"table {s.table} round {s.round}: {what}"

    def as_dict(self) -> dict:
        s = self.seating
        return {"round": s.round, "table": s.table, "ns": s.ns.number if s.ns else None,
                "ew": s.ew.number if s.ew else None, "ns_name": str(s.ns) if s.ns else "",
                "ew_name": str(s.ew) if s.ew else "", "boards": self.boards}  # fmt: skip


def match_of(table: int) -> int:
    """A teams table's match: match m plays at tables 2m-1 (open room) and 2m (closed), as scoring.teams reads
    them."""
    return (table + 1) // 2


def missing_results(section: Section, up_to: int | None = None, begun: bool = False) -> list[Missing]:
    """The tables with results missing, by round and table: rounds after `up_to` left out, or with `begun` only
    their tables with a result in already. A result counts for a table when its board has a Result for the
    table's N-S and E-W pairs, however it came (the grid, a phone, an import, or the director's "not played")."""
    entered = set(Result.objects.filter(section=section).values_list("board__number", "ns_id", "ew_id"))
    seatings = section.seatings.select_related("ns", "ew").exclude(ns=None).exclude(ew=None)
    if up_to is not None and not begun:
        seatings = seatings.filter(round__lte=up_to)
    found = []
    for seating in seatings.order_by("round", "table"):
        boards = [b for b in seating.boards if (b, seating.ns_id, seating.ew_id) not in entered]
        later = up_to is not None and seating.round > up_to
        if boards and not (later and len(boards) == len(seating.boards)):
            found.append(Missing(seating, boards))
    return found


def missing_in_play(section: Section) -> list[Missing]:
    """The desk's list: the results missing in the rounds up to the director's, and at the tables of later rounds
    begun through the grid (a late traveller typed ahead); none before play starts, none at a party."""
    if section.status == Status.SETUP or section.is_party:
        return []
    return missing_results(section, up_to=section.current_round, begun=True)


def rounds_played(section: Section) -> int:
    """The last round played: the director's, or a later one a result was entered for (the director typing whole
    travellers through the grid plays every round without moving on)."""
    latest = (
        Result.objects.filter(section=section, round__isnull=False)
        .order_by("-round")
        .values_list("round", flat=True)
        .first()
    )
    return max(section.current_round, min(latest or 0, last_round(section)))


def _party_missing(section: Section) -> list[Missing]:
    """The tables of a party's round that have sent no tally."""
    sent = set(section.tallies.filter(round=section.current_round).values_list("table", flat=True))
    seated = section.seatings.filter(round=section.current_round).order_by("table")
    return [Missing(seating, []) for seating in seated if seating.table not in sent]


def ask_first(section: Section, action: str, confirm: bool) -> str:
    """Before moving on: NeedsConfirmation when results are missing and the director has not confirmed, else the
    reason to record ("" when nothing is missing). The next round asks about the rounds up to the director's,
    closing about every round played, the bell about the tallies of its round."""
    if action == "bell":
        missing = _party_missing(section)
    elif action == "finish":
        missing = [] if section.is_party else missing_results(section, up_to=rounds_played(section))
    else:
        missing = missing_results(section, up_to=section.current_round)  # what the next round leaves behind
    if not missing:
        return ""
    asked = NeedsConfirmation(action, missing)
    if not confirm:
        raise asked
    return asked.reason


def begin(section: Section) -> None:
    """Play starts: every table in round 1 (the caller saves the section)."""
    section.current_round = 1
    section.round_started = timezone.now()


def advance(section: Section, number: int) -> None:
    """The director's round becomes `number` (the next round, or a party's next seating), saved."""
    section.current_round = number
    section.round_started = timezone.now()
    section.save(update_fields=["current_round", "round_started"])


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
        return max(last_round(section), section.planned_rounds or swiss_rounds(section.entries.count()))
    return last_round(section)


def round_line(section: Section) -> str:
    """The desk's round as it is: "round 2 of 6" while play goes on (a party's bell has no last round); once the
    session is closed, the rounds played ("all 6 rounds played", "closed after round 2 of 6"), never the director's round it stood at when the
    grid took every traveller."""
    last = None if section.is_party else most_rounds(section)
    if section.status in (Status.FINISHED, Status.PUBLISHED):
        played = rounds_played(section)
        if last is None:
            return f"{played} round{pluralize(played)} played"
        return f"all {last} rounds played" if played >= last else f"closed after round {played} of {last}"
    return f"round {section.current_round}" + (f" of {last}" if last else "")


# Where each table is.


def _table_seatings(section: Section, table: int) -> list[Seating]:
    """The table's seatings, round by round, with their pairs."""
    return list(section.seatings.filter(table=table).select_related("ns", "ew").order_by("round"))


def _unfinished(section: Section, seatings: list[Seating]) -> list[Seating]:
    """Of `seatings`, those with a board whose result for the seating's pairs is not in."""
    pairs = [s for s in seatings if s.ns_id and s.ew_id and s.boards]
    if not pairs:
        return []
    entered = set(
        Result.objects.filter(section=section, ns_id__in={s.ns_id for s in pairs}).values_list(
            "board__number", "ns_id", "ew_id"
        )
    )
    return [s for s in pairs if any((b, s.ns_id, s.ew_id) not in entered for b in s.boards)]


def table_round(section: Section, table: int) -> int:
    """The round a table's phone shows: the earliest up to the director's in which it still has results to enter,
    else the director's."""
    seated = [s for s in _table_seatings(section, table) if s.round <= section.current_round]
    unfinished = _unfinished(section, seated)
    return unfinished[0].round if unfinished else section.current_round


def table_seating(section: Section, table: int) -> Seating:
    """The seating a table's phone shows (table_round), with its pairs; NotFound when the table has none in
    that round (it sits out)."""
    number = table_round(section, table)
    seating = section.seatings.filter(round=number, table=table).select_related("ns", "ew").first()
    if seating is None:
        raise NotFound(f"table {table} has no seating in round {number}")
    return seating


def table_plays(table: int, seatings: list[Seating]) -> str:
    """ "table 2 plays boards 1-3 in round 1, 4-6 in round 2" (a round without boards left out)."""
    played = [f"{board_list(tuple(s.boards))} in round {s.round}" for s in seatings if s.boards]
    return f"table {table} plays boards {', '.join(played)}" if played else f"table {table} plays no boards"


def entry_round(section: Section, table: int, number: int) -> int:
    """The round in which a table enters board `number` (a phone names no round): of its rounds up to the
    director's that hold the board, the director's, else the earliest with the result missing, else the latest
    (a repeat, or a different result for the director). Forbidden naming the table's rounds when it has not
    been seated for the board, or not yet."""
    seatings = _table_seatings(section, table)
    seated = [s for s in seatings if s.round <= section.current_round]
    holding = [s for s in seated if number in s.boards]
    if not holding:
        later = next((s for s in seatings if s.round > section.current_round and number in s.boards), None)
        if later is not None:
            raise Forbidden(
                f"board {number} comes to table {table} in round {later.round}; the room is in round "
                f"{section.current_round}: {table_plays(table, seated)}"
            )
        if not section.boards.filter(number=number).exists():
            raise NotFound(f"board {number} is not in this section")
        raise Forbidden(f"board {number} is not played at table {table}: {table_plays(table, seated)}")
    if holding[-1].round == section.current_round or len(holding) == 1:
        return holding[-1].round
    entered = set(Result.objects.filter(section=section, board__number=number).values_list("ns_id", "ew_id"))
    unfinished = [s for s in holding if (s.ns_id, s.ew_id) not in entered]
    return unfinished[0].round if unfinished else holding[-1].round


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
