"""Euchre engine: values from Hoyle 1940 (L = line), the older Hoyles (000, 002) and modern play (standards §6.1)."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import JOKER, Card, Rank, Suit
from games.engine.euchre import (
    HOYLE_1940,
    MODERN,
    PROGRESSIVE_1940,
    PROGRESSIVE_HEAD_TABLE_1940,
    Call,
    EuchreDeal,
    EuchreTricks,
    JokerTurnUp,
    LeadOutOfTurn,
    LonePlayer,
    LonerLead,
    audit_deal,
    cut_throat_winner,
    lead_out_of_turn_score,
    make_trump,
    opening_leader,
    revoke_score,
    score_cut_throat,
    score_deal,
    turned_suit,
    winner,
)
from games.engine.report import IrregularityKind as K
from games.engine.trick_play import audit_tricks, legal_cards, trick_winner
from tests.unit.engine.games.euchre_deals import random_deal
from tests.unit.engine.games.play import revoke_swaps, swap

P, OR = Call.PASS, Call.ORDER


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(c(t) for t in text.split())


def test_packs_of_32_24_and_with_the_joker():
    assert len(HOYLE_1940.pack()) == 32  # "thirty-two cards, deleting all below the seven" (1940 L11048)
    assert len(MODERN.pack()) == 24  # 9-A (standards §6.1)
    assert len(replace(HOYLE_1940, joker=True).pack()) == 33  # 000 L1502-1511
    assert len(replace(MODERN, lowest=Rank.EIGHT).pack()) == 28


def test_bowers_rank_above_the_ace_and_the_left_bower_is_a_trump():
    hearts = EuchreTricks(Suit.HEARTS)
    # 000 L305-309: hearts trumps, J♥ first, J♦ second, then A K Q of hearts
    order = sorted(cards("HA HJ DJ HK H9"), key=lambda x: hearts.power(x, Suit.HEARTS), reverse=True)
    assert order == list(cards("HJ DJ HA HK H9"))
    assert hearts.suit_of(c("DJ")) is Suit.HEARTS  # "belong to the trump suit" (002 L616)
    assert hearts.suit_of(c("DQ")) is Suit.DIAMONDS
    # the joker is the best trump (1940 L11053)
    assert hearts.power(JOKER, Suit.CLUBS) > hearts.power(c("HJ"), Suit.CLUBS)
    assert hearts.suit_of(JOKER) is Suit.HEARTS
    # in the same-colour suit the jack is gone: A K Q 10 9 (older §2.1 table)
    assert trick_winner(hearts, [(0, c("DT")), (1, c("DQ")), (2, c("DJ"))]) == 2


def test_left_bower_must_follow_a_trump_lead_and_cannot_follow_its_printed_suit():
    spades = EuchreTricks(Suit.SPADES)
    holding = frozenset(cards("CJ DA H9"))
    assert legal_cards(spades, holding, Suit.SPADES) == {c("CJ")}
    assert legal_cards(spades, holding, Suit.CLUBS) == holding  # J♣ is a spade: void in clubs


def test_the_turned_joker_follows_the_named_option():
    assert turned_suit(HOYLE_1940, JOKER) is Suit.SPADES  # 1940 L11054-11055
    names = replace(HOYLE_1940, joker_turn_up=JokerTurnUp.DEALER_NAMES)
    assert turned_suit(names, JOKER, named=Suit.HEARTS) is Suit.HEARTS  # 000 L1508-1509
    with pytest.raises(ValueError, match="name"):
        turned_suit(names, JOKER)
    nxt = replace(HOYLE_1940, joker_turn_up=JokerTurnUp.NEXT_CARD)
    assert turned_suit(nxt, JOKER, next_card=c("D9")) is Suit.DIAMONDS  # 002 L3155


def test_order_up_assist_take_up_and_make():
    # eldest is player 1 when 0 deals
    assert make_trump(HOYLE_1940, 0, Suit.HEARTS, [OR]).how == "order up"
    assisted = make_trump(HOYLE_1940, 0, Suit.HEARTS, [P, OR])
    assert (assisted.maker, assisted.how, assisted.round) == (2, "assist", 1)
    taken = make_trump(HOYLE_1940, 0, Suit.HEARTS, [P, P, P, OR])
    assert (taken.maker, taken.how, taken.taken_up) == (0, "take up", True)
    made = make_trump(HOYLE_1940, 0, Suit.HEARTS, [P, P, P, P, P, Suit.CLUBS])
    assert (made.trump, made.maker, made.how, made.taken_up) == (Suit.CLUBS, 2, "make", False)


def test_the_turned_down_suit_cannot_be_made_unless_the_option_allows_it():
    calls = [P, P, P, P, Suit.HEARTS]
    barred = make_trump(HOYLE_1940, 0, Suit.HEARTS, calls)  # 000 Law 40 L881-885
    assert barred.trump is None
    assert barred.irregularities[0].kind is K.ILLEGAL_CALL and barred.irregularities[0].seat == "1"
    allowed = make_trump(
        replace(HOYLE_1940, turned_down_suit_makeable=True), 0, Suit.HEARTS, calls
    )  # 002 L624
    assert allowed.trump is Suit.HEARTS and not allowed.irregularities


def test_all_pass_twice_passes_the_deal_or_sticks_the_dealer():
    eight = [P] * 8
    passed = make_trump(HOYLE_1940, 0, Suit.HEARTS, eight)  # 1940 L11108-11110: deal void, passes left
    assert passed.trump is None and not passed.irregularities
    stuck = make_trump(MODERN, 0, Suit.HEARTS, eight)
    assert [(i.kind, i.seat) for i in stuck.irregularities] == [(K.ILLEGAL_CALL, "0")]
    late = make_trump(HOYLE_1940, 0, Suit.HEARTS, [OR, P])
    assert late.irregularities[0].kind is K.CALL_AFTER_AUCTION


def test_progressive_restrictions():
    # "the dealer's partner cannot 'assist'... If he orders up he must play alone" (1940 L11382-11384)
    assist = make_trump(PROGRESSIVE_1940, 0, Suit.SPADES, [P, OR])
    assert [i.kind for i in assist.irregularities] == [K.ILLEGAL_LONE_HAND]
    assert not make_trump(PROGRESSIVE_1940, 0, Suit.SPADES, [P, OR], alone=True).irregularities
    assert not make_trump(HOYLE_1940, 0, Suit.SPADES, [P, OR]).irregularities
    # "no lone hands are allowed at the head table" (1940 L11381-11382)
    head = make_trump(PROGRESSIVE_HEAD_TABLE_1940, 0, Suit.SPADES, [OR], alone=True)
    assert [i.kind for i in head.irregularities] == [K.ILLEGAL_LONE_HAND]


@pytest.mark.parametrize(
    ("alone", "tricks", "points"),
    [(False, 3, (1, 0)), (False, 4, (1, 0)), (False, 5, (2, 0)), (False, 2, (0, 2)), (False, 0, (0, 2))]
    + [(True, 5, (4, 0)), (True, 4, (1, 0)), (True, 3, (1, 0)), (True, 2, (0, 2))],
)
def test_deal_scores_from_the_books(alone, tricks, points):
    # 1940 L11080-11087; 000 Laws 1-2 L631-646; lone 3-4 tricks = 1 (002 L626)
    assert score_deal(HOYLE_1940, 2, alone, tricks) == points
    assert score_deal(HOYLE_1940, 1, alone, tricks) == points[::-1]


def test_lone_euchred_two_or_four():
    assert score_deal(HOYLE_1940, 0, True, 1) == (0, 2)  # 000 L1172-1178 rejects 4
    assert score_deal(replace(HOYLE_1940, lone_euchred=4), 0, True, 1) == (0, 4)  # standards §6.1 variant


def test_revoke_penalties():
    assert revoke_score(HOYLE_1940, {1}, 0, False) == (2, 0)  # 1940 L11188-11191
    assert revoke_score(HOYLE_1940, {0}, 0, True) == (0, 2)  # the lone player's own revoke
    assert revoke_score(HOYLE_1940, {3}, 0, True) == (4, 0)  # "four in four hand" (L11191-11193)
    assert revoke_score(HOYLE_1940, {0, 1}, 0, False) == (0, 0)  # both sides: void (000 Law 37)


def test_lead_out_of_turn_penalty_options():
    assert lead_out_of_turn_score(HOYLE_1940, 1, 0, True, (0, 0)) == (4, 0)  # 1940 L11184-11186
    assert lead_out_of_turn_score(HOYLE_1940, 1, 0, False, (0, 0)) == (0, 0)  # suit called (L11182-11184)
    loses = replace(HOYLE_1940, lead_out_of_turn=LeadOutOfTurn.LOSES_GAME)
    assert lead_out_of_turn_score(loses, 1, 0, False, (3, 4)) == (2, 0)  # "loses the game" (L12620-12621)


@pytest.mark.parametrize("game", [5, 7, 10])
def test_game_to_5_7_or_10(game):
    rules = replace(HOYLE_1940, game=game)
    assert winner(rules, (game - 1, 0)) is None
    assert winner(rules, (0, game)) == 1


def test_opening_leader_with_a_lone_hand():
    # dealer 0; player 3 alone: his partner 1 is the eldest and sits out
    assert opening_leader(HOYLE_1940, 0, 3) == 2
    assert opening_leader(HOYLE_1940, 0, 2) == 1
    assert opening_leader(replace(HOYLE_1940, loner_lead=LonerLead.LEFT_OF_LONER), 0, 2) == 3
    assert opening_leader(HOYLE_1940, 0, None) == 1


def test_who_may_play_alone():
    # 1940 L11112-11115: only the maker; "the dealer cannot play alone if his partner has assisted him"
    assisted = make_trump(HOYLE_1940, 0, Suit.SPADES, [P, OR], alone=True, loner=0)
    assert [(i.kind, i.seat) for i in assisted.irregularities] == [(K.ILLEGAL_LONE_HAND, "0")]
    # 000 Law 41: "or when his partner assists, orders up or makes a trump"
    either = replace(HOYLE_1940, lone_player=LonePlayer.MAKER_OR_PARTNER)
    made = make_trump(either, 0, Suit.SPADES, [P, OR], alone=True, loner=0)
    assert not made.irregularities and made.loner == 0
    # never an adversary of the makers (000 Law 42)
    assert make_trump(either, 0, Suit.SPADES, [P, OR], alone=True, loner=1).irregularities[0].seat == "1"


HANDS = {
    0: frozenset(cards("S9 ST D9 DT C9")),
    1: frozenset(cards("HJ HA HK SA SK")),
    2: frozenset(cards("DJ HQ HT CA CK")),
    3: frozenset(cards("SJ CJ DA DK DQ")),
}


def test_a_deal_replays_with_the_take_up_and_discard():
    # dealer 0 takes up H9 and discards C9; player 1 leads
    tricks = (
        cards("HJ DJ SJ H9"),
        cards("HA HQ DA S9"),
        cards("HK HT DK ST"),
        cards("SA CA CJ D9"),
        cards("SK CK DQ DT"),
    )
    deal = EuchreDeal(0, c("H9"), (P, P, P, OR), tricks=tricks, discard=c("C9"), hands=HANDS)
    audit = audit_deal(HOYLE_1940, deal)
    assert not audit.irregularities
    assert audit.making.how == "take up"
    assert audit.tricks == (0, 5) and audit.points == (
        0,
        2,
    )  # player 1 wins every trick: the dealer is euchred


def test_a_revoke_is_found_at_its_trick_and_seat_and_scored():
    # player 3 holds no heart; player 2 throws CA on a heart lead while holding HQ: revoke at trick 1
    tricks = (cards("HJ CA SJ H9"),)
    deal = EuchreDeal(0, c("H9"), (P, P, P, OR), tricks=tricks, discard=c("C9"), hands=HANDS)
    audit = audit_deal(HOYLE_1940, deal)
    revoke = [i for i in audit.irregularities if i.kind is K.REVOKE]
    assert [(i.trick, i.seat, i.card) for i in revoke] == [(1, "2", "CA")]
    assert audit.points == (0, 2)  # the side not in error scores two (dealer's side 0 & 2 revoked)


def test_turned_down_card_and_discard_cannot_be_played():
    tricks = (cards("H9 SA HA DJ"),)
    deal = EuchreDeal(0, c("H9"), (P, P, P, P, P, Suit.SPADES), tricks=tricks)
    found = audit_deal(HOYLE_1940, deal).irregularities
    assert [(i.kind, i.seat, i.card) for i in found] == [(K.CARD_NOT_HELD, "1", "H9")]
    tricks = (cards("C9 SA HA DJ"),)
    deal = EuchreDeal(3, c("H9"), (OR,), tricks=tricks, discard=c("C9"))
    found = audit_deal(HOYLE_1940, deal).irregularities
    assert [(i.kind, i.seat) for i in found] == [(K.ILLEGAL_DISCARD, "0")]


def test_cards_outside_the_pack_and_played_twice():
    tricks = (cards("H2 SA HA DJ"), cards("SA S9 ST SJ"))
    found = audit_deal(MODERN, EuchreDeal(0, c("H9"), (OR,), tricks=tricks)).irregularities
    assert (K.CARD_NOT_HELD, 1, "1", "H2") in {(i.kind, i.trick, i.seat, i.card) for i in found}
    assert K.CARD_PLAYED_TWICE in {i.kind for i in found}


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([HOYLE_1940, MODERN, replace(MODERN, joker=True)]))
def test_random_legal_deals_replay_clean(seed, rules):
    deal, played, _, maker = random_deal(seed, rules)
    for record in (deal, replace(deal, hands=None)):
        audit = audit_deal(rules, record)
        assert not audit.irregularities, audit.irregularities
        assert audit.complete
        assert audit.points == score_deal(rules, maker, deal.alone, audit.tricks[maker % 2])


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_a_broken_follow_suit_is_reported_at_its_trick_and_seat(seed, data):
    deal, played, tricks_rules, maker = random_deal(seed, MODERN)
    swaps = revoke_swaps(tricks_rules, played)
    if not swaps:
        return
    t, j, player = data.draw(st.sampled_from(swaps))
    broken = swap(played, t, j, player)
    record = replace(deal, tricks=tuple(tuple(c for _, c in trick) for trick in broken))
    first = audit_deal(MODERN, record).irregularities[0]
    assert (first.kind, first.trick, first.seat) == (K.REVOKE, t + 1, str(player))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_a_card_not_held_is_reported_at_its_trick_and_seat(seed, data):
    deal, played, _, _ = random_deal(seed, MODERN)
    t = data.draw(st.integers(0, len(played) - 1))
    position = data.draw(st.integers(0, len(played[t]) - 1))
    player, card = played[t][position]
    seen = {c for trick in played for _, c in trick} | {deal.turned}
    stranger = next(x for x in MODERN.pack() if x not in seen and x != deal.discard)
    tricks = [list(c for _, c in trick) for trick in played]
    tricks[t][position] = stranger
    record = replace(deal, tricks=tuple(tuple(trick) for trick in tricks))
    first = audit_deal(MODERN, record).irregularities[0]
    assert (first.kind, first.trick, first.seat, first.card) == (
        K.CARD_NOT_HELD,
        t + 1,
        str(player),
        str(stranger),
    )


def test_audit_tricks_reports_short_and_long_tricks():
    rules = EuchreTricks(Suit.SPADES)
    audit = audit_tricks(rules, [0, 1, 2, 3], 0, [cards("S9 ST SQ")])
    assert [(i.kind, i.trick) for i in audit.irregularities] == [(K.WRONG_CARD_COUNT, 1)]


def test_wrong_hand_sizes_extra_tricks_and_a_discard_without_a_take_up():
    hands = dict(HANDS) | {2: HANDS[2] | {c("CT")}}
    found = audit_deal(HOYLE_1940, EuchreDeal(0, c("H9"), (OR,), hands=hands)).irregularities
    assert [(i.kind, i.seat) for i in found] == [(K.WRONG_CARD_COUNT, "2")]
    six = (cards("HJ DJ SJ H9"),) * 6
    found = audit_deal(HOYLE_1940, EuchreDeal(0, c("H9"), (OR,), tricks=six)).irregularities
    assert (K.WRONG_CARD_COUNT, 6) in {(i.kind, i.trick) for i in found}
    found = audit_deal(
        HOYLE_1940, EuchreDeal(0, c("H9"), (P, P, P, P, Suit.CLUBS), discard=c("C9"))
    ).irregularities
    assert [(i.kind, i.seat) for i in found] == [(K.ILLEGAL_DISCARD, "0")]


def test_cut_throat_euchre_000_score_progression():
    # 000 L1598-1611: No. 1 deals and marches (3); No. 2 makes a point; No. 3 makes a point; No. 1 deals
    # again and turns down, No. 3 makes the trump and a point: No. 1 = 3, No. 2 = 1, No. 3 = 2
    # (the OCR prints "8 points" for No. 1; older §13 item 2)
    score = [0, 0, 0]
    for maker, tricks in [(0, 5), (1, 3), (2, 4), (2, 3)]:
        score = [a + b for a, b in zip(score, score_cut_throat(HOYLE_1940, maker, tricks), strict=True)]
    assert score == [3, 1, 2]


def test_cut_throat_march_and_euchre_both_ways():
    assert score_cut_throat(HOYLE_1940, 1, 5) == (0, 3, 0)  # 000 L1586-1590; 1940 L11136-11138
    assert score_cut_throat(replace(HOYLE_1940, cut_throat_march=2), 1, 5) == (0, 2, 0)  # 002 L627
    assert score_cut_throat(HOYLE_1940, 1, 2) == (2, 0, 2)  # each adversary scores two
    set_back = replace(HOYLE_1940, cut_throat_set_back=True)
    assert score_cut_throat(set_back, 1, 2) == (0, -2, 0)  # "has seven points to make" from love (002 L627)


def test_cut_throat_elder_hand_wins_a_tie():
    # dealer 0: player 1 is elder than player 2 (000 L1662-1664)
    assert cut_throat_winner(HOYLE_1940, (1, 5, 6), 0) == 1
    assert cut_throat_winner(HOYLE_1940, (1, 5, 6), 1) == 2
    assert cut_throat_winner(HOYLE_1940, (1, 4, 4), 1) is None


def test_a_partner_takes_over_a_lone_hand_only_by_the_later_call():
    """002 L645: "If your partner announce that he will play alone, you cannot supersede him" (000 Law 43
    L902-905); 002 footnote 25 (L3156): "the player having the later call can play alone in place of his partner"."""
    modern = replace(HOYLE_1940, lone_takeover=True)
    # dealer 0; the eldest, player 1, orders up and announces alone; player 3, his partner, calls later
    found = make_trump(HOYLE_1940, 0, Suit.SPADES, [OR], alone=True, loner=3, superseded=1).irregularities
    assert [(i.kind, i.seat, i.law) for i in found] == [
        (K.ILLEGAL_LONE_HAND, "3", "002 L645; 000 Law 43 L902-905")
    ]
    taken = make_trump(modern, 0, Suit.SPADES, [OR], alone=True, loner=3, superseded=1)
    assert not taken.irregularities and (taken.maker, taken.loner) == (1, 3)
    # player 3 orders up alone: the eldest, player 1, called earlier and cannot take it over
    found = make_trump(modern, 0, Suit.SPADES, [P, P, OR], alone=True, loner=1, superseded=3).irregularities
    assert [(i.kind, i.seat, i.law) for i in found] == [(K.ILLEGAL_LONE_HAND, "1", "002 fn. 25 L3156")]
    # the dealer, last to call, may take over his assisting partner's lone hand (1940 L11112-11115 forbids it)
    assert not make_trump(modern, 0, Suit.SPADES, [P, OR], alone=True, loner=0, superseded=2).irregularities
    assert make_trump(HOYLE_1940, 0, Suit.SPADES, [P, OR], alone=True, loner=0, superseded=2).irregularities
    # only a partner's lone hand can be taken over
    assert make_trump(modern, 0, Suit.SPADES, [OR], alone=True, loner=1, superseded=1).irregularities
    deal = EuchreDeal(0, c("H9"), (OR,), alone=True, loner=3, superseded=1)
    assert audit_deal(HOYLE_1940, deal).irregularities[0].kind is K.ILLEGAL_LONE_HAND
    assert not audit_deal(modern, deal).irregularities


REPLAYED = (
    cards("HJ DJ SJ H9"),
    cards("HA HQ DA S9"),
    cards("HK HT DK ST"),
    cards("SA CA CJ D9"),
    cards("SK CK DQ DT"),
)


def test_a_misdeal_loses_the_deal_and_a_wrong_count_found_in_play_scores_nothing():
    """1940 L11167-11172: "A misdeal loses the deal. It is a misdeal if ... he gives too many or too few cards to
    any player". L11178-11180: "If a player has not his right number of cards, after he has played to the first
    trick, the deal stands good; but he cannot score anything that hand"."""
    six = dict(HANDS) | {1: HANDS[1] | {c("CT")}}
    audit = audit_deal(HOYLE_1940, EuchreDeal(0, c("H9"), (P, P, P, OR), discard=c("C9"), hands=six))
    assert audit.misdeal and audit.points == (0, 0) and audit.play is None
    # played out: player 1 (team 1) takes all five, but held six cards, so team 1 scores nothing
    deal = EuchreDeal(0, c("H9"), (P, P, P, OR), tricks=REPLAYED, discard=c("C9"), hands=six)
    audit = audit_deal(HOYLE_1940, deal)
    assert not audit.misdeal and audit.tricks == (0, 5) and audit.points == (0, 0)
    # a wrong count on the other side (player 2, team 0) leaves team 1 its euchre
    other = dict(HANDS) | {2: HANDS[2] | {c("CT")}}
    deal = EuchreDeal(0, c("H9"), (P, P, P, OR), tricks=REPLAYED, discard=c("C9"), hands=other)
    assert audit_deal(HOYLE_1940, deal).points == (0, 2)


def test_an_exposed_card_called_must_be_played_unless_it_would_revoke():
    """000 Law 25 (L779-782): exposed cards may be called "when he can legally do so, but in no case can a card be
    called if a revoke is thereby caused"; Law 39 (L876-877): refusing "forfeits two to his opponents, as in a
    revoke"."""
    # trick 2 (hearts led by player 1): player 3 has no heart, so his exposed DK could be played; he played DA
    deal = EuchreDeal(
        0, c("H9"), (P, P, P, OR), tricks=REPLAYED, discard=c("C9"), hands=HANDS, called=((3, c("DK"), 2),)
    )
    audit = audit_deal(HOYLE_1940, deal)
    assert [(i.kind, i.trick, i.seat, i.card) for i in audit.irregularities] == [
        (K.EXPOSED_CARD_NOT_PLAYED, 2, "3", "DA")
    ]
    assert audit.points == (2, 0)
    # player 2 still holds hearts at trick 2: his CA cannot be called to a heart lead
    deal = replace(deal, called=((2, c("CA"), 2),))
    audit = audit_deal(HOYLE_1940, deal)
    assert not audit.irregularities and audit.points == (0, 2)
