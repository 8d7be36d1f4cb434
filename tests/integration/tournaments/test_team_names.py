"""A team's own name (issue 29): typed on the set-up page with its players, or on the desk later; shown on the
standings, the desk and the projector. Left blank, a team is named after its captain, as before; a pair takes no
team name."""

from __future__ import annotations

import pytest

from tests.club import TEAMS, members, round_robin_two_rounds_in
from tournaments import membership
from tournaments.models import Section

pytestmark = pytest.mark.django_db(transaction=True)  # the standings are worked out on commit

SETUP = {"kind": "teams-round-robin", "size": "4", "boards_per_round": "2", "scoring_method": "vp",
         "name": "Winter Teams", "date": "2026-11-24"}  # fmt: skip


def team_form(club) -> dict:
    """The four teams' players as the set-up page's boxes take them ("Ann Lee (4001)"), teams 1 and 3 named."""
    form: dict = {"players-1-team": "The Lees", "players-2-team": "", "players-3-team": "  Wren's   Wrens "}
    for number in range(1, 5):
        form[f"players-{number}"] = [p.choice for p in members(club, TEAMS[number], 4000 + 10 * number)]
    return form


def test_a_team_named_at_set_up_keeps_its_name_on_the_desk(client, director):
    _, club = director
    answer = client.post(f"/direct/clubs/{club.slug}/new/", {**SETUP, **team_form(club)})
    assert answer.status_code == 302, answer.content.decode()[-2000:]
    section = Section.objects.get()
    names = dict(section.entries.values_list("number", "name"))
    assert names == {1: "The Lees", 2: "Ed Shaw's team", 3: "Wren's Wrens", 4: "Max Quill's team"}
    client.post(f"/direct/sections/{section.id}/action/", {"action": "start"})
    desk = client.get(f"/direct/sections/{section.id}/").content.decode()
    assert 'name="players-1-team" value="The Lees"' in desk  # to edit it
    assert 'name="players-2-team" value=""' in desk  # the captain's: left blank, it follows the captain
    assert "The Lees" in desk.split('id="round-title"')[1].split("</table>")[0]  # the round's tables


def test_the_desk_renames_a_team_shown_on_the_standings_and_projector(client, director):
    _, club = director
    section = round_robin_two_rounds_in(club)
    players = {
        f"players-{e.number}": [p.choice for p in membership.entry_players(e)] for e in section.entries.all()
    }
    renamed = {**players, "players-1-team": "The Lees", "players-2-team": "Shaw Thing"}
    assert client.post(f"/direct/sections/{section.id}/entries/", renamed).status_code == 302
    names = dict(section.entries.values_list("number", "name"))
    assert names == {1: "The Lees", 2: "Shaw Thing", 3: "Ida Wren's team", 4: "Max Quill's team",
                     5: "Quinn Vale's team"}  # fmt: skip
    desk = client.get(f"/direct/sections/{section.id}/").content.decode()
    assert '<span class="names">The Lees</span>' in desk.split('id="standings-title"')[1].split("</table>")[0]
    for page in (f"/sections/{section.id}/", f"/sections/{section.id}/?projector=1"):
        standings = client.get(page).content.decode().split('class="standings team-standings"')[1]
        assert '<span class="names">The Lees</span>' in standings.split("</table>")[0], page
    # Blank again, team 1 is its captain's once more; a team without players yet may still have its name.
    assert (
        client.post(f"/direct/sections/{section.id}/entries/", {**renamed, "players-1-team": ""}).status_code
        == 302
    )
    assert section.entries.get(number=1).name == "Ann Lee's team"
    section.entries.get(number=5).players.clear()
    assert (
        client.post(f"/direct/sections/{section.id}/entries/", {"players-5-team": "Late Comers"}).status_code
        == 302
    )
    assert dict(section.entries.values_list("number", "name"))[5] == "Late Comers"


def test_a_pair_takes_no_team_name_and_a_long_one_is_refused(client, director):
    _, club = director
    mitchell = {"kind": "mitchell", "size": "3", "boards_per_round": "2", "name": "Pairs", "date": "2026-11-24",
                "players-1-team": "The Lees"}  # fmt: skip
    answer = client.post(f"/direct/clubs/{club.slug}/new/", mitchell)
    assert (
        answer.status_code == 400 and "pair 1 is not a team: it takes no team name" in answer.content.decode()
    )
    assert not Section.objects.exists()
    answer = client.post(
        f"/direct/clubs/{club.slug}/new/", {**SETUP, **team_form(club), "players-2-team": "W" * 161}
    )
    assert answer.status_code == 400
    assert "the name of team 2 is 161 characters long: at most 160, please" in answer.content.decode()
    assert 'value="The Lees"' in answer.content.decode()  # the form as typed, to fix
