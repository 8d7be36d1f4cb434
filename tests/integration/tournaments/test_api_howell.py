"""A 5-table Howell (10 pairs, 9 rounds, relay boards) walked through the API from creation to published standings,
checked against the scoring functions: one field, every pair meets every other, every board played five times."""

import random

import pytest

from tests.integration.api_helpers import (
    expected_standings,
    make_director,
    new_section,
    play_all_rounds,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_five_table_howell_from_creation_to_published_standings(client):
    user, club = make_director()
    client.force_login(user)
    sid, section, codes = new_section(client, club, "Howell night", {"kind": "howell", "sizes": {"pairs": 10,
                                      "boards_per_round": 2}}, name="H")  # fmt: skip
    assert (section["rounds"], section["tables"], section["two_winners"]) == (9, 5, False)
    seating = client.get(f"/api/sections/{sid}/seating/").json()
    met = {frozenset((row["ns"], row["ew"])) for row in seating}
    assert len(met) == 45, "every pair meets every other once"
    client.post(f"/api/sections/{sid}/deal/", {})
    boards = client.get(f"/api/boards/?section={sid}").json()
    deals = {b["number"]: b["deal"] for b in boards}
    assert len(deals) == 18
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    client.logout()

    def hidden_until_played(client, code, table, board, values, answer):
        """Right after entering, the table sees its board, and still not one it has yet to play."""
        seen = client.get(f"/api/table/boards/{board['board']}/", headers={"X-Table-Code": code})
        assert seen.status_code == 200 and seen.json()["board"]["deal"] == deals[board["board"]]

    sent = play_all_rounds(client, user, sid, codes, deals, random.Random(5), hidden_until_played)
    assert len(sent) == 90
    client.force_login(user)
    for status in ("finished", "published"):
        assert client.post(f"/api/sections/{sid}/status/", {"status": status}).status_code == 200
    client.logout()

    published = {s["entry"]: s for s in client.get(f"/api/sections/{sid}/standings/").json()}
    want, lines = expected_standings(sent, list(range(1, 11)), expected=5, fields=None)
    for pair, (total, percentage, rank) in want.items():
        assert published[pair]["total"] == pytest.approx(total)
        assert published[pair]["percentage"] == pytest.approx(percentage)
        assert (published[pair]["rank"], published[pair]["field"], published[pair]["boards"]) == (
            rank,
            "",
            18,
        )
    for line in client.get(f"/api/results/?section={sid}").json():
        assert (line["mp_ns"], line["mp_ew"]) == pytest.approx(lines[(line["board"], line["ns"], line["ew"])])
