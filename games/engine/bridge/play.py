"""Play records and trick winners.

Cards are replayed as small integers (suit order × 13 + rank − 2) rather than Card objects: a replay touches
every card of every game in an archive, and integer sets and lists keep that fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine.cards import Card, Seat, Suit
from games.engine.hand_masks import CARD_INDEX

CARD_NAMES: tuple[str, ...] = tuple(str(card) for card in sorted(CARD_INDEX, key=CARD_INDEX.__getitem__))
TOKEN_INDEX: dict[str, int] = {}
for _card, _i in CARD_INDEX.items():
    assert _card.suit is not None  # CARD_INDEX holds no joker
    for _rank in {_card.rank.letter, "10"} if _card.rank.letter == "T" else {_card.rank.letter}:
        for _text in (f"{_card.suit.value}{_rank}", f"{_rank}{_card.suit.value}"):
            TOKEN_INDEX[_text] = _i
            TOKEN_INDEX[_text.lower()] = _i


_SUIT_BASE = {"C": -2, "D": 11, "H": 24, "S": 37}  # suit order × 13, less the rank of the two


def hand_indices(cards: frozenset[Card]) -> set[int]:
    """A hand's cards as indices. Faster than CARD_INDEX lookups, which call Card.__hash__ in Python."""
    return {_SUIT_BASE[card.suit._value_] + card.rank for card in cards}  # type: ignore[union-attr]


def card_index(token: str) -> int | None:
    """The index of a card written "SA", "sa", "S10" or "AS"; None if it is not a card of the 52-card pack."""
    found = TOKEN_INDEX.get(token)
    if found is None:
        found = TOKEN_INDEX.get(token.strip().upper())
    return found


@dataclass(frozen=True, slots=True)
class ColumnPlay:
    """PBN's [Play] section: `first` is the seat of the first column (the opening leader as recorded); each row is a
    trick with the cards of `first`, its left-hand opponent, partner and right-hand opponent, in that order.

    The order within a trick follows from the rules (the last trick's winner leads), so it is not recorded.
    `None`, "-" or "" mark a card not played; "*" (a claim) ends the record.
    """

    first: Seat
    rows: tuple[tuple[str | None, ...], ...]

    @classmethod
    def of(cls, first: Seat | str, rows: Sequence[Sequence[str | None]]) -> ColumnPlay:
        seat = first if isinstance(first, Seat) else Seat.parse(first)
        return cls(seat, tuple(tuple(row) for row in rows))


@dataclass(frozen=True, slots=True)
class OrderedPlay:
    """Cards in the order played, trick by trick, each with the seat that played it (as a hand record gives them)."""

    tricks: tuple[tuple[tuple[Seat, str], ...], ...]

    @classmethod
    def of(cls, tricks: Sequence[Sequence[tuple[Seat | str, str]]]) -> OrderedPlay:
        return cls(
            tuple(
                tuple((seat if isinstance(seat, Seat) else Seat.parse(seat), card) for seat, card in trick)
                for trick in tricks
            )
        )


Play = ColumnPlay | OrderedPlay


def trick_rank(card: int, led: int, trump: int) -> int:
    """How a card (index) ranks in a trick whose led suit is `led`: trumps over the suit led over discards."""
    suit = card // 13
    return card % 13 + (200 if suit == trump else 100 if suit == led else 0)


def winning_index(cards: Sequence[int], trump: int) -> int:
    """Which of a trick's cards (indices, in the order played) wins: the highest trump, else the highest of the suit
    led (Law 44; Auction §48). `trump` is the suit order, or -1 at no-trumps."""
    led = cards[0] // 13
    best, best_key = 0, -1
    for position, card in enumerate(cards):
        key = trick_rank(card, led, trump)
        if key > best_key:
            best, best_key = position, key
    return best


def trick_winner(trick: Sequence[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """The seat that wins a trick given as (seat, card) pairs in the order played."""
    indices = [CARD_INDEX[card] for _, card in trick]
    return trick[winning_index(indices, trump.order if trump else -1)][0]
