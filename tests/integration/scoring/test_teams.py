"""A Swiss of 8 teams over 4 rounds, set up on the director's page and run through the existing entry paths (the
director's grid and the table phones), scored by IMPs board by board and VPs by the WBF 2013 continuous scale.

The expected figures are computed here, apart from scoring.methods:
- IMPs: Law 78B's scale (2017 Laws of Duplicate Bridge, Law 78B, the IMP table: 20-40 → 1, ..., 4000+ → 24).
- VPs: WBF 2013 continuous scale (WBF General Conditions of Contest 2013, "VP scale": for a match of N boards the
  blitz is B = 15·√N; the winner of a margin M < B gets 10 + 10·(1 − τ^(3M/B)) / (1 − τ³), τ = (√5 − 1)/2, to two
  decimals; M ≥ B gives 20-0). With 4 boards B = 30: a margin of 10 = B/3 gives 10 + 10·(1 − τ)/(1 − τ³)
  = 10 + 10·(1 − τ)/((1 − τ)(1 + τ + τ²)) = 10 + 10/(1 + τ + τ²) = 10 + 10/2 = 15.00 (τ² = 1 − τ).
"""

import random
from collections import Counter, defaultdict

import pytest

from games.models import Result
from scoring.methods import vp
from tests.integration.api_helpers import make_director
from tests.integration.scoring.teams import law_78b_imps, wbf_2013
from tournaments.models import Entry, EntryKind, Seating, Section, TableCode

# Results and bells act once their transaction commits (the standings, the next seating): the tests that read
# what follows them commit (transaction=True); the rest roll back.
pytestmark = pytest.mark.django_db

TEAMS, ROUNDS, BOARDS = 8, 4, 4
RESULTS = [("4S", "N", 10), ("4S", "N", 9), ("3NT", "S", 10), ("3NT", "E", 7), ("4HX", "W", 8), ("1NT", "N", 8),
           ("6NT", "S", 12), ("2D", "E", 9), ("5CX", "N", 8), ("3S", "W", 9)]  # fmt: skip


def test_the_wbf_scale_gives_the_worked_figure():
    assert wbf_2013(10, 4) == (15.0, 5.0)
    assert vp.victory_points(10, 4) == (15.0, 5.0)
    assert vp.victory_points(-30, 4) == (0.0, 20.0)


def _grid(client, sid: int, board: int, seatings: list[Seating], rng) -> None:
    """The director types every room's result of one Board on the entry grid."""
    data = {}
    for seating in seatings:
        contract, declarer, tricks = rng.choice(RESULTS)
        key = f"{seating.round}-{seating.table}"
        data |= {f"contract-{key}": contract, f"declarer-{key}": declarer, f"tricks-{key}": str(tricks)}
    answer = client.post(f"/direct/sections/{sid}/boards/{board}/", data, follow=True)
    assert answer.status_code == 200
    assert f"Board {board}: {len(seatings)} results entered." in answer.content.decode()


def _phones(client, codes: dict[int, str], rnd: int, rng) -> None:
    """Each room's scorer enters its Boards on the table phone, signed in with the table's code."""
    for table, code in sorted(codes.items()):
        state = client.get("/api/table/", headers={"X-Table-Code": code}).json()
        assert (state["round"], state["table"]) == (rnd, table)
        for board in state["boards"]:
            contract, declarer, tricks = rng.choice(RESULTS)
            values = {"board": board["board"], "contract": contract, "declarer": declarer, "tricks": tricks}
            answer = client.post("/api/table/results/", values, content_type="application/json",
                                 headers={"X-Table-Code": code})  # fmt: skip
            assert answer.status_code == 201, answer.content


