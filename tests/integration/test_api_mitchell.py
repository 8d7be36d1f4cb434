"""A 7-table Mitchell pairs session walked through the API from creation to published standings.

The director creates the event, section and movement, deals the boards, starts play; every table's scorer enters
its results with its code, round by round, and the opponents confirm; the director corrects one result and adjusts
another, closes and publishes. The standings and every traveller line are then checked against the scoring
functions (scoring.methods) computed here from the results the test itself sent.
"""

import random

import numpy as np
import pytest

from scoring.methods.matchpoints import Artificial, BoardOptions, score_board
from scoring.methods.ranking import field_places
from tests.integration.api_helpers import make_director, mitchell, random_result

pytestmark = pytest.mark.django_db(transaction=True)

TABLES, BOARDS_PER_ROUND = 7, 2


def test_seven_table_mitchell_from_creation_to_published_standings(client):
    user, club = make_director()
    client.force_login(user)
    event = client.post(
        "/api/events/", {"club": club.id, "name": "Monday pairs", "date": "2026-11-23"}
    ).json()
    session = client.post("/api/sessions/", {"event": event["id"], "number": 1}).json()
    section = client.post(
        "/api/sections/", {"session": session["id"], "name": "A", "scoring_method": "mp"}
    ).json()
    sid = section["id"]
    answer = client.post(f"/api/sections/{sid}/movement/", {"movement": mitchell(TABLES, BOARDS_PER_ROUND)},
                         content_type="application/json")  # fmt: skip
    assert answer.status_code == 200, answer.content
    assert (
        answer.json()["two_winners"] is True and answer.json()["rounds"] == 7 and answer.json()["tables"] == 7
    )
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
    codes = {t["table"]: t["code"] for t in client.get(f"/api/sections/{sid}/tables/").json()}
    assert sorted(codes) == list(range(1, 8))
    assert client.post(f"/api/sections/{sid}/status/", {"status": "running"}).json()["current_round"] == 1
    client.logout()

    rng = random.Random(7)
    sent = {}  # (board, ns, ew) -> N-S score as the engine must compute it
    for rnd in range(1, TABLES + 1):
        for table, code in codes.items():
            state = client.get("/api/table/", headers={"X-Table-Code": code}).json()
            assert (state["round"], state["table"]) == (rnd, table)
            for board in state["boards"]:
                assert board["result"] is None
                values = random_result(rng, board, deals[board["board"]])
                answer = client.post("/api/table/results/", values, content_type="application/json",
                                     headers={"X-Table-Code": code})  # fmt: skip
                assert answer.status_code == 201, answer.content
                line = answer.json()
                sent[(board["board"], state["ns"], state["ew"])] = line["score_ns"]
                if table != 1:
                    continue
                again = client.post("/api/table/results/", values, content_type="application/json",
                                    headers={"X-Table-Code": code})  # fmt: skip
                assert again.status_code == 200 and again.json()["id"] == line["id"], "a repeat is harmless"
                confirmed = client.post("/api/table/confirm/", {"board": board["board"], "side": "EW"},
                                        headers={"X-Table-Code": code})  # fmt: skip
                assert confirmed.json()["status"] == "confirmed"
        client.force_login(user)
        standings = client.get(f"/api/sections/{sid}/standings/").json()
        assert sum(s["boards"] for s in standings) == 2 * TABLES * BOARDS_PER_ROUND * rnd, (
            "standings are current"
        )
        if rnd < TABLES:
            assert client.post(f"/api/sections/{sid}/next-round/").json()["current_round"] == rnd + 1
        client.logout()
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
    published = {(s["entry"]): s for s in client.get(f"/api/sections/{sid}/standings/").json()}
    pairs = list(range(1, 15))
    totals = dict.fromkeys(pairs, 0.0)
    tops = dict.fromkeys(pairs, 0.0)
    lines = {}
    for board in range(1, 15):
        played = [(ns, ew, score) for (b, ns, ew), score in sorted(sent.items()) if b == board]
        scored = score_board([score for _, _, score in played], BoardOptions(), expected=TABLES)
        for (ns, ew, _), mp_ns, mp_ew in zip(played, scored.ns, scored.ew, strict=True):
            totals[ns] += mp_ns
            totals[ew] += mp_ew
            tops[ns] += scored.top
            tops[ew] += scored.top
            lines[(board, ns, ew)] = (mp_ns, mp_ew)
    fields = ["NS" if p <= TABLES else "EW" for p in pairs]
    _, ranks = field_places(np.array([[totals[p]] for p in pairs]), fields)
    for p, rank, field in zip(pairs, ranks, fields, strict=True):
        assert published[p]["total"] == pytest.approx(totals[p])
        assert published[p]["percentage"] == pytest.approx(totals[p] * 100 / tops[p])
        assert (published[p]["rank"], published[p]["field"], published[p]["boards"]) == (rank, field, 14)
    traveller = client.get(f"/api/boards/{boards[0]['id']}/traveller/").json()
    assert len(traveller) == TABLES
    for line in traveller:
        assert (line["mp_ns"], line["mp_ew"]) == pytest.approx(lines[(1, line["ns"], line["ew"])])
    assert client.get(f"/api/boards/{boards[0]['id']}/").json()["deal"] == deals[1]
    card = client.get(f"/api/sections/{sid}/scorecard/3/").json()
    assert len(card) == 14 and all(line["direction"] == "NS" for line in card)
