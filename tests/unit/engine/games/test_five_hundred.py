"""Five Hundred: values from Hoyle 1940 (L = line), the c.1910 Hoyle (000) and Hoffmann's Avondale game (002)."""

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import JOKER, Card, Rank, Suit
from games.engine.five_hundred import (
    AVONDALE,
    HOYLE_1940,
    HOYLE_1940_FOUR,
    NULLO,
    Bid,
    Bidding,
    FiveHundredDeal,
    Fours,
    NoBid,
    NoTrumpTricks,
    RevokeRule,
    auction,
    audit_deal,
    bid_rank,
    bid_value,
    game_winner,
    revoke_score,
    score_deal,
    trick_rules,
)
from games.engine.report import IrregularityKind as K
from games.engine.trick_play import legal_cards, trick_winner
from tests.unit.engine.games.play import random_tricks, revoke_swaps, swap

S, C, D, H = Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS


def test_packs_of_33_and_43():
    assert len(HOYLE_1940.pack()) == 33  # 32 and the joker (1940 L11560-11561)
    four = HOYLE_1940_FOUR.pack()
    assert len(four) == 43  # "the 6's, 5's and two 4's" (L11561-11563)
    assert {c for c in four if c.rank is Rank.FOUR} == {
        Card(C, Rank.FOUR),
        Card(S, Rank.FOUR),
    }  # 000 L51738-51741
    red = replace(HOYLE_1940_FOUR, fours=Fours.RED).pack()
    assert {c for c in red if c.rank is Rank.FOUR} == {Card(D, Rank.FOUR), Card(H, Rank.FOUR)}
    with pytest.raises(ValueError, match="three or four"):
        replace(HOYLE_1940, players=5)


HOYLE_TABLE = {
    S: (40, 80, 120, 160),
    C: (60, 120, 180, 240),
    D: (80, 160, 240, 320),
    H: (100, 200, 300, 400),
    None: (120, 240, 360, 480),
}
AVONDALE_TABLE = {
    S: (40, 140, 240, 340, 440),
    C: (60, 160, 260, 360, 460),
    D: (80, 180, 280, 380, 480),
    H: (100, 200, 300, 400, 500),
    None: (120, 220, 320, 420, 520),
}


def test_bid_tables_cell_by_cell():
    # 1940 L11590-11598 (labels rebuilt, §5 item 1) = 000 L51826-51838; Avondale 002 L1631-1643
    for trump, row in HOYLE_TABLE.items():
        assert tuple(bid_value(HOYLE_1940, Bid(t, trump)) for t in range(6, 10)) == row
    for trump, row in AVONDALE_TABLE.items():
        assert tuple(bid_value(AVONDALE, Bid(t, trump)) for t in range(6, 11)) == row
    values = [bid_value(AVONDALE, Bid(t, trump)) for trump in AVONDALE_TABLE for t in range(6, 11)]
    assert len(set(values)) == len(values)  # "no two bids are numerically equal"


def test_the_red_suits_both_ways():
    # the 1940 worked example "makes 7 in hearts, 160" (L11635-11641) fits only hearts below diamonds
    low_hearts = replace(HOYLE_1940, hearts_below_diamonds=True)
    assert bid_value(low_hearts, Bid(7, H)) == 160 and bid_value(low_hearts, Bid(7, D)) == 200
    assert bid_value(HOYLE_1940, Bid(7, H)) == 200 and bid_value(HOYLE_1940, Bid(7, D)) == 160  # 000 table
    # "A bid of 7 in diamonds ... is worth more than a bid of 8 in spades" holds both ways (L11602-11604)
    for rules in (HOYLE_1940, low_hearts):
        assert bid_rank(rules, Bid(7, D)) > bid_rank(rules, Bid(8, S))


def test_bid_ranking():
    # "A bid of 7 in diamonds ... is worth more than a bid of 8 in spades" (L11602-11604)
    assert bid_rank(HOYLE_1940, Bid(7, D)) > bid_rank(HOYLE_1940, Bid(8, S))
    # equal values: "the preference ... to the suit which requires most tricks" (000 L51813-51818)
    assert bid_value(HOYLE_1940, Bid(7, S)) == bid_value(HOYLE_1940, Bid(6, D)) == 80
    assert bid_rank(HOYLE_1940, Bid(7, S)) > bid_rank(HOYLE_1940, Bid(6, D))
    # nullo 250 "ranks between 8 spades and 8 clubs in the Avondale schedule" (L18733-18735)
    assert bid_rank(AVONDALE, Bid(8, S)) < bid_rank(AVONDALE, NULLO) < bid_rank(AVONDALE, Bid(8, C))


