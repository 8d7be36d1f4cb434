"""Use cases of a progressive party: set one up from its kind and number of players, the first seating drawn by the
book's rule (parties.core). The party is a Section scored "progressive", its kind kept as the movement kind and its
settings (parties.core.PartySettings: how a round ends, the draw's seed) beside the movement it was seated with."""

from __future__ import annotations

import datetime
import secrets
from dataclasses import dataclass, replace

from django.db import transaction

from config.refusals import Refused
from scoring.services import standings_changed
from tournaments import services as tournament_services
from tournaments.models import Club, Entry, EntryKind, Event, ScoringMethod, Section, Session
from tournaments.movements.model import MovementError
from tournaments.movements.progressive import Method

from .core import KINDS, ROUND_ENDS, PartyKind, PartySettings, kind_of, ladies, party_kind, sit_out_queue
from .settings import party_settings, save_party_settings, with_party_settings

MAX_PRIZES = 20


@dataclass(frozen=True, slots=True)
class PartyRequest:
    """What a host gives to set up a party."""

    kind: str
    players: int
    name: str = ""
    forts: int | None = None
    ends: str = "bell"
    method: str = (
        ""  # how winners move: "together" or "split" (Hoyle 1940 L11401–11408); the kind's by default
    )
    deals: int | None = None  # a round of so many deals (ends "deals")
    minutes: int | None = None  # a timed round (ends "time")
    prizes: int = 0
    lone_hand_prize: bool = False
    seed: str = ""
    date: datetime.date | None = None
    fort_names: tuple[str, ...] = ()
    """Military euchre: each fort's name, fort 1 first (empty: "Fort 1", "Fort 2", ...)."""
    entries: tuple[tuple[str, str], ...] = ()
    """Each player's name and side ("lady", "gentleman" or "" where the kind has no sides), numbered in this order
    (a couple entered together: players 2c-1 and 2c). Empty: players 1 to `players` without names."""


SIDES = ("lady", "gentleman")
SEED_LENGTH = 40
"""The longest seed a host may give the draw (the set-up page and the API alike)."""


def _ladies(kind: PartyKind, request: PartyRequest) -> frozenset[int] | None:
    """The ladies as entered (None: none entered, so the odd numbers), each side checked."""
    if not request.entries:
        return None
    if len(request.entries) != request.players:
        raise Refused(f"{request.players} players but {len(request.entries)} names entered")
    for number, (name, side) in enumerate(request.entries, start=1):
        if not name.strip():
            raise Refused(f"player {number}: no name")
        if kind.mixed and side not in SIDES:
            raise Refused(
                f"player {number} ({name.strip()}): {kind.title} needs each player's side, lady or gentleman"
            )
    return (
        frozenset(n for n, (_, side) in enumerate(request.entries, start=1) if side == "lady")
        if kind.mixed
        else None
    )


def first_seating(section: Section) -> list[dict]:
    """Round 1's tables as the API answers them: [{"table": 1, "seats": {"N": 1, "E": 2, "S": 3, "W": 4}}, ...]
    (who sits it out: parties.players.sitting_out)."""
    return [{"table": s.table, "seats": {seat: s.seats.get(seat) for seat in "NESW"}}
            for s in section.seatings.filter(round=1).order_by("table")]  # fmt: skip


def _kind(request: PartyRequest) -> PartyKind:
    try:
        kind = kind_of(request.kind)
        kind.check(request.players, request.forts, _ladies(kind, request))
    except MovementError as error:
        raise Refused(str(error)) from None
    if request.method and (kind.method is None or request.method not in ("together", "split")):
        raise Refused(
            f"{kind.title} moves its players by its own rule" if kind.method is None
            else f"the methods are together and split (Hoyle 1940 L11401–11408), not {request.method!r}"
        )  # fmt: skip
    if request.ends not in ROUND_ENDS:
        raise Refused(f"a round ends by {', '.join(ROUND_ENDS)}, not {request.ends!r}")
    if request.ends == "deals" and not (request.deals and 1 <= request.deals <= 30):
        raise Refused("a round of a number of deals needs that number (1 to 30)")
    if request.ends == "time" and not (request.minutes and 1 <= request.minutes <= 120):
        raise Refused("a timed round needs its minutes (1 to 120)")
    forts = request.players // 4 if kind.name == "military-euchre" else 0
    _check_fort_names(kind, forts, request.fort_names)
    most = forts or min(MAX_PRIZES, request.players)  # military euchre's prizes go to forts (L11463–11464)
    if not 0 <= request.prizes <= most:
        raise Refused(
            f"give 0 to {most} prizes{' (one a fort at most)' if forts else ''}, not {request.prizes}"
        )
    if request.lone_hand_prize and kind.game != "euchre":
        raise Refused(f"{kind.title} has no lone hands, so no lone-hand prize")
    return kind


