"""Access: every endpoint in the OpenAPI schema, anonymous, with a table code and as another club's director;
table codes reach only their own table; hidden boards stay hidden; bad input gets a 4xx that names the problem."""

import json
import re

import pytest
from django.contrib.auth.models import User

from games.models import Board, Result, ResultConflict
from tests.integration.api_helpers import enter, mitchell
from tests.integration.config.schema_walk import (
    WRITES,
    concrete,
    schema_operations,
    with_results_and_conflict,
)
from tournaments import services
from tournaments.models import Entry, Event, Player, Session

pytestmark = pytest.mark.django_db


def test_the_schema_lists_every_api_endpoint():
    paths = {path for path, _ in schema_operations()}
    assert {"/api/table/results/", "/api/sections/{id}/movement/", "/api/results/{id}/correct/"} <= paths
    assert len(paths) >= 35


def test_anonymous_writes_are_refused_everywhere(client, world):
    with_results_and_conflict(client, world)
    checked = 0
    for path, method in schema_operations():
        if method not in WRITES:
            continue
        url = concrete(path, world)
        answer = getattr(client, method)(url, {}, content_type="application/json")
        if path == "/api/table/login/":
            assert answer.status_code == 400, "no code, no login"
            continue
        assert answer.status_code in (401, 403), f"anonymous {method.upper()} {url}: {answer.status_code}"
        checked += 1
    assert checked >= 20


def test_a_table_code_opens_only_the_table_endpoints(client, world):
    with_results_and_conflict(client, world)
    for path, method in schema_operations():
        if method not in WRITES or path.startswith("/api/table/"):
            continue
        url = concrete(path, world)
        answer = getattr(client, method)(url, {}, content_type="application/json",
                                          headers={"X-Table-Code": world["code"][1]})  # fmt: skip
        assert answer.status_code in (401, 403), f"table code {method.upper()} {url}: {answer.status_code}"


def test_another_clubs_director_cannot_touch(client, world):
    with_results_and_conflict(client, world)
    client.force_login(world["bob"])
    for path, method in schema_operations():
        if method not in WRITES or path.startswith("/api/table/") or "{id}" not in path:
            continue
        url = concrete(path, world)
        answer = getattr(client, method)(
            url, {"reason": "x", "status": "finished"}, content_type="application/json"
        )
        assert answer.status_code in (403, 404), f"bob {method.upper()} {url}: {answer.status_code}"
    for url, body in (("/api/results/", {"section": world["a"].id, "board": 2, "ns": 1, "ew": 6, "contract": "Pass"}),
                      ("/api/sections/", {"session": world["a"].session_id, "name": "B"}),
                      ("/api/sessions/", {"event": world["a"].session.event_id, "number": 2})):  # fmt: skip
        assert client.post(url, body, content_type="application/json").status_code == 403, url
    assert client.get(f"/api/sections/{world['a'].id}/tables/").status_code == 403
    assert client.get("/api/conflicts/").json() == []


def test_no_read_shows_a_deal_or_result_before_it_is_played(client, world):
    """Anonymous GETs of every endpoint during play: nothing hidden in any answer, and never a 500."""
    with_results_and_conflict(client, world)
    deals = [b.deal for b in Board.objects.filter(section=world["a"])]
    for path, method in schema_operations():
        if method != "get":
            continue
        url = concrete(path, world)
        for query in ("", f"?section={world['a'].id}"):
            answer = client.get(url + query)
            assert answer.status_code < 500, f"GET {url}{query}"
            body = answer.content.decode()
            assert not any(deal[2:] in body for deal in deals), f"GET {url}{query} shows a deal"
            assert '"contract"' not in body or answer.status_code >= 400, f"GET {url}{query} shows a result"


