"""Nothing wrong accepted in silence through the API (issue 12): a pass-out with a declarer or tricks, an artificial
score the Laws do not give, a result sent again with another lead."""

from __future__ import annotations

import pytest

from games.engine.cards import Deal, Seat
from games.models import Board, Result, ResultConflict
from scoring.methods.matchpoints import ARTIFICIAL_PERCENTAGES
from tests.integration.api_helpers import enter

pytestmark = pytest.mark.django_db


def test_a_pass_out_with_a_declarer_or_tricks_is_refused(client, world):
    code = world["code"][1]
    for values, field in (({"tricks": 13, "declarer": "Z"}, "declarer 'Z'"), ({"tricks": 13, "declarer": ""}, "tricks 13"),
                          ({"declarer": "", "tricks": None, "lead": "SA"}, "lead 'SA'")):  # fmt: skip
        answer = client.post("/api/table/results/", {"board": 1, "contract": "Pass", **values},
                             content_type="application/json", headers={"X-Table-Code": code})  # fmt: skip
        assert answer.status_code == 400
        assert (
            answer.json()["detail"]
            == f"board 1: {field} given for a passed-out board (Pass has no {field.split()[0]})"
        )
    client.force_login(world["alice"])
    director = client.post("/api/results/", {"section": world["a"].id, "board": 1, "ns": 1, "ew": 4,
                                             "contract": "pass", "declarer": "N", "tricks": 7},
                           content_type="application/json")  # fmt: skip
    assert (
        director.status_code == 400
        and "declarer 'N' given for a passed-out board" in director.json()["detail"]
    )
    assert not Result.objects.exists()
    assert enter(client, code, 1, contract="Pass", declarer="", tricks=None).status_code == 201


def test_only_the_laws_artificial_scores_are_given(client, world):
    """Law 12C2(a): average minus (40 %), average (50 %), average plus (60 %) to each side."""
    assert enter(client, world["code"][1], 1).status_code == 201
    result = Result.objects.get()
    client.force_login(world["alice"])
    url = f"/api/results/{result.id}/adjust/"
    for code in ("A9999", "A0100", "A7030", "A45"):
        answer = client.post(url, {"adjusted": code, "reason": "fouled"}, content_type="application/json")
        assert answer.status_code == 400, code
        assert answer.json()["detail"].startswith(f"board 1: adjusted {code!r} is not an artificial score")
    assert Result.objects.get().adjusted == "" and Result.objects.get().version == 1
    for code, stored in (
        ("A6040", "A6040"),
        ("A6060", "A6060"),
        ("A+", "A6040"),
        ("A-", "A4060"),
        ("A4050", "A4050"),
    ):
        answer = client.post(url, {"adjusted": code, "reason": "fouled"}, content_type="application/json")
        assert answer.status_code == 200 and answer.json()["adjusted"] == stored
    assert ARTIFICIAL_PERCENTAGES == (40, 50, 60)


def _leads(board: Board, declarer: str) -> list[str]:
    leader = Seat.parse(declarer).next
    return [str(card) for card in sorted(Deal.from_pbn(board.deal).hands[leader])]


def test_a_result_sent_again_with_another_lead_is_a_conflict(client, world):
    code = world["code"][1]
    first = _leads(Board.objects.get(section=world["a"], number=1), "N")[0]
    assert enter(client, code, 1).status_code == 201  # no lead
    added = enter(client, code, 1, lead=first)
    assert added.status_code == 409, "a lead added on a second sending is not dropped"
    body = added.json()
    assert body["stored"]["lead"] == "" and body["sent"]["lead"] == first
    assert ResultConflict.objects.get(id=body["conflict"]).proposed["lead"] == first
    assert Result.objects.get().lead == ""

    first, second = _leads(Board.objects.get(section=world["a"], number=2), "N")[:2]
    assert enter(client, code, 2, lead=first).status_code == 201
    other = enter(client, code, 2, lead=second)
    assert other.status_code == 409 and other.json()["stored"]["lead"] == first
    assert enter(client, code, 2, lead=first).status_code == 200, "the same again"
    assert enter(client, code, 2).status_code == 200, "no lead sent: the stored one stands"
    assert Result.objects.get(board__number=2).lead == first
