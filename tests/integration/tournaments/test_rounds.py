"""Rounds move per table (issue 25): a table's phone shows the earliest round it still has results to enter, a
result typed in the director's grid moves nobody's round, and the director's "Next round" (the desk's, the
API's) and closing ask first when results are missing and record going on anyway, alike."""

from __future__ import annotations

import pytest
from django.db.models import Q

from games.models import Result
from tests.integration.api_helpers import make_director
from tournaments import services
from tournaments.models import Event, Section, SectionVersion, Session, Status

pytestmark = pytest.mark.django_db

ROUNDS = 9  # a 5-table Howell: 10 pairs, 9 rounds of 3 boards


@pytest.fixture
def howell(client):
    """A 5-table Howell in round 3: every table has entered rounds 1 and 2 from its phone, and every table but
    table 2 all of round 3; table 2 has its round-3 board `late` still to enter."""
    user, club = make_director()
    event = Event.objects.create(club=club, name="Thursday Howell", date="2026-11-26")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    services.install_movement(
        section, services.generate_movement("howell", pairs=10, boards_per_round=3), user
    )
    section = services.deal_boards(section)
    section = services.set_status(section, Status.RUNNING, user)
    codes = dict(section.table_codes.values_list("table", "code"))
    for rnd in (1, 2, 3):
        for table in codes:
            seating = section.seatings.get(round=rnd, table=table)
            for board in seating.boards:
                if (rnd, table, board) != (3, 2, seating.boards[-1]):
                    assert phone_enters(client, codes[table], board).status_code == 201
        if rnd < 3:
            services.next_round(section, user)
    client.force_login(user)
    return (
        client,
        Section.objects.get(id=section.id),
        user,
        codes,
        section.seatings.get(round=3, table=2).boards[-1],
    )


def phone_enters(client, code: str, board: int):
    return client.post("/api/table/results/", {"board": board, "contract": "3NT", "declarer": "N", "tricks": 9},
                       content_type="application/json", headers={"X-Table-Code": code})  # fmt: skip


def phones(client, codes: dict[int, str]) -> dict[int, tuple[int, int]]:
    """Each table's phone: (its round, the director's round) as /api/table/ answers them."""
    found = {}
    for table, code in codes.items():
        state = client.get("/api/table/", headers={"X-Table-Code": code}).json()
        found[table] = (state["round"], state["room_round"])
    return found


def room(client, section) -> dict:
    return client.get(f"/direct/sections/{section.id}/room.json").json()


def test_a_late_result_typed_in_the_grid_moves_no_round(howell):
    client, section, _, codes, _ = howell
    assert phones(client, codes) == {t: (3, 3) for t in codes}
    # The director types one round-5 result in the board grid (a traveller come in early).
    seating = section.seatings.get(round=5, table=4)
    board = seating.boards[0]
    answer = client.post(f"/direct/sections/{section.id}/boards/{board}/",
                         {"contract-5-4": "4S", "declarer-5-4": "N", "tricks-5-4": "10"})  # fmt: skip
    assert answer.status_code == 302
    assert Result.objects.filter(section=section, round=5, table=4, board__number=board).exists()
    assert phones(client, codes) == {t: (3, 3) for t in codes}, "no phone's round moves"
    assert Section.objects.get(id=section.id).current_round == 3
    page = client.get(f"/direct/sections/{section.id}/").content.decode()
    assert f'<span id="room-round">round 3 of {ROUNDS}</span>' in page
    state = room(client, section)
    assert state["round"] == 3
    # The desk lists table 2's missing board, and the round-5 table begun through the grid.
    assert [(m["round"], m["table"], len(m["boards"])) for m in state["missing"]] == [(3, 2, 1), (5, 4, 2)]