def test_table_codes_reach_only_their_table_and_round(client, world):
    code1, code2 = world["code"][1], world["code"][2]
    state = client.get("/api/table/", headers={"X-Table-Code": code1}).json()
    assert (state["table"], state["round"], [b["board"] for b in state["boards"]]) == (1, 1, [1, 2])
    refused = enter(client, code1, 3)  # board 3 is at table 2 this round
    assert refused.status_code == 403
    assert refused.json()["detail"] == (
        "board 3 comes to table 1 in round 2; the room is in round 1: table 1 plays boards 1-2 in round 1"
    )
    assert enter(client, code2, 3).status_code == 201
    # The other section's code enters into its own section only.
    assert enter(client, world["code_b"], 1).status_code == 201
    assert Result.objects.filter(section=world["b"]).count() == 1
    assert Result.objects.filter(section=world["a"]).count() == 1
    # A finished section's codes are closed.
    services.set_status(world["b"], "finished", world["bob"], confirm=True)
    closed = client.get("/api/table/", headers={"X-Table-Code": world["code_b"]})
    assert closed.status_code == 403 and "not running" in closed.json()["detail"]
    assert client.get("/api/table/", headers={"X-Table-Code": "NOPE99"}).status_code in (401, 403)
    assert client.get("/api/table/").status_code in (401, 403)


def test_the_table_sees_a_board_only_after_playing_it(client, world):
    code1, code2 = world["code"][1], world["code"][2]
    assert client.get("/api/table/boards/1/", headers={"X-Table-Code": code2}).status_code == 403
    assert client.get("/api/table/boards/1/", headers={"X-Table-Code": code1}).status_code == 403
    assert enter(client, code1, 1).status_code == 201
    seen = client.get("/api/table/boards/1/", headers={"X-Table-Code": code1}).json()
    assert seen["board"]["deal"] == Board.objects.get(section=world["a"], number=1).deal
    assert [line["score_ns"] for line in seen["traveller"]] == [420]
    assert client.get("/api/table/boards/1/", headers={"X-Table-Code": code2}).status_code == 403


def test_players_see_their_scorecard_and_boards_they_played_only(client, world):
    a = world["a"]
    user = User.objects.create_user("ada")
    player = Player.objects.create(club=a.session.event.club, first_name="Ada", last_name="Abbott", user=user)
    Entry.objects.get(section=a, number=1).players.add(player)
    assert enter(client, world["code"][1], 1).status_code == 201
    assert enter(client, world["code"][2], 3).status_code == 201
    client.force_login(user)
    boards = {b["number"]: b for b in client.get(f"/api/boards/?section={a.id}").json()}
    assert boards[1]["hidden"] is False and boards[1]["deal"]
    assert boards[3]["hidden"] is True and boards[3]["deal"] is None
    assert [r["board"] for r in client.get(f"/api/results/?section={a.id}").json()] == [1]
    assert len(client.get(f"/api/sections/{a.id}/scorecard/1/").json()) == 1
    me = client.get("/api/me/").json()
    assert (me["user"], [e["entry"] for e in me["entries"]], me["directs"]) == ("ada", [1], [])
    assert client.get(f"/api/sections/{a.id}/scorecard/2/").status_code == 403
    assert client.get(f"/api/boards/{boards[3]['id']}/traveller/").status_code == 403


BAD_ENTRIES = [
    ({"contract": "8NT"}, "board 1: '8NT' is not a contract (as in 4SX, 3NT or Pass)"),
    ({"contract": "4Z"}, "board 1: '4Z' is not a contract (as in 4SX, 3NT or Pass)"),
    ({"tricks": 14}, "board 1: 14 tricks is not 0 to 13"),
    ({"declarer": "Q"}, "board 1: declarer 'Q' is not N, E, S or W"),
    ({"tricks": None}, "board 1: tricks taken by declarer not given"),
    ({"tricks": "ten"}, "tricks: 'ten' is not a whole number"),
    ({"lead": "SZ"}, "board 1: lead 'SZ' is not a card: 'Z' is not a rank (2-9, T, J, Q, K, A)"),
]


