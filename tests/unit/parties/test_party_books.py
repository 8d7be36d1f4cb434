"""The party kinds by their books (L = line of the 1940 Hoyle, seed 001; 002 = the older Hoyle): the first seatings,
the state of a table at the bell, method 2's ladies and gentlemen, the stars, the hearts punches, the forts."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.bridge.calls import Contract
from games.engine.cards import Seat, Side
from parties.core import (
    KINDS,
    Fort,
    FortStanding,
    PartySettings,
    TableState,
    fort_standings,
    hearts_cut,
    kind_of,
    ladies,
    lone_hands_allowed,
    punch_marks,
    table_state,
)
from scoring.methods.books import (
    Stars,
    hearts_hand_winners,
    military_flags,
    progressive_contract_round,
    progressive_standings,
    star_counts,
    star_prizes,
    star_ranking,
)
from tournaments.movements.model import MovementError
from tournaments.movements.progressive import Method, progress, progress_hearts


def partners(seating):
    return [(t[0], t[2]) for t in seating] + [(t[1], t[3]) for t in seating]


@pytest.mark.parametrize("kind", [name for name, kind in KINDS.items() if kind.fixed is None])
def test_every_kind_seats_everyone_once_four_to_a_table(kind):
    seating = kind_of(kind).first_seating(24, seed=7)
    assert len(seating) == 6 and sorted(p for t in seating for p in t) == list(range(1, 25))
    assert kind_of(kind).first_seating(24, seed=7) == seating, "the draw is kept by its seed"


def test_couples_draw_partners_a_lady_and_a_gentleman_not_the_one_she_came_with():
    """002 L678: "The lady and gentleman whose cards correspond play together" (couple c: lady 2c-1, gentleman 2c)."""
    her = ladies(32)
    for seed in range(50):
        for north, east, south, west in KINDS["star-euchre"].first_seating(32, seed):
            for a, b in ((north, south), (east, west)):
                lady, gentleman = (a, b) if a in her else (b, a)
                assert lady in her and gentleman not in her
                assert gentleman != lady + 1, f"seed {seed}: couple {gentleman // 2} drawn together"


def test_military_euchre_forts_and_the_impossible_requests():
    """L11436: "never more than twelve" forts; L11440–11447: the E and W players move one table toward the head."""
    assert KINDS["military-euchre"].first_seating(12) == ((1, 6, 3, 8), (5, 10, 7, 12), (9, 2, 11, 4))
    with pytest.raises(MovementError, match="played by 2 to 12 forts \\(Hoyle 1940 L11436\\), not 13"):
        KINDS["military-euchre"].check(10, forts=13)
    with pytest.raises(
        MovementError, match="with 3 forts needs 12 players \\(four to defend each fort\\), not 10"
    ):
        KINDS["military-euchre"].check(10, forts=3)
    with pytest.raises(MovementError, match="not 13 \\(52 players\\)"):
        KINDS["military-euchre"].check(52)
    with pytest.raises(MovementError, match="unknown party kind 'whist'"):
        kind_of("whist")


def test_forts_ranked_by_the_flags_they_captured():
    """L11452–11464: "the winners at each table get a flag from the losers ... The winners are the forts that have
    captured the most trophies". Three forts, two games each (every fort visits every other once)."""
    games = [(1, 2), (3, 2), (3, 1), (2, 1), (2, 3), (1, 3)]  # (winner, loser) per game, forts 1-3
    assert military_flags(games) == [(1, 2, "1="), (2, 2, "1="), (3, 2, "1=")]
    assert military_flags(games[:4]) == [(3, 2, "1"), (1, 1, "2="), (2, 1, "2=")]


def test_the_head_table_plays_on_to_game_and_ties_elsewhere_are_decided_by_the_kinds_rule():
    """L11386–11391: the head table's bell rings when a side has made five; elsewhere the better score wins
    (L11413–11416); a tie is cut (1940 is silent) or, in the star party, the most tricks toward the next hand win
    (002 L682)."""
    assert table_state(1, 3, 2) == TableState("playing")
    assert table_state(1, 5, 2) == TableState("won", "NS")
    assert table_state(2, 3, 2) == TableState("won", "NS")
    assert table_state(3, 4, 4) == TableState("tied", tie="cut")
    assert KINDS["star-euchre"].tie == "most tricks toward the next hand"


def test_no_lone_hands_at_the_head_table_nor_in_military_euchre():
    """L11381–11382: "no lone hands are allowed at the head table"; L11446: military euchre "no lone hands
    allowed"."""
    assert not lone_hands_allowed("euchre", 1)
    assert lone_hands_allowed("euchre", 2)
    assert not lone_hands_allowed("euchre", 2, "military-euchre")
    assert not lone_hands_allowed("bridge", 2)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 8), st.data())
