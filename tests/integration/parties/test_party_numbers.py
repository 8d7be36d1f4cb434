"""Any number of players (issue 28): POST /api/parties/ seats 13 euchre, 18 hearts, 14 contract-bridge and 9
individual-bridge players, the spares listed as `sitting_out`; the bell seats them in turn; the host adds,
withdraws and substitutes players between rounds; a sit-out round counts at the player's average."""

import re
import time

import pytest

from tests.integration.api_helpers import make_director, text_of
from tests.integration.parties.helpers import post
from tournaments.models import Section

# Results and bells act once their transaction commits (the standings, the next seating): the tests that read
# what follows them commit (transaction=True); the rest roll back.
pytestmark = pytest.mark.django_db


def bell(client, sid, body=None) -> str:
    answer = client.post(f"/api/sections/{sid}/bell/", body or {}, content_type="application/json")
    if answer.status_code == 200:
        return "done"
    assert answer.status_code == 202, answer.content
    job = answer.json()["job"]
    for _ in range(600):
        state = client.get(f"/api/jobs/{job}/").json()
        if state["state"] in ("done", "failed"):
            assert state["state"] == "done", state
            return state["state"]
        time.sleep(0.1)
    raise AssertionError("the bell never rang")


def seating(client, sid, number):
    rows = [r for r in client.get(f"/api/sections/{sid}/seating/").json() if r["round"] == number]
    return {r["table"]: tuple(int(r["seats"][s]) for s in "NESW") for r in rows}


@pytest.mark.parametrize(
    ("kind", "players", "tables", "out"),
    [
        ("euchre", 13, 3, 1),
        ("hearts", 18, 4, 2),
        ("contract-bridge", 14, 3, 2),
        ("individual-bridge", 9, 2, 1),
    ],
)
def test_an_awkward_number_is_seated_with_its_spares_sitting_out(client, kind, players, tables, out):
    user, club = make_director()
    client.force_login(user)
    answer = post(client, club=club.id, name=f"{players} at {kind}", kind=kind, players=players, seed="n")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["round"] == 1 and len(body["tables"]) == tables and len(body["sitting_out"]) == out
    seated = [p for t in body["tables"] for p in t["seats"].values()]
    assert sorted(seated + body["sitting_out"]) == list(range(1, players + 1)), (
        "each seated once or sitting out"
    )
    section = Section.objects.get(id=body["party"])
    assert section.entries.count() == players and section.table_codes.count() == tables
    if kind == "hearts":  # 9 ladies (odd numbers) and 9 gentlemen: one of each sits out
        assert sorted(p % 2 for p in body["sitting_out"]) == [0, 1]
        assert all([p % 2 for p in t["seats"].values()] == [1, 0, 1, 0] for t in body["tables"])


def test_the_set_up_page_draws_the_first_seating_of_the_seed_it_is_given(client):
    """A host who gives the draw's seed gets the seating the API draws with it (a test, or a party drawn again,
    knows round 1 in advance); a seed longer than the API takes is refused on the page too, saying so."""
    user, club = make_director()
    client.force_login(user)
    answer = post(client, club=club.id, name="By the API", kind="hearts", players=18, seed="riverton")
    assert answer.status_code == 201, answer.content
    form = {"name": "By the page", "kind": "hearts", "players": "18", "prizes": "2", "ends": "bell"}
    page = client.post(f"/direct/clubs/{club.slug}/party/", form | {"seed": "riverton"})
    assert page.status_code == 302, page.content
    by_api, by_page = Section.objects.order_by("id")
    assert seating(client, by_page.id, 1) == seating(client, by_api.id, 1)
    assert (by_page.movement["party"]["seed"], by_api.movement["party"]["seed"]) == ("riverton", "riverton")
    refused = client.post(f"/direct/clubs/{club.slug}/party/", form | {"seed": "x" * 41})
    assert refused.status_code == 400
    assert "The draw&#x27;s seed: at most 40 characters, not 41" in refused.content.decode()
    forts = client.post(
        f"/direct/clubs/{club.slug}/party/", form | {"kind": "military-euchre", "players": "13"}
    )
    says = "Military euchre's forts are four defenders each: 13 players"
    assert forts.status_code == 400 and says in text_of(forts), "the book's rule, without its line numbers"
    assert Section.objects.count() == 2


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"kind": "euchre", "players": 4}, "Progressive euchre needs 5 players or more"),
        ({"kind": "military-euchre", "players": 13}, "military euchre's forts are four defenders each"),
        ({"kind": "star-euchre", "players": 8, "entries": [{"name": f"L{i}", "side": "lady"} for i in range(6)]
          + [{"name": "G1", "side": "gentleman"}, {"name": "G2", "side": "gentleman"}]},
         "6 ladies and 2 gentlemen fill 1 table and would leave 4 sitting out every round"),
    ],
)  # fmt: skip
def test_what_no_seating_serves_is_refused_saying_why(client, body, says):
    user, club = make_director()
    client.force_login(user)
    answer = post(client, club=club.id, name="No", **body)
    assert answer.status_code == 400 and says in answer.json()["detail"], answer.content
    assert not Section.objects.exists()


