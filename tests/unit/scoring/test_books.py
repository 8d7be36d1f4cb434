"""The books' standings (Hoyle 1940): compass, progressive euchre and hearts, individual and pivot, military."""

from fractions import Fraction

import pytest

from games.engine.bridge.calls import Contract
from games.engine.cards import Seat
from scoring.methods.books import (
    Award,
    Net,
    Posting,
    TableGame,
    compass,
    compass_postings,
    games_won,
    hearts_session,
    military_flags,
    net_by_player,
    net_ranking,
    ordinal,
    prize_awards,
    progressive_contract_round,
    progressive_standings,
)


def test_compass_plus_minus_against_the_direction_average():
    """L5371–5385: grand total ÷ pairs in the direction; pairs above are "plus", below "minus"."""
    result = compass({"N1": 900, "N2": 300, "N3": -300}, {"E1": -900, "E2": -300, "E3": 300})
    assert result.average_ns == 300 and result.average_ew == -300
    assert [(ln.pair, ln.plus_minus, ln.rank) for ln in result.ns] == [
        ("N1", 600, "1"),
        ("N2", 0, "2"),
        ("N3", -600, "3"),
    ]
    assert [ln.plus_minus for ln in result.ew] == [-600, 0, 600]
    assert result.balanced


def test_compass_average_need_not_be_whole_and_the_check_catches_a_wrong_sum():
    result = compass({"N1": 100, "N2": 0, "N3": 0}, {"E1": -100, "E2": 0, "E3": 10})
    assert result.average_ns == Fraction(100, 3)
    assert sum(ln.plus_minus for ln in result.ns) == 0
    assert not result.balanced
    assert result.problems == (
        "the N-S total +100 and the E-W total -90 do not balance: a score was posted wrongly",
    )


def test_compass_from_the_pairs_cards_names_the_mis_posted_tray():
    """Each pair keeps its own score (L5366–5372); N-S 155 is E-W's -155 (only the difference is recorded,
    L5342–5344). E-W pair E2 posts -36 for a tray its opponents posted +191: the check fails (L5383–5385) and
    names the tray."""
    postings = [
        Posting("1", "N1", "E1", 155, None),
        Posting("1", "N2", "E2", None, 30),
        Posting("2", "N1", "E2", 191, -36),
        Posting("2", "N2", "E1", -50, 50),
    ]
    result = compass_postings(postings)
    assert [(ln.pair, ln.total, ln.plus_minus) for ln in result.ns] == [("N1", 346, 213), ("N2", -80, -213)]
    assert [(ln.pair, ln.total) for ln in result.ew] == [("E1", -105), ("E2", -6)]
    assert result.problems == (
        "the N-S total +266 and the E-W total -111 do not balance: a score was posted wrongly",
        "board 2: N-S pair N1 posted +191 but E-W pair E2 posted -36, not -191",
    )
    postings[2] = Posting("2", "N1", "E2", 191, -191)
    assert compass_postings(postings).balanced


def test_progressive_euchre_punches_head_table_needs_five_elsewhere_the_better_score():
    round_1 = [
        TableGame(1, (("Ann", "Bob"), ("Cat", "Dan")), (5, 3)),
        TableGame(2, (("Eve", "Fay"), ("Gus", "Hal")), (2, 4)),
        TableGame(3, (("Ida", "Jim"), ("Kay", "Len")), (3, 3)),  # equal when the bell rang: nobody
    ]
    round_2 = [TableGame(1, (("Ann", "Gus"), ("Bob", "Hal")), (4, 5))]
    won = games_won([round_1, round_2])
    assert won == {"Ann": 1, "Bob": 2, "Gus": 1, "Hal": 2}


def test_progressive_standings_prize_blocks_and_lone_hand_prize():
    """L11416–11430: A, B tie on 12 for the choice of 1st and 2nd; C, D on 11 cut for the 3rd."""
    won = {"A": 12, "B": 12, "C": 11, "D": 11, "E": 9}
    standings = progressive_standings(won, prizes=3, lone_hands={"E": 3, "C": 1}, cut=lambda tied: list(tied))
    assert standings.ranking == (
        ("A", 12, "1="),
        ("B", 12, "1="),
        ("C", 11, "3="),
        ("D", 11, "3="),
        ("E", 9, "5"),
    )
    assert standings.prizes.awards == {"A": 1, "B": 2, "C": 3}
    assert [c.prizes for c in standings.prizes.cuts] == [(1, 2), (3,)]
    assert standings.lone_hand_prize.awards == {"E": 1}


