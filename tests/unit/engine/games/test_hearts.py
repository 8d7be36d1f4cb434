"""Hearts: packs, penalty cards, joker play and every settlement, with the values printed in Hoyle 1940."""

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import JOKER, Card
from games.engine.hearts import (
    BLACK_JACK,
    BLACK_LADY,
    JOKER_HEARTS,
    THREE_HAND,
    HeartsRules,
    HeartsTricks,
    audit_play,
    basic,
    hearts_count,
    howell,
    spot,
    spot_values,
    sweepstake,
    taken_cards,
)
from games.engine.report import IrregularityKind as K
from games.engine.trick_play import legal_cards, trick_winner
from tests.unit.engine.games.play import random_tricks, revoke_swaps, swap

FOUR = HeartsRules()


def cards(text):
    return [Card.parse(t) for t in text.split()]


def test_packs_and_hand_sizes():
    assert (len(FOUR.pack()), FOUR.hand_size) == (52, 13)
    assert (len(THREE_HAND.pack()), THREE_HAND.hand_size) == (51, 17)  # 2♠ out, 17 each (1940 L12207-12208)
    assert len(HeartsRules(players=5, drop_black_deuces=True).pack()) == 50  # L12108-12109
    assert HeartsRules(players=6).hand_size == 8  # "as far as they will go equally"
    assert JOKER in JOKER_HEARTS.pack() and Card.parse("H2") not in JOKER_HEARTS.pack()  # L18421
    with pytest.raises(ValueError, match="three to six"):
        HeartsRules(players=7)


def test_penalty_cards_count_as_hearts():
    taken = cards("H2 HA SQ SJ C5") + [JOKER]
    assert hearts_count(FOUR, taken) == 2
    assert hearts_count(BLACK_LADY, taken) == 2 + 13  # L12231-12232
    assert hearts_count(BLACK_JACK, taken) == 2 + 10  # L12230-12231
    assert hearts_count(JOKER_HEARTS, taken) == 2 + 5  # L18432


def test_black_lady_is_a_spade_and_may_be_discarded_on_hearts():
    rules = HeartsTricks()
    assert legal_cards(rules, frozenset(cards("SQ H9")), Card.parse("S3").suit) == set(cards("SQ"))
    # played to a heart lead by a player void in hearts it ranks below the 2♥ (L12240-12246)
    assert trick_winner(rules, [(0, Card.parse("H2")), (1, Card.parse("SQ"))]) == 0


def test_the_joker_wins_unless_a_higher_heart_falls():
    rules = HeartsTricks()
    assert trick_winner(rules, [(0, Card.parse("CA")), (1, JOKER), (2, Card.parse("HT"))]) == 1
    assert trick_winner(rules, [(0, Card.parse("CA")), (1, JOKER), (2, Card.parse("HQ"))]) == 2
    # may be played to any lead, must follow to hearts like a heart (R118)
    assert JOKER in legal_cards(rules, frozenset([JOKER, Card.parse("C3")]), Card.parse("C9").suit)
    assert legal_cards(rules, frozenset([JOKER, Card.parse("C3")]), Card.parse("H9").suit) == {JOKER}


def test_basic_pays_a_chip_per_heart():
    assert basic([3, 6, 4, 0]) == (-3, -6, -4, 0)


def test_sweepstake_one_clean_player_takes_the_pool_two_divide_else_a_jack():
    # L12131-12137
    assert sweepstake(FOUR, [0, 6, 4, 3]).net == (13, -6, -4, -3)
    assert sweepstake(FOUR, [0, 0, 9, 4]).net == (Fraction(13, 2), Fraction(13, 2), -9, -4)
    everyone = sweepstake(FOUR, [1, 6, 4, 2])
    assert everyone.jack == 13 and everyone.net == (-1, -6, -4, -2)
    three = sweepstake(FOUR, [0, 0, 0, 13])
    assert three.jack == 13
    # a jack is won only by a single player taking none; the pool grows by 13 each deal until won
    assert sweepstake(FOUR, [0, 0, 9, 4], jack=13).jack == 26
    assert sweepstake(FOUR, [0, 5, 4, 4], jack=26).net == (39, -5, -4, -4)


def test_three_hand_has_no_jacks_lowest_takes_the_pool():
    assert sweepstake(THREE_HAND, [2, 5, 6]).net == (11, -5, -6)  # L12207-12210
    assert sweepstake(THREE_HAND, [2, 2, 9]).net == (Fraction(9, 2), Fraction(9, 2), -9)


def test_howell_settlement_worked_example():
    # A 3, B 6, C 4, D 0: pay 9, 18, 12, 0 (pool 39, printed "29" by misprint, 1940 §5 item 6), draw 10, 7, 9, 13
    assert howell([3, 6, 4, 0]) == (10 - 9, 7 - 18, 9 - 12, 13 - 0)
    assert sum(howell([3, 6, 4, 0])) == 0


def test_spot_hearts():
    assert spot_values(FOUR, cards("HJ HQ HK HA H2 S9")) == 11 + 12 + 13 + 14 + 2  # L12197-12199
    assert spot([10, 30, 5, 39]) == (-5, -25, 5 + 25 + 34, -34)
    assert spot([5, 5, 9, 11]) == (5, 5, -4, -6)  # two equal divide what the others pay


def _random_hearts(seed, rules):
    rnd = random.Random(seed)
    pack = list(rules.pack())
    rnd.shuffle(pack)
    size = rules.hand_size
    hands = {p: frozenset(pack[p * size : (p + 1) * size]) for p in range(rules.players)}
    dealer = rnd.randrange(rules.players)
    played = random_tricks(
        HeartsTricks(), hands, list(range(rules.players)), (dealer + 1) % rules.players, rnd
    )
    return dealer, hands, played


@settings(max_examples=100, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from([FOUR, THREE_HAND, BLACK_LADY, JOKER_HEARTS, HeartsRules(players=6)]),
)
def test_random_legal_deals_replay_clean_and_settle_to_zero(seed, rules):
    dealer, hands, played = _random_hearts(seed, rules)
    audit = audit_play(rules, dealer, [[c for _, c in t] for t in played], hands)
    assert not audit.irregularities
    counts = [hearts_count(rules, cards) for cards in taken_cards(audit).values()]
    assert sum(howell(counts)) == 0
    settled = sweepstake(rules, counts)
    assert sum(settled.net) + settled.jack == 0


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_a_broken_follow_suit_is_reported_at_its_trick_and_seat(seed, data):
    dealer, hands, played = _random_hearts(seed, JOKER_HEARTS)
    swaps = revoke_swaps(HeartsTricks(), played)
    if not swaps:
        return
    t, j, player = data.draw(st.sampled_from(swaps))
    broken = [[c for _, c in trick] for trick in swap(played, t, j, player)]
    first = audit_play(JOKER_HEARTS, dealer, broken, hands).irregularities[0]
    assert (first.kind, first.trick, first.seat) == (K.REVOKE, t + 1, str(player))