def test_method_two_never_partners_two_ladies_or_two_gentlemen_at_the_ends_too(tables, data):
    """L11405–11411, method 2: the winning lady goes toward the head table, the gentleman toward the booby; "the
    arrivals always play with the losers as partners". Over five rounds of any results no two ladies and no two
    gentlemen ever partner, the head and booby tables included, and no winner partners a winner."""
    players = 4 * tables
    her = ladies(players)
    seating = KINDS["euchre-couples"].first_seating(players, seed=data.draw(st.integers(0, 99)))
    for _ in range(5):
        winners = data.draw(st.lists(st.sampled_from([Side.NS, Side.EW]), min_size=tables, max_size=tables))
        won = {
            p
            for t, side in zip(seating, winners, strict=True)
            for p in ((t[0], t[2]) if side is Side.NS else (t[1], t[3]))
        }
        seating = progress(seating, winners, Method.SPLIT, ladies=her)
        assert sorted(p for t in seating for p in t) == list(range(1, players + 1))
        for a, b in partners(seating):
            assert (a in her) != (b in her), f"{a} and {b} partner: {seating}"
            assert not (a in won and b in won), "a winner partners a loser"


def test_star_party_stars_and_the_tie_rule():
    """002 L680–681: gold for the head table's winners, red for winners elsewhere, green for the booby table's
    losers; "In the event of a tie for a gold star prize, the number of red stars held by each player decides. If
    this again is a tie, the competitor with the fewest green stars is the winner". Three rounds at two tables."""
    games = [
        (1, ("Ann", "Bob"), ("Cy", "Di")), (2, ("Ed", "Flo"), ("Gus", "Hal")),
        (1, ("Ann", "Cy"), ("Ed", "Bob")), (2, ("Di", "Gus"), ("Flo", "Hal")),
        (1, ("Ed", "Di"), ("Ann", "Cy")), (2, ("Bob", "Flo"), ("Gus", "Hal")),
    ]  # fmt: skip
    counts = star_counts(games, tables=2)
    assert counts == {
        "Ann": Stars(gold=2), "Bob": Stars(gold=1, red=1), "Cy": Stars(gold=1), "Di": Stars(gold=1, red=1),
        "Ed": Stars(gold=1, red=1), "Flo": Stars(red=2, green=1), "Gus": Stars(red=1, green=2), "Hal": Stars(green=3),
    }  # fmt: skip
    assert [(p, rank) for p, _, rank in star_ranking(counts)] == [
        ("Ann", "1"), ("Bob", "2="), ("Di", "2="), ("Ed", "2="), ("Cy", "5"), ("Flo", "6"), ("Gus", "7"), ("Hal", "8"),
    ]  # fmt: skip
    tied = {
        "A": Stars(1, 2, 0),
        "B": Stars(1, 3, 1),
        "C": Stars(1, 2, 1),
        "D": Stars(0, 5, 0),
        "E": Stars(1, 2, 1),
    }
    assert [(p, rank) for p, _, rank in star_ranking(tied)] == [
        ("B", "1"),
        ("A", "2"),
        ("C", "3="),
        ("E", "3="),
        ("D", "5"),
    ], "gold first; then red decides (B); then the fewest green (A); equal in all three share"


def test_progressive_hearts_punches_ladies_up_gentlemen_down_ties_cut():
    """L12252–12266: after each hand "the two ladies at the same table compare, and the one with the lesser number
    of hearts goes to the next higher table and gets a punch mark"; the gentlemen likewise, the winner going toward
    the booby table; "Ties are decided by cutting"; prizes to the most punch marks."""
    her = {1, 3, 5, 7}
    seating = ((1, 2, 3, 4), (5, 6, 7, 8))
    hands = [{1: 2, 2: 7, 3: 4, 4: 0}, {5: 5, 6: 3, 7: 5, 8: 0}]  # hearts taken, 13 a table
    last = lambda players: sorted(players, reverse=True)  # noqa: E731 - the cut drawn: the higher number wins
    winners = [hearts_hand_winners(hand, her, cut=last) for hand in hands]
    assert winners == [(1, 4), (7, 8)], "table 2's ladies tied on 5 and cut"
    punches = Counter(p for pair in winners for p in pair)
    after = progress_hearts(seating, [w[0] for w in winners], [w[1] for w in winners], her)
    assert 7 in after[0] and 1 in after[0] and 4 in after[1] and 8 in after[1]
    standings = progressive_standings(
        punches | {p: 0 for p in range(1, 9) if p not in punches}, prizes=1, cut=sorted
    )
    assert [p for p, n, _ in standings.ranking if n] == [1, 4, 7, 8]
    with pytest.raises(ValueError, match="two ladies and two gentlemen, not 3"):
        hearts_hand_winners({1: 0, 3: 1, 5: 2, 2: 3}, her)


