"""EGN reader and euchre replay auditor, against the real games in ../shared/data/euchre/ (Euchre.com)."""

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.euchre import MODERN, LonerLead, score_deal, winner
from games.engine.report import IrregularityKind as K
from games.engine.trick_play import trick_winner
from games.formats.egn import parse_card, replay_file, replay_text, rules_of, write_egn
from tests.shared import shared_path
from tests.unit.engine.games.euchre_deals import random_deal
from tests.unit.engine.games.play import revoke_swaps, swap

FILES = [
    "Epic Comeback.egn",
    "Me and Bears.egn",
    "Quite the Hustle Annotated.egn",
    "Six Points in Two Hands.egn",
    "VWEC Finals Annotated.egn",
    "VWEC Finals.egn",
]


def scores(name):
    return [r.score for r in replay_file(shared_path("data", "euchre", name))]


@pytest.mark.parametrize("name", FILES)
def test_every_real_game_replays_clean_and_ends_when_a_side_reaches_ten(name):
    reports = replay_file(shared_path("data", "euchre", name))
    assert all(not r.irregularities and r.complete for r in reports)
    *before, last = [r.score for r in reports]
    assert max(last) >= 10 and all(max(s) < 10 for s in before)


def test_epic_comeback_from_0_7():
    # the file's title is "Epic 0-7 Comeback": initialScore [0, 7], and team 0 wins
    assert scores("Epic Comeback.egn")[-1] == (11, 9)


def test_six_points_in_two_hands():
    # from 4-9: a lone march (4) then a march (2), six points in two hands
    reports = replay_file(shared_path("data", "euchre", "Six Points in Two Hands.egn"))
    assert [(r.declarer, r.contract, r.alone, r.tricks_computed, r.score) for r in reports] == [
        ("2", "H", True, 5, (8, 9)),
        ("2", "D", False, 5, (10, 9)),
    ]


def test_vwec_final_agrees_with_its_commentary():
    # the annotator (team 0) is "down 3" before deal 5, "up 2" before deal 6, "at 7 points" before deal 10,
    # and the opponents were euchred on deals 2 and 12 ("prevent the euchre", "missed the euchre")
    reports = replay_file(shared_path("data", "euchre", "VWEC Finals Annotated.egn"))
    after = [r.score for r in reports]
    assert after[4] == (5, 2) and after[5] == (5, 3) and after[9] == (7, 6)
    assert reports[2].tricks_computed == 2 and reports[12].tricks_computed == 1
    assert after[-1] == (8, 10)


def test_annotated_twin_replays_to_the_same_scores():
    assert scores("VWEC Finals.egn") == scores("VWEC Finals Annotated.egn")


def test_report_json_shape_for_euchre():
    data = replay_file(shared_path("data", "euchre", "Me and Bears.egn"))[4].to_json()
    assert data == {
        "index": 4,
        "board": "4",
        "declarer": "2",
        "contract": "D",
        "tricks_recorded": None,
        "tricks_computed": 4,
        "complete": True,
        "irregularities": [],
        "alone": True,
        "score": [5, 2],
    }


def test_cards_in_egn_notation():
    assert str(parse_card("Th")) == "HT" and str(parse_card("Nc")) == "C9" and parse_card("B").is_joker
    with pytest.raises(ValueError, match="not an EGN card"):
        parse_card("Xx")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON: line 1"),
        ("[]", "no 'deals' list"),
        ('{"deals": [{"initialState": {"dealer": 7, "upCard": "9h"}}]}', "deal 0: dealer 7"),
        ('{"deals": [{"initialState": {"dealer": 0, "upCard": "9x"}}]}', "deal 0: '9x' is not an EGN card"),
    ],
)
def test_bad_input_is_a_malformed_record_not_a_traceback(text, message):
    reports = replay_text(text)
    assert reports[0].irregularities[0].kind is K.MALFORMED_RECORD
    assert message in reports[0].irregularities[0].message


def test_a_missing_file_is_reported(tmp_path):
    assert "cannot be read" in replay_file(tmp_path / "none.egn")[0].irregularities[0].message


def test_deals_after_the_game_is_won_are_flagged():
    text = json.loads((shared_path("data", "euchre", "Six Points in Two Hands.egn")).read_text())
    text["deals"].append(text["deals"][-1])
    last = replay_text(json.dumps(text))[-1]
    assert "already won at deal 1" in last.irregularities[0].message


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_random_legal_deals_replay_clean_through_egn(seed):
    deal, _, _, maker = random_deal(seed, MODERN)
    report = replay_text(write_egn([replace(deal, hands=None)]))[0]
    assert not report.irregularities
    assert report.declarer == str(maker) and report.alone is deal.alone
    assert report.score == score_deal(MODERN, maker, deal.alone, report.tricks_computed)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_a_broken_follow_suit_in_egn_is_reported_at_its_trick_and_seat(seed, data):
    """EGN does not say who played each card; a swap that keeps every trick's winner keeps the seating, and
    the revoke is then found because the player shows the renounced suit later."""
    deal, played, tricks_rules, _ = random_deal(seed, MODERN)
    winners = [trick_winner(tricks_rules, t) for t in played]
    keep = [
        s
        for s in revoke_swaps(tricks_rules, played)
        if [trick_winner(tricks_rules, t) for t in swap(played, *s)] == winners
    ]
    if not keep:
        return
    t, j, player = data.draw(st.sampled_from(keep))
    broken = tuple(tuple(c for _, c in trick) for trick in swap(played, t, j, player))
    report = replay_text(write_egn([replace(deal, hands=None, tricks=broken)]))[0]
    first = report.irregularities[0]
    assert (first.kind, first.trick, first.seat) == (K.REVOKE, t + 1, str(player))


def test_ruleset_options():
    assert rules_of({}).game == 10 and rules_of({}).stick_the_dealer
    assert rules_of({"winning_score": 5}).game == 5
    assert winner(rules_of({"num_deals": 8}), (40, 0)) is None  # progressive: no winning score
    canadian = rules_of({"canadian": True, "loner_lead": "LEFT_OF_LONER", "min_rank": 7})
    assert canadian.dealer_partner_alone and canadian.loner_lead is LonerLead.LEFT_OF_LONER
    assert len(canadian.pack()) == 32
    with pytest.raises(ValueError, match="ruleset"):
        rules_of({"loner_lead": "ANYWHERE"})


def test_unsupported_rules_are_reported():
    text = json.loads(shared_path("data", "euchre", "Six Points in Two Hands.egn").read_text())
    text["metadata"]["ruleset"]["defend_alone"] = True
    first = replay_text(json.dumps(text))[0]
    assert "does not support: defend_alone" in first.irregularities[0].message
