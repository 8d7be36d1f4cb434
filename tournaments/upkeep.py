"""Keeping a club's records tidy from the pages: rename, delete or archive what a director made (events, sessions,
members), the club's directors and its profile (address, website, logo, colours).

A row is deleted only while nothing depends on it; once something does (a result, a tally, a published version,
an entry a member played in) it is archived instead: kept with what depends on it, left out of the public lists
and the entry forms. Each refusal is a Refused naming what depends.
"""

from __future__ import annotations

import datetime
import re

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q

from config.refusals import Conflict, Forbidden, NotFound, Refused
from games.models import Publication, Result
from tournaments import services
from tournaments.models import Club, ClubLogo, Event, Player, Section, Session

MAX_LOGO = 256 * 1024
"""A logo larger than this is not a page header's image (a club's crest is a few kB)."""

LOGO_TYPES = {b"\x89PNG\r\n\x1a\n": "image/png", b"\xff\xd8\xff": "image/jpeg", b"GIF87a": "image/gif",
              b"GIF89a": "image/gif"}  # fmt: skip
"""Logos are known by their first bytes, never by the name or the type the browser sends; no SVG (it may carry
scripts)."""

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _name(text: str, what: str, longest: int) -> str:
    name = " ".join((text or "").split())
    if not name:
        raise Refused(f"The {what} needs a name.")
    if len(name) > longest:
        raise Refused(f"The {what}'s name is over {longest} characters.")
    return name


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat((text or "").strip())
    except ValueError:
        raise Refused(f"{text!r} is not a date: give it as 2026-12-03.") from None


def what_depends(sections) -> list[str]:
    """What keeps these sections from being deleted, in words; empty when nothing does."""
    ids = [s.id for s in sections]
    found = []
    results = Result.objects.filter(section_id__in=ids).count()
    if results:
        found.append(f"{results} result{'s' if results != 1 else ''}")
    tallies = Section.objects.filter(
        id__in=ids
    ).aggregate(  # a party's Tally rows (parties, not imported here)
        n=Count("tallies", filter=Q(tallies__hands__gt=0))
    )["n"]
    if tallies:
        found.append(f"{tallies} tall{'ies' if tallies != 1 else 'y'}")
    if Publication.objects.filter(section_id__in=ids).exists():
        found.append("published results")
    return found


def rename_event(event: Event, name: str, date: str) -> Event:
    event.name = _name(name, "event", Event._meta.get_field("name").max_length)
    event.date = _date(date)
    event.save(update_fields=["name", "date"])
    return event


def rename_session(session: Session, name: str) -> Session:
    session.name = " ".join((name or "").split())[: Session._meta.get_field("name").max_length]
    session.save(update_fields=["name"])
    return session


def check_deletable(row: Event | Session, sections) -> None:
    """The one rule for deleting an event or a session (pages and API): while none of its sections has a result, a
    tally or a published version; a 409 naming what depends otherwise."""
    depends = what_depends(sections)
    if depends:
        raise Conflict(f"{row} has {', '.join(depends)}: archive it instead.")


@transaction.atomic
def delete_event(event: Event) -> None:
    check_deletable(event, Section.objects.filter(session__event=event))
    event.delete()


@transaction.atomic
def delete_session(session: Session) -> None:
    """A test session; on the pages its event goes with it when it was the event's only one (the set-up page made
    them together)."""
    check_deletable(session, session.sections.all())
    event = session.event
    session.delete()
    if not event.sessions.exists():
        event.delete()


def _reason(reason: str) -> str:
    reason = " ".join((reason or "").split())
    if not reason:
        raise Refused("Say why it is archived.")
    return reason


@transaction.atomic
def archive_session(session: Session, user, reason: str) -> Session:
    """Left out of the public lists, kept with its results; the reason goes into each section's versions."""
    session.archived = _reason(reason)
    session.save(update_fields=["archived"])
    for section in session.sections.all():
        services.record_reason(section, user, f"Archived: {session.archived}")
    return session


def archive_event(event: Event, reason: str) -> Event:
    event.archived = _reason(reason)
    event.save(update_fields=["archived"])
    return event


def restore(row: Event | Session) -> None:
    row.archived = ""
    row.save(update_fields=["archived"])


def delete_member(player: Player) -> None:
    """A member who never played here; one who did is archived instead (their results keep their name)."""
    played = player.entries.count()
    if played:
        raise Conflict(
            f"{player} plays in {played} entr{'ies' if played != 1 else 'y'}: archive them instead."
        )
    player.delete()


