"""Teams events with an odd number of teams (a bye each round), and one match worked by hand.

Expected figures are computed here, apart from scoring.methods:
- IMPs by Law 78B's table (test_teams.law_78b_imps); VPs by the WBF 2013 continuous formula (test_teams.wbf_2013).
- A bye scores 12 VPs (WBF General Conditions of Contest, the 20-point scale).
"""

from __future__ import annotations

import io
from collections import Counter

import pytest
from django.contrib.auth.models import User
from pypdf import PdfReader

from games.models import Result
from tests.club import RESULTS
from tests.integration.api_helpers import make_director
from tests.integration.scoring.teams import MATCH, grid, law_78b_imps, set_up, wbf_2013
from tournaments.models import Entry, Player, Seating, Section, TableCode

# Results and bells act once their transaction commits (the standings, the next seating): the tests that read
# what follows them commit (transaction=True); the rest roll back.
pytestmark = pytest.mark.django_db

MATCH_IMPS = [10, 13, -10]


@pytest.mark.django_db(transaction=True)
def test_the_worked_match_gives_its_imps_and_vps(client, match):
    scores = {(r.board.number, r.table): r.score_ns for r in Result.objects.filter(section=match)}
    assert scores == {key: value[3] for key, value in MATCH.items()}
    imps = [law_78b_imps(scores[(b, 1)] - scores[(b, 2)]) for b in (1, 2, 3)]
    assert imps == MATCH_IMPS and wbf_2013(13, 3) == (16.73, 3.27)
    standings = {s["entry"]: s["total"] for s in client.get(f"/api/sections/{match.id}/standings/").json()}
    assert standings == {1: 16.73, 2: 3.27}


def _swiss_round(client, section: Section, rnd: int, seed: int) -> None:
    """Every room of the round scored on the grid: contracts chosen so that matches differ."""
    seatings = list(Seating.objects.filter(section=section, round=rnd).order_by("table"))
    for board in seatings[0].boards:
        grid(client, section, board, {
            s.table: RESULTS[(seed * 7 + s.table * 3 + board * 5 + s.ns.number) % len(RESULTS)] for s in seatings
        })  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_a_seven_team_swiss_gives_a_bye_each_round_and_no_repeat_meeting(client):
    user, club = make_director()
    client.force_login(user)
    preview = client.get(f"/direct/clubs/{club.slug}/new/", {"kind": "swiss", "size": "7", "boards_per_round": "2",
                                                              "scoring_method": "vp", "name": "x"}).content.decode()  # fmt: skip
    assert '<th scope="col">Bye</th>' in preview and "<td>team 7</td>" in preview
    assert (
        preview.count('name="players-') == 7 * 7
    )  # seven teams of up to six and their names, team 7 (the bye) too
    section = set_up(client, club, "swiss", 7, 2)
    assert Entry.objects.filter(section=section).count() == 7  # team 7, with round 1's bye, is in it
    assert TableCode.objects.filter(section=section).count() == 6  # three matches in two rooms
    number = {e.id: e.number for e in Entry.objects.filter(section=section)}
    meetings: Counter = Counter()
    byes: list[int] = []
    vps: Counter = Counter()
    for rnd in (1, 2, 3):
        section.refresh_from_db()
        sat_out = [int(n) for n in section.movement["rounds"][rnd - 1]["sit_out"]]
        assert len(sat_out) == 1
        bye = sat_out[0]
        seatings = list(Seating.objects.filter(section=section, round=rnd).order_by("table"))
        seated = {number[s.ns_id] for s in seatings} | {number[s.ew_id] for s in seatings}
        assert len(seatings) == 6 and seated == set(range(1, 8)) - {bye}
        if rnd > 1:  # the lowest-ranked team that has had no bye gets it
            api = client.get(f"/api/sections/{section.id}/standings/").json()
            totals = {s["entry"]: s["total"] for s in api}
            assert totals == {t: pytest.approx(round(vps[t], 2)) for t in range(1, 8)}
            without = [t for t in range(1, 8) if t not in byes]
            lowest = min(without, key=lambda t: (round(vps[t], 2), -t))
            assert bye == lowest, (totals, byes)
        byes.append(bye)
        _swiss_round(client, section, rnd, rnd)
        scores = {
            (r.table, r.board.number): r.score_ns for r in Result.objects.filter(section=section, round=rnd)
        }
        for open_room, closed_room in zip(seatings[::2], seatings[1::2], strict=True):
            home, away = number[open_room.ns_id], number[open_room.ew_id]
            meetings[frozenset((home, away))] += 1
            margin = sum(
                law_78b_imps(scores[(open_room.table, b)] - scores[(closed_room.table, b)])
                for b in open_room.boards
            )
            home_vp, away_vp = wbf_2013(margin, 2)
            vps[home] += home_vp
            vps[away] += away_vp
        vps[bye] += 12.0
        page = client.get(f"/direct/sections/{section.id}/").content.decode()
        assert f'<p class="bye-notice">Team {bye} has a bye this round: 12 VPs' in page
        desk = client.get(f"/direct/sections/{section.id}/room.json").json()
        assert desk["missing"] == []  # the bye team has no table and no result to miss
        if rnd < 3:
            answer = client.post(
                f"/direct/sections/{section.id}/action/", {"action": "next-round"}, follow=True
            )
            assert Section.objects.get(id=section.id).current_round == rnd + 1, answer.content.decode()[
                -3000:
            ]
    assert len(set(byes)) == 3 and byes[0] == 7
    # The bye on the cards, the phones and the standings: round 3's bye team is told, and so is every table.
    cards = " ".join(PdfReader(io.BytesIO(client.get(f"/sections/{section.id}/cards-table.pdf").content)).pages[0]
                     .extract_text().split())  # fmt: skip
    assert "Round N-S E-W Boards Bye" in cards and "1 1 2 1-2 team 7" in cards, cards
    guide = " ".join(
        " ".join(
            p.extract_text()
            for p in PdfReader(
                io.BytesIO(client.get(f"/sections/{section.id}/cards-guide.pdf").content)
            ).pages
        ).split()
    )
    assert "Team 7 - " in guide and "1 - bye" in guide
    standings = client.get(f"/sections/{section.id}/").content.decode()
    assert (
        f'Bye in round 3: <a href="/sections/{section.id}/teams/{byes[2]}/">Team {byes[2]}</a>' in standings
    )
    assert standings.count('<span class="against">bye</span>') == 3
    phone = type(client)(headers={"X-Forwarded-Proto": "https"})
    assert phone.post(f"/t/{TableCode.objects.get(section=section, table=1).code}/").status_code == 302
    assert f"Team {byes[2]} has a bye this round." in phone.get("/table/").content.decode()
    member = Player.objects.create(
        club=club, first_name="Ida", last_name="Wren", user=User.objects.create_user("ida")
    )
    Entry.objects.get(section=section, number=byes[2]).players.add(member)
    player = type(client)(headers={"X-Forwarded-Proto": "https"})
    player.force_login(member.user)
    told = player.get("/table/").content.decode()
    assert f"Your team has a bye this round: Team {byes[2]} in swiss of 7, round 3 (12 VPs)." in told
    assert (
        "Your team has a bye this round: 12 VPs." in player.get(f"/sections/{section.id}/").content.decode()
    )
    assert len(meetings) == 9 and set(meetings.values()) == {1}  # no two teams meet twice
    totals = {s["entry"]: s["total"] for s in client.get(f"/api/sections/{section.id}/standings/").json()}
    assert totals == {t: pytest.approx(round(vps[t], 2), abs=1e-9) for t in range(1, 8)}


