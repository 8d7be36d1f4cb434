"""Play records and trick winners.

Cards are replayed as small integers (suit order × 13 + rank − 2) rather than Card objects: a replay touches
every card of every game in an archive, and integer sets and lists keep that fast.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from games.engine.cards import SEATS, STANDARD_DECK, Card, Seat, Suit

CARD_INDEX: dict[Card, int] = {
    card: card.suit.order * 13 + card.rank - 2 for card in STANDARD_DECK if card.suit
}
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


def indices(mask: int) -> list[int]:
    """The card indices of a 52-bit mask (bit i is the card of index i), lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


_BY_INDEX: tuple[Card, ...] = tuple(sorted(CARD_INDEX, key=CARD_INDEX.__getitem__))


class HandMasks(Mapping[Seat, frozenset[Card]]):
    """A deal's hands (``Deal.hands``) held as four 52-bit masks of card indices, N, E, S, W, and made Card sets
    only when asked: the replay works on the masks, and a reader of a large archive builds no sets (a fifth of
    its objects) for deals nobody looks at card by card."""

    __slots__ = ("masks", "_sets")

    def __init__(self, masks: tuple[int, int, int, int]) -> None:
        self.masks = masks
        self._sets: dict[Seat, frozenset[Card]] | None = None

    def _built(self) -> dict[Seat, frozenset[Card]]:
        if self._sets is None:
            by_index = _BY_INDEX
            self._sets = {
                seat: frozenset([by_index[i] for i in indices(mask)])
                for seat, mask in zip(SEATS, self.masks, strict=True)
            }
        return self._sets

    def __getitem__(self, seat: Seat) -> frozenset[Card]:
        return self._built()[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(SEATS)

    def __len__(self) -> int:
        return 4

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandMasks):
            return self.masks == other.masks
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]  # as a dict's: a Deal's hands are compared, not hashed

    def __repr__(self) -> str:
        return repr(self._built())



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
