"""Weighted (Law 12C1(c)) and split (Law 12C1(b)) assigned scores: given through the API and the director's page,
matchpointed by scoring.methods, shown on the pages and PDFs and written to PBN, USEBIO and CSV."""

import csv
import io

import numpy as np
import pytest
from pypdf import PdfReader

from games.exchange.csv import results_csv
from games.exchange.pbn import export_pbn, read_pbn
from games.exchange.store import store
from games.exchange.usebio import export_usebio
from games.formats import pbn, usebio
from games.models import Result
from scoring.methods.matchpoints import Split, Traveller, Weighted, score_board
from scoring.methods.session import CrossImpMethod
from tests.integration.api_helpers import board_one_played
from tournaments.models import Section

pytestmark = pytest.mark.django_db(transaction=True)

WEIGHTED = "60% +420, 40% -50"
SPLIT = "N-S +420 / E-W -50"


@pytest.fixture
def board_one(client):
    """A 5-table Mitchell, one board a round; board 1 played at every table (4S by N, none vulnerable):
    10, 9, 11, 10 and 8 tricks, so N-S +420, −50, +450, +420, −100 in rounds 1 to 5. The director is logged in."""
    return board_one_played(client, (10, 9, 11, 10, 8))


def _line(section, rnd: int) -> Result:
    return Result.objects.get(section=section, board__number=1, round=rnd)


def _adjust(client, result: Result, body: dict):
    return client.post(f"/api/results/{result.id}/adjust/", {"reason": "misinformation", **body},
                       content_type="application/json")  # fmt: skip


