"""A 7-table Mitchell pairs session walked through the API from creation to published standings.

The director creates the event, section and movement, deals the boards, starts play; every table's scorer enters
its results with its code, round by round, and the opponents confirm; the director corrects one result and adjusts
another, closes and publishes. The standings and every traveller line are then checked against the scoring
functions (scoring.methods) computed here from the results the test itself sent.
"""

import random

import pytest

from games.models import Result
from scoring.methods.matchpoints import Artificial
from tests.integration.api_helpers import (
    expected_standings,
    make_director,
    new_section,
    play_all_rounds,
)

pytestmark = pytest.mark.django_db(transaction=True)

TABLES, BOARDS_PER_ROUND = 7, 2


def test_seven_table_mitchell_from_creation_to_published_standings(client):
    user, club = make_director()
    client.force_login(user)
    movement = {"kind": "mitchell", "sizes": {"tables": TABLES, "boards_per_round": BOARDS_PER_ROUND}}
    sid, section, codes = new_section(client, club, "Monday pairs", movement, name="A", scoring_method="mp")
    assert (section["two_winners"], section["rounds"], section["tables"]) == (True, 7, 7)
    dealt = client.post(f"/api/sections/{sid}/deal/", {}).json()
    assert len(dealt["deal_seed"]) == 32
    boards = client.get(f"/api/boards/?section={sid}").json()
    assert [b["number"] for b in boards] == list(range(1, 15))
    assert [(b["dealer"], b["vulnerability"]) for b in boards[:4]] == [
        ("N", "None"),
        ("E", "NS"),
        ("S", "EW"),
        ("W", "All"),
    ]
    deals = {b["number"]: b["deal"] for b in boards}
    assert all(deals.values()), "the director sees every deal"
    assert sorted(codes) == list(range(1, 8))
    assert client.post(f"/api/sections/{sid}/status/", {"status": "running"}).json()["current_round"] == 1
    client.logout()

    def repeat_and_confirm(client, code, table, board, values, answer):
        """At table 1 a second phone sends the same result again, and E-W confirm it."""
        if table != 1:
            return
        again = client.post("/api/table/results/", values, content_type="application/json",
                            headers={"X-Table-Code": code})  # fmt: skip
        assert again.status_code == 200 and again.json()["id"] == answer.json()["id"], "a repeat is harmless"
        confirmed = client.post("/api/table/confirm/", {"board": board["board"], "side": "EW"},
                                headers={"X-Table-Code": code})  # fmt: skip
        assert confirmed.json()["status"] == "confirmed"
        standings = client.get(f"/api/sections/{sid}/standings/").json()
        assert sum(s["boards"] for s in standings) == 2 * Result.objects.filter(section_id=sid).count(), (
            "current"
        )

    sent = play_all_rounds(client, user, sid, codes, deals, random.Random(7), repeat_and_confirm)
    assert len(sent) == TABLES * TABLES * BOARDS_PER_ROUND

    client.force_login(user)
    results = client.get(f"/api/results/?section={sid}").json()
    assert len(results) == 98
    first = next(r for r in results if r["table"] == 1)  # entered, repeated and confirmed
    second = next(r for r in results if r["table"] == 2)
    corrected = client.post(f"/api/results/{first['id']}/correct/",
                            {"contract": "3NT", "declarer": "S", "tricks": 10, "reason": "tricks mis-keyed"},
                            content_type="application/json").json()  # fmt: skip
    vulnerable = boards[first["board"] - 1]["vulnerability"] in ("NS", "All")
    assert corrected["score_ns"] == (630 if vulnerable else 430) and corrected["version"] == 3
    sent[(first["board"], first["ns"], first["ew"])] = corrected["score_ns"]
    adjusted = client.post(f"/api/results/{second['id']}/adjust/", {"adjusted": "A6040", "reason": "fouled auction"},
                           content_type="application/json").json()  # fmt: skip
    assert adjusted["adjusted"] == "A6040" and adjusted["score_ns"] is None
    sent[(second["board"], second["ns"], second["ew"])] = Artificial(60, 40)
    versions = client.get(f"/api/results/{first['id']}/versions/").json()
    assert [v["kind"] for v in versions] == ["entered", "confirmed", "corrected"]
    assert (
        versions[-1]["before"]["contract"] == first["contract"]
        and versions[-1]["reason"] == "tricks mis-keyed"
    )
    assert client.post(f"/api/sections/{sid}/status/", {"status": "finished"}).status_code == 200
    assert client.post(f"/api/sections/{sid}/status/", {"status": "published"}).status_code == 200
    client.logout()

    # The public now sees everything, and it is what the scoring functions say.
    published = {s["entry"]: s for s in client.get(f"/api/sections/{sid}/standings/").json()}
    pairs = list(range(1, 15))
    fields = ["NS" if p <= TABLES else "EW" for p in pairs]
    want, lines = expected_standings(sent, pairs, expected=TABLES, fields=fields)
    for (pair, (total, percentage, rank)), field in zip(want.items(), fields, strict=True):
        assert published[pair]["total"] == pytest.approx(total)
        assert published[pair]["percentage"] == pytest.approx(percentage)
        assert (published[pair]["rank"], published[pair]["field"], published[pair]["boards"]) == (
            rank,
            field,
            14,
        )
    traveller = client.get(f"/api/boards/{boards[0]['id']}/traveller/").json()
    assert len(traveller) == TABLES
    for line in traveller:
        assert (line["mp_ns"], line["mp_ew"]) == pytest.approx(lines[(1, line["ns"], line["ew"])])
    assert client.get(f"/api/boards/{boards[0]['id']}/").json()["deal"] == deals[1]
    card = client.get(f"/api/sections/{sid}/scorecard/3/").json()
    assert len(card) == 14 and all(line["direction"] == "NS" for line in card)
