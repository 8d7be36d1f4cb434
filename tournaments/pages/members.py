"""The director's members page (add, edit, search as you type, walk-in guests, a CSV imported with a preview) and
the entry forms that make pairs, teams and individual entries from members (the set-up page and the desk).

Views are thin: the director check is tournaments.permissions.is_director; every change goes through
tournaments.membership (save_member, read_members, import_members, find_member, name_entries).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from config.refusals import Refused, refusals_shown
from tournaments import membership
from tournaments.models import Club, Entry, EntryKind, Player, collation_key
from tournaments.permissions import is_director

MAX_MEMBERS_FILE = 1 << 20
"""A members CSV larger than this is not one (20,000 members take about 600 kB)."""


def _club(request, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("only a director of this club may do this")
    return club


def _search(club: Club, text: str) -> list[Player]:
    """The members whose name holds every word typed, accents and case aside ("astrom" finds Åström), or whose
    number starts with it; by surname."""
    words = collation_key(text).split()
    return [
        p for p in membership.by_surname(club.players.all())
        if all(word in collation_key(str(p)) or p.federation_number.startswith(word) for word in words)
    ]  # fmt: skip


def _form(data) -> dict:
    return {
        "name": data.get("name", ""), "number": data.get("number", ""), "email": data.get("email", ""),
        "guest": data.get("guest") == "1",
    }  # fmt: skip


def _members_again(request, error: Refused, slug: str) -> HttpResponse:
    """The members page again after a Refused (said by refusals_shown), with the new member as typed."""
    club = _club(request, slug)
    return render(request, "direct/members.html", {
        "club": club, "members": _search(club, ""), "query": "", "values": _form(request.POST),
    }, status=error.status)  # fmt: skip


def _member_again(request, error: Refused, slug: str, member_id: int) -> HttpResponse:
    club = _club(request, slug)
    player = get_object_or_404(Player, club=club, id=member_id)
    return render(request, "direct/member.html", {"club": club, "player": player, "values": _form(request.POST)},
                  status=error.status)  # fmt: skip


@login_required
@refusals_shown(_members_again)
def members(request, slug: str):
    """The club's members, searched as you type; a new member or walk-in guest added here."""
    club = _club(request, slug)
    if request.method == "POST":
        player = membership.save_member(club, **_form(request.POST))
        messages.success(request, f"{player.choice} added.")
        _namesakes(request, player)
        return redirect("direct-members", club.slug)
    query = request.GET.get("q", "").strip()
    return render(request, "direct/members.html", {
        "club": club, "members": _search(club, query), "query": query, "values": {},
    })  # fmt: skip


@login_required
@require_POST
def members_privacy(request, slug: str):
    """Who may read the member list and numbers: the directors only, or the club's members signed in too."""
    club = _club(request, slug)
    club.members_see_members = request.POST.get("members_see_members") == "1"
    club.save(update_fields=["members_see_members"])
    who = "the directors and the members signed in" if club.members_see_members else "the directors only"
    messages.success(request, f"The member list is now for {who}.")
    return redirect("direct-members", club.slug)


def _namesakes(request, player: Player) -> None:
    """Two members of one name are allowed, but said: the entry forms then need their numbers."""
    others = [p.choice for p in membership.namesakes(player)]
    if others:
        messages.warning(request, f"The club has another {player}: {', '.join(others)}.")


@login_required
@refusals_shown(_member_again)
def member(request, slug: str, member_id: int):
    """One member's details changed."""
    club = _club(request, slug)
    player = get_object_or_404(Player, club=club, id=member_id)
    values = {
        "name": str(player),
        "number": player.federation_number,
        "email": player.email,
        "guest": player.guest,
    }
    if request.method == "POST":
        membership.save_member(club, member=player, **_form(request.POST))
        messages.success(request, f"{player.choice} saved.")
        _namesakes(request, player)
        return redirect("direct-members", club.slug)
    return render(request, "direct/member.html", {"club": club, "player": player, "values": values})


@login_required
@require_POST
def members_import(request, slug: str):
    """A CSV of members: the upload is shown as a preview; "Import" adds every line or none."""
    club = _club(request, slug)
    upload = request.FILES.get("file")
    if upload is not None and upload.size > MAX_MEMBERS_FILE:
        messages.error(request, f"{upload.name} is over 1 MB: not a members file")
        return redirect("direct-members", club.slug)
    text = upload.read() if upload is not None else request.POST.get("data", "")
    try:
        if request.POST.get("confirm") == "1":
            added = membership.import_members(club, text)
            messages.success(request, f"{len(added)} members imported.")
            return redirect("direct-members", club.slug)
        rows = membership.read_members(club, text)
    except Refused as error:
        messages.error(request, f"Nothing was imported: {error.message}")
        return render(request, "direct/members.html", {
            "club": club, "members": _search(club, ""), "values": {},
        }, status=400)  # fmt: skip
    doubts = [f"line {row['line']}: {'; '.join(row['doubts'])}" for row in rows if row["doubts"]]
    return render(request, "direct/members_import.html", {
        "club": club, "rows": rows, "doubts": doubts, "data": membership.members_text(text),
    })  # fmt: skip