def test_prize_awards_in_words_say_how_each_tie_was_cut():
    """The book's example (L11420–11430) with the cut drawn as the list gives it: A wins the cut for the choice of
    1st and 2nd, C the cut for the 3rd; D, who lost it, gets nothing. E won the most lone hands (L11417–11418)."""
    won = {"A": 12, "B": 12, "C": 11, "D": 11, "E": 9}
    standings = progressive_standings(won, prizes=3, lone_hands={"E": 3, "C": 1}, cut=lambda tied: list(tied))
    assert prize_awards(standings) == {
        "A": Award("1st prize", "drew 1st of 2 in the cut with player B for the choice of the 1st and 2nd prizes"),
        "B": Award("2nd prize", "drew 2nd of 2 in the cut with player A for the choice of the 1st and 2nd prizes"),
        "C": Award("3rd prize", "drew 1st of 2 in the cut with player D for the 3rd prize"),
        "D": Award("", "drew 2nd of 2 in the cut with player C for the 3rd prize"),
        "E": Award("lone-hand prize", ""),
    }  # fmt: skip
    three = progressive_standings({"A": 2, "B": 2, "C": 2}, prizes=2, lone_hands={"A": 1, "B": 1},
                                  cut=lambda tied: list(tied), lone_hand_cut=lambda tied: list(reversed(tied)))  # fmt: skip
    assert prize_awards(three) == {
        "A": Award("1st prize", "drew 1st of 3 in the cut with players B and C for the choice of the 1st and 2nd prizes; "
                   "drew 2nd of 2 in the cut with player B for the lone-hand prize"),
        "B": Award("2nd prize, lone-hand prize", "drew 2nd of 3 in the cut with players A and C for the choice of the 1st "
                   "and 2nd prizes; drew 1st of 2 in the cut with player A for the lone-hand prize"),
        "C": Award("", "drew 3rd of 3 in the cut with players A and B for the choice of the 1st and 2nd prizes"),
    }  # fmt: skip
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd", "111th"]  # fmt: skip


def test_individual_progressive_net_is_plus_less_minus():
    """L5408–5411: a player who won 1,640 and lost 320 is plus 1,320."""
    rounds = [(("Ann", "Bob"), 1000), (("Ann", "Cat"), -320), (("Ann", "Dan"), 640), (("Bob", "Cat"), -100)]
    totals = net_by_player(rounds)
    assert totals["Ann"] == Net(1640, 320) and totals["Ann"].net == 1320
    assert net_ranking(totals) == [
        ("Ann", 1320, "1"),
        ("Bob", 900, "2"),
        ("Dan", 640, "3"),
        ("Cat", -420, "4"),
    ]


def test_pivot_players_each_partner_the_pivot():
    """Pivot (L5417–5427): rubbers with the pivot and each other player in turn; each keeps an individual score."""
    rubbers = [(("P", "A"), 600), (("B", "C"), -600), (("P", "B"), -350), (("A", "C"), 350), (("P", "C"), 200),
               (("A", "B"), -200)]  # fmt: skip
    ranking = net_ranking(net_by_player(rubbers))
    assert ranking == [("A", 750, "1"), ("P", 450, "2"), ("C", -50, "3"), ("B", -1150, "4")]


def test_progressive_contract_round_vulnerability_follows_the_deal():
    """L20379–20391: deal 1 none, 2 and 3 the dealer's side, 4 both; game 300/500, part score 50."""
    four_spades_n = Contract.parse("4S", Seat.NORTH)
    deals = [(four_spades_n, 10), (four_spades_n, 10), (None, 0), (four_spades_n, 10)]
    total = progressive_contract_round(Seat.NORTH, deals)
    # deal 1 (N deals, none vul) 120 + 300; deal 2 (E deals, E-W vul) N-S not vul 120 + 300; deal 4 both 120 + 500
    assert total.ns == 420 + 420 + 620
    with pytest.raises(ValueError, match="four deals"):
        progressive_contract_round(Seat.NORTH, deals + deals[:1])


def test_military_euchre_forts_ranked_by_flags():
    games = [("Fort 1", "Fort 2"), ("Fort 3", "Fort 1"), ("Fort 1", "Fort 3"), ("Fort 2", "Fort 3")]
    assert military_flags(games) == [("Fort 1", 2, "1"), ("Fort 2", 1, "2="), ("Fort 3", 1, "2=")]
    assert military_flags([("Fort 1", "Fort 2")])[-1] == ("Fort 2", 0, "2")  # a fort that never won is listed


def test_hearts_sessions_under_each_settlement():
    players = ["A", "B", "C", "D"]
    howell = hearts_session(players, [[3, 6, 4, 0]], "howell")
    # L12153–12171: pool 39, net = not taken − 3 × taken
    assert howell.totals == {"A": 10 - 9, "B": 7 - 18, "C": 9 - 12, "D": 13}
    assert sum(howell.totals.values()) == 0
    sweep = hearts_session(players, [[3, 6, 4, 0], [13, 0, 0, 0], [5, 0, 8, 0], [4, 3, 0, 6]], "sweepstake")
    # hand 2: three clean, the 13 stays as a jack; hand 3: two clean but a jack is only won alone → 26;
    # hand 4: C alone clean takes 26 + 13 (L12131–12137)
    assert sweep.totals["C"] == -4 + 0 - 8 + 39 and sweep.jack == 0
    assert hearts_session(players, [[13, 0, 0, 0]], "sweepstake").jack == 13
    assert sum(sweep.totals.values()) == 0
    assert hearts_session(players, [[20, 14, 30, 9]], "spot").ranking[0] == ("D", 11 + 5 + 21, "1")
    with pytest.raises(ValueError, match="hand 1: 3 counts for 4 players"):
        hearts_session(players, [[1, 2, 3]], "basic")