@pytest.mark.django_db(transaction=True)
def test_an_eight_team_swiss_gives_wbf_vps_and_no_repeat_meetings(client):
    user, club = make_director()
    client.force_login(user)
    rng = random.Random(14)
    setup = {"kind": "swiss", "size": str(TEAMS), "boards_per_round": str(BOARDS), "scoring_method": "vp",
             "name": "Swiss teams", "date": "2026-11-24"}  # fmt: skip
    answer = client.post(f"/direct/clubs/{club.slug}/new/", setup)
    assert answer.status_code == 302, answer.content
    section = Section.objects.get(session__event__name="Swiss teams")
    sid = section.id
    assert section.movement_kind == "swiss" and section.scoring_method == "vp"
    entries = list(Entry.objects.filter(section=section))
    assert len(entries) == TEAMS and {e.kind for e in entries} == {EntryKind.TEAM}
    assert client.post(f"/direct/sections/{sid}/action/", {"action": "start"}).status_code == 302

    # A Swiss round is drawn only from complete results, even when the director goes on past the missing ones.
    going_on = {"action": "next-round", "confirm": "yes", "reason": "try"}
    answer = client.post(f"/direct/sections/{sid}/action/", going_on, follow=True)
    assert b"Round 1 is not finished: Team 1 v Team 2" in answer.content
    assert Section.objects.get(id=sid).current_round == 1

    codes = {t.table: t.code for t in TableCode.objects.filter(section=section)}
    for rnd in range(1, ROUNDS + 1):
        seatings = list(Seating.objects.filter(section=section, round=rnd).order_by("table"))
        assert len(seatings) == TEAMS  # 4 matches, each in an open and a closed room
        if rnd % 2:
            for board in seatings[0].boards:
                _grid(client, sid, board, [s for s in seatings], rng)
        else:
            client.logout()
            _phones(client, codes, rnd, rng)
            client.force_login(user)
        if rnd < ROUNDS:
            answer = client.post(f"/direct/sections/{sid}/action/", {"action": "next-round"}, follow=True)
            assert Section.objects.get(id=sid).current_round == rnd + 1, answer.content.decode()[-3000:]
    for status in ("finish", "publish"):
        assert client.post(f"/direct/sections/{sid}/action/", {"action": status}).status_code == 302

    # Every match: the open room (home N-S) against the closed room (away N-S), Board by Board.
    number = {e.id: e.number for e in entries}
    scores = {(r.round, r.table, r.board.number): r.score_ns for r in Result.objects.filter(section=section)}
    assert len(scores) == ROUNDS * TEAMS * BOARDS
    vps: Counter = Counter()
    meetings: Counter = Counter()
    standings_by_round = defaultdict(Counter)
    for rnd in range(1, ROUNDS + 1):
        seatings = list(Seating.objects.filter(section=section, round=rnd).order_by("table"))
        assert [s.boards for s in seatings] == [list(range((rnd - 1) * BOARDS + 1, rnd * BOARDS + 1))] * TEAMS
        for open_room, closed_room in zip(seatings[::2], seatings[1::2], strict=True):
            home, away = number[open_room.ns_id], number[open_room.ew_id]
            assert (number[closed_room.ns_id], number[closed_room.ew_id]) == (away, home)
            meetings[frozenset((home, away))] += 1
            margin = sum(
                law_78b_imps(scores[(rnd, open_room.table, b)] - scores[(rnd, closed_room.table, b)])
                for b in open_room.boards
            )
            home_vp, away_vp = wbf_2013(margin, BOARDS)
            vps[home] += home_vp
            vps[away] += away_vp
        standings_by_round[rnd] = Counter(vps)
    assert len(meetings) == TEAMS // 2 * ROUNDS and set(meetings.values()) == {1}  # no two teams meet twice

    # Each Swiss round after the first pairs the standings top down (its first match: the leader and the best
    # team it has not met).
    for rnd in range(2, ROUNDS + 1):
        before = standings_by_round[rnd - 1]
        leader = sorted(range(1, TEAMS + 1), key=lambda t: (-round(before[t], 2), t))[0]
        first = Seating.objects.get(section=section, round=rnd, table=1)
        assert leader in (number[first.ns_id], number[first.ew_id])

    published = {s["entry"]: s for s in client.get(f"/api/sections/{sid}/standings/").json()}
    for team in range(1, TEAMS + 1):
        assert published[team]["total"] == pytest.approx(round(vps[team], 2), abs=1e-9), team
    ranked = sorted(published.values(), key=lambda s: s["place"])
    assert [s["total"] for s in ranked] == sorted((s["total"] for s in ranked), reverse=True)
    assert ranked[0]["rank"] in ("1", "1=")
    public = client.get(f"/sections/{sid}/")
    assert public.status_code == 200
    assert f"{ranked[0]['total']:.2f}" in public.content.decode()


def test_a_teams_movement_scored_by_matchpoints_is_refused_on_the_set_up_page(client):
    user, club = make_director()
    client.force_login(user)
    setup = {
        "kind": "swiss",
        "size": "8",
        "boards_per_round": "4",
        "scoring_method": "mp",
        "name": "Swiss teams",
    }
    answer = client.post(f"/direct/clubs/{club.slug}/new/", setup, follow=True)
    assert (
        "a teams movement is scored by Teams: IMPs board by board, VPs by the WBF 2013 scale, not Matchpoints"
        in (answer.content.decode())
    )
    assert not Section.objects.exists()
    setup |= {"kind": "howell", "size": "8", "scoring_method": "vp"}
    answer = client.post(f"/direct/clubs/{club.slug}/new/", setup, follow=True)
    assert (
        "VPs by the WBF 2013 scale needs a teams movement (open and closed rooms)" in answer.content.decode()
    )
    assert not Section.objects.exists()
