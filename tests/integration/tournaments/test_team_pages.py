"""The teams pages (a match board by board, a team's matches, the standings with VPs round by round, travellers
room by room, the results PDF) with the worked match of test_teams_byes, and the hidden-boards rule for teams: a
team has played a board once both rooms of its match are in."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from games.models import Board
from tests.integration.api_helpers import make_director
from tests.integration.scoring.teams import grid, name_teams, set_up
from tests.integration.tournaments.helpers import HAND_NEEDLES, ONE_SUIT_EACH, body_text, leaks, page_urls
from tournaments import services
from tournaments.models import Player, Section, TableCode

pytestmark = pytest.mark.django_db(transaction=True)


HOME = "Ann Lee&#x27;s team"
AWAY = "Ed Shaw&#x27;s team"
"""A team is named after its captain, the first player given (#29)."""


def cells(html: str, row_start: str) -> list[str]:
    """The text of each cell of the table row that begins with `row_start` (tags dropped, spaces squeezed)."""
    start = re.escape(row_start) if row_start.startswith("<tr") else rf"<tr>\s*{re.escape(row_start)}"
    row = re.search(rf"{start}.*?</tr>", html, re.S)
    assert row, row_start
    found = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row.group(0), re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in found]


def test_the_match_page_shows_both_rooms_board_by_board_with_imps_and_vps(client, match):
    page = client.get(f"/sections/{match.id}/rounds/1/matches/1/").content.decode()
    assert f'<span class="names">{HOME}</span>' in page and f'<span class="names">{AWAY}</span>' in page
    url = f"/sections/{match.id}/boards"
    assert cells(page, f'<th scope="row"><a href="{url}/1/">') == [
        "1",
        "4S N 10 +420",
        "4S N 9 -50",
        "10",
        "",
    ]
    assert cells(page, f'<th scope="row"><a href="{url}/2/">') == [
        "2",
        "3NT S 11 +660",
        "3NT S 8 -100",
        "13",
        "",
    ]
    assert cells(page, f'<th scope="row"><a href="{url}/3/">') == [
        "3",
        "4H E 10 -620",
        "2H E 9 -140",
        "",
        "10",
    ]
    assert cells(page, '<th scope="row" colspan="3">IMPs') == ["IMPs", "23", "10"]
    assert cells(page, '<th scope="row" colspan="3">VPs') == [
        "VPs (WBF 2013 scale, 3 boards)",
        "16.73",
        "3.27",
    ]
    assert client.get(f"/sections/{match.id}/rounds/1/matches/2/").status_code == 404


def test_the_team_standings_and_team_pages_show_vps_round_by_round_and_the_players(client, match):
    page = client.get(f"/sections/{match.id}/").content.decode()
    team = f'<td class="team"><a href="/sections/{match.id}/teams/1/">'
    assert cells(page, f"<td>1</td>\n      {team}") == ["1", f"Team 1 {HOME}", "16.73 v 2", "16.73"]
    assert f'href="/sections/{match.id}/rounds/1/matches/1/"' in page
    mine = client.get(f"/sections/{match.id}/teams/2/").content.decode()
    assert f'<p class="team-players">{AWAY}: Ed Shaw (captain), Flo Kerr, Gus Pike, Hal Roe</p>' in mine
    assert cells(mine, "<tr><td>1</td>") == ["1", f"Team 1 {HOME} away", "10–23", "3.27"]


def test_a_teams_traveller_shows_each_room_and_the_imps(client, match):
    page = client.get(f"/sections/{match.id}/boards/3/").content.decode()
    assert '<th scope="col">Open room' in page
    row = cells(page, '<tr><th scope="row"><a href="/sections/')
    assert row[0] == f"1 v 2 {HOME} v {AWAY}"
    assert (row[1].removesuffix(" Correct"), row[2].removesuffix(" Correct"), row[3]) == (
        "4H E 10 -620", "2H E 9 -140", "10 to 2"
    )  # fmt: skip


def test_the_results_pdf_names_the_teams_in_the_ranking_and_the_travellers(client, match):
    for action in ("finish", "publish"):
        assert client.post(f"/direct/sections/{match.id}/action/", {"action": action}).status_code == 302
    data = client.get(f"/sections/{match.id}/results.pdf").content
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())
    ranking, travellers = text.split("Board 1", 1)
    plain = HOME.replace("&#x27;", "'"), AWAY.replace("&#x27;", "'")
    assert f"1 1 {plain[0]} 16.73 16.73" in ranking and f"2 2 {plain[1]} 3.27 3.27" in ranking
    assert f"1 {plain[0]} 2 {plain[1]} 4S N 10, +420 4S N 9, -50 10 to 1" in travellers


def test_a_team_sees_a_board_only_once_both_rooms_have_played_it(client):
    """Board 3 (a deal no random deal has) is in from the open room only: the closed room's phone, the open
    room's phone, the teams' players and the public see neither its hand nor its score on any page; once the
    closed room has played it, both phones see it."""
    user, club = make_director()
    client.force_login(user)
    section = set_up(client, club, "teams-match", 2, 3)
    name_teams(club, section)
    pbn = f'[Board "3"]\n[Deal "{ONE_SUIT_EACH[3]}"]\n\n'
    services.import_hand_records(section, pbn, "hidden.pbn")
    grid(client, section, 3, {1: ("6NTXX", "S", 12)})  # N-S +1660 in the open room only
    ada = Player.objects.get(first_name="Ed")  # of the away team, sitting N-S in the closed room
    ada.user = type(user).objects.create_user("ed")
    ada.save()
    codes = dict(TableCode.objects.filter(section=section).values_list("table", "code"))
    urls = [
        u for u in page_urls({"section": section, "club": club}) if "/direct/" not in u and "/t/" not in u
    ]
    assert any("/rounds/1/matches/1/" in u for u in urls) and any("/teams/1/" in u for u in urls)

    def viewers():
        for kind in ("public", "player", 1, 2):
            viewer = type(client)(headers={"X-Forwarded-Proto": "https"})
            if kind == "player":
                viewer.force_login(ada.user)
            elif kind != "public":
                assert viewer.post("/table/", {"code": codes[kind]}).status_code == 302
            yield kind, viewer

    problems = []
    for kind, viewer in viewers():
        for url in urls:
            answer = viewer.get(url)
            assert answer.status_code < 500, url
            own = kind == 1 and url == "/table/"  # the open room's phone lists the result it entered
            found = leaks(body_text(answer), list(HAND_NEEDLES), set() if own else {1660})
            if found:
                problems.append(f"{kind}: GET {url} shows {found}")
    assert not problems, "\n".join(problems)

    grid(client, section, 3, {2: ("3NT", "N", 9)})  # the closed room plays it: N-S +400
    board = Board.objects.get(section=section, number=3)
    for kind, viewer in viewers():
        if kind in (1, 2):
            traveller = viewer.get(f"/sections/{section.id}/boards/3/")
            assert traveller.status_code == 200 and HAND_NEEDLES[1] in traveller.content.decode(), kind
        assert board.results.count() == 2
    assert Section.objects.get(id=section.id).status == "running"
