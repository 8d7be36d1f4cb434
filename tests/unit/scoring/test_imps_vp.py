"""IMPs (Law 78B), cross-IMPs, Butler and WBF VPs: standards.md §2 vectors."""

import pytest

from scoring.methods import vp
from scoring.methods.imps import (
    ButlerOptions,
    Discard,
    artificial_imps,
    butler,
    butler_datum,
    cross_imps,
    imps,
    teams_match,
    weighted_cross_imps,
)
from scoring.methods.matchpoints import Artificial, Split, Traveller, Weighted, side_parts
from scoring.methods.rounding import Rounding
from scoring.methods.session import ButlerMethod, CrossImpMethod

TV_MP_1 = [430, 400, 420, 430, -50]


@pytest.mark.parametrize(
    ("diff", "expected"),
    [(0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (90, 3), (420, 9), (430, 10), (490, 10), (500, 11), (990, 14),
     (1000, 14), (4000, 24), (5000, 24), (-630, -12)],
)  # fmt: skip
def test_tv_imp(diff, expected):
    assert imps(diff) == expected


def test_imps_vectorised():
    assert imps([0, 15, 16, 3990]).tolist() == [0, 0, 0, 23]


def test_tv_ximp_1():
    assert cross_imps(TV_MP_1).tolist() == [2.75, 1.75, 2.75, 2.75, -10.0]


def test_cross_imps_compscore_example():
    """cross_imp_howell.xml board 1: −140 against −460, +50, −490 → (8 − 5 + 8)/3 = 3.67."""
    assert cross_imps([-140, -460, 50, -490])[0] == pytest.approx(11 / 3)


def test_tv_but_1():
    assert butler(TV_MP_1, ButlerOptions(discard=Discard.NONE)) == (330, pytest.approx([3, 2, 3, 3, -9]))
    datum, values = butler(TV_MP_1, ButlerOptions(discard=Discard.ONE))
    assert (datum, values.tolist()) == (420, [0, -1, 0, 0, -10])


def test_butler_compscore_board_15():
    """butler_mitchell.xml board 15: drop −200 and −450, average −427.5 → datum −430."""
    assert butler_datum([-200, -420, -430, -420, -440, -450]) == -430


def test_butler_datum_rounding_of_halves():
    # average 425 exactly: half away from zero gives 430, half-even 420
    assert butler_datum([420, 430], ButlerOptions(discard=Discard.NONE)) == 430
    assert butler_datum([-420, -430], ButlerOptions(discard=Discard.NONE)) == -430
    assert butler_datum([420, 430], ButlerOptions(discard=Discard.NONE, rounding=Rounding.HALF_EVEN)) == 420


def test_discard_rules():
    assert [Discard.BRIDGE_SCORER.count(n) for n in (3, 4, 10, 11, 25, 26)] == [0, 1, 1, 2, 2, 3]
    assert [Discard.ONE.count(n) for n in (3, 4, 7)] == [0, 1, 1]
    assert [Discard.TEN_PERCENT.count(n) for n in (9, 10, 22)] == [0, 1, 2]


def test_artificial_imps():
    assert artificial_imps(Artificial(60, 40)) == (3, -3)
    assert artificial_imps(Artificial(50, 50)) == (0, 0)
    assert artificial_imps(Artificial(60, 60)) == (3, 3)


def test_teams_match_to_victory_points():
    """Home N-S +620 and +100; in the other room the away N-S made +170 and +420 on the same boards."""
    per_board, margin = teams_match([620, 100, -50], [170, 420, -50])
    assert per_board.tolist() == [10, -8, 0] and margin == 2
    assert vp.victory_points(margin, 3) == (11.38, 8.62)  # blitz 15·√3 = 25.98; 11.3768 unrounded


@pytest.mark.parametrize(
    ("boards", "first_ten", "at_20", "at_30"),
    [
        (8, [10.44, 10.86, 11.27, 11.67, 12.05, 12.42, 12.77, 13.12, 13.45, 13.78], 16.46, 18.37),
        (12, [10.36, 10.71, 11.05, 11.38, 11.70, 12.01, 12.31, 12.61, 12.90, 13.18], 15.58, 17.40),
        (16, [10.31, 10.61, 10.91, 11.20, 11.48, 11.76, 12.03, 12.29, 12.55, 12.80], 15.00, 16.73),
        (20, [10.28, 10.55, 10.82, 11.08, 11.34, 11.59, 11.83, 12.07, 12.30, 12.53], 14.58, 16.23),
        (32, [10.22, 10.44, 10.65, 10.86, 11.07, 11.27, 11.47, 11.67, 11.86, 12.05], 13.78, 15.23),
    ],
)
def test_tv_vp_naive_rounding(boards, first_ten, at_20, at_30):
    table = vp.table(boards, concave=False)
    assert list(table[1:11]) == first_ten
    assert (table[20], table[30]) == (at_20, at_30)


@pytest.mark.parametrize("boards", range(1, 65))
def test_vp_tables_are_concave_and_close_to_the_formula(boards):
    table = vp.table(boards)
    steps = [round(b - a, 2) for a, b in zip(table, table[1:], strict=False)]
    assert all(later <= earlier for earlier, later in zip(steps, steps[1:], strict=False))
    tolerance = 0.01 if boards <= 24 else 0.03
    assert all(abs(v - vp.exact(m, boards)) <= tolerance + 1e-9 for m, v in enumerate(table))
    assert table[0] == 10.0 and table[-1] == 20.0


def test_victory_points_both_sides():
    assert vp.victory_points(10, 16) == (12.80, 7.20)
    assert vp.victory_points(-10, 16) == (7.20, 12.80)
    assert vp.victory_points(60, 16) == (20.0, 0.0)
    assert vp.victory_points(0, 16) == (10.0, 10.0)


def test_weighted_score_at_imps_blakjak_lille():
    """D. Stevenson, https://blakjak.org/lille4.htm: 35 % of +980 and 65 % of +480 against +500 in the other room:
    "65% of -1 plus 35% of +10, which is +3" (2.85 before rounding to a whole IMP)."""
    board = CrossImpMethod().score(Traveller.of([Weighted(((0.35, 980), (0.65, 480))), 500]), None)
    assert board.ns.tolist() == pytest.approx([2.85, -2.85])
    assert board.ew.tolist() == pytest.approx([-2.85, 2.85])


def test_weighted_cross_imps_of_single_scores_are_cross_imps():
    assert (
        weighted_cross_imps(*side_parts(TV_MP_1, "ns"), len(TV_MP_1)).tolist() == cross_imps(TV_MP_1).tolist()
    )


def test_split_score_at_cross_imps_each_side_against_the_others():
    """N-S scored on +420, E-W on −50 (Law 12C1(b)), against +420 and +450. N-S: 0 and −1 over 2 = −0.5;
    E-W: −50 against 420 and 450 is −10 and −11 for N-S, so +10.5 for E-W. The +420 line's E-W are compared with
    the split's −50 (+10) and 450 (−1): N-S view 4.5, so −4.5."""
    board = CrossImpMethod().score(Traveller.of([Split(420, -50), 420, 450]), None)
    assert board.ns.tolist() == pytest.approx([-0.5, -0.5, 1.0])
    assert board.ew.tolist() == pytest.approx([10.5, -4.5, -6.0])


def test_weighted_and_split_at_butler_leave_the_datum_alone():
    """TV-BUT-1's five scores keep their datum 330 (no discard); 60 % of +420 (+90: 3 IMPs) and 40 % of −50 (−380:
    −9) is 1.8 − 3.6 = −1.8; a split +420 / −50 gives N-S 3 and E-W 9."""
    method = ButlerMethod(ButlerOptions(discard=Discard.NONE))
    board = method.score(Traveller.of([*TV_MP_1, Weighted(((0.6, 420), (0.4, -50))), Split(420, -50)]), None)
    assert board.datum == 330 and board.results == 7
    assert board.ns.tolist() == pytest.approx([3, 2, 3, 3, -9, -1.8, 3])
    assert board.ew.tolist() == pytest.approx([-3, -2, -3, -3, 9, 1.8, 9])
