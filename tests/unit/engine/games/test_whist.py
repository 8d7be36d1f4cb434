"""Whist scoring and play: values from Hoyle 1940 (L = line), Hoffmann's short whist (002) and long whist (000)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import SEATS, STANDARD_DECK, Card, Deal, Seat, Side, Suit
from games.engine.report import IrregularityKind as K
from games.engine.trick_play import TrickRules
from games.engine.whist import (
    AMERICAN_RUBBER,
    AMERICAN_SEVEN,
    ENGLISH,
    LONG,
    RevokePenalty,
    audit_play,
    duplicate_score,
    game_value,
    holds_honours,
    honour_points,
    rubber_points,
    score_deal,
)
from tests.unit.engine.games.play import random_tricks, revoke_swaps, swap


def test_tricks_over_the_book_count_one_each():
    # "each above six counting one"; "All thirteen is a slam" (1940 L18279-18284)
    assert score_deal(AMERICAN_SEVEN, (0, 0), 9).score == (3, 0)
    assert score_deal(AMERICAN_SEVEN, (0, 0), 6).score == (0, 1)
    assert score_deal(AMERICAN_SEVEN, (0, 0), 0).score == (0, 7)


def test_american_seven_point_game_is_played_out_and_worth_the_difference():
    # "the winners counting all they make, even beyond seven points ... the difference" (1940 L18292-18296)
    result = score_deal(AMERICAN_SEVEN, (5, 4), 10)
    assert result.score == (9, 4) and result.game_won_by is Side.NS
    assert game_value(AMERICAN_SEVEN, 9, 4) == 5


def test_honours_four_and_three_and_easy():
    assert [honour_points(n) for n in (4, 3, 2, 1, 0)] == [4, 2, 0, 0, 0]  # 1940 L18312-18318
    hands = {seat: [] for seat in SEATS}
    for card, seat in zip(
        ("HA", "HK", "HQ", "HJ"), (Seat.NORTH, Seat.SOUTH, Seat.NORTH, Seat.EAST), strict=True
    ):
        hands[seat].append(Card.parse(card))
    assert holds_honours(Suit.HEARTS, Deal.of(hands, hand_size=None)) == (3, 1)  # "separately or conjointly"


def test_honours_are_not_scored_at_four_in_short_whist_or_at_nine_in_long():
    # 002 Law 49; 1940 L18315-18318
    # (East-West take the seventh trick: one point)
    assert score_deal(ENGLISH, (4, 2), 6, honours=(4, 0)).score == (4, 3)
    assert score_deal(ENGLISH, (3, 2), 6, honours=(4, 0)).score == (7, 3)
    # "not counting at nine" (000 L5073-5076)
    assert score_deal(LONG, (9, 0), 6, honours=(3, 1)).score == (9, 1)
    assert score_deal(LONG, (8, 0), 6, honours=(3, 1)).score == (10, 1)


def test_tricks_score_before_honours():
    # 002 Law 50: a side going out by tricks wins though the other side holds four honours
    result = score_deal(ENGLISH, (3, 3), 8, honours=(0, 4))
    assert result.score == (5, 3) and result.game_won_by is Side.NS
    assert game_value(ENGLISH, 5, 3) == 1


@pytest.mark.parametrize(("losers", "value"), [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_treble_double_single(losers, value):
    assert game_value(ENGLISH, 5, losers) == value  # 002 Law 53; 1940 L18320-18326


def test_rubber_value_from_the_1940_example_and_the_bumper():
    # A-B win a triple and a single to Y-Z's double: 6 - 2 = rubber worth 4 (1940 L18326-18338)
    assert rubber_points(ENGLISH, [(Side.NS, 0), (Side.EW, 2), (Side.NS, 4)]) == (Side.NS, 4)
    # "a rubber of 8 points, called a 'bumper'": two trebles and the rubber
    assert rubber_points(ENGLISH, [(Side.EW, 0), (Side.EW, 0)]) == (Side.EW, 8)
    assert rubber_points(AMERICAN_RUBBER, [(Side.NS, 0), (Side.EW, 0), (Side.NS, 0)]) == (Side.NS, 1)
    with pytest.raises(ValueError, match="not finished"):
        rubber_points(ENGLISH, [(Side.NS, 0)])
    with pytest.raises(ValueError, match="after the rubber was won"):
        rubber_points(ENGLISH, [(Side.NS, 0), (Side.NS, 0), (Side.EW, 0)])


def test_law_75_example_revoke_penalty_wins_a_treble_game():
    # "The claimants two—their opponents nothing—the former add three to their score—and thereby win a
    # treble game, even should the latter have made thirteen tricks, and held four honours" (002 L1150)
    result = score_deal(ENGLISH, (2, 0), 0, honours=(0, 4), revokes=[(Side.EW, RevokePenalty.ADD_THREE)])
    assert result.score == (5, 0) and result.game_won_by is Side.NS
    assert game_value(ENGLISH, 5, 0) == 3


def test_revoking_side_cannot_win_the_game_on_that_deal():
    # short: "cannot score more than four" (002 Law 86); 12 tricks less 3 taken = 9 tricks, 3 points
    taken = score_deal(ENGLISH, (3, 0), 12, revokes=[(Side.NS, RevokePenalty.TAKE_THREE_TRICKS)])
    assert taken.score == (4, 0) and taken.game_won_by is None
    deducted = score_deal(ENGLISH, (3, 0), 8, revokes=[(Side.NS, RevokePenalty.DEDUCT_THREE)])
    assert deducted.score == (2, 0)
    # long: "must remain at nine" (000 L6634-6635)
    assert score_deal(LONG, (8, 0), 10, revokes=[(Side.NS, RevokePenalty.ADD_THREE)]).score == (9, 3)
    # revokes on both sides cancel, "neither can win the game" (002 Law 85, L1160)
    both = [(Side.NS, RevokePenalty.ADD_THREE), (Side.EW, RevokePenalty.ADD_THREE)]
    assert score_deal(ENGLISH, (0, 0), 8, revokes=both).score == (2, 0)
    cancelled = score_deal(ENGLISH, (3, 0), 12, revokes=[*both, (Side.EW, RevokePenalty.ADD_THREE)])
    assert cancelled.score == (4, 0) and cancelled.game_won_by is None


def test_law_75_ii_a_penalty_for_each_revoke():
    # "Can be claimed for as many revokes as occur during the hand, and a different penalty may be exacted for
    # each revoke" (002 Law 75 II, L1147). Short whist, E-W revoke twice and take eleven tricks; N-S, at love with
    # two tricks, add three for each: six, the game won on the revokes alone, which "take precedence of every other
    # score" (Law 75 V, L1150), with E-W at love, a treble game. One penalty for the side would leave N-S at 3.
    twice = [(Side.EW, RevokePenalty.ADD_THREE), (Side.EW, RevokePenalty.ADD_THREE)]
    result = score_deal(ENGLISH, (0, 0), 2, revokes=twice)
    assert result.score == (6, 0) and result.game_won_by is Side.NS
    assert score_deal(ENGLISH, (0, 0), 2, revokes=twice[:1]).score == (3, 4)
    # a different penalty for each: three tricks taken (E-W 11 -> 8, N-S 2 -> 5) and three deducted from E-W's 3
    mixed = [(Side.EW, RevokePenalty.TAKE_THREE_TRICKS), (Side.EW, RevokePenalty.DEDUCT_THREE)]
    assert score_deal(AMERICAN_SEVEN, (0, 3), 2, revokes=mixed).score == (0, 2)
    # three tricks taken for each: six move, N-S 2 -> 8 tricks, two by cards
    taken = [(Side.EW, RevokePenalty.TAKE_THREE_TRICKS)] * 2
    assert score_deal(AMERICAN_SEVEN, (0, 0), 2, revokes=taken).score == (2, 0)
    # long whist: "punished for each revoke" (000 L6578)
    assert score_deal(LONG, (0, 0), 7, revokes=[(Side.NS, RevokePenalty.ADD_THREE)] * 2).score == (1, 6)


def test_duplicate_whist_board_scores_the_odd_tricks():
    # "each above six counting one for the partners gaining it. The first six are called a book" (1940
    # L18279-18281); duplicate records only the difference, E-W the same as a minus (L5341-5344).
    assert [duplicate_score(t) for t in (13, 9, 7, 6, 4, 0)] == [7, 3, 1, -1, -3, -7]
    with pytest.raises(ValueError, match="14 tricks"):
        duplicate_score(14)


def _random_whist(seed: int):
    rnd = random.Random(seed)
    pack = list(STANDARD_DECK)
    rnd.shuffle(pack)
    dealer = rnd.choice(SEATS)
    # dealt one at a time from the dealer's left, the last card (the trump) to the dealer
    hands = {dealer.rotate(1 + i % 4): [] for i in range(4)}
    for i, card in enumerate(pack):
        hands[dealer.rotate(1 + i % 4)].append(card)
    deal = Deal.of(hands)
    rules = TrickRules(pack[-1].suit)
    played = random_tricks(
        rules, {s.index: deal.hands[s] for s in SEATS}, [0, 1, 2, 3], dealer.next.index, rnd
    )
    return dealer, pack[-1], deal, rules, played


def _cards(played):
    return [[c for _, c in trick] for trick in played]


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32))
def test_random_legal_deals_replay_clean(seed):
    dealer, trump, deal, _, played = _random_whist(seed)
    audit = audit_play(dealer, trump, _cards(played), deal)
    assert not audit.irregularities and sum(audit.won.values()) == 13
    assert not audit_play(dealer, trump, _cards(played)).irregularities


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_a_broken_follow_suit_is_reported_at_its_trick_and_seat(seed, data):
    dealer, trump, deal, rules, played = _random_whist(seed)
    t, j, player = data.draw(st.sampled_from(revoke_swaps(rules, played)))
    first = audit_play(dealer, trump, _cards(swap(played, t, j, player)), deal).irregularities[0]
    assert (first.kind, first.trick, first.seat) == (K.REVOKE, t + 1, SEATS[player].value)


def test_the_trump_card_belongs_to_the_dealer():
    dealer, trump, deal, _, played = _random_whist(7)
    found = audit_play(dealer.next, trump, _cards(played), deal).irregularities
    assert found[0].kind is K.CARD_NOT_HELD and found[0].seat == dealer.next.value


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_dummy_cannot_revoke(seed, data):
    """Dummy whist: "Dummy cannot revoke" (1940 L18354-18355); double dummy: "Dummies cannot revoke" (L18363);
    002 Dummy Whist law 2 (L1184): dummy is not liable, "If Dummy's partner revokes, he is liable"."""
    dealer, trump, deal, rules, played = _random_whist(seed)
    t, j, player = data.draw(st.sampled_from(revoke_swaps(rules, played)))
    tricks = _cards(swap(played, t, j, player))
    dummy = SEATS[player]

    def revokers(dummies):
        found = audit_play(dealer, trump, tricks, deal, dummies=dummies).irregularities
        return {i.seat for i in found if i.kind is K.REVOKE}

    assert dummy.value in revokers(())
    assert revokers({dummy}) == revokers(()) - {dummy.value}
    # double dummy: each player's partner is a dummy
    assert revokers({dummy, dummy.next}) == revokers(()) - {dummy.value, dummy.next.value}
    first = audit_play(dealer, trump, tricks, deal, dummies={dummy.partner}).irregularities[0]
    assert (first.kind, first.trick, first.seat) == (K.REVOKE, t + 1, dummy.value)