def test_progressive_contract_tallies_in_points_over_four_deals():
    """L20376–20392: four deals a round, game 300 not vulnerable and 500 vulnerable, part score 50, penalty limit
    1000. N deals first: 2H made (part score, 60 + 50), 4S by E on deal 2 (E-W not vulnerable: N deals 1, E deals 2,
    the dealer's side vulnerable: E-W), 7NT doubled down 7 on deal 3 held to 1000, 3NT by S on deal 4 (both)."""
    deals = [
        (Contract.parse("2H", Seat.NORTH), 8),
        (Contract.parse("4S", Seat.EAST), 10),
        (Contract.parse("7NTX", Seat.WEST), 6),
        (Contract.parse("3NT", Seat.SOUTH), 9),
    ]
    total = progressive_contract_round(Seat.NORTH, deals)
    assert total.total(Side.EW) == 120 + 500, "deal 2: E deals, the dealer's side vulnerable: game 500"
    assert total.total(Side.NS) == 110 + 1000 + 100 + 500, "part score 50; penalty held to 1000; game 500"
    assert total.ns == 1710 - 620, "the N-S tally for the round, in points: no 0-99 cap"


@pytest.mark.parametrize("kind", ["euchre-couples", "star-euchre", "hearts"])
def test_the_draw_follows_the_sides_entered_not_the_odd_numbers(kind):
    """A player's side is part of the entry: with each couple's gentleman entered first the ladies are the even
    numbers, and still partners are a lady and a gentleman (002 L678) or alternate round a hearts table (L12249–12251)
    and no one partners the one he or she came with (couple c: players 2c-1 and 2c)."""
    her = frozenset(range(2, 25, 2))
    for seed in range(30):
        seating = KINDS[kind].first_seating(24, seed, her=her)
        assert sorted(p for t in seating for p in t) == list(range(1, 25))
        for north, east, south, west in seating:
            if kind == "hearts":
                assert [p in her for p in (north, east, south, west)] == [True, False, True, False]
            else:
                for a, b in ((north, south), (east, west)):
                    assert (a in her) != (b in her) and {a, b} != {a, a + 1 if a % 2 else a - 1}


def test_a_mixed_party_refuses_sides_too_far_apart_to_seat():
    with pytest.raises(
        MovementError, match="3 ladies and 5 gentlemen fill 1 table and would leave 4 sitting out every round"
    ):
        KINDS["star-euchre"].first_seating(8, 1, her=frozenset({1, 2, 3}))


def test_star_prizes_go_to_the_lady_and_the_gentleman_with_the_most_of_each_colour():
    """002 L681: "the lady and gentleman having the largest number of stars of a given class each receive a
    'prize.' In the event of a tie for a gold star prize, the number of red stars held by each player decides. If
    this again is a tie, the competitor with the fewest green stars is the winner." The red tie is cut (the book
    gives no rule); no one has a gentleman's green star, so there is no such prize."""
    counts = {1: Stars(2, 1, 0), 3: Stars(2, 1, 1), 5: Stars(2, 0, 0), 2: Stars(1, 3, 0), 4: Stars(1, 2, 0)}
    awards = star_prizes(counts, ladies={1, 3, 5}, cut=lambda tied: list(tied))
    assert {p: a.prize for p, a in awards.items()} == {
        1: "Lady's gold-star prize and Lady's red-star prize",
        2: "Gentleman's gold-star prize and Gentleman's red-star prize",
        3: "Lady's green-star prize",
    }
    assert awards[1].cut == "won the cut with player 3 for the lady's red-star prize"
    assert (awards[2].cut, awards[3].cut) == ("", "")


def test_a_round_of_a_number_of_deals_ends_when_every_table_has_played_them():
    """Progressive contract plays four deals a round (Hoyle 1940 L20376–20392): until then a table is playing, the
    head table too; then the better score wins there as at every other table (no game of five to reach)."""
    bridge, euchre = KINDS["contract-bridge"], KINDS["euchre"]
    assert bridge.state(2, 620, 0, hands=3, deals=4) == TableState("playing")
    assert bridge.state(1, 620, 0, hands=4, deals=4) == TableState("done", "NS")
    assert euchre.state(1, 3, 4, hands=6, deals=6) == TableState("done", "EW"), "no five points needed"
    assert euchre.state(2, 3, 3, hands=6, deals=6) == TableState("tied", tie="cut")
    assert euchre.state(1, 3, 4) == TableState("playing"), "by the bell, the head table plays to five"
    assert PartySettings.from_json({"ends": "deals", "deals": 4}).round_deals == 4
    assert PartySettings.from_json({"ends": "bell", "deals": 4}).round_deals is None