@transaction.atomic
def create_party(club: Club, request: PartyRequest, user) -> Section:
    """A new party of `request.kind` for `club`: event, session, section and its first seating (entries and table
    codes with it), still in set-up so the host can print the cards before the first bell."""
    kind = _kind(request)
    seed = request.seed or secrets.token_hex(8)
    her = _ladies(kind, request)
    first = kind.first_round(request.players, seed, request.forts, her)
    name = request.name.strip() or kind.title
    event = Event.objects.create(club=club, name=name, date=request.date or datetime.date.today())
    section = Section.objects.create(
        session=Session.objects.create(event=event, number=1),
        game=kind.game,
        rule_set=kind.rule_set,
        scoring_method=ScoringMethod.PROGRESSIVE,
        prizes=request.prizes,
        lone_hand_prize=request.lone_hand_prize,
    )
    settings = PartySettings(
        seed=seed,
        method=Method(request.method) if request.method else kind.method,
        ends=request.ends,
        deals=request.deals,
        minutes=request.minutes,
        ladies=tuple(sorted(her if her is not None else ladies(request.players))) if kind.mixed else None,
        forts=tuple(name.strip() for name in request.fort_names) or None,
        queue=sit_out_queue(first) if first.sitting_out else None,
        sitting_out={1: first.sitting_out} if first.sitting_out else {},
    )
    movement = with_party_settings({
        "kind": kind.name,
        "name": f"{kind.title}, {request.players} players",
        "rounds": [{"round": 1, "tables": [
            {"table": t, "seats": dict(zip("NESW", table, strict=True))} for t, table in enumerate(first.tables, start=1)
        ]}],
    }, settings)  # fmt: skip
    section = tournament_services.install_movement(section, movement, user)
    Entry.objects.bulk_create(  # the spares sitting round 1 out have no seat to make their entries
        Entry(section=section, number=number, kind=EntryKind.PLAYER) for number in first.sitting_out
    )
    for number, (name, _) in enumerate(request.entries, start=1):
        section.entries.filter(number=number).update(name=name.strip())
    return section


FORT_NAME = 40
"""The longest name of a fort."""


def _check_fort_names(kind: PartyKind, forts: int, names) -> None:
    if names and not forts:
        raise Refused(f"{kind.title} has no forts to name")
    if len(names) > forts:
        raise Refused(f"{forts} forts but {len(names)} fort names given")
    if too_long := [name.strip() for name in names if len(name.strip()) > FORT_NAME]:
        raise Refused(f"{too_long[0][:20]}…: a fort's name is {FORT_NAME} characters at most")


@transaction.atomic
def name_forts(section: Section, names: list[str]) -> Section:
    """Military euchre's forts named by the host, fort 1 first (a blank: "Fort 2" and so on). A fort keeps its
    number (fort f is players 4f-3 to 4f, at home at table f); the standings follow, their prizes naming the forts."""
    section = Section.objects.select_for_update(no_key=True).get(id=section.id)
    kind = party_kind(section.movement_kind)
    _check_fort_names(kind, section.entries.count() // 4 if kind.name == "military-euchre" else 0, names)
    settings = party_settings(section)
    save_party_settings(section, replace(settings, forts=tuple(name.strip() for name in names)))
    standings_changed(section.id)
    return section


__all__ = ["KINDS", "SIDES", "PartyRequest", "create_party", "first_seating", "name_forts"]
