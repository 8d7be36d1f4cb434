"""The teams pages for members and the director: a match board by board (both rooms side by side, the IMPs, the
match total and the VPs) and a team's matches. A teams section's standings and travellers are the section's own
pages (tournaments.pages.public), drawn from tournaments.team_data as these are.

Hidden boards: a board the viewer may not see yet (tournaments.visibility) shows neither room's contract, score or
IMPs; the match totals and VPs, like the live standings, are public.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render

from tournaments import membership, page_data, team_data
from tournaments.models import Entry


def _teams_section(request, section_id: int):
    section = page_data.page_section(request, section_id)
    if not team_data.is_teams(section):
        raise Http404("not a teams event")
    return section


def match(request, section_id: int, round_number: int, number: int):
    """Match `number` of round `round_number`: home v away, board by board."""
    section = _teams_section(request, section_id)
    view = team_data.TeamsView.of(section)
    found = team_data.find_match(view, round_number, number)
    if found is None:
        raise Http404(f"round {round_number} has no match {number}")
    viewer = page_data.viewer(request, section)
    home, away = view.entries[found.home], view.entries[found.away]
    lines = team_data.match_lines(section, viewer, found, view.entries)
    hidden = sum(
        1 for line in lines if not line.seen
    )  # then no total: it would tell how the hidden boards went
    return render(request, "pages/match.html", {
        "section": section, "match": found, "home": home, "away": away, "lines": lines, "hidden": hidden,
        "vps": found.vps if found.boards and not hidden else None,
        "here": f"Round {round_number}: Team {home.tag} v Team {away.tag}", "projector": request.GET.get("projector") == "1",
    })  # fmt: skip


def _seen_numbers(section, viewer) -> set[int] | None:
    """The numbers of the boards this viewer may see; None for all of them."""
    shown = viewer.shown_boards
    return (
        None if shown is None else set(section.boards.filter(id__in=shown).values_list("number", flat=True))
    )


def team(request, section_id: int, number: int):
    """A team: its players, its rounds (each match with its IMPs and VPs, or its bye) and its total."""
    section = _teams_section(request, section_id)
    entry = get_object_or_404(Entry.objects.prefetch_related("players"), section=section, number=number)
    view = team_data.TeamsView.of(section)
    viewer = page_data.viewer(request, section)
    rows = team_data.team_matches_of(view, entry, _seen_numbers(section, viewer))
    return render(request, "pages/team.html", {
        "section": section, "entry": entry, "rows": rows, "players": membership.entry_players(entry),
        "standing": getattr(entry, "standing", None) if viewer.sees_standings else None,
        "here": f"Team {entry.tag}",
    })  # fmt: skip