def test_weighted_and_split_scores_are_matchpointed_by_law_78a_part_by_part(client, board_one):
    """Hand-worked with Law 78A (standards.md §1.1: 2 per score beaten, 1 per tie, top 2(n−1) = 8) applied to each
    part in proportion to its weight (Law 12C1(c)), and each side of a split score (Law 12C1(b)) scored in its own
    direction against the others' scores for that side:

    round 2 (−50) is given 60 % of +420 and 40 % of −50; round 5 (−100) N-S +420 for N-S, −50 for E-W.
    N-S: +420 (rounds 1, 4) tie each other, tie the split's +420, tie 0.6 of the weighted and beat its 0.4:
         1 + 1 + 0.6 + 0.8 = 3.4. Weighted: its +420 ties three lines (0.6·3 = 1.8), its −50 beats none: 1.8.
         +450 beats all four: 8. The split's N-S +420 scores like the other +420s: 3.4. Sum 20 = n(n−1).
    E-W (8 − N-S matchpoints of the E-W side's scores): +420 lines: 8 − (1 + 0.6 + 0.8 + 2) = 3.6;
         weighted: 8 − (0.6·(1 + 1 + 2) + 0.4·1) = 5.2; +450: 0; the split's −50 beats only 0.4 of the weighted
         line for N-S, so E-W get 8 − 0.4 = 7.6. Sum 20.
    """
    weighted = _adjust(client, _line(board_one, 2), {"adjusted": "60% of 420; 40% of -50"})
    assert weighted.status_code == 200, weighted.content
    assert (weighted.json()["adjusted"], weighted.json()["assigned"], weighted.json()["score_ns"]) == (
        WEIGHTED, True, None)  # fmt: skip
    split = _adjust(client, _line(board_one, 5), {"adjusted": "n-s +420 / e-w -50"})
    assert split.status_code == 200, split.content
    assert split.json()["adjusted"] == SPLIT and split.json()["version"] == 2

    lines = {r["round"]: r for r in client.get(f"/api/results/?section={board_one.id}").json()}
    by_hand_ns = {1: 3.4, 2: 1.8, 3: 8.0, 4: 3.4, 5: 3.4}
    by_hand_ew = {1: 3.6, 2: 5.2, 3: 0.0, 4: 3.6, 5: 7.6}
    assert {rnd: line["mp_ns"] for rnd, line in lines.items()} == pytest.approx(by_hand_ns)
    assert {rnd: line["mp_ew"] for rnd, line in lines.items()} == pytest.approx(by_hand_ew)
    core = score_board([420, Weighted(((0.6, 420), (0.4, -50))), 450, 420, Split(420, -50)])
    assert np.allclose([lines[r]["mp_ns"] for r in range(1, 6)], core.ns)
    assert np.allclose([lines[r]["mp_ew"] for r in range(1, 6)], core.ew)
    assert lines[5]["pct_ns"] == pytest.approx(42.5) and lines[5]["pct_ew"] == pytest.approx(95.0)

    # A two-winner Mitchell: N-S pairs 1-5 and E-W pairs 6-10 each ranked on board 1's matchpoints.
    standings = {s["entry"]: (s["total"], s["percentage"]) for s in
                 client.get(f"/api/sections/{board_one.id}/standings/").json()}  # fmt: skip
    for rnd, line in lines.items():
        assert standings[line["ns"]] == pytest.approx((by_hand_ns[rnd], by_hand_ns[rnd] * 100 / 8))
        assert standings[line["ew"]] == pytest.approx((by_hand_ew[rnd], by_hand_ew[rnd] * 100 / 8))

    versions = client.get(f"/api/results/{lines[2]['id']}/versions/").json()
    assert [v["kind"] for v in versions] == ["entered", "adjusted"]
    assert (versions[1]["before"]["score_ns"], versions[1]["after"]["adjusted"]) == (-50, WEIGHTED)
    assert versions[1]["after"]["assigned"] is True and versions[1]["reason"] == "misinformation"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"adjusted": "60% +420, 30% -50"}, "board 1: '60% +420, 30% -50': the weights add up to 90 %, not 100 %"),
        ({"adjusted": "60% +425, 40% -50"}, "board 1: assigned score 425 is not a multiple of 10"),
        ({"adjusted": "N-S +420 / E-W 50% -50, 50% -105"}, "board 1: assigned score -105 is not a multiple of 10"),
        ({"adjusted": "N-S +420 / E-W +420"},
         "board 1: 'N-S +420 / E-W +420': both sides have the same score, so it is not a split score"),
        ({"adjusted": "60% +420"}, "board 1: '60% +420': a weighted score has two parts or more (as 60% +420, 40% -50)"),
        ({"adjusted": "4S="}, "board 1: '4S=' is not an adjusted score: artificial (A6040, A+), weighted "
                                  "(60% +420, 40% -50) or split (N-S +420 / E-W -50)"),
        ({"adjusted": WEIGHTED, "score_ns": 420}, "board 1: give either an adjusted score (A6040, 60% +420, "
                                                  "40% -50, N-S +420 / E-W -50) or an assigned score_ns"),
    ],
)  # fmt: skip
def test_bad_weighted_and_split_scores_are_refused_by_name(client, board_one, body, message):
    result = _line(board_one, 2)
    answer = _adjust(client, result, body)
    assert (answer.status_code, answer.json()["detail"]) == (400, message)
    assert Result.objects.get(id=result.id).version == 1


def test_weighted_and_split_scores_at_cross_imps(client, board_one):
    """Each part IMPed, the IMPs weighted (scoring.methods.imps, after blakjak.org/lille4.htm). By hand, the
    weighted line's N-S: its +420 (0.6) against +420, +450, +420 and the split's +420 is 0 − 1 + 0 + 0 = −1, its −50
    (0.4) is −10 − 11 − 10 − 10 = −41: (0.6·−1 + 0.4·−41) / 4 = −4.25."""
    changed = client.patch(f"/api/sections/{board_one.id}/", {"scoring_method": "cross-imp", "reason": "teams"},
                           content_type="application/json")  # fmt: skip
    assert changed.status_code == 200
    assert _adjust(client, _line(board_one, 2), {"adjusted": WEIGHTED}).status_code == 200
    assert _adjust(client, _line(board_one, 5), {"adjusted": SPLIT}).status_code == 200
    lines = {r["round"]: r for r in client.get(f"/api/results/?section={board_one.id}").json()}
    core = CrossImpMethod().score(Traveller.of([420, Weighted(((0.6, 420), (0.4, -50))), 450, 420,
                                                Split(420, -50)]), None)  # fmt: skip
    assert lines[2]["mp_ns"] == pytest.approx(-4.25)
    assert np.allclose([lines[r]["mp_ns"] for r in range(1, 6)], core.ns)
    assert np.allclose([lines[r]["mp_ew"] for r in range(1, 6)], core.ew)
    standings = {
        s["entry"]: s["total"] for s in client.get(f"/api/sections/{board_one.id}/standings/").json()
    }
    assert standings[lines[5]["ew"]] == pytest.approx(core.ew[4])


