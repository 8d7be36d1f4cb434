"""Matchpoints, Neuberg, adjusted scores and fouled boards: the vectors of standards.md §1 and the EBU articles."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.methods.matchpoints import (
    NOT_PLAYED,
    Artificial,
    BoardOptions,
    Factoring,
    Scale,
    Split,
    Weighted,
    adjusted_score,
    assigned_scores,
    factor,
    matchpoints,
    percentages,
    score_board,
    side_scores,
)
from scoring.methods.rounding import Rounding, round_array

TV_MP_1 = [430, 400, 420, 430, -50]
TV_NEU_1 = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]


def test_tv_mp_1_both_scales():
    board = score_board(TV_MP_1)
    assert board.top == 8
    assert board.ns.tolist() == [7, 2, 4, 7, 0]
    assert board.ew.tolist() == [1, 6, 4, 1, 8]
    assert board.ns.sum() == 5 * 4  # n(n−1)
    assert percentages(board)[0].tolist() == [87.5, 25.0, 50.0, 87.5, 0.0]
    acbl = score_board(TV_MP_1, BoardOptions(scale=Scale.ACBL))
    assert acbl.top == 4
    assert acbl.ns.tolist() == [3.5, 1, 2, 3.5, 0]
    assert acbl.ew.tolist() == [0.5, 3, 2, 0.5, 4]


def test_pass_out_is_a_real_score_of_zero():
    assert matchpoints([0, 0, 50, -50]).tolist() == [3, 3, 6, 0]


def test_tv_neu_1_ebu_and_acbl():
    ebu = score_board(TV_NEU_1, BoardOptions(places=1), expected=11)
    assert ebu.top == 20
    assert ebu.ns.tolist() == [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]
    acbl = score_board(TV_NEU_1, BoardOptions(scale=Scale.ACBL), expected=11)
    assert acbl.top == 10
    assert np.allclose(acbl.ns, [9.95, 8.85, 7.75, 6.65, 5.55, 4.45, 3.35, 2.25, 1.15, 0.05])


def test_tv_neu_2():
    assert round_array(factor(matchpoints(TV_MP_1), 5, 6), 1).tolist() == [8.6, 2.6, 5.0, 8.6, 0.2]
    acbl = factor(matchpoints(TV_MP_1, Scale.ACBL), 5, 6, Scale.ACBL)
    assert round_array(acbl, 1).tolist() == [4.3, 1.3, 2.5, 4.3, 0.1]


def test_neuberg_percentage_form():
    """P_E = 50 + (P_A − 50)·((A−1)/A)·(E/(E−1)) (pjms.nl)."""
    mp = matchpoints(TV_NEU_1)
    p_a = mp / 18 * 100
    p_e = factor(mp, 10, 11) / 20 * 100
    assert np.allclose(p_e, 50 + (p_a - 50) * (9 / 10) * (11 / 10))


def test_simple_factoring_scales_the_top():
    assert factor([18.0, 9.0], 10, 11, method=Factoring.SIMPLE).tolist() == [20.0, 10.0]


def test_ebu_rounding_towards_average():
    """EBU: to 0.1 with 0.05 rounded towards average (top 20, average 10)."""
    assert round_array([10.65, 9.35, 10.64], 1, Rounding.TOWARDS_AVERAGE, 10).tolist() == [10.6, 9.4, 10.6]


def test_brenning_artificial_a_plus_both_sides():
    """brenning.se: 11 results, one +170 changed to A+A+: the top result gets (11/10)·(18+1) − 1 = 19.9."""
    scores = [600, 170, 150, 140, 140, 120, 110, 100, 50, -50, -100]
    results = [*scores[:1], Artificial(60, 60), *scores[2:]]
    board = score_board(results, BoardOptions(places=1))
    assert board.top == 20
    assert board.ns[0] == 19.9
    assert board.ns[1] == board.ew[1] == 12.0
    assert board.artificial.tolist() == [False, True] + [False] * 9


def test_artificial_codes():
    assert Artificial.parse("A6040") == Artificial(60, 40)
    assert Artificial.parse("a5050").code == "A5050"
    assert Artificial.pair("A-", "A+") == Artificial(40, 60)
    assert Artificial.parse("A+") == Artificial(60, 40)
    with pytest.raises(ValueError, match="not an artificial score"):
        Artificial.parse("60/40")


def test_a6040_on_a_top_of_40():
    """published-rules.md: A6040 on top 40 → 24 / 16."""
    board = score_board([100] * 20 + [Artificial(60, 40)])
    assert (board.ns[-1], board.ew[-1]) == (24, 16)
    assert board.ns[0] == 20  # twenty equal results, factored from 20 to 21 results: (19 + 1)·21/20 − 1


def test_an_adjusted_line_disturbs_the_others_only_by_neuberg():
    plain = score_board([420, 400, 450, -50, 0])
    adjusted = score_board([420, 400, 450, -50, 0, Artificial(40, 60)])
    assert np.allclose(adjusted.ns[:5], factor(plain.ns, 5, 6))


def test_not_played_drops_out():
    board = score_board([430, NOT_PLAYED, 400, 420, 430, -50])
    assert board.results == 5
    assert np.isnan(board.ns[1])
    assert board.ns[[0, 2, 3, 4, 5]].tolist() == [7, 2, 4, 7, 0]


def test_weighted_score_law_12c1c():
    """60 % of +420 and 40 % of −50 against 400 and 430: it beats 400 with weight 0.6 and −50 ... itself."""
    board = score_board([Weighted(((0.6, 420), (0.4, -50))), 400, 430])
    # +420 beats 400 (2) and loses to 430 (0); −50 loses to both → 0.6·2 + 0.4·0 = 1.2
    assert board.ns[0] == pytest.approx(1.2)
    # 400 beats the weighted line's −50 part (weight 0.4 → 0.8) and loses to 430
    assert board.ns[1] == pytest.approx(0.8)
    assert board.ns[2] == pytest.approx(4.0)
    assert board.ns.sum() == pytest.approx(6)  # n(n−1): the field still balances


def test_split_score_law_12c1b():
    """N-S scored on +420, E-W on +450 (both N-S view): each side is matchpointed in its own direction."""
    board = score_board([Split(420, 450), 430, 400])
    assert board.ns[0] == 2  # 420 beats 400 only
    assert board.ew[0] == 0  # E-W conceded 450: worse for E-W than both others
    assert board.ns[1] == 4 and board.ns[2] == 0


def test_tv_foul_1():
    """EBU fouled board: 10 expected, groups of 7 and 3 scored apart then Neuberg-factored."""
    group_a = [700, 600, 500, 400, 300, 200, 100]
    group_b = [300, 200, 100]
    board = score_board(group_a + group_b, BoardOptions(places=1), groups=[0] * 7 + [1] * 3)
    assert board.top == 18
    assert board.ns[:7].tolist() == [17.6, 14.7, 11.9, 9.0, 6.1, 3.3, 0.4]
    assert board.ns[7:].tolist() == [15.7, 9.0, 2.3]
    exact = score_board(group_a + group_b, groups=[0] * 7 + [1] * 3)
    assert exact.ns[:7].sum() == pytest.approx(63) and exact.ns[7:].sum() == pytest.approx(27)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([-200, -100, -50, 0, 50, 110, 140, 420, 450, 620]), min_size=2, max_size=30))
def test_matchpoint_invariants(scores):
    n = len(scores)
    board = score_board(scores)
    assert board.ns.sum() == n * (n - 1)
    assert np.allclose(board.ns + board.ew, 2 * (n - 1))
    acbl = score_board(scores, BoardOptions(scale=Scale.ACBL))
    assert np.allclose(acbl.ns * 2, board.ns)
    # the weighted path gives the plain answer when every weight is 1
    assert np.allclose(score_board([Weighted(((1.0, s),)) for s in scores]).ns, board.ns)
    # Neuberg keeps the board's average: factored totals are the expected average × results
    expected = n + 3
    assert factor(board.ns, n, expected).sum() == pytest.approx((expected - 1) * n)


def test_acbl_small_fouled_groups():
    """ACBL 1991: groups of 2 get 65/55 %, a group of 3 that is not the largest 70/60/50 %, one result 60 %."""
    scores = [600, 500, 400, 300, 200, 100, 420, 400, 170, 140, 140, -50]
    groups = [0] * 6 + [1] * 3 + [2] * 2 + [3]
    board = score_board(scores, BoardOptions(acbl_small_groups=True, places=1), groups=groups)
    assert board.top == 22
    assert board.ns[:6].tolist() == score_board(scores[:6], BoardOptions(places=1), expected=12).ns.tolist()
    assert (board.ns[6:9] / 22 * 100).round(6).tolist() == [70, 60, 50]
    assert (board.ew[6:9] / 22 * 100).round(6).tolist() == [50, 60, 70]
    assert (board.ns[9:11] / 22 * 100).round(6).tolist() == [60, 60]  # equal scores share 65 and 55
    assert (board.ns[11], board.ew[11]) == (13.2, 13.2)  # 60 % of 22 to both sides
    largest_three = score_board([420, 400, 170, 140, 140, -50], BoardOptions(acbl_small_groups=True),
                                groups=[0, 0, 0, 1, 1, 1])  # fmt: skip
    expected = (
        factor([4, 2, 0], 3, 6).tolist() + factor([3, 3, 0], 3, 6).tolist()
    )  # two largest groups: Neuberg
    assert largest_three.ns.tolist() == pytest.approx(expected)


@pytest.mark.parametrize(
    ("text", "value", "code"),
    [
        ("60% +420, 40% -50", Weighted(((0.6, 420), (0.4, -50))), "60% +420, 40% -50"),
        ("60% of 420; 40% of -50", Weighted(((0.6, 420), (0.4, -50))), "60% +420, 40% -50"),
        ("n-s +420 / e-w -50", Split(420, -50), "N-S +420 / E-W -50"),
        ("NS 50% 420, 50% 450 / EW -50", Split(Weighted(((0.5, 420), (0.5, 450))), -50),
         "N-S 50% +420, 50% +450 / E-W -50"),
        ("A+", Artificial(60, 40), "A6040"),
    ],
)  # fmt: skip
def test_adjusted_scores_are_read_and_written_back(text, value, code):
    assert adjusted_score(text) == value
    assert value.code == code and adjusted_score(code) == value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("60% +420, 30% -50", "'60% +420, 30% -50': the weights add up to 90 %, not 100 %"),
        ("100% +420", "weight 100% is not between 0 and 100 %"),
        ("60% +420", "'60% +420': a weighted score has two parts or more (as 60% +420, 40% -50)"),
        ("60% +420, 40% down one", "'40% down one' is not a part of a weighted score (as 60% +420, 40% -50)"),
        ("N-S +420 / E-W +420", "'N-S +420 / E-W +420': both sides have the same score, so it is not a split score"),
        ("N-S +420", "'N-S +420' is not a split score (as N-S +420 / E-W -50, N-S scores both)"),
        ("+420", "'+420' is not an adjusted score: artificial (A6040, A+), weighted (60% +420, 40% -50) "
                 "or split (N-S +420 / E-W -50)"),
    ],
)  # fmt: skip
def test_adjusted_score_mistakes_are_named(text, message):
    with pytest.raises(ValueError) as error:
        adjusted_score(text)
    assert str(error.value) == message


def test_side_scores_of_weighted_and_split():
    assert side_scores(Weighted(((0.6, 420), (0.4, -50)))) == (232.0, 232.0)
    assert side_scores(Split(Weighted(((0.5, 420), (0.5, 450))), -50)) == (435.0, -50.0)


def test_assigned_scores_are_every_part_of_every_side():
    """What adjust_result checks are multiples of 10 (Law 12C1 scores are table scores)."""
    assert assigned_scores(adjusted_score("60% +420, 40% -50")) == [420, -50]
    assert assigned_scores(adjusted_score("N-S 60% +420, 40% -50 / E-W -50")) == [420, -50, -50]
    assert assigned_scores(adjusted_score("N-S +420 / E-W +450")) == [420, 450]