def test_progressive_hearts_counts_a_punch_mark_for_every_hand_won():
    """L12252–12255: at the end of each hand the lady with fewer hearts "gets a punch mark on her score card" (the
    gentleman likewise); L12265–12266: "The prize winners are those who have the greatest number of punch marks".
    Issue 28: 16 players, 3 hands, player 10 won all three and was shown 1, with 15 players tied on 1. Hand-worked:
    each hand punches four ladies (odd numbers) and four gentlemen at the four tables."""
    hands = [
        {"1": 1, "10": 1}, {"5": 1, "2": 1}, {"9": 1, "6": 1}, {"13": 1, "14": 1},
        {"1": 1, "10": 1}, {"3": 1, "4": 1}, {"9": 1, "8": 1}, {"15": 1, "16": 1},
        {"1": 1, "10": 1}, {"7": 1, "2": 1}, {"11": 1, "12": 1}, {"13": 1, "14": 1},
    ]  # fmt: skip
    marks = punch_marks(hands)
    assert (marks[10], marks[1]) == (3, 3), "a punch for each hand won"
    assert {p for p, n in marks.items() if n == 2} == {2, 9, 13, 14}
    assert sum(marks.values()) == 24 and set(marks) == set(range(1, 17))
    standings = progressive_standings(dict(marks), prizes=3, cut=sorted)
    assert [(c.players, c.prizes) for c in standings.prizes.cuts] == [
        ((1, 10), (1, 2)),
        ((2, 9, 13, 14), (3,)),
    ], (
        "1 and 10 cut for the choice of the 1st and 2nd prizes, the four on 2 for the 3rd (L11420–11430); no one "
        "on 1 draws"
    )
    assert standings.prizes.awards == {1: 1, 10: 2, 2: 3}


def test_a_hearts_hand_is_cut_only_between_the_two_of_a_side_who_tied():
    """L12263: "Ties are decided by cutting": the two ladies (or gentlemen) with as many hearts each cut."""
    her = {1, 3}
    assert hearts_cut({1: 2, 2: 4, 3: 5, 4: 2}, her) == frozenset()
    assert hearts_cut({1: 4, 2: 3, 3: 4, 4: 2}, her) == {1, 3}
    assert hearts_cut({1: 0, 2: 3, 3: 4, 4: 3}, her) == {2, 4}


def test_the_prizes_of_military_euchre_go_to_the_forts_with_the_most_flags():
    """L11436–11438: "Each table is a fort, with a flag of its own"; L11452–11464: each game's winners "get a flag
    from the losers as a trophy" and "The winners are the forts that have captured the most trophies". Three forts,
    four games: fort 3 (the host named it) captured two flags, forts 1 and 2 one each, so they cut for the 2nd prize
    as tied players do (L11420–11430; the book says nothing of forts' ties)."""
    forts = PartySettings.from_json({"forts": ["", "", "Fort Henry"]}).forts_of(12)
    assert forts == (Fort(1, "Fort 1", "red"), Fort(2, "Fort 2", "blue"), Fort(3, "Fort Henry", "green"))
    board = fort_standings(forts, [(1, 2), (3, 2), (3, 1), (2, 1)], prizes=2, cut=sorted)
    assert board == [
        FortStanding(forts[2], 2, "1", "1st prize"),
        FortStanding(
            forts[0], 1, "2=", "2nd prize", "drew 1st of 2 in the cut with Fort 2 for the 2nd prize"
        ),
        FortStanding(forts[1], 1, "2=", "", "drew 2nd of 2 in the cut with Fort 1 for the 2nd prize"),
    ]
    reverse = fort_standings(
        forts, [(1, 2), (3, 2), (3, 1), (2, 1)], prizes=2, cut=lambda tied: sorted(tied)[::-1]
    )
    assert [(f.fort.number, f.prize) for f in reverse] == [(3, "1st prize"), (2, "2nd prize"), (1, "")], (
        "of the forts tied, the winner of the cut is listed first"
    )
    assert [f.flags for f in fort_standings(forts, [], 1, sorted)] == [0, 0, 0], (
        "every fort listed, none won yet"
    )
