"""A party's players between rounds: who sits out each round (a number the tables cannot all seat: parties.core.reseat),
the late arrival added, the player who leaves withdrawn, a substitute in a player's seat. All are kept in the
party's settings (parties.core.PartySettings): `sitting_out` by round, the `queue` of sitting out, the round each
arrival `joined` and each leaver `left`; the standings score a round sat out at the player's average
(parties.core.with_sit_outs) and a round missed as nothing.

A change reaches the round in play while none of its tables has sent a tally (it is re-seated at once, every
player keeping his seat but the ones who come and go); once play has begun, at the next bell. A substitute takes
the seat at once, round in play or not."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import replace

from django.db import transaction

from config.refusals import Conflict, Refused
from tournaments import services as tournament_services
from tournaments.models import Entry, EntryKind, Seating, Section, Status
from tournaments.movements.model import MovementError

from .core import MOST_SITTING_OUT, PartySettings, Seated, party_kind, reseat
from .models import Tally
from .services import SIDES
from .settings import party_settings, save_party_settings


def sitting_out(section: Section, round_number: int) -> list[int]:
    """The players who sit round `round_number` out, in the order they sit out."""
    return list(party_settings(section).sitting_out_in(round_number))


def present(section: Section, round_number: int) -> list[int]:
    """Everyone at the party for round `round_number`: not yet gone (`left` at or before it), already come."""
    settings = party_settings(section)
    return [
        n
        for n in section.entries.order_by("number").values_list("number", flat=True)
        if settings.here(n, round_number)
    ]


def rounds_played(section: Section, before: int) -> Counter:
    """How many of the rounds before `before` each player was seated for."""
    played: Counter = Counter()
    for seats in section.seatings.filter(round__lt=before).values_list("seats", flat=True):
        played.update(int(p) for p in seats.values())
    return played


def next_round(section: Section, moved: tuple[tuple[int, int, int, int], ...], number: int) -> Seated:
    """Round `number` seated from the movement's `moved` seating, with its sit-outs (parties.core.reseat)."""
    settings = party_settings(section)
    kind = party_kind(section.movement_kind)
    her = settings.ladies_of(section.entries.count()) if kind.mixed else frozenset()
    queue = settings.queue or ()
    try:
        return reseat(kind, moved, present(section, number), her, rounds_played(section, number), queue)
    except MovementError as error:
        raise Conflict(f"round {number}: {error}") from None


def record_sitting_out(section: Section, round_number: int, players: Sequence[int]) -> None:
    """Keep who sits round `round_number` out with the party's settings."""
    settings = party_settings(section)
    out = {**settings.sitting_out, round_number: tuple(int(p) for p in players)}
    save_party_settings(section, replace(settings, sitting_out=out))


def add_tables(section: Section, tables: Collection[int]) -> None:
    """A table code for each table a round seats that had none (a table more for late arrivals)."""
    have = set(section.table_codes.values_list("table", flat=True))
    for table in sorted(set(tables) - have):
        tournament_services.add_table_code(section, table)


def _round_open(section: Section) -> int | None:
    """The round a change of players re-seats at once: the round in play (or round 1 before the start) while none
    of its tables has sent a tally; None once play has begun (the change waits for the bell)."""
    if section.status == Status.FINISHED:
        raise Conflict(f"{section.session.event.name} is over: its players no longer change")
    number = max(section.current_round, 1)
    if Tally.objects.filter(section=section, round=number).exists():
        return None
    return number


def _reseat_now(section: Section, number: int) -> None:
    """Round `number` seated again for the players now present: each keeps his seat but the ones who come and go."""
    rows = list(section.seatings.filter(round=number).order_by("table"))
    current = tuple(tuple(int(row.seats[s]) for s in "NESW") for row in rows)
    moved = next_round(section, current, number)
    section.seatings.filter(round=number).delete()
    Seating.objects.bulk_create(
        Seating(section=section, round=number, table=t, seats=dict(zip("NESW", table, strict=True)))
        for t, table in enumerate(moved.tables, start=1)
    )
    add_tables(section, range(1, len(moved.tables) + 1))
    record_sitting_out(section, number, moved.sitting_out)


def _locked(section: Section) -> Section:
    """The party locked for the change; military euchre's forts are four defenders each (Hoyle 1940
    L11436–11438), numbered by their players (parties.core.fort_of), so their players do not change."""
    section = Section.objects.select_for_update(no_key=True).get(id=section.id)
    if not section.is_party:
        raise Conflict(f"{section} is not a progressive party")
    if party_kind(section.movement_kind).name == "military-euchre":
        raise Conflict("military euchre's forts are four defenders each (Hoyle 1940 L11436–11438), chosen by the "
                       "hostess: their players do not change during the party")  # fmt: skip
    return section


def _when(number: int | None, section: Section) -> str:
    return f"round {number}" if number else f"round {section.current_round + 1}, after the bell"


