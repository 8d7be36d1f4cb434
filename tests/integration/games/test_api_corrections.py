"""Corrections, adjusted scores and setting changes: each is a version with who, when, why and what it was."""

import pytest

from games.models import Result
from scoring.methods.imps import cross_imps
from tests.integration.api_helpers import board_one_played

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def played(client):
    """A 3-table Mitchell with board 1 played at all three tables (rounds 1-3), the director logged in."""
    return board_one_played(client, (10, 9, 11))


def test_corrections_need_a_reason_and_keep_the_old_values(client, played):
    result = Result.objects.filter(section=played).order_by("round").first()
    answer = client.post(f"/api/results/{result.id}/correct/", {"contract": "4S", "declarer": "N", "tricks": 8,
                                                                "reason": " "})  # fmt: skip
    assert answer.status_code == 400
    answer = client.post(f"/api/results/{result.id}/adjust/", {"adjusted": "A7", "reason": "slow play"})
    assert answer.json()["detail"] == "board 1: 'A7' is not an artificial score (A6040, A5050, A+, A=, A-)"
    assigned = client.post(f"/api/results/{result.id}/adjust/", {"score_ns": 425, "reason": "misinformation"})
    assert assigned.json()["detail"] == "board 1: assigned score 425 is not a multiple of 10"
    assigned = client.post(
        f"/api/results/{result.id}/adjust/", {"score_ns": 170, "reason": "misinformation"}
    ).json()
    assert (assigned["score_ns"], assigned["version"]) == (170, 2)
    versions = client.get(f"/api/results/{result.id}/versions/").json()
    assert [(v["kind"], v["changed_by_label"]) for v in versions] == [("entered", "table 1 scorer"),
                                                                    ("adjusted", "director alice")]  # fmt: skip
    assert versions[1]["before"]["score_ns"] == 420 and versions[1]["after"]["assigned"] is True
    lines = {r["ns"]: r["mp_ns"] for r in client.get(f"/api/results/?section={played.id}").json()}
    assert sorted(lines.values()) == [0.0, 2.0, 4.0], "170 < 420 < 450 on the EBU scale"


def test_a_scoring_change_is_a_version_and_rescores(client, played):
    url = f"/api/sections/{played.id}/"
    refused = client.patch(url, {"scoring_method": "cross-imp"}, content_type="application/json")
    assert (refused.status_code, refused.json()["detail"]) == (400, "changing scoring_method needs a reason")
    changed = client.patch(url, {"scoring_method": "cross-imp", "reason": "teams trial"},
                           content_type="application/json")  # fmt: skip
    assert changed.status_code == 200 and changed.json()["scoring_method"] == "cross-imp"
    versions = client.get(f"{url}versions/").json()
    assert (
        versions[-1]["before"]["scoring_method"] == "mp"
        and versions[-1]["after"]["scoring_method"] == "cross-imp"
    )
    assert versions[-1]["reason"] == "teams trial"
    scores = [r.score_ns for r in Result.objects.filter(section=played).order_by("ns__number")]
    expected = dict(zip((1, 2, 3), cross_imps(scores), strict=True))
    standings = {s["entry"]: s["total"] for s in client.get(f"{url}standings/").json()}
    assert {p: standings[p] for p in (1, 2, 3)} == pytest.approx(expected)
    assert (
        client.patch(
            url, {"rule_set": "contract-1935", "reason": "x"}, content_type="application/json"
        ).status_code
        == 409
    )


def test_a_play_record_is_attached_to_a_result(client, played):
    result = Result.objects.filter(section=played).order_by("round").first()
    url = f"/api/results/{result.id}/play/"
    bad = client.post(url, {"auction": ["1S", "Pass", "4Q"]}, content_type="application/json")
    assert bad.json()["detail"] == "board 1: call 3: '4Q' is not a call (Pass, X, XX or a bid from 1C to 7NT)"
    bad = client.post(
        url, {"play": {"first": "E", "tricks": [["SK", "S2", "SA"]]}}, content_type="application/json"
    )
    assert bad.json()["detail"] == 'board 1: trick 1 is not four cards ("-" for one not played)'
    body = {"auction": ["1S", "Pass", "4S", "Pass", "Pass", "Pass"],
            "play": {"first": "E", "tricks": [["HK", "H2", "HA", "H5"]]}, "claim": 10}  # fmt: skip
    stored = client.post(url, body, content_type="application/json")
    assert stored.status_code == 200 and stored.json()["claim"] == 10
    assert client.get(url).json()["auction"] == body["auction"]
    client.logout()
    assert client.post(url, body, content_type="application/json").status_code in (401, 403)
