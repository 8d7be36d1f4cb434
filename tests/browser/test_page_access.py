"""The pages keep the API's access rules (no browser needed): a board's hand and results stay hidden from a table
that has still to play it, scorecards are the players' own until published, director pages are for directors of
the club, and a table code opens only its own table."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.browser.conftest import running_mitchell
from tournaments.models import Club, Section


@pytest.fixture
def running(db):
    return running_mitchell(Club.objects.create(name="Riverton Bridge Club", slug="riverton"), "Friday Pairs")


def as_table(client, section: Section, table: int):
    code = section.table_codes.get(table=table).code
    answer = client.post("/table/", {"code": code})
    assert answer.status_code == 302
    return client


def enter(client, board: int, contract="4S", declarer="N", tricks="10") -> str:
    answer = client.post(
        "/table/result/",
        {"board": board, "contract": contract, "declarer": declarer, "tricks": tricks},
        follow=True,
    )
    return answer.content.decode()


def test_a_board_stays_hidden_until_the_table_has_played_it(client, running):
    url = f"/sections/{running.id}/boards/1/"
    other = as_table(
        type(client)(headers={"X-Forwarded-Proto": "https"}), running, 3
    )  # table 3 plays board 1 later
    assert other.get(url).status_code == 403
    table = as_table(client, running, 1)  # table 1 plays boards 1-2 in round 1
    assert table.get(url).status_code == 403
    page = enter(table, 1)
    assert "Board 1: 4S by N, 10 tricks, N-S +420 entered." in page
    answer = table.get(url)
    assert answer.status_code == 200
    assert answer.content.decode().count('class="hand ') == 4
    assert other.get(url).status_code == 403  # still hidden from the table that has not played it
    hands = other.get(f"/sections/{running.id}/hands/").content.decode()
    assert "Board 1</strong>" not in hands
    assert client.get(f"/sections/{running.id}/results.pdf").status_code == 403  # not published yet


def test_the_table_page_names_the_problem(client, running):
    table = as_table(client, running, 1)
    assert "Board 1: 14 tricks is not 0 to 13" in enter(table, 1, tricks="14")
    assert (
        "Board 3 comes to table 1 in round 2; the room is in round 1: table 1 plays boards 1-2 in round 1"
        in enter(table, 3)
    )
    assert "declarer &#x27;X&#x27; is not N, E, S or W" in enter(table, 2, declarer="X")
    wrong = client.post("/table/", {"code": "ZZZZZZ"}, follow=True).content.decode()
    assert "That code did not open a table: unknown table code." in wrong


def test_scorecards_are_the_players_own_until_published(client, running):
    assert client.get(f"/sections/{running.id}/scorecards/1/").status_code == 403
    as_table(client, running, 1)
    assert client.get(f"/sections/{running.id}/scorecards/1/").status_code == 200  # pair 1 sits at table 1
    assert client.get(f"/sections/{running.id}/scorecards/5/").status_code == 403


def test_director_pages_are_for_the_clubs_directors(client, running):
    desk = f"/direct/sections/{running.id}/"
    assert client.get(desk).status_code == 302  # to the login page
    outsider = User.objects.create_user("olga")
    Club.objects.create(name="Other Club", slug="other").directors.add(outsider)
    client.force_login(outsider)
    assert client.get(desk).status_code == 403
    director = User.objects.create_user("dora")
    running.session.event.club.directors.add(director)
    client.force_login(director)
    assert client.get(desk).status_code == 200
    check = client.get(f"/direct/sections/{running.id}/check/", {"board": 2, "contract": "3NT", "declarer": "E",
                                                                  "tricks": "9"}).json()  # fmt: skip
    assert check == {"ok": True, "score_ns": -400, "contract": "3NT"}  # board 2: N-S vulnerable, E-W not


def test_adjusted_score_and_replay_audit_pages(client, running):
    from games.models import PlayRecord, Result

    director = User.objects.create_user("dora")
    running.session.event.club.directors.add(director)
    table = as_table(client, running, 1)
    enter(table, 1)
    result = Result.objects.get(section=running, board__number=1)
    PlayRecord.objects.create(
        result=result, auction=["1S", "Pass", "4S", "Pass", "Pass", "Pass"],
        play={"first": "E", "tricks": [["HA", "H2", "H3", "H4"]]}, claim=10,
        audit={"tricks_recorded": 10, "tricks_computed": 10, "complete": False,
               "irregularities": [{"kind": "revoke", "message": "East revoked at trick 4"}]},
    )  # fmt: skip
    audit = client.get(f"/sections/{running.id}/boards/1/audit/").content.decode()
    assert "1S Pass 4S Pass Pass Pass" in audit and "revoke: East revoked at trick 4" in audit
    client.force_login(director)
    answer = client.post(f"/direct/results/{result.id}/", {"what": "adjust", "adjusted": "a6040", "reason": "slow play"},
                         follow=True)  # fmt: skip
    page = answer.content.decode()
    assert "Now: adjusted A6040" in page and "slow play" in page
    assert client.post(f"/direct/results/{result.id}/", {"what": "adjust", "adjusted": "A6040", "reason": ""},
                       follow=True).content.decode().count("needs a reason") == 1  # fmt: skip


def test_a_conflicting_result_goes_to_the_director(client, running):
    from games.models import Result

    table = as_table(client, running, 1)
    enter(table, 1)
    page = enter(table, 1, tricks="9")
    assert "Board 1: a different result is already entered for pairs 1 and 4" in page
    director = User.objects.create_user("dora")
    running.session.event.club.directors.add(director)
    client.force_login(director)
    desk = client.get(f"/direct/sections/{running.id}/").content.decode()
    assert "Conflicts to resolve" in desk and "table 1 scorer sent 4S by N, 9 tricks" in desk
    result = Result.objects.get(section=running, board__number=1)
    conflict = result.conflicts.get()
    answer = client.post(f"/direct/results/{result.id}/",
                         {"what": "accept", "conflict": conflict.id, "reason": "both sides agree on 9 tricks"},
                         follow=True)  # fmt: skip
    assert "Now: 4S by N, 9 tricks" in answer.content.decode()
    result.refresh_from_db()
    assert (result.tricks, result.score_ns, result.version) == (9, -50, 2)


def test_a_player_finds_their_sessions_and_scorecard(client, running):
    from tournaments.models import Player

    user = User.objects.create_user("pat")
    player = Player.objects.create(
        club=running.session.event.club, first_name="Pat", last_name="Parker", user=user
    )
    running.entries.get(number=5).players.add(player)
    client.force_login(user)
    home = client.get("/").content.decode()
    assert "Your sessions" in home and f'href="/sections/{running.id}/scorecards/5/"' in home
    assert (
        client.get(f"/sections/{running.id}/scorecards/5/").status_code == 200
    )  # their own, before publication
    assert client.get(f"/sections/{running.id}/scorecards/1/").status_code == 403