def test_thirteen_at_euchre_sit_out_in_turn_and_the_sitter_is_not_penalised(client, run_jobs):
    """Round 1's spare cuts in at round 2 to the seat of round 1's table 1 North, who sits out; round 3, table 1's
    East (parties.core.sit_out_queue). N-S win everywhere: each round sat out counts at the player's average."""
    user, club = make_director()
    client.force_login(user)
    body = post(client, club=club.id, name="Thirteen", kind="euchre", players=13, seed="t", prizes=3).json()
    sid, spare = body["party"], body["sitting_out"]
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    codes = {t["table"]: t["code"] for t in client.get(f"/api/sections/{sid}/tables/").json()}
    one = seating(client, sid, 1)
    sat = {1: spare}
    for number in (1, 2, 3):
        for table in seating(client, sid, number):
            saved = client.post("/api/table/tally/", {"ns_points": 5, "ew_points": 2},
                                content_type="application/json", headers={"X-Table-Code": codes[table]})  # fmt: skip
            assert saved.status_code == 200, saved.content
        assert bell(client, sid, {"last": True} if number == 3 else {}) == "done"
        if number < 3:
            tables = seating(client, sid, number + 1)
            seated = sorted(p for t in tables.values() for p in t)
            sat[number + 1] = sorted(set(range(1, 14)) - set(seated))
    north, east = one[1][0], one[1][1]
    assert sat == {1: spare, 2: [north], 3: [east]}
    two = seating(client, sid, 2)
    assert spare[0] in [p for t in two.values() for p in t]
    won = {1: {t[0] for t in one.values()} | {t[2] for t in one.values()}}
    for number in (2, 3):
        rows = seating(client, sid, number)
        won[number] = {t[0] for t in rows.values()} | {t[2] for t in rows.values()}
    answer = client.get(f"/api/sections/{sid}/standings/").json()
    standings = {s["entry"]: s["total"] for s in answer}
    page = client.get(f"/direct/sections/{sid}/party/")
    host = text_of(page)
    column = dict(
        re.findall(r'<span class="name">(\d+)\. .*?<td class="num">([^<]*)</td>', page.content.decode())
    )
    for player in range(1, 14):
        games = sum(player in won[r] for r in (1, 2, 3))
        played = sum(player not in sat[r] for r in (1, 2, 3))
        assert standings[player] == pytest.approx(games * 3 / played), player
        assert column[str(player)] == f"{games * 3 / played:g}", "1.5, 3: never 1.50"
    # the prize list says a sitter's figure was averaged (issue 28: "3 games won" of one who won 2 and sat out 1)
    for prize in (s for s in answer if s["prize"]):
        player = prize["entry"]
        games = sum(player in won[r] for r in (1, 2, 3))
        played = sum(player not in sat[r] for r in (1, 2, 3))
        averaged = (
            f" ({games} in the 2 rounds played, the round sat out at the average)" if played == 2 else ""
        )
        assert f"{prize['prize']}: {player}. " in host
        assert f"{games * 3 / played:g} games won{averaged}" in host, (player, host)


def test_the_host_adds_withdraws_and_substitutes_between_rounds(client, run_jobs):
    user, club = make_director()
    client.force_login(user)
    body = post(client, club=club.id, name="Comings", kind="euchre", players=12, seed="c").json()
    sid = body["party"]

    def change(**values):
        return client.post(f"/api/sections/{sid}/players/", values, content_type="application/json")

    added = change(action="add", name="Late Lou")  # before the start: round 1 seats her at once
    assert added.status_code == 200, added.content
    assert added.json()["player"] == 13 and added.json()["from"] == "round 1"
    assert added.json()["sitting_out"] and len(added.json()["tables"]) == 3
    gone = change(action="withdraw", player=added.json()["sitting_out"][0])
    assert gone.status_code == 200 and gone.json()["sitting_out"] == []
    sub = change(action="substitute", player=5, name="Sub Sam")
    assert sub.status_code == 200
    seated = sorted(p for t in sub.json()["tables"] for p in t["seats"].values())
    assert 14 in seated and 5 not in seated
    assert change(action="withdraw", player=5).status_code == 409, "5 has gone already"
    assert "give the new player's name" in change(action="add").json()["detail"]
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    codes = {t["table"]: t["code"] for t in client.get(f"/api/sections/{sid}/tables/").json()}
    client.post("/api/table/tally/", {"ns_points": 5, "ew_points": 1}, content_type="application/json",
                headers={"X-Table-Code": codes[1]})  # fmt: skip
    late = change(action="add", name="Later Liz")  # round 1 begun: from round 2
    assert late.json()["from"] == "round 2, after the bell"
    for table in (2, 3):
        client.post("/api/table/tally/", {"ns_points": 5, "ew_points": 1}, content_type="application/json",
                    headers={"X-Table-Code": codes[table]})  # fmt: skip
    assert bell(client, sid) == "done"
    two = seating(client, sid, 2)
    seated = sorted(p for t in two.values() for p in t)
    assert 15 in seated, "the late arrival has played least: she plays"
    assert len(seated) == 12 and 5 not in seated


@pytest.mark.django_db(transaction=True)
def test_a_seating_given_with_the_bell_lists_who_sits_out(client):
    user, club = make_director()
    client.force_login(user)
    body = post(client, club=club.id, name="Given", kind="euchre", players=13, seed="g").json()
    sid = body["party"]
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    (t1, t2, t3), spare = (
        [tuple(t["seats"][s] for s in "NESW") for t in body["tables"]],
        body["sitting_out"][0],
    )
    rows = [{"table": n, "seats": dict(zip("NESW", map(str, seats), strict=True))}
            for n, seats in enumerate(((spare, *t1[1:]), t2, t3), start=1)]  # fmt: skip
    unlisted = client.post(f"/api/sections/{sid}/bell/", {"seating": rows, "confirm": True},
                           content_type="application/json")  # fmt: skip
    assert unlisted.status_code == 400 and f"players {t1[0]} have no seat" in unlisted.json()["detail"]
    rung = client.post(f"/api/sections/{sid}/bell/", {"seating": rows, "sitting_out": [t1[0]], "confirm": True},
                       content_type="application/json")  # fmt: skip
    assert rung.status_code == 200, rung.content
    assert Section.objects.get(id=sid).movement["party"]["sitting_out"]["2"] == [t1[0]]
