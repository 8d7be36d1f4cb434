"""Places, ties, prizes by block (Hoyle 1940 L11416–11430) and session totals kept up to date Board by Board."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.methods.matchpoints import Artificial, BoardOptions, Traveller
from scoring.methods.ranking import award_prizes, competition_places, field_places, ranks, seeded_cut
from scoring.methods.session import (
    COMPSCORE,
    CrossImpMethod,
    MatchpointMethod,
    RankBy,
    Session,
    SessionAverage,
    SessionOptions,
    Total,
)


def test_competition_ranking_1224_with_ties_written_equal():
    assert competition_places([[60.1], [55.0], [55.0], [40.0]]).tolist() == [1, 2, 2, 4]
    assert ranks([60.1, 55.0, 55.0, 40.0]) == ["1", "2=", "2=", "4"]


def test_tie_breaks_and_two_fields():
    assert ranks([55.0, 55.0, 50.0], tie_breaks=[[3, 5, 0]]) == ["2", "1", "3"]
    places, labels = field_places([[50.0], [52.0], [50.0], [51.0]], ["NS", "NS", "EW", "EW"])
    assert places.tolist() == [2, 1, 2, 1]
    assert labels == ["2", "1", "2", "1"]  # the same number in two fields is not a tie


def test_prizes_shared_by_block_as_hoyle_says():
    """L11420–11430: A, B on 12 and C, D on 11 with three prizes: A and B cut for the choice of 1st and 2nd,
    C and D cut for the third, the loser of that cut gets nothing."""
    standings = [("C", 11), ("A", 12), ("E", 9), ("B", 12), ("D", 11)]
    result = award_prizes(standings, 3, cut=lambda tied: sorted(tied, reverse=True))
    assert result.awards == {"B": 1, "A": 2, "D": 3}
    assert [(c.players, c.prizes, c.order) for c in result.cuts] == [
        (("A", "B"), (1, 2), ("B", "A")),
        (("C", "D"), (3,), ("D", "C")),
    ]


def test_prizes_without_ties_need_no_cut():
    result = award_prizes([("A", 3), ("B", 2), ("C", 1)], 2, cut=lambda tied: pytest.fail("no cut needed"))
    assert result.awards == {"A": 1, "B": 2} and result.cuts == ()


def test_a_seeded_cut_draws_the_same_for_the_same_players():
    """A recompute must award the same prizes: the cut depends on the seed and who is tied, not their order."""
    cut = seeded_cut("party")
    assert cut(["A", "B"]) == cut(["B", "A"]) == ["A", "B"]
    assert cut(["C", "D"]) == ["D", "C"]
    assert cut(["A", "B", "C"]) == ["A", "C", "B"]
    prizes = award_prizes([("A", 12), ("B", 12), ("C", 11), ("D", 11)], 3, cut)
    assert prizes.awards == {"A": 1, "B": 2, "D": 3}


def _two_table_session(options=None):
    session = Session(["1", "2", "3", "4"], MatchpointMethod(), options or SessionOptions())
    session.set_board("1", ["1", "3"], ["2", "4"], [420, 400])
    session.set_board("2", ["1", "3"], ["2", "4"], [-100, -50])
    return session


def test_totals_percentages_and_ranks():
    standings = _two_table_session().standings()
    assert standings.total.tolist() == [2, 2, 2, 2]
    assert standings.percentage.tolist() == [50, 50, 50, 50]
    assert standings.ranks == ["1=", "1=", "1=", "1="]


def test_setting_a_board_again_replaces_its_contribution():
    session = _two_table_session()
    session.set_board("2", ["1", "3"], ["2", "4"], [-50, -100])  # corrected result
    assert session.standings().total.tolist() == [4, 0, 0, 4]
    fresh = Session(["1", "2", "3", "4"])
    fresh.set_board("1", ["1", "3"], ["2", "4"], [420, 400])
    fresh.set_board("2", ["1", "3"], ["2", "4"], [-50, -100])
    assert session.standings().total.tolist() == fresh.standings().total.tolist()


def test_unknown_pair_is_named():
    with pytest.raises(ValueError, match="board 3: pair 9 is not in the session"):
        Session(["1", "2"]).set_board("3", ["1"], ["9"], [100])


def test_artificial_at_the_session_percentage():
    """WBF 1998: A+ is 60 % or the session percentage if better."""
    pairs = ["1", "2", "3", "4", "5", "6"]
    for average, expected in ((SessionAverage.FIXED, 0.6 * 4), (SessionAverage.SESSION, 4.0)):
        session = Session(pairs, options=SessionOptions(artificial=average))
        session.set_board("1", ["1", "3", "5"], ["2", "4", "6"], [620, 170, 140])  # pair 1: top, 100 %
        session.set_board("2", ["1", "3", "5"], ["2", "4", "6"], [Artificial(60, 40), 110, 140])
        standings = session.standings()
        assert standings.total[0] == pytest.approx(4 + expected)
        assert standings.total[1] == pytest.approx(0 + 0.4 * 4 if average is SessionAverage.FIXED else 0.0)


def test_compscore_factors_a_short_board_and_a_sit_out():
    """published-rules.md: a 5-result board of a 6-table session factored by 6/5 (mp_pairs_mitchell_04.xml: raw 1 → 1.4, 0 → 0.2, 7 → 8.6) and the
    total is the percentage × most boards × top."""
    pairs = [str(p) for p in range(1, 13)]
    session = Session(pairs, MatchpointMethod(BoardOptions()), COMPSCORE, expected=6, fields=["NS", "EW"] * 6)
    ns, ew = pairs[0::2], pairs[1::2]
    session.set_board("1", ns, ew, [100, 200, 300, 400, 500, 600])
    session.set_board("2", ns[:5], ew[:5], [130, 120, 110, 100, 90])  # pair 11/12 sat out
    entry = session.boards["2"]
    assert entry.total_ns.tolist() == pytest.approx([9.8, 7.4, 5.0, 2.6, 0.2])  # (M + 1)·6/5 − 1
    assert entry.total_ew.tolist() == pytest.approx([0.2, 2.6, 5.0, 7.4, 9.8])
    standings = session.standings()
    assert standings.boards.tolist() == [2] * 10 + [1, 1]
    assert standings.percentage[10] == 100
    assert standings.total[10] == pytest.approx(20)  # 100 % of one board, factored to two boards of top 10
    assert standings.ranks[10] == "1"


def test_factored_total_only_with_the_option():
    options = SessionOptions(total=Total.SUM)
    assert _two_table_session(options).standings().total.tolist() == [2, 2, 2, 2]


def _late_pair_session(options: SessionOptions) -> Session:
    """Three tables; pairs E and F are late for board 3, a board of top 2 (one comparison) without Neuberg.

    By hand (EBU, 2 a result beaten): board 1 [420, 400, 170] gives N-S A 4, C 2, E 0 and E-W B 0, D 2, F 4;
    board 2 [-100, -50, 110] A 0, C 2, E 4 and B 4, D 2, F 0; board 3 [100, 140] A 0, C 2 and B 2, D 0.
    Totals A 4, B 6, C 6, D 4, E 4, F 4 of tops 10, 10, 10, 10, 8, 8: 40, 60, 60, 40, 50, 50 %.
    Factored to 3 boards: E and F 4 × 3 / 2 = 6, the others as they are."""
    session = Session(list("ABCDEF"), MatchpointMethod(), options)
    session.set_board("1", list("ACE"), list("BDF"), [420, 400, 170])
    session.set_board("2", list("ACE"), list("BDF"), [-100, -50, 110])
    session.set_board("3", list("AC"), list("BD"), [100, 140])
    return session


def test_a_raw_total_ranks_the_late_pairs_below_pairs_who_scored_less():
    standings = _late_pair_session(SessionOptions()).standings()
    assert standings.total.tolist() == [4, 6, 6, 4, 4, 4]
    assert standings.ranks == ["3=", "1=", "1=", "3=", "3=", "3="]


def test_ranked_by_percentage_the_total_stays_what_was_scored():
    standings = _late_pair_session(SessionOptions(rank_by=RankBy.PERCENTAGE)).standings()
    assert standings.total.tolist() == [4, 6, 6, 4, 4, 4]
    assert standings.percentage.tolist() == pytest.approx([40, 60, 60, 40, 50, 50])
    assert standings.ranks == ["5=", "1=", "1=", "5=", "3=", "3="]


def test_factored_totals_rank_and_tie_on_the_factored_figure():
    """E and F scored 50 % of smaller tops: factored to 3 boards they tie with B and C (60 %) on 6, and a tie is a
    tie on the figure that ranks."""
    standings = _late_pair_session(SessionOptions(total=Total.FACTORED)).standings()
    assert standings.total.tolist() == pytest.approx([4, 6, 6, 4, 6, 6])
    assert standings.boards.tolist() == [3, 3, 3, 3, 2, 2]
    assert standings.ranks == ["5=", "1=", "1=", "5=", "1=", "1="]


@pytest.mark.parametrize("options", [SessionOptions(), SessionOptions(rank_by=RankBy.PERCENTAGE),
                                     SessionOptions(total=Total.FACTORED)])  # fmt: skip
def test_a_pair_yet_to_play_ranks_last(options):
    """Live standings of a Howell after its first round: the pair who sat out has no score, not a 0 that ties with
    the pairs who scored none (or, at IMPs, ranks above those below average)."""
    session = Session(["1", "2", "3", "4", "5"], MatchpointMethod(), options)
    session.set_board("1", ["1", "3"], ["2", "4"], [420, -50])  # 1 and 4 get 2, 2 and 3 get 0
    assert session.standings().ranks == ["1=", "3=", "3=", "1=", "5"]


def test_at_imps_a_factored_total_is_the_total_per_board_times_the_most_boards():
    """Cross-IMPs have no percentage. By hand: board 1 [420, 420, -50] gives N-S 1 and 3 (0 + 10) / 2 = 5, 5 −10
    and E-W 2 and 4 −5, 6 +10; board 2, pairs 5 and 6 sitting out, [-50, 420]: 1 −10, 3 +10, 2 +10, 4 −10.
    Totals 1 −5, 2 5, 3 15, 4 −15, 5 −10, 6 10; factored to 2 boards 5 has −20 and 6 has 20, and 6 wins."""
    pairs = ["1", "2", "3", "4", "5", "6"]
    raw = Session(pairs, CrossImpMethod())
    factored = Session(pairs, CrossImpMethod(), SessionOptions(total=Total.FACTORED))
    for session in (raw, factored):
        session.set_board("1", ["1", "3", "5"], ["2", "4", "6"], [420, 420, -50])
        session.set_board("2", ["1", "3"], ["2", "4"], [-50, 420])
    assert raw.standings().total.tolist() == [-5, 5, 15, -15, -10, 10]
    assert raw.standings().ranks == ["4", "3", "1", "6", "5", "2"]
    standings = factored.standings()
    assert np.isnan(standings.percentage).all()
    assert standings.total.tolist() == [-5, 5, 15, -15, -20, 20]
    assert standings.ranks == ["4", "3", "2", "5", "6", "1"]


def test_neuberg_to_session_at_line_level():
    session = Session(["1", "2", "3", "4"], MatchpointMethod(neuberg_to_session=True), expected=3)
    session.set_board("1", ["1", "3"], ["2", "4"], [420, 400])
    assert session.boards["1"].score.ns.tolist() == pytest.approx([(2 + 1) * 3 / 2 - 1, (0 + 1) * 3 / 2 - 1])
    assert np.isclose(session.boards["1"].score.top, 4)


def test_incremental_update_equals_a_full_rescore():
    """The bench's event, small: re-setting one Board gives what scoring everything afresh gives."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    from bench.scoring import full_rescore, make_event, new_session

    pairs, travellers = make_event(12, 10, seed=3)
    session = new_session(pairs, 12)
    full_rescore(session, travellers)
    board, ns, ew, old = travellers[4]
    changed = Traveller(old.scores.copy(), old.special)
    changed.scores[2] = 2210
    session.set_board(board, ns, ew, changed)
    fresh = new_session(pairs, 12)
    full_rescore(fresh, travellers[:4] + [(board, ns, ew, changed)] + travellers[5:])
    assert np.allclose(session.standings().total, fresh.standings().total)
    assert session.standings().ranks == fresh.standings().ranks


