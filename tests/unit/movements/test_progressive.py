"""Result-driven progressions (Hoyle 1940 L11375-11430, L5391-5411, L12249-12266; seed 002 L680), military euchre,
fixed-rotation parties, team round robin and Swiss."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import Side
from tournaments.movements import MovementError, check, summarize
from tournaments.movements.golfer import golfer_search, progressive_fixed, quality
from tournaments.movements.progressive import Head, Method, progress, progress_hearts
from tournaments.movements.teams import MAX_FORTS, military, round_robin, swiss_pairing

SEATING = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))
LADIES = {1, 2, 5, 6, 9, 10}  # each table: N and E ladies, S and W gentlemen; partners N-S and E-W


def partners(seating):
    return [frozenset((t[0], t[2])) for t in seating] + [frozenset((t[1], t[3])) for t in seating]


def test_method_one_winners_go_up_together_and_split():
    """L11401-11405: the winners go toward the head table and split, each taking a loser there."""
    after = progress(SEATING, [Side.NS, Side.EW, Side.NS], Method.TOGETHER, Head.STAY, LADIES)
    # table 2's winners (6, 8) arrive at the head table, where the head winners (1, 3) keep their seats
    assert set(after[0]) == {1, 3, 6, 8}
    # table 3's winners (9, 11) arrive at table 2, whose losers (5, 7) stay; the head losers (2, 4) go to the booby
    assert set(after[1]) == {5, 7, 9, 11} and set(after[2]) == {10, 12, 2, 4}
    assert frozenset((5, 11)) in partners(after) and frozenset((7, 9)) in partners(
        after
    )  # lady with gentleman


def test_method_two_winners_split_at_once():
    """L11405-11408: the winning lady goes toward the head table, the gentleman toward the booby table."""
    after = progress(SEATING, [Side.NS, Side.EW, Side.NS], Method.SPLIT, Head.STAY, LADIES)
    assert (
        1 in after[0] and 3 in after[1]
    )  # head winners: the lady stays at the head, the gentleman goes down
    assert 6 in after[0] and 8 in after[2]
    assert 9 in after[1] and 11 in after[2]


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 8).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(st.sampled_from([Side.NS, Side.EW]), min_size=n, max_size=n))
    ),
    st.sampled_from([(Method.TOGETHER, Head.WRAP), (Method.SPLIT, Head.STAY), (Method.TOGETHER, Head.STAY)]),
)
def test_nobody_lost_and_winners_never_partner_winners(size_and_results, rules):
    tables, results = size_and_results
    method, head = rules
    seating = tuple(tuple(range(4 * t + 1, 4 * t + 5)) for t in range(tables))
    after = progress(seating, results, method, head)
    assert sorted(p for t in after for p in t) == list(range(1, 4 * tables + 1))
    winners = {
        p
        for t, side in zip(seating, results, strict=True)
        for p in ((t[0], t[2]) if side is Side.NS else (t[1], t[3]))
    }
    pairs = partners(after)
    skip_head = method is Method.TOGETHER and head is Head.STAY  # the head winners meet the arrivals there
    for i, pair in enumerate(pairs):
        if skip_head and i in (0, tables):
            continue
        assert not pair <= winners


def test_progressive_hearts():
    """L12252-12263: fewer hearts: the lady goes up a table, the gentleman down."""
    ladies = {1, 3, 5, 7, 9, 11}
    after = progress_hearts(SEATING, [1, 5, 9], [2, 6, 10], ladies)
    assert 5 in after[0] and 9 in after[1] and 1 in after[0]  # the head's winning lady stays
    assert 2 in after[1] and 6 in after[2] and 10 in after[2]  # the booby's winning gentleman stays
    with pytest.raises(MovementError, match="table 1"):
        progress_hearts(SEATING, [2, 5, 9], [2, 6, 10], ladies)


@pytest.mark.parametrize("forts", range(2, MAX_FORTS + 1))
def test_military_euchre(forts):
    """L11448-11462: E-W visit every other fort once and come home; each fort's home pair meets every visitor."""
    movement = military(forts)
    assert check(movement) == []
    assert len(movement.rounds) == forts - 1
    meetings = summarize(movement).meetings
    assert all(
        (home, forts + away) in meetings
        for home in range(1, forts + 1)
        for away in range(1, forts + 1)
        if home != away
    )
    # round 1: every E-W pair has moved one table toward the head table
    assert [t.ew - forts for t in movement.rounds[0].tables] == [*range(2, forts + 1), 1]


def test_military_limit():
    with pytest.raises(MovementError, match="never|2 to 12"):
        military(13)


@pytest.mark.parametrize("teams", range(2, 15))
def test_round_robin(teams):
    assert check(round_robin(teams)) == []


def test_swiss_avoids_rematches_and_gives_the_bye_low():
    matches, bye = swiss_pairing([(1, 3), (2, 3), (3, 2), (4, 1), (5, 0)], played=[(1, 2)], byes=[5])
    assert bye == 4 and matches == [(1, 3), (2, 5)]
    with pytest.raises(MovementError, match="run out"):
        swiss_pairing([(1, 1), (2, 0)], played=[(1, 2)])


@pytest.mark.parametrize(("players", "rounds"), [(16, 5), (32, 9), (64, 21)])
def test_designs_never_repeat_a_table_mate(players, rounds):
    movement, q = progressive_fixed(players, rounds, seconds=0)
    assert q.table_repeats == 0 and check(movement) == []
    assert q == quality(movement)


def test_whist_prefix_for_long_parties():
    movement, q = progressive_fixed(12, 11, seconds=0)
    assert q.partner_repeats == 0 and len(movement.rounds) == 11


def test_search_reports_progress_and_respects_the_budget():
    seen = []
    movement, q = progressive_fixed(20, 4, seconds=1.0, on_best=lambda m, qq: seen.append(qq))
    assert seen and seen[-1] == q and check(movement) == []
    assert q.partner_repeats == 0
    weeks = golfer_search(13, 3, iterations=50)
    assert len(weeks) == 3 and all(len(week) == 3 for week in weeks)