def test_a_table_enters_its_missing_board_after_the_room_moved_on(howell):
    client, section, user, codes, late = howell
    answer = client.post(f"/api/sections/{section.id}/next-round/", {"confirm": True},
                         content_type="application/json")  # fmt: skip
    assert answer.status_code == 200 and answer.json()["current_round"] == 4
    # Table 2's phone still shows round 3, the one it has a result to enter; the others have moved on.
    assert phones(client, codes) == {t: (3 if t == 2 else 4, 4) for t in codes}
    client.logout()
    client.post("/table/", {"code": codes[2]})
    page = client.get("/table/").content.decode()
    assert "<h1>Table 2, round 3</h1>" in page and "The room is in round 4" in page
    assert f"Enter board {late}</button>" in page
    # Whoever holds the phone may be round 4's pairs as well: round 3's results show where all four have played
    # the board (here every one: they met those boards before), and only there (tests/integration/tournaments/test_hidden_boards).
    state = client.get("/api/table/", headers={"X-Table-Code": codes[2]}).json()
    assert [b["entered"] for b in state["boards"]] == [True, True, False]
    pairs = {e for s in section.seatings.filter(table=2, round__in=(3, 4)) for e in (s.ns_id, s.ew_id)}
    played = {
        b["board"]
        for b in state["boards"]
        if all(Result.objects.filter(board__section=section, board__number=b["board"]).filter(
            Q(ns_id=p) | Q(ew_id=p)).exists() for p in pairs)
    }  # fmt: skip
    assert {b["board"] for b in state["boards"] if b["result"]} == played
    assert page.count("Entered. It shows here once every pair") == len(
        {b["board"] for b in state["boards"] if b["entered"]} - played
    )
    answer = phone_enters(client, codes[2], late)
    assert answer.status_code == 201, answer.content
    result = Result.objects.get(id=answer.json()["id"])
    seating = section.seatings.get(round=3, table=2)
    assert (result.round, result.table, result.ns_id, result.ew_id) == (3, 2, seating.ns_id, seating.ew_id)
    assert phones(client, codes) == {t: (4, 4) for t in codes}
    assert "<h1>Table 2, round 4</h1>" in client.get("/table/").content.decode()
    client.force_login(user)
    assert room(client, section)["missing"] == [
        m for m in room(client, section)["missing"] if m["round"] == 4
    ], "nothing of round 3 is missing any more"


def test_a_board_the_table_is_not_seated_for_is_refused_naming_its_rounds(howell):
    client, section, _, codes, _ = howell
    mine = {s.round: s.boards for s in section.seatings.filter(table=2)}

    def played(up_to: int) -> str:
        return ", ".join(f"{mine[r][0]}-{mine[r][-1]} in round {r}" for r in range(1, up_to + 1))

    later = mine[6][0]
    answer = phone_enters(client, codes[2], later)
    assert answer.status_code == 403
    assert answer.json()["detail"] == (
        f"board {later} comes to table 2 in round 6; the room is in round 3: table 2 plays boards {played(3)}"
    )
    assert not Result.objects.filter(section=section, board__number=later, table=2).exists()
    answer = phone_enters(client, codes[2], 28)
    assert answer.status_code == 404 and answer.json()["detail"] == "board 28 is not in this section"


