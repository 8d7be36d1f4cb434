"""Bridge parties' deals scored by the book (L = line of the 1940 Hoyle, seed 001): progressive contract's table
(L20376–20392: deal 1 neither side vulnerable, 2 and 3 the dealer's side, 4 both; game 300 or 500, part score 50,
penalty limit 1000) on the 1935 values (L20324–20369), and individual progressive bridge scored as auction's rubber
with no rubber bonus and 125 a game (L5391–5401)."""

import pytest

from parties.core import KINDS, PlayedDeal, TypedDeal, round_points

CONTRACT = "progressive-contract"
AUCTION = "auction-1926"


def test_each_deal_has_the_vulnerability_of_its_place_in_the_round():
    """North deals the first deal, then each to the left: 4S made by E-W scores 120 + 300 on deal 1 (neither
    vulnerable), 120 + 500 on deal 2 (East deals: E-W vulnerable), 120 + 300 on deal 3 (South deals: N-S), 120 + 500
    on deal 4 (both)."""
    deals = [PlayedDeal("4S", "E", 10)] * 4
    assert round_points(CONTRACT, deals) == [(0, 420), (0, 620), (0, 420), (0, 620)]
    assert round_points(CONTRACT, [PlayedDeal("4S", "N", 10)] * 4) == [(420, 0), (420, 0), (620, 0), (620, 0)]


def test_part_score_and_game_bonuses_overtricks_and_slams():
    """L20390–20391: part score bonus 50, game bonus 300 not vulnerable; L20333–20339 trick values (2H 60, 3NT 100:
    40 + 30 + 30); L20347–20350 little slam 500 not vulnerable; overtricks at their value."""
    assert round_points(CONTRACT, [PlayedDeal("2H", "S", 9)]) == [(60 + 30 + 50, 0)]
    assert round_points(CONTRACT, [PlayedDeal("3NT", "W", 9)]) == [(0, 100 + 300)]
    assert round_points(CONTRACT, [PlayedDeal("6C", "N", 12)]) == [(120 + 500 + 300, 0)]
    assert round_points(CONTRACT, [PlayedDeal("Pass")]) == [(0, 0)]


def test_the_penalty_limit_holds_a_deal_to_1000():
    """L20367–20369: vulnerable doubled, down 7 is 2000; "Penalty Limit 1000" (L20392). Deal 4, both vulnerable:
    7NTX by N down 7 gives E-W 1000. Down 3 doubled vulnerable (800, L20366) is under the limit."""
    assert round_points(CONTRACT, [PlayedDeal("Pass")] * 3 + [PlayedDeal("7NTX", "N", 6)])[3] == (0, 1000)
    assert round_points(CONTRACT, [PlayedDeal("Pass")] * 3 + [PlayedDeal("4SX", "N", 7)])[3] == (0, 800)


def test_honors_claimed_count_for_the_side_holding_them():
    """L20345: four trump honors in one hand 100, to the side holding them whatever the contract's fate."""
    assert round_points(CONTRACT, [PlayedDeal("4S", "N", 10, "N-S 100")]) == [(520, 0)]
    assert round_points(CONTRACT, [PlayedDeal("4S", "N", 9, "N-S 100")]) == [(100, 50)]


@pytest.mark.parametrize(
    ("deal", "error"),
    [
        (PlayedDeal("4S", "", 10), "deal 1: the declarer '' is not a seat"),
        (PlayedDeal("4Z", "N", 10), "deal 1: '4Z' is not a contract"),
        (PlayedDeal("4S", "N", 14), "deal 1: 14 tricks is not 0 to 13"),
        (PlayedDeal("4S", "N", 10, "E-W 30"), "deal 1: honors of 30 are not held"),
    ],
)
def test_a_deal_is_refused_naming_what_is_wrong(deal, error):
    with pytest.raises(ValueError, match=error):
        round_points(CONTRACT, [deal])


def test_typed_points_are_checked_against_the_book():
    """Typed points stay possible: a deal's figures must be a score of one deal with its vulnerability. A penalty
    of 1400 (down 5 doubled vulnerable, L20368) is refused naming the limit of 1000 (L20392); 1000 and 1000 with
    honors 150 are accepted; 60 is no score at all and 50 (down 1 not vulnerable) none on deal 4; both sides cannot score beyond honors."""
    with pytest.raises(
        ValueError, match=r"deal 1: E-W 1400 is not the defenders' penalty .* at most 1000 \(Hoyle"
    ):
        round_points(CONTRACT, [TypedDeal(0, 1400, "N")])
    assert round_points(CONTRACT, [TypedDeal(0, 1000, "N"), TypedDeal(0, 1150, "N")]) == [
        (0, 1000),
        (0, 1150),
    ]
    with pytest.raises(
        ValueError, match="deal 1: N-S 60 is not a score .* not vulnerable; give the contract"
    ):
        round_points(CONTRACT, [TypedDeal(60, 0)])
    with pytest.raises(
        ValueError, match="deal 4: N-S 50 is not a score .* N-S vulnerable; give the contract"
    ):
        round_points(CONTRACT, [TypedDeal(0, 0)] * 3 + [TypedDeal(50, 0)])
    with pytest.raises(ValueError, match="cannot both be scored on one deal"):
        round_points(CONTRACT, [TypedDeal(420, 300)])
    assert round_points(CONTRACT, [PlayedDeal("4S", "N", 10), TypedDeal(0, 620)]) == [(420, 0), (0, 620)]


def test_individual_bridge_is_auction_with_125_a_game_and_no_rubber_bonus():
    """L5396–5401: "precisely as in the ordinary rubber except that there is no 250 for winning the rubber. If
    either side reaches 30 points, it adds 125 in honors, for the game won, and 125 for any further game". Auction
    trick values (Law 57, L6122–6135): spades 9, no-trumps 10. 2S made 18 below; 1NT made with an overtrick (20)
    takes N-S to 38, a game: 145; 3NT by E-W a game from nothing: 155; 1C made 6."""
    deals = [
        PlayedDeal("2S", "N", 8),
        PlayedDeal("1NT", "N", 8),
        PlayedDeal("3NT", "E", 9),
        PlayedDeal("1C", "S", 7),
    ]
    assert round_points(AUCTION, deals) == [(18, 0), (145, 0), (0, 155), (6, 0)]


def test_individual_bridge_games_go_on_after_two_and_earn_no_rubber():
    """L5399–5401: "125 for any further game or games in the four deals", no 250 for the rubber: N-S win two games,
    E-W two, each 30 + 125."""
    deals = [PlayedDeal("3NT", "N", 9)] * 2 + [PlayedDeal("3NT", "E", 9)] * 2
    assert round_points(AUCTION, deals) == [(155, 0), (155, 0), (0, 155), (0, 155)]


def test_individual_bridge_is_labelled_and_scored_as_auction():
    """L5391–5411 sits in the book's auction bridge chapter: the kind's rule set is auction-1926, not contract."""
    kind = KINDS["individual-bridge"]
    assert (kind.rule_set, kind.title, len(kind.deals)) == (
        AUCTION,
        "Individual progressive bridge (auction scoring)",
        4,
    )
    assert KINDS["contract-bridge"].rule_set == CONTRACT