def test_the_directors_page_gives_them_and_every_page_and_file_shows_them(client, board_one):
    weighted, split = _line(board_one, 2), _line(board_one, 5)
    page = client.post(f"/direct/results/{weighted.id}/", {"what": "adjust", "adjusted": WEIGHTED,
                                                           "reason": "misinformation"}, follow=True)  # fmt: skip
    assert page.status_code == 200 and f"adjusted {WEIGHTED}" in page.content.decode()
    page = client.post(f"/direct/results/{split.id}/", {"what": "adjust", "adjusted": "N-S 420 / E-W 30% -50",
                                                        "reason": "x"}, follow=True)  # fmt: skip
    assert "Board 1: &#x27;30% -50&#x27;: a weighted score has two parts or more" in page.content.decode()
    client.post(f"/direct/results/{split.id}/", {"what": "adjust", "adjusted": SPLIT, "reason": "x"})
    assert Result.objects.get(id=split.id).adjusted == SPLIT

    traveller = client.get(f"/sections/{board_one.id}/boards/1/").content.decode()
    assert f"Adj {WEIGHTED} (assigned)" in traveller and f"Adj {SPLIT} (assigned)" in traveller
    scorecard = client.get(f"/sections/{board_one.id}/scorecards/{split.ew.number}/").content.decode()
    assert f"Adj {SPLIT}" in scorecard
    for pdf in ("results.pdf", "scorecards.pdf"):
        answer = client.get(f"/sections/{board_one.id}/{pdf}")
        text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)
        assert WEIGHTED in text and "N-S +420\nE-W -50" in text, "a split score's sides on two lines"

    section = Section.objects.get(id=board_one.id)  # the event's date read back as a date
    rows = {
        int(r["round"]): r for r in csv.DictReader(io.StringIO(results_csv(section))) if r["board"] == "1"
    }
    assert (rows[2]["score_ns"], rows[2]["adjusted"], rows[2]["mp_ns"]) == ("", WEIGHTED, "1.80")
    assert (rows[5]["adjusted"], rows[5]["mp_ew"]) == (SPLIT, "7.60")

    # USEBIO: one SCORE per line; the weighted line's is 0.6·420 + 0.4·(−50) = 232, the split's N-S +420.
    lines = {
        (ln.ns_pair, ln.ew_pair): ln for ln in usebio.loads(export_usebio(section)).event.boards[0].lines
    }
    assert lines[(weighted.ns.tag, weighted.ew.tag)].score == 232
    assert lines[(split.ns.tag, split.ew.tag)].score == 420
    assert lines[(split.ns.tag, split.ew.tag)].ew_points == "7.60"

    # PBN: the split as each side's own score in its column (N-S +420, E-W +50), read back as the same split.
    text = export_pbn(section)
    table = pbn.parse(text)[0].tables["ScoreTable"].records()
    scores = {int(r["Round"]): (r["Score_NS"], r["Score_EW"]) for r in table}
    assert scores[2] == ("232", "-") and scores[5] == ("420", "50")
    copy = store(read_pbn(text, "export.pbn"), section.session.event.club, "export.pbn")
    again = Result.objects.get(section=copy, board__number=1, round=5)
    assert (again.adjusted, again.assigned, again.score_ns) == (SPLIT, True, None)