# Entries made from members: the forms of the set-up page and the desk.

SLOTS = {EntryKind.PAIR: 2, EntryKind.TEAM: 6, EntryKind.PLAYER: 1}
"""Name boxes an entry of each kind shows (a team of four leaves two empty)."""


def entry_rows(
    entries: list[tuple[int, str, str]],
    data=None,
    current: dict | None = None,
    prefix: str = "players-",
    names: dict | None = None,
) -> list[dict]:
    """The entry form's rows: for each (number, kind, direction) its label, the name of its boxes (`prefix` and
    the number) and the boxes, filled from the form as typed (`data`) or from the entry's players (`current`:
    number → player choices); a team's also its name box (<field>-team), from the form or `names` (number → the
    name the director gave it)."""
    rows = []
    for number, kind, direction in entries:
        field = f"{prefix}{number}"
        typed = data.getlist(field) if data is not None else (current or {}).get(number, [])
        slots = SLOTS[EntryKind(kind)]
        side = {"NS": " N-S", "EW": " E-W"}.get(direction, "")
        label = f"{EntryKind(kind).label} {number}{side}"
        row = {
            "number": number,
            "field": field,
            "label": label,
            "values": (list(typed) + [""] * slots)[:slots],
        }
        if kind == EntryKind.TEAM:
            given = (names or {}).get(number, "")
            row["team_name"] = data.get(f"{field}-team", "") if data is not None else given
        rows.append(row)
    return rows


def section_entry_rows(section, data=None) -> list[dict]:
    """The desk's entry form, each entry's players in the order they were given (its name's order: the player
    table's own ordering is by surname, which would turn "Ann Smith & Bob Jones" round on the next save). Each row
    folds to the entry's name on the desk; a row typed differently from what is stored opens (the form came back
    refused: the director's change is there to fix)."""
    entries = list(section.entries.all())
    current: dict[int, list[str]] = {e.number: [] for e in entries}
    given = Entry.players.through.objects.filter(entry__section=section).select_related("entry", "player")
    captains = {}
    for row in given.order_by("id"):
        current[row.entry.number].append(row.player.choice)
        captains.setdefault(row.entry.number, row.player)
    typed_names = {  # a team's own name; one that is its captain's follows the captain
        e.number: e.name
        for e in entries
        if e.kind == EntryKind.TEAM and e.name and e.name != membership.team_name([captains.get(e.number)])
    }
    rows = entry_rows([(e.number, e.kind, e.direction) for e in entries], data, current, names=typed_names)
    for row, entry in zip(rows, entries, strict=True):
        row["name"] = entry.name
        row["open"] = [v for v in row["values"] if v] != current[entry.number] or (
            "team_name" in row and row["team_name"] != typed_names.get(entry.number, "")
        )
    return rows


def typed_players(club: Club, data, prefix: str = "players-") -> dict[int, list[Player]]:
    """The members named in an entry form (fields <prefix><number>), found by find_member; entries left blank
    are left out. Every name that is not a member is refused together."""
    chosen: dict[int, list[Player]] = {}
    problems = []
    for key in data:
        number = key.removeprefix(prefix)
        if not key.startswith(prefix) or not number.isdigit():
            continue
        names = [text for text in data.getlist(key) if text.strip()]
        players = []
        for text in names:
            try:
                players.append(membership.find_member(club, text))
            except Refused as error:
                problems.append(error.message)
        if names:
            chosen[int(number)] = players
    if problems:
        raise Refused("; ".join(problems))
    return chosen


def typed_team_names(data, prefix: str = "players-") -> dict[int, str]:
    """The team names typed in an entry form (fields <prefix><number>-team); a blank one is the captain's."""
    found = {}
    for key in data:
        number = key.removeprefix(prefix).removesuffix("-team")
        if key.startswith(prefix) and key.endswith("-team") and number.isdigit():
            found[int(number)] = data.get(key, "")
    return found


def member_choices(club: Club) -> list[str]:
    return [p.choice for p in membership.by_surname(club.players.filter(archived=False))]
