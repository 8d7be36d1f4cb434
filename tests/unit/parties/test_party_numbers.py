"""Any number of players at every kind of party (issue 28): the spares sit out in turn (parties.core.reseat), every
player seated once a round or sitting out, the sit-outs spread evenly, the kind's partners and head-table rule kept;
a round sat out counts at the player's average (with_sit_outs)."""

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import Side
from parties.core import KINDS, Seated, ladies, reseat, sit_out_queue, with_sit_outs
from tournaments.movements.model import MovementError
from tournaments.movements.progressive import Method, progress, progress_hearts

MOVING = [name for name, kind in KINDS.items() if kind.moves_by_winners]  # not the forts, pivot, eight


def play_round(kind, tables, her, rng):
    """The movement's next seating after a round of random winners, and the winners."""
    if kind.game == "hearts":
        lady = [rng.choice([p for p in t if p in her]) for t in tables]
        gent = [rng.choice([p for p in t if p not in her]) for t in tables]
        return progress_hearts(tables, lady, gent, her), set(lady) | set(gent)
    sides = [rng.choice([Side.NS, Side.EW]) for _ in tables]
    won = {
        p
        for t, s in zip(tables, sides, strict=True)
        for p in ((t[0], t[2]) if s is Side.NS else (t[1], t[3]))
    }
    return progress(tables, sides, kind.method or Method.TOGETHER, kind.head, her if kind.mixed else ()), won


def check_round(kind, seated: Seated, present, her):
    everyone = [p for t in seated.tables for p in t] + list(seated.sitting_out)
    assert sorted(everyone) == sorted(present), "every player seated once or sitting out"
    assert len(seated.sitting_out) <= 3
    for north, east, south, west in seated.tables:
        if kind.game == "hearts":
            assert [p in her for p in (north, east, south, west)].count(True) == 2
        elif kind.mixed:
            assert (north in her) != (south in her) and (east in her) != (west in her), (
                "a lady partners a gentleman"
            )


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(MOVING), st.integers(5, 41), st.integers(0, 10_000))
def test_every_kind_seats_any_number_and_the_sit_outs_go_round_evenly(name, players, seed):
    kind = KINDS[name]
    her = ladies(players) if kind.mixed else frozenset()
    try:
        seated = kind.first_round(players, seed)
    except MovementError as error:  # only where the sides are too far apart, or too few to fill a table
        assert "sitting out every round" in str(error) or "needs 5 players" in str(error)
        return
    rng = random.Random(seed)
    queue = sit_out_queue(seated)
    present = range(1, players + 1)
    played: Counter = Counter()
    sat: Counter = Counter()
    for _ in range(2 * players):
        check_round(kind, seated, present, her)
        played.update(p for t in seated.tables for p in t)
        sat.update(seated.sitting_out)
        for side in (True, False) if kind.mixed else (False,):  # a lady sits out for a lady
            counts = [sat[p] for p in present if (p in her) is side]
            assert max(counts) - min(counts) <= 1, "everyone sits out once before anyone twice"
        moved, won = play_round(kind, seated.tables, her, rng)
        coming = set(seated.sitting_out)
        seated = reseat(kind, moved, present, her, played, queue)
        if kind.game != "hearts" and (kind.method is Method.SPLIT or kind.head.value == "wrap"):
            for t in seated.tables:  # the arrivals always play with the losers (Hoyle 1940 L11408–11411)
                for a, b in ((t[0], t[2]), (t[1], t[3])):
                    assert not ({a, b} <= won - coming), (t, won)


def test_thirteen_at_euchre_by_hand():
    """The draw of seed "t" and three rounds worked by hand: N-S win at every table. The head table's winners go
    round to the booby table; table 2's and 3's winners go up a table; round 1's spare comes in to the seat of
    table 1's North in round 1, who sits round 2 out, and table 1's East sits out round 3."""
    kind = KINDS["euchre"]
    first = kind.first_round(13, "t")
    (a, b, c, d), (e, f, g, h), (i, j, k, m) = first.tables
    (spare,) = first.sitting_out
    assert sit_out_queue(first) == (spare, a, b, c, d, e, f, g, h, i, j, k, m)
    moved = progress(first.tables, [Side.NS] * 3, Method.TOGETHER, kind.head)
    assert moved == ((b, d, e, g), (f, h, i, k), (j, m, a, c))
    two = reseat(
        kind,
        moved,
        range(1, 14),
        frozenset(),
        Counter(p for t in first.tables for p in t),
        sit_out_queue(first),
    )
    assert two == Seated(((b, d, e, g), (f, h, i, k), (j, m, spare, c)), (a,))


def test_the_star_partys_head_winners_keep_their_seats():
    """002 L680: "The winners at the head table ... keep their seats for the next game. The losers are transferred
    to the booby table, and the winners at the second table take their places"."""
    seating = ((1, 2, 4, 3), (5, 6, 8, 7), (9, 10, 12, 11))
    kind = KINDS["star-euchre"]
    after = progress(seating, [Side.EW, Side.NS, Side.NS], Method.TOGETHER, kind.head, ladies(12))
    assert (after[0][1], after[0][3]) == (2, 3), "E and W won at the head table: they keep E and W"
    assert {after[0][0], after[0][2]} == {5, 8}, "table 2's winners take the losers' places"
    assert {1, 4} <= set(after[2])
    assert "keep their seats" in kind.head_rule() and "002 L680" in kind.head_rule()
    assert "no winner plays with another winner" in KINDS["euchre"].head_rule()


def test_a_late_arrival_and_a_leaver_reseat_the_tables():
    kind = KINDS["euchre"]
    first = kind.first_round(15, "x")
    queue = sit_out_queue(first)
    played = Counter(p for t in first.tables for p in t)
    grown = reseat(kind, first.tables, [*range(1, 17)], frozenset(), played, [*queue, 16])
    assert len(grown.tables) == 4 and grown.sitting_out == ()
    assert grown.tables[:3] == first.tables, "the tables keep their players; the spares and 16 make table 4"
    gone = first.tables[0][0]
    shrunk = reseat(kind, first.tables, [p for p in range(1, 16) if p != gone], frozenset(), played, queue)
    assert len(shrunk.tables) == 3 and len(shrunk.sitting_out) == 2
    assert gone not in [p for t in shrunk.tables for p in t]


def test_hearts_sit_outs_are_a_lady_and_a_gentleman():
    first = KINDS["hearts"].first_round(18, "h")
    assert len(first.tables) == 4 and sorted(p % 2 for p in first.sitting_out) == [0, 1]


@pytest.mark.parametrize(
    ("total", "played", "sat", "counted"),
    [
        (2, 2, 1, 3),
        (1, 2, 1, Fraction(3, 2)),
        (0, 2, 1, 0),
        (2, 2, 0, 2),
        (0, 0, 1, 0),
        (1640, 3, 1, Fraction(6560, 3)),
    ],
)
def test_a_round_sat_out_counts_at_the_players_average(total, played, sat, counted):
    assert with_sit_outs(total, played, sat) == counted