def _new_entry(
    section: Section, name: str, side: str, settings: PartySettings
) -> tuple[Entry, PartySettings]:
    """The new player's entry, and the settings with the player at the end of the queue (and among the ladies)."""
    kind = party_kind(section.movement_kind)
    name = name.strip()
    if not name:
        raise Refused("give the new player's name")
    if kind.mixed and side not in SIDES:
        raise Refused(f"{kind.title} partners a lady and a gentleman: say which {name} is")
    number = (section.entries.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    entry = Entry.objects.create(section=section, number=number, kind=EntryKind.PLAYER, name=name)
    if kind.mixed:
        her = sorted(settings.ladies_of(number - 1)) + ([number] if side == "lady" else [])
        settings = replace(settings, ladies=tuple(her))
    return entry, replace(settings, queue=(*(settings.queue or ()), number))


@transaction.atomic
def add_player(section: Section, name: str, side: str = "") -> tuple[Entry, str]:
    """A late arrival: a new player, who plays from the round in play if no table has begun it, else from the next
    (sitting out, or filling a table, as parties.core.reseat decides). Answers the player and the round, in words."""
    section = _locked(section)
    number = _round_open(section)
    entry, settings = _new_entry(section, name, side, party_settings(section))
    joined = {**settings.joined, entry.number: number or section.current_round + 1}
    save_party_settings(section, replace(settings, joined=joined))
    _check_numbers(section)
    if number:
        _reseat_now(section, number)
    return entry, _when(number, section)


def _player(section: Section, number: int) -> Entry:
    entry = section.entries.filter(number=number).first()
    if entry is None:
        raise Refused(f"player {number} is not in {section.session.event.name}")
    if number in party_settings(section).left:
        raise Conflict(f"{entry.name or f'player {number}'} has left the party already")
    return entry


@transaction.atomic
def withdraw_player(section: Section, number: int) -> tuple[Entry, str]:
    """A player who leaves: out of the round in play if no table has begun it, else from the next. He keeps in the
    standings what he won; the rounds he misses count nothing."""
    section = _locked(section)
    entry = _player(section, number)
    when = _round_open(section)
    settings = party_settings(section)
    left = {**settings.left, number: when or section.current_round + 1}
    save_party_settings(section, replace(settings, left=left))
    _check_numbers(section)
    if when:
        _reseat_now(section, when)
    return entry, _when(when, section)


@transaction.atomic
def substitute_player(section: Section, number: int, name: str, side: str = "") -> tuple[Entry, str]:
    """A substitute takes a leaving player's seat (or his turn sitting out) in the round in play, at once: the
    tally of that round counts for the substitute; the one who left keeps what he won before."""
    section = _locked(section)
    leaving = _player(section, number)
    settings = party_settings(section)
    kind = party_kind(section.movement_kind)
    if kind.mixed:
        her = settings.ladies_of(section.entries.count())
        if (side == "lady") != (number in her):
            raise Refused(
                f"{leaving.name or f'player {number}'} is a {'lady' if number in her else 'gentleman'}: "
                f"{kind.title} needs a substitute of the same side"
            )
    entry, settings = _new_entry(section, name, side, settings)
    round_number = max(section.current_round, 1)
    if number in (out := settings.sitting_out_in(round_number)):  # the substitute takes his turn sitting out
        turn = tuple(entry.number if p == number else p for p in out)
        settings = replace(settings, sitting_out={**settings.sitting_out, round_number: turn})
    joined, left = {**settings.joined, entry.number: round_number}, {**settings.left, number: round_number}
    save_party_settings(section, replace(settings, joined=joined, left=left))
    for seating in section.seatings.filter(round=round_number):
        if number in seating.seats.values():
            seating.seats = {s: entry.number if p == number else p for s, p in seating.seats.items()}
            seating.save(update_fields=["seats"])
    return entry, f"round {round_number}"


def _check_numbers(section: Section) -> None:
    """Refuse, naming why, a change that leaves the players no seating the kind can serve."""
    kind = party_kind(section.movement_kind)
    here = present(section, section.current_round + 1)
    her = party_settings(section).ladies_of(section.entries.count())
    ladies = sum(1 for p in here if p in her) if kind.mixed else None
    tables = min(ladies or 0, len(here) - (ladies or 0)) // 2 if kind.mixed else len(here) // 4
    if tables < 1:
        raise Conflict(f"{len(here)} players would not fill a table of {kind.title}")
    if len(here) - 4 * tables > MOST_SITTING_OUT:
        raise Conflict(
            f"{ladies} ladies and {len(here) - (ladies or 0)} gentlemen would leave "
            f"{len(here) - 4 * tables} sitting out each round, more than {MOST_SITTING_OUT}: add a "
            f"{'gentleman' if 2 * (ladies or 0) > len(here) else 'lady'} first"
        )