@pytest.mark.parametrize(("change", "message"), BAD_ENTRIES)
def test_bad_results_are_named(client, world, change, message):
    values = {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10} | change
    answer = client.post("/api/table/results/", json.dumps(values), content_type="application/json",
                         headers={"X-Table-Code": world["code"][1]})  # fmt: skip
    assert answer.status_code == 400, answer.content
    assert answer.json()["detail"] == message


def test_unknown_board_and_lead_not_held_are_named(client, world):
    assert enter(client, world["code"][1], 99).json()["detail"] == "board 99 is not in this section"
    deal = Board.objects.get(section=world["a"], number=1).deal
    north = deal[2:].split()[0]  # North's hand: a card of it is not East's to lead
    spades = north.split(".")[0]
    card = f"S{spades[0]}" if spades else "H" + north.split(".")[1][0]
    answer = enter(client, world["code"][1], 1, lead=card)
    assert answer.status_code == 400
    assert answer.json()["detail"] == (
        "board 1: that lead is not a card of the opening leader's hand; check it and the declarer "
        "(2 more tries before the director must enter this board)"
    ), "a table is not told which card of which hand (issue 12: the lead check was an oracle)"
    client.force_login(world["alice"])
    entry = {"section": world["a"].id, "board": 1, "ns": 1, "ew": 4, "contract": "4S", "declarer": "N",
             "tricks": 10, "lead": card}  # fmt: skip
    answer = client.post("/api/results/", entry, content_type="application/json")
    assert re.fullmatch(rf"board 1: the lead {card} is not in East's hand \(East leads against North\)",
                        answer.json()["detail"])  # fmt: skip


def test_a_different_result_is_409_with_both_versions_and_the_director_resolves_it(client, world):
    code = world["code"][1]
    assert enter(client, code, 1).status_code == 201
    assert enter(client, code, 1).status_code == 200
    clash = enter(client, code, 1, tricks=9)
    assert clash.status_code == 409
    body = clash.json()
    assert body["stored"]["tricks"] == 10 and body["sent"]["tricks"] == 9 and body["sent"]["score_ns"] == -50
    assert "a different result is already entered for pairs 1 and 4" in body["detail"]
    assert enter(client, code, 1, tricks=9).status_code == 409
    assert ResultConflict.objects.count() == 1, "the same conflicting result sent twice is one conflict"
    client.force_login(world["alice"])
    conflicts = client.get(f"/api/conflicts/?section={world['a'].id}").json()
    assert [c["proposed"]["tricks"] for c in conflicts] == [9]
    resolved = client.post(
        f"/api/conflicts/{conflicts[0]['id']}/resolve/", {"accept": True, "reason": "N-S agree"}
    )
    assert resolved.json()["resolution"] == "accepted"
    result = Result.objects.get(section=world["a"], board__number=1)
    assert (result.tricks, result.score_ns, result.version) == (9, -50, 2)
    assert [v.kind for v in result.versions.all()] == ["entered", "corrected"]


def test_bad_movement_and_hand_records_are_named(client, world):
    client.force_login(world["alice"])
    section = client.post("/api/sections/", {"session": world["a"].session_id, "name": "B"}).json()
    url = f"/api/sections/{section['id']}"
    bad = client.post(f"{url}/movement/", {"movement": {"rounds": [{"tables": [{"table": 1, "ns": "x"}]}]}},
                      content_type="application/json")  # fmt: skip
    assert (bad.status_code, bad.json()["detail"]) == (
        400,
        "the movement's rounds[0].tables[0].ns: 'x' is not a number from 1",
    )
    assert (
        client.post(
            f"{url}/movement/", {"movement": mitchell(3, 2)}, content_type="application/json"
        ).status_code
        == 200
    )
    broken = f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "2"]\n[Deal "N:AKQ.JT9 x"]\n'
    answer = client.post(f"{url}/hand-records/", {"pbn": broken})
    assert answer.status_code == 400, answer.json()
    assert answer.json()["detail"].startswith("the PBN file, line 5: board 2: deal"), answer.json()
    assert Board.objects.filter(section_id=section["id"]).exclude(deal="").count() == 0, "all or nothing"
    answer = client.post(f"{url}/hand-records/", {"pbn": f'[Board "99"]\n[Deal "{DEAL}"]\n'})
    assert (
        answer.json()["detail"]
        == "the PBN file, line 1: board 99 is not a board of Monday pairs, session 1, section B (boards 1-6)"
    )
    answer = client.post(f"{url}/hand-records/", {"pbn": f'[Board "2"]\n[Deal "{DEAL}"]\n'})
    assert answer.json() == {"boards": 1}
    assert Board.objects.get(section_id=section["id"], number=2).deal == DEAL


DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


GARBAGE = [
    {},
    {"board": "x", "contract": None, "tricks": "many", "declarer": 7, "lead": ["SA"]},
    {
        "board": 10**9,
        "contract": "7NTXX",
        "declarer": "N",
        "tricks": -1,
        "ns": "a",
        "ew": None,
        "section": "s",
    },
    {"movement": {"rounds": "all"}, "kind": 5, "sizes": [1]},
    {"movement": {"rounds": [{"round": "one", "tables": [{"table": "1", "boards": ["a"]}]}]}},
    {"status": "published", "reason": None, "seed": {"a": 1}, "pbn": 12, "accept": "maybe", "side": "NS"},
    {"seating": [{"table": 1, "seats": {"N": "99"}}], "last": "no", "hands": -5, "lone_hands": {"Q": 1}},
    {"adjusted": "A9999", "score_ns": "x", "club": 10**6, "format": "xml", "data": "<USEBIO>"},
]


def test_no_garbage_makes_a_500(client, world):
    """Every write endpoint, as the director and as a table, with bodies of the wrong shapes: 4xx, never a 500."""
    with_results_and_conflict(client, world)
    client.force_login(world["alice"])
    for path, method in schema_operations():
        if method not in WRITES:
            continue
        url = concrete(path, world)
        for body in GARBAGE:
            answer = getattr(client, method)(url, body, content_type="application/json",
                                              headers={"X-Table-Code": world["code"][2]})  # fmt: skip
            assert answer.status_code < 500, f"{method.upper()} {url} {body}: {answer.content[:300]}"


def test_a_phone_logged_in_by_session_needs_the_csrf_token(world):
    from django.test import Client

    phone = Client(enforce_csrf_checks=True)
    assert phone.get("/api/table/", secure=True).status_code in (401, 403)
    assert phone.post("/api/table/login/", {"code": world["code"][1]}, secure=True).status_code == 200
    assert phone.get("/api/table/", secure=True).json()["table"] == 1
    values = {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10}
    refused = phone.post("/api/table/results/", values, content_type="application/json", secure=True)
    assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]
    token = phone.cookies["csrftoken"].value
    accepted = phone.post("/api/table/results/", values, content_type="application/json", secure=True,
                          headers={"X-CSRFToken": token, "Referer": "https://testserver/"})  # fmt: skip
    assert accepted.status_code == 201, accepted.content


def test_an_event_or_a_session_moves_only_to_a_club_its_director_directs(client, world):
    client.force_login(world["alice"])
    event, session = world["a"].session.event, world["a"].session
    lakeside = world["b"].session.event.club
    theirs = Event.objects.create(club=lakeside, name="Lakeside teams", date="2026-11-24")

    def patch(url: str, change: dict) -> int:
        return client.patch(url, change, content_type="application/json").status_code

    assert patch(f"/api/events/{event.id}/", {"club": lakeside.id}) == 403
    assert patch(f"/api/sessions/{session.id}/", {"event": theirs.id}) == 403
    assert patch(f"/api/events/{event.id}/", {"name": "Tuesday pairs"}) == 200
    assert Event.objects.get(id=event.id).club_id != lakeside.id
    lakeside.directors.add(world["alice"])
    assert patch(f"/api/sessions/{session.id}/", {"event": theirs.id}) == 200
    assert Session.objects.get(id=session.id).event_id == theirs.id
