"""Directors' pages to put right what they made: an event's name and date, its sessions' names; a test session or
event deleted (asked first on its own page) while no result depends on it, archived with a reason once one does;
a member deleted while they played in nothing, archived otherwise. The event page also carries every export of
its sections (the files the commands write).

Views are thin: the director check is tournaments.permissions.is_director; changes go through tournaments.upkeep.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from config.refusals import Refused, refusals_shown
from games.formats import handrecords
from tournaments import upkeep
from tournaments.models import Event, Player, Session
from tournaments.permissions import is_director


def _mine(request, row, club_id: int):
    if not is_director(request.user, club_id):
        raise PermissionDenied("only a director of this club may do this")
    return row


def _event(request, event_id: int) -> Event:
    event = get_object_or_404(Event.objects.select_related("club"), id=event_id)
    return _mine(request, event, event.club_id)


def _session(request, session_id: int) -> Session:
    session = get_object_or_404(Session.objects.select_related("event__club"), id=session_id)
    return _mine(request, session, session.event.club_id)


def _event_page(request, event: Event, status: int = 200):
    sessions = [
        (s, list(s.sections.all()), upkeep.what_depends(s.sections.all()))
        for s in event.sessions.prefetch_related("sections")
    ]
    return render(request, "direct/event.html", {
        "event": event, "sessions": sessions, "deal_formats": handrecords.FORMATS.values(),
        "depends": upkeep.what_depends([sec for _, secs, _ in sessions for sec in secs]),
    }, status=status)  # fmt: skip


def _event_again(request, error: Refused, event_id: int) -> HttpResponse:
    """The event page again after a Refused (said by refusals_shown), as it stands, with its 4xx."""
    return _event_page(request, _event(request, event_id), error.status)


def _session_again(request, error: Refused, session_id: int) -> HttpResponse:
    return _event_page(request, _session(request, session_id).event, error.status)


def _archive_again(request, error: Refused, kind: str, row_id: int) -> HttpResponse:
    event = _session(request, row_id).event if kind == "session" else _event(request, row_id)
    return _event_page(request, event, error.status)


def _member_again(request, error: Refused, slug: str, member_id: int) -> HttpResponse:
    return redirect("direct-member", slug, member_id)


@login_required
@refusals_shown(_event_again)
def event(request, event_id: int):
    """The event: its name and date, its sessions (renamed, deleted or archived) and their exports."""
    event = _event(request, event_id)
    if request.method == "POST":
        if "session" in request.POST:
            if not request.POST["session"].isdigit():
                raise Http404("no such session")
            session = get_object_or_404(event.sessions, id=request.POST["session"])
            upkeep.rename_session(session, request.POST.get("session_name", ""))
            messages.success(request, f"Session {session.number} is now called {session.name or 'nothing'}.")
        else:
            upkeep.rename_event(event, request.POST.get("name", ""), request.POST.get("date", ""))
            messages.success(request, f"Saved: {event.name}.")
        return redirect("direct-event", event.id)
    return _event_page(request, event)


def _confirm(request, title: str, text: str, button: str, back: str, reason: bool = False):
    return render(request, "direct/remove.html", {
        "title": title, "text": text, "button": button, "back": back, "reason": reason,
    })  # fmt: skip


@login_required
@refusals_shown(_event_again)
def delete_event(request, event_id: int):
    event = _event(request, event_id)
    back = reverse("direct-event", args=[event.id])
    if request.method == "POST":
        upkeep.delete_event(event)
        messages.success(request, f"{event.name} is deleted.")
        return redirect("direct-home")
    return _confirm(request, f"Delete {event.name}?", "Its sessions, movements, boards and table codes go with it; "
                    "nobody has played in it.", f"Delete {event.name}", back)  # fmt: skip


@login_required
@refusals_shown(_session_again)
def delete_session(request, session_id: int):
    session = _session(request, session_id)
    event = session.event
    if request.method == "POST":
        upkeep.delete_session(session)
        messages.success(request, f"{session} is deleted.")
        return (
            redirect("direct-event", event.id)
            if Event.objects.filter(id=event.id).exists()
            else redirect("direct-home")
        )
    alone = event.sessions.count() == 1
    return _confirm(
        request, f"Delete {session}?",
        "Its sections, movements, boards and table codes go with it" + (", and the event with it (its only "
        "session)" if alone else "") + "; no result has been entered in it.",
        "Delete the session", reverse("direct-event", args=[event.id]),
    )  # fmt: skip


@login_required
@require_POST
@refusals_shown(_archive_again)
def archive(request, kind: str, row_id: int):
    """Archive (with a reason) or restore an event or a session: left out of the club's public lists."""
    if kind not in ("event", "session"):
        raise Http404("only an event or a session is archived")
    if kind == "session":
        row = _session(request, row_id)
        event = row.event
    else:
        row = event = _event(request, row_id)
    if request.POST.get("restore") == "1":
        upkeep.restore(row)
        messages.success(request, f"{row} is shown again.")
    elif kind == "session":
        upkeep.archive_session(row, request.user, request.POST.get("reason", ""))
        messages.success(request, f"{row} is archived: kept with its results, off the club's pages.")
    else:
        upkeep.archive_event(row, request.POST.get("reason", ""))
        messages.success(request, f"{row.name} is archived: kept with its results, off the club's pages.")
    return redirect("direct-event", event.id)


def _player(request, slug: str, member_id: int) -> Player:
    player = get_object_or_404(Player.objects.select_related("club"), id=member_id, club__slug=slug)
    return _mine(request, player, player.club_id)


@login_required
@refusals_shown(_member_again)
def delete_member(request, slug: str, member_id: int):
    """Deleted when they played in nothing; archived (hidden from the list and the entry forms) otherwise."""
    player = _player(request, slug, member_id)
    back = reverse("direct-member", args=[slug, player.id])
    if request.method == "POST":
        upkeep.delete_member(player)
        messages.success(request, f"{player} is deleted.")
        return redirect("direct-members", slug)
    return _confirm(request, f"Delete {player}?", "They have played in nothing here: nothing else changes.",
                    f"Delete {player}", back)  # fmt: skip


@login_required
@require_POST
def archive_member(request, slug: str, member_id: int):
    player = upkeep.archive_member(_player(request, slug, member_id), request.POST.get("restore") != "1")
    done = "archived: off the member list and the entry forms" if player.archived else "a member again"
    messages.success(request, f"{player} is {done}.")
    return redirect("direct-member", slug, player.id)
