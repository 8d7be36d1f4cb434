import pickle

import pytest

from games.engine.cards import JOKER, STANDARD_DECK, Card, Deal, DealError, Rank, Seat, Side, Suit, deck


def test_decks_have_the_books_sizes():
    assert len(STANDARD_DECK) == 52
    assert len(deck(Rank.SEVEN)) == 32
    assert len(deck(Rank.NINE, joker=True)) == 25


def test_card_parse_and_write():
    assert Card.parse("h10") == Card(Suit.HEARTS, Rank.TEN)
    assert str(Card.parse("SA")) == "SA"
    assert Card.parse("JO") is JOKER
    with pytest.raises(ValueError, match="not a card"):
        Card.parse("X5")


def test_seats_go_clockwise():
    assert Seat.NORTH.next is Seat.EAST
    assert Seat.WEST.next is Seat.NORTH
    assert Seat.EAST.partner is Seat.WEST
    assert Seat.SOUTH.side is Side.NS


def test_deal_round_trips_through_pbn():
    text = "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    deal = Deal.from_pbn(text)
    assert Card.parse("SA") in deal.hands[Seat.EAST]
    assert deal.to_pbn(Seat.EAST) == text


def test_deal_names_the_bad_hand():
    with pytest.raises(DealError, match="14 cards in North's hand"):
        Deal.from_pbn("N:AKQJT.T98.765.432 98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    with pytest.raises(DealError, match="SA is in both"):
        Deal.from_pbn("N:AKQJ.T98.765.432 AT98.765.432.AKQ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def test_cards_are_one_object_each_and_cannot_change():
    ace = Card(Suit.SPADES, Rank.ACE)
    assert ace is Card.parse("SA") is pickle.loads(pickle.dumps(ace))
    assert sorted([ace, Card.parse("C2"), JOKER, Card.parse("S2")]) == [
        Card.parse(c) for c in ("C2", "S2", "SA", "JO")
    ]
    assert len({ace, Card.parse("sa"), Card(Suit.SPADES, 14)}) == 1
    with pytest.raises(AttributeError):
        ace.rank = Rank.KING
    with pytest.raises(ValueError, match="only the joker"):
        Card(None, Rank.ACE)
