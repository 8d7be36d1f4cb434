"""A member's pages: the sign-in link (a GET only shows whom it signs in: mail previews and link checkers open
links; the member's button POSTs), their password, their results (/me/) and a session's boards
(/me/sessions/<section id>/); and the director's button that makes a member's link. A director reads a member's
pages with ?member=<id>; nobody else does (players.services.subject)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import SetPasswordForm
from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from config.refusals import Refused, refusals_shown
from tournaments.models import Club, Player
from tournaments.permissions import is_director

from . import services


def _asked(find, *args):
    """A service's answer, its refusal as the page's 403, 404 or 400."""
    try:
        return find(*args)
    except Refused as error:
        if error.status == 403:
            raise PermissionDenied(error.message) from None
        if error.status == 404:
            raise Http404(error.message) from None
        raise SuspiciousOperation(error.message) from None


def _subject(request):
    return _asked(services.subject, request.user, request.GET.get("member"))


@login_required
@require_POST
@refusals_shown(lambda request, error, slug, member_id: redirect("direct-members", slug))
def make_link(request, slug: str, member_id: int):
    """A director's "Sign-in link" button: a new link for the member, shown this once to copy (only its digest
    is kept)."""
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("only a director of this club may do this")
    player = get_object_or_404(Player, club=club, id=member_id)
    token = services.make_link(player, request.user)
    link = request.build_absolute_uri(reverse("sign-in-link", args=[token]))
    return render(request, "players/link_made.html", {
        "club": club, "player": player, "link": link, "days": services.LINK_DAYS,
    })  # fmt: skip


def sign_in(request, token: str):
    """The link's page: GET names the member and asks; POST signs them in (once), then on to their password."""
    if request.method != "POST":
        player = services.link_player(token)
        status = 200 if player is not None else 410
        return render(request, "players/sign_in.html", {"player": player}, status=status)
    try:
        player = services.use_link(token)
    except Refused as error:
        return render(request, "players/sign_in.html", {"player": None, "problem": error.message}, status=410)
    login(request, player.user, backend="tournaments.signin.ThrottledModelBackend")
    messages.success(request, f"Signed in as {player}, member of {player.club}.")
    return redirect("my-password")


@login_required
def password(request):
    """The member's password (their user name shown): with it they sign in at /login/ without a new link."""
    form = SetPasswordForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="tournaments.signin.ThrottledModelBackend")
        messages.success(request, f"Password set: sign in at any time as {user.get_username()}.")
        return redirect("my-results")
    status = 400 if request.method == "POST" else 200
    return render(request, "players/password.html", {"form": form}, status=status)


@login_required
def results(request):
    """Every session the member played, newest first, the chart of their percentage and their partnerships."""
    player = _subject(request)
    rows = services.history(player, request.user)
    return render(request, "players/results.html", {
        "player": player, "rows": rows, "chart": services.chart(rows), "partners": services.by_partner(rows),
        "own": player.user_id == request.user.id, "member_query": _query(request),
    })  # fmt: skip


@login_required
def session(request, section_id: int):
    """One session's boards for the member: their line, the field, par, double dummy and the verdict."""
    player = _subject(request)
    found = _asked(services.session_analysis, player, section_id, request.user)
    return render(request, "players/session.html", {
        "player": player, "found": found, "played": found.played, "member_query": _query(request),
    })  # fmt: skip


def _query(request) -> str:
    member = request.GET.get("member", "")
    return f"?member={member}" if member.isdigit() else ""