def test_the_api_next_round_asks_first_and_records_going_on_as_the_desk_does(howell):
    client, section, user, _, late = howell
    url = f"/api/sections/{section.id}/next-round/"
    asked = client.post(url, {}, content_type="application/json")
    assert asked.status_code == 409
    body = asked.json()
    assert body["needs_confirmation"] is True
    assert body["missing"] == room(client, section)["missing"]
    assert [(m["round"], m["table"], m["boards"]) for m in body["missing"]] == [(3, 2, [late])]
    assert body["detail"] == (
        f"Go on to the next round? 1 result missing: table 2 round 3: boards {late}. "
        "Send it again with confirm to go on anyway."
    )
    assert Section.objects.get(id=section.id).current_round == 3  # asked, not moved
    went = client.post(url, {"confirm": True}, content_type="application/json")
    assert went.status_code == 200 and went.json()["current_round"] == 4
    record = SectionVersion.objects.filter(section=section).latest("number")
    reason = f"Go on to the next round with 1 result missing (table 2 round 3: boards {late})"
    assert (record.changed_by, record.reason) == (user, reason)
    # The desk's button records the same words.
    asked = client.post(f"/direct/sections/{section.id}/action/", {"action": "next-round"})
    assert (
        asked.status_code == 200 and "Go on to the next round? 16 results missing" in asked.content.decode()
    )
    client.post(f"/direct/sections/{section.id}/action/", {"action": "next-round", "confirm": "yes"})
    record = SectionVersion.objects.filter(section=section).latest("number")
    assert record.reason.startswith(
        f"Go on to the next round with 16 results missing (table 2 round 3: boards {late}"
    )
    assert Section.objects.get(id=section.id).current_round == 5


def test_the_api_closing_asks_first_and_records_going_on(howell):
    client, section, user, _, late = howell
    url = f"/api/sections/{section.id}/status/"
    asked = client.post(url, {"status": "finished"}, content_type="application/json")
    assert asked.status_code == 409 and asked.json()["needs_confirmation"] is True
    assert [(m["round"], m["table"], m["boards"]) for m in asked.json()["missing"]] == [(3, 2, [late])]
    assert Section.objects.get(id=section.id).status == Status.RUNNING
    went = client.post(url, {"status": "finished", "confirm": True}, content_type="application/json")
    assert went.status_code == 200 and went.json()["status"] == "finished"
    record = SectionVersion.objects.filter(section=section).latest("number")
    assert (record.changed_by, record.reason) == (
        user,
        f"Close the session with 1 result missing (table 2 round 3: boards {late})",
    )


def test_the_bell_asks_first_about_tables_without_a_tally_and_records_ringing_anyway(client):
    """A party's bell is its next round: tables that sent no tally are asked about first, on the host's page and
    through the API alike, and ringing anyway is recorded with them."""
    user, club = make_director()
    client.force_login(user)
    made = client.post("/api/parties/", {"club": club.id, "name": "Euchre", "kind": "euchre", "players": 12},
                       content_type="application/json").json()  # fmt: skip
    sid = made["party"]
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    code = Section.objects.get(id=sid).table_codes.get(table=2).code
    sent = client.post("/api/table/tally/", {"hands": 7, "ns_points": 5, "ew_points": 2},
                       content_type="application/json", headers={"X-Table-Code": code})  # fmt: skip
    assert sent.status_code == 200
    page = client.post(f"/direct/sections/{sid}/party/", {"cut-3": "NS", "round": 1})
    text = page.content.decode()
    assert page.status_code == 200 and "Ring the bell? 2 tallies missing" in text
    assert '<input type="hidden" name="cut-3" value="NS">' in text, "the host's cut is kept for the answer"
    following = [
        {"table": t["table"], "seats": {k: str(v) for k, v in t["seats"].items()}} for t in made["tables"]
    ]
    url = f"/api/sections/{sid}/bell/"
    asked = client.post(url, {"seating": following}, content_type="application/json")
    assert asked.status_code == 409 and asked.json()["needs_confirmation"] is True
    assert [(m["round"], m["table"], m["boards"]) for m in asked.json()["missing"]] == [
        (1, 1, []),
        (1, 3, []),
    ]
    assert Section.objects.get(id=sid).current_round == 1
    rung = client.post(url, {"seating": following, "confirm": True}, content_type="application/json")
    assert rung.status_code == 200 and rung.json()["current_round"] == 2
    record = SectionVersion.objects.filter(section_id=sid).latest("number")
    assert (record.changed_by, record.reason) == (
        user,
        "Ring the bell with 2 tallies missing (table 1 round 1: no tally; table 3 round 1: no tally)",
    )