def archive_member(player: Player, archived: bool = True) -> Player:
    player.archived = archived
    player.save(update_fields=["archived"])
    return player


def add_director(club: Club, username: str, email: str = ""):
    """A new user, director of the club, with no password yet: they set it from a one-time link
    (tournaments.pages.club.profile). An existing user name is refused: the link would let the adding director set
    someone else's password."""
    User = get_user_model()
    user = User(username=(username or "").strip(), email=(email or "").strip())
    try:
        user.clean_fields(exclude=[f.name for f in User._meta.fields if f.name not in ("username", "email")])
    except ValidationError as error:
        raise Refused(" ".join(f"{k.replace('_', ' ').capitalize()}: {m}" for k, ms in error.message_dict.items()
                               for m in ms)) from None  # fmt: skip
    if User.objects.filter(username__iexact=user.username).exists():
        raise Conflict(f"The user name {user.username!r} is taken: choose another.")
    with transaction.atomic():
        user.set_unusable_password()
        user.save()
        club.directors.add(user)
    return user


@transaction.atomic
def remove_director(club: Club, user) -> None:
    """Never the last: a club with no director could not be run from the pages."""
    directors = club.directors.select_for_update()
    if not directors.filter(id=user.id).exists():
        raise NotFound(f"{user.get_username()} is not a director of {club.name}.")
    if directors.count() == 1:
        raise Conflict(f"{user.get_username()} is {club.name}'s last director: add another first.")
    club.directors.remove(user)


def may_give_link(by, user) -> None:
    """A director gives a fellow director a password link only when that gives them no more than they have: never
    for a superuser or staff, nor for one who directs a club they do not (the link would open it to them)."""
    theirs = set(user.directed_clubs.values_list("id", flat=True))
    mine = set(by.directed_clubs.values_list("id", flat=True))
    if not by.is_superuser and (user.is_superuser or user.is_staff or not theirs <= mine):
        raise Forbidden(
            f"{user.get_username()} also directs clubs you do not: they reset their password by e-mail, or a "
            "director of every club they direct gives them the link."
        )


def check_password(password: str, password2: str, user) -> None:
    if password != password2:
        raise Refused("The two passwords differ.")
    try:
        validate_password(password, user)
    except ValidationError as error:
        raise Refused(" ".join(error.messages)) from None


def read_logo(data: bytes) -> str:
    """The logo's media type, from its first bytes; Refused naming the problem."""
    if len(data) > MAX_LOGO:
        raise Refused(f"The logo is {len(data) // 1024} kB: keep it under {MAX_LOGO // 1024} kB.")
    for magic, kind in LOGO_TYPES.items():
        if data.startswith(magic):
            return kind
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    raise Refused("The logo must be a PNG, JPEG, GIF or WebP image.")


def save_profile(club: Club, values: dict, logo: bytes | None = None, drop_logo: bool = False) -> Club:
    """The club's name, town, address, website and colours (and its logo) at once, or nothing. The colours are
    kept only with `branded` (a colour box always sends one): without it the pages keep Traveller's own."""
    name = _name(values.get("name", ""), "club", Club._meta.get_field("name").max_length)
    if Club.objects.exclude(id=club.id).filter(Q(name__iexact=name)).exists():
        raise Conflict(f"A club called {name!r} is already here.")
    colours = {}
    for field, label in (("colour", "header colour"), ("text_colour", "header text colour")):
        value = (values.get(field) or "").strip() if values.get("branded") == "1" else ""
        if value and not COLOUR.fullmatch(value):
            raise Refused(f"The {label} {value!r} is not a colour like #1a5c3a.")
        colours[field] = value.lower()
    club.name = name
    club.city = " ".join((values.get("city") or "").split())[:120]
    club.address = (values.get("address") or "").strip()
    club.website = (values.get("website") or "").strip()
    club.colour, club.text_colour = colours["colour"], colours["text_colour"]
    if logo is not None:
        club.logo_type = read_logo(logo)
    elif drop_logo:
        club.logo_type = ""
    try:
        club.full_clean(exclude=["slug"])
    except ValidationError as error:
        raise Refused(
            " ".join(f"{k.capitalize()}: {m}" for k, ms in error.message_dict.items() for m in ms)
        ) from None
    with transaction.atomic():
        club.save()
        if logo is not None:
            ClubLogo.objects.update_or_create(club=club, defaults={"image": logo})
        elif drop_logo:
            ClubLogo.objects.filter(club=club).delete()
    return club