def test_a_seven_team_round_robin_gives_each_team_one_bye(client):
    user, club = make_director()
    client.force_login(user)
    section = set_up(client, club, "teams-round-robin", 7, 2)
    rounds = section.movement["rounds"]
    assert len(rounds) == 7 and sorted(int(r["sit_out"][0]) for r in rounds) == list(range(1, 8))
    assert Entry.objects.filter(section=section).count() == 7


def test_a_movement_whose_byes_are_not_a_list_is_refused_naming_the_round(client):
    user, club = make_director()
    client.force_login(user)
    event = client.post("/api/events/", {"club": club.id, "name": "Teams", "date": "2026-11-24"}).json()
    session = client.post("/api/sessions/", {"event": event["id"]}).json()
    sid = client.post("/api/sections/", {"session": session["id"], "scoring_method": "vp"}).json()["id"]
    movement = {"kind": "swiss", "rounds": [{"round": 1, "sit_out": "3", "tables": [
        {"table": 1, "ns": "1", "ew": "2", "boards": [1]}, {"table": 2, "ns": "2", "ew": "1", "boards": [1]}]}]}  # fmt: skip
    answer = client.post(
        f"/api/sections/{sid}/movement/", {"movement": movement}, content_type="application/json"
    )
    assert answer.status_code == 400, answer.content
    assert (
        "the movement's rounds[0].sit_out: a list of the entrants sitting out, please"
        in answer.content.decode()
    )
    movement["rounds"][0]["sit_out"] = ["3"]
    answer = client.post(
        f"/api/sections/{sid}/movement/", {"movement": movement}, content_type="application/json"
    )
    assert answer.status_code == 200 and Entry.objects.filter(section_id=sid).count() == 3, answer.content