def test_traveller_columns():
    traveller = Traveller.of([420, None, Artificial(60, 40), -50])
    assert traveller.scores.tolist() == [420, 0, 0, -50]
    assert traveller.special == {1: None, 2: Artificial(60, 40)}
    assert traveller.result(0) == 420 and traveller.result(2) == Artificial(60, 40)


_RESULT = st.one_of(
    st.sampled_from([-500, -100, -50, 0, 50, 110, 140, 420, 450]),
    st.just(None),
    st.builds(Artificial, st.sampled_from([40.0, 50.0, 60.0]), st.sampled_from([40.0, 50.0, 60.0])),
)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.lists(_RESULT, min_size=4, max_size=4), min_size=2, max_size=5),
    st.lists(st.tuples(st.integers(0, 4), st.lists(_RESULT, min_size=4, max_size=4)), max_size=4),
    st.sampled_from([SessionOptions(), COMPSCORE, SessionOptions(artificial=SessionAverage.SESSION)]),
)
def test_any_order_of_updates_ends_where_a_fresh_scoring_does(boards, updates, options):
    pairs = [f"{t}{d}" for t in range(1, 5) for d in ("NS", "EW")]
    ns, ew = [f"{t}NS" for t in range(1, 5)], [f"{t}EW" for t in range(1, 5)]
    session = Session(pairs, MatchpointMethod(), options, expected=4, fields=[p[-2:] for p in pairs])
    final = dict(enumerate(boards))
    for number, results in final.items():
        session.set_board(number, ns, ew, results)
    for number, results in updates:
        if number in final:
            session.set_board(number, ns, ew, results)
            final[number] = results
    fresh = Session(pairs, MatchpointMethod(), options, expected=4, fields=[p[-2:] for p in pairs])
    for number, results in final.items():
        fresh.set_board(number, ns, ew, results)
    a, b = session.standings(), fresh.standings()
    assert np.allclose(a.total, b.total, equal_nan=True)
    assert a.boards.tolist() == b.boards.tolist() and a.ranks == b.ranks