def test_one_round_of_bids_and_insufficient_bids():
    result = auction(HOYLE_1940, 0, [Bid(6, S), Bid(7, D), None])
    assert (result.bidder, str(result.bid)) == (2, "7D") and not result.irregularities
    low = auction(HOYLE_1940, 0, [Bid(7, D), Bid(8, S), None])
    assert [(i.kind, i.seat) for i in low.irregularities] == [(K.INSUFFICIENT_BID, "2")]
    assert auction(HOYLE_1940, 0, [None, None, None]).bid is None
    late = auction(HOYLE_1940, 0, [None, None, None, Bid(6, S)])
    assert late.irregularities[0].kind is K.CALL_AFTER_AUCTION
    assert auction(HOYLE_1940, 0, [Bid(10, S)]).irregularities[0].kind is K.INSUFFICIENT_BID  # 6 to 9
    assert "nullo is not played" in auction(HOYLE_1940, 0, [NULLO]).irregularities[0].message


def test_bidding_on_until_the_others_pass():
    rules = replace(AVONDALE, bidding=Bidding.UNTIL_PASSED)
    result = auction(rules, 0, [Bid(6, S), Bid(6, C), None, Bid(7, S), None])
    assert (result.bidder, str(result.bid), result.irregularities) == (1, "7S", ())
    # "a player who has once passed cannot subsequently bid": player 3 ... is never asked again
    assert auction(rules, 0, [Bid(6, S), None, None]).bidder == 1


def test_scores():
    won = {0: 7, 1: 2, 2: 1}
    assert score_deal(HOYLE_1940, 0, Bid(7, H), won) == (200, 20, 10)  # L11610-11617
    assert score_deal(HOYLE_1940, 0, Bid(8, H), won) == (-300, 20, 10)  # set back (L11619-11626)
    assert score_deal(HOYLE_1940, 0, Bid(6, S), {0: 10, 1: 0, 2: 0}) == (250, 0, 0)  # all ten: at least 250
    assert score_deal(HOYLE_1940, 0, Bid(9, None), {0: 10, 1: 0, 2: 0}) == (
        480,
        0,
        0,
    )  # "simply scores what he bid"
    assert score_deal(HOYLE_1940_FOUR, 1, Bid(6, C), {0: 2, 1: 4, 2: 2, 3: 2}) == (40, 60)
    # nullo: 250, or set back 250 and the adversaries 10 for each trick he took (L18737-18741)
    assert score_deal(AVONDALE, 0, NULLO, {0: 0, 1: 6, 2: 4}) == (250, 0, 0)
    assert score_deal(AVONDALE, 0, NULLO, {0: 2, 1: 4, 2: 4}) == (-250, 20, 20)
    # no bid played at no trumps (002 L1628)
    assert score_deal(replace(AVONDALE, no_bid=NoBid.NO_TRUMPS), None, None, {0: 3, 1: 3, 2: 4}) == (
        30,
        30,
        40,
    )


def test_the_bidder_counts_first():
    # bidder 360, an adversary 480: the bidder makes 7 hearts (160), the adversary takes the three other
    # tricks (30); "as the bidder counts first, he is out ... so the bidder wins the game" (L11635-11641)
    rules = replace(HOYLE_1940, hearts_below_diamonds=True)
    points = score_deal(rules, 0, Bid(7, H), {0: 7, 1: 3, 2: 0})
    assert points == (160, 30, 0)
    assert game_winner(rules, (360, 480, 0), points, 0) == 0
    # neither is the bidder: the first to take the trick carrying him over 500 wins (002 L1647)
    points = score_deal(HOYLE_1940, 0, Bid(6, S), {0: 6, 1: 2, 2: 2})
    assert game_winner(HOYLE_1940, (0, 490, 490), points, 0, [0, 2, 1, 0, 0, 1, 0, 2, 0, 0]) == 2


def test_revoke_rules():
    bid = Bid(7, D)  # 160
    so_far = {0: 2, 1: 1, 2: 1}
    assert revoke_score(HOYLE_1940, 0, bid, 0, so_far) == (-160, 10, 10)  # bidder in fault (L11649-11652)
    assert revoke_score(HOYLE_1940, 0, bid, 2, so_far) == (160, 0, 0)  # an adversary (L11652-11655)
    hoffmann = replace(HOYLE_1940, revoke=RevokeRule.HOFFMANN)
    out = {0: 7, 1: 2, 2: 1}
    assert revoke_score(hoffmann, 0, bid, 2, so_far, out) == (160, 20, -100)  # 002 L1652-1653
    assert revoke_score(hoffmann, 0, bid, 0, so_far, out) == (-160, 20, 10)
    with pytest.raises(ValueError, match="played out"):
        revoke_score(hoffmann, 0, bid, 0, so_far)


