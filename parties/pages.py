"""The host's set-up page of a party: the game, the players (or couples), the method, how a round ends, the prizes;
it draws the first seating and links to the printable tally and table cards."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from games.services import Refused
from tournaments.models import Club, Section
from tournaments.permissions import is_director
from tournaments.selectors import directed_section

from . import printables, services
from .core import KINDS, ROUND_ENDS, party_kind, party_ladies


def _whole(data, name: str) -> int | None:
    text = (data.get(name) or "").strip()
    if not text:
        return None
    if not text.isdigit():
        raise Refused(f"{name.replace('_', ' ')}: {text!r} is not a whole number")
    return int(text)


def _entries(text: str) -> tuple[tuple[str, str], ...]:
    """The players' list, one a line: "Ann Lee, lady" (the side after the last comma, where there is one)."""
    entries = []
    for line in text.splitlines():
        if not line.strip():
            continue
        name, _, side = line.rpartition(",")
        side = side.strip().lower()
        entries.append((name.strip(), side) if name and side in services.SIDES else (line.strip(), ""))
    return tuple(entries)


def _request(data) -> services.PartyRequest:
    kind = data.get("kind", "")
    if kind not in KINDS:
        raise Refused(f"choose the game: one of {', '.join(k.title for k in KINDS.values())}")
    entries = _entries(data.get("entries", ""))
    players = len(entries) if entries else _whole(data, "players")
    if KINDS[kind].mixed and data.get("count") == "couples" and players is not None and not entries:
        players *= 2
    if players is None:
        raise Refused("give the number of players (or couples)")
    try:
        date = datetime.date.fromisoformat(data.get("date", ""))
    except ValueError:
        date = None
    return services.PartyRequest(
        kind=kind, players=players, name=data.get("name", ""), forts=_whole(data, "forts"),
        ends=data.get("ends", "bell"), method=data.get("method", ""), deals=_whole(data, "deals"), minutes=_whole(data, "minutes"),
        prizes=_whole(data, "prizes") or 0, lone_hand_prize=data.get("lone_hand_prize") == "1", date=date,
        entries=entries,
    )  # fmt: skip


@login_required
def new_party(request, slug: str):
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("only a director of this club may do this")
    context = {"club": club, "kinds": KINDS.values(), "ends": ROUND_ENDS, "values": request.POST,
               "today": datetime.date.today().isoformat()}  # fmt: skip
    if request.method == "POST":
        try:
            section = services.create_party(club, _request(request.POST), request.user)
        except Refused as error:
            context["problem"] = error.message
            return render(request, "parties/new.html", context, status=400)
        messages.success(request, f"{section.session.event.name} is set up: the first seating is drawn.")
        return redirect("direct-party-ready", section.id)
    return render(request, "parties/new.html", context)


def _party(request, section_id: int) -> Section:
    return directed_section(request.user, section_id)


@login_required
def table_cards(request, section_id: int):
    """Table cards with each table's code and a QR code to its phone page (directors only: the codes open the
    tables)."""
    section = _party(request, section_id)
    pdf = printables.table_cards_pdf(section, request.build_absolute_uri("/").rstrip("/"))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="party-{section.id}-table-cards.pdf"'
    return response


@login_required
def ready(request, section_id: int):
    """The party as set up: its first seating, the cards to print and the start."""
    section = _party(request, section_id)
    kind = party_kind(section.movement_kind)
    players = section.entries.count()
    her = party_ladies((section.movement or {}).get("party"), players) if kind.mixed else frozenset()
    names = dict(section.entries.values_list("number", "name"))

    def who(number: int) -> str:
        sex = (" (lady)" if number in her else " (gentleman)") if kind.mixed else ""
        return f"{number}. {names.get(number) or 'Player'}{sex}"

    tables = [
        {"table": row["table"], "seats": [(seat, who(n)) for seat, n in row["seats"].items()]}
        for row in services.first_seating(section)
    ]
    return render(request, "parties/ready.html", {
        "section": section, "kind": kind, "tables": tables, "party": (section.movement or {}).get("party", {}),
    })  # fmt: skip