def test_joker_at_no_trumps():
    nt = NoTrumpTricks()
    # cannot trump with it while holding the suit led (L11569-11572)
    assert legal_cards(nt, frozenset([JOKER, Card(H, Rank.NINE)]), H) == {Card(H, Rank.NINE)}
    assert trick_winner(nt, [(0, Card(H, Rank.ACE)), (1, JOKER)]) == 1
    # led, its leader names the suit the others follow (L11572-11574)
    assert trick_winner(nt, [(0, JOKER), (1, Card(C, Rank.ACE))], called=C) == 0
    assert legal_cards(nt, frozenset([Card(C, Rank.SEVEN), Card(D, Rank.ACE)]), C) == {Card(C, Rank.SEVEN)}
    # Hoffmann: played to a suit its holder renounced earlier it cannot win (002 L1644)
    hoffmann = NoTrumpTricks(hoffmann=True)
    assert trick_winner(hoffmann, [(0, Card(H, Rank.KING)), (1, Card(C, Rank.SEVEN))]) == 0
    assert trick_winner(hoffmann, [(0, Card(H, Rank.QUEEN)), (1, JOKER)]) == 0
    assert trick_winner(NoTrumpTricks(), [(0, Card(H, Rank.QUEEN)), (1, JOKER)]) == 1


def test_trump_ranking_is_euchres():
    rules = trick_rules(HOYLE_1940_FOUR, Bid(6, H))
    assert trick_winner(rules, [(0, Card(H, Rank.ACE)), (1, Card(D, Rank.JACK)), (2, JOKER)]) == 2
    assert trick_winner(rules, [(0, Card(H, Rank.FOUR)), (1, Card(D, Rank.JACK))]) == 1  # left bower
    assert trick_winner(rules, [(0, Card(H, Rank.FIVE)), (1, Card(H, Rank.FOUR))]) == 0  # down to the 4


def _random_500(seed, rules, nullo=False):
    rnd = random.Random(seed)
    pack = list(rules.pack())
    rnd.shuffle(pack)
    n = rules.players
    hands = {p: frozenset(pack[10 * p : 10 * p + 10]) for p in range(n)}
    widow = frozenset(pack[10 * n :])
    dealer = rnd.randrange(n)
    bidder = (dealer + 1 + rnd.randrange(n)) % n
    bid = NULLO if nullo else Bid(rnd.randrange(6, 10), rnd.choice([S, C, D, H, None]))
    calls = tuple(bid if (dealer + 1 + i) % n == bidder else None for i in range(n))
    whole = sorted(hands[bidder] | widow)
    discard = frozenset(rnd.sample(whole, 3))
    playing = dict(hands) | {bidder: frozenset(whole) - discard}
    idle = (bidder + 2) % 4 if nullo and n == 4 else None
    order = [p for p in range(n) if p != idle]
    called: list = []
    tricks = trick_rules(rules, bid)
    played = random_tricks(tricks, playing, order, bidder, rnd, called)
    if nullo:  # no suit is named to a joker led at nullo (L18741-18743)
        called = [None] * len(called)
    deal = FiveHundredDeal(
        dealer, calls, tuple(tuple(c for _, c in t) for t in played), tuple(called), hands, widow, discard
    )
    return deal, played, bidder, bid


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([HOYLE_1940, HOYLE_1940_FOUR, AVONDALE]), st.booleans())
def test_random_legal_deals_replay_clean(seed, rules, nullo):
    rules = replace(rules, nullo=True)
    deal, played, bidder, bid = _random_500(seed, rules, nullo)
    audit = audit_deal(rules, deal)
    assert not audit.irregularities, audit.irregularities
    assert audit.complete and audit.points == score_deal(rules, bidder, bid, audit.play.won)
    assert not audit_deal(rules, replace(deal, hands=None, widow=None, discard=None)).irregularities


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_a_broken_follow_suit_is_reported_at_its_trick_and_seat(seed, data):
    deal, played, bidder, bid = _random_500(seed, HOYLE_1940_FOUR)
    swaps = revoke_swaps(trick_rules(HOYLE_1940_FOUR, bid), played)
    if not swaps:
        return
    t, j, player = data.draw(st.sampled_from(swaps))
    broken = tuple(tuple(c for _, c in trick) for trick in swap(played, t, j, player))
    audit = audit_deal(HOYLE_1940_FOUR, replace(deal, tricks=broken))
    first = audit.irregularities[0]
    assert (first.kind, first.trick, first.seat) == (K.REVOKE, t + 1, str(player))


def test_widow_discard_must_come_from_hand_and_widow():
    deal, _, bidder, _ = _random_500(3, HOYLE_1940)
    stranger = next(c for c in HOYLE_1940.pack() if c not in deal.hands[bidder] | deal.widow)
    bad = replace(deal, discard=frozenset(list(deal.discard)[:2] + [stranger]))
    assert K.ILLEGAL_DISCARD in {i.kind for i in audit_deal(HOYLE_1940, bad).irregularities}


def test_a_led_joker_needs_a_named_suit():
    deal = FiveHundredDeal(
        0, (Bid(6, None), None, None), ((JOKER, Card(C, Rank.SEVEN), Card(C, Rank.EIGHT)),)
    )
    found = audit_deal(HOYLE_1940, deal).irregularities
    assert [i.kind for i in found] == [K.ILLEGAL_CALL]
    assert not audit_deal(HOYLE_1940, replace(deal, called=(C,))).irregularities
