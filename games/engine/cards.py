"""Cards, suits, ranks, seats and deals: the plain values every rules engine is built on.

Cards are written suit first ("SA", "H10" or "HT", "C2"), as in PBN's [Play] section and our JSON.
A joker is a card with no suit.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


class Suit(enum.Enum):
    """The four suits in bridge order (clubs lowest), which is also the bidding order."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def order(self) -> int:
        return _SUIT_ORDER[self]

    @property
    def symbol(self) -> str:
        return {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[self.value]

    @property
    def colour(self) -> str:
        return "red" if self in (Suit.HEARTS, Suit.DIAMONDS) else "black"

    @classmethod
    def parse(cls, text: str) -> Suit:
        try:
            return cls(text.strip().upper())
        except ValueError:
            raise ValueError(f"{text!r} is not a suit (C, D, H or S)") from None

    def __str__(self) -> str:
        return self.value


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}


class Rank(enum.IntEnum):
    """Natural ranks, ace high; JOKER ranks above everything and has no suit."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            key = "T"
        try:
            return _LETTER_RANKS[key]
        except KeyError:
            raise ValueError(f"{text!r} is not a rank (2-9, T, J, Q, K, A)") from None

    def __str__(self) -> str:
        return self.letter


_RANK_LETTERS = {rank: str(rank.value) for rank in Rank if rank.value < 10} | {
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "*",
}
_LETTER_RANKS = {letter: rank for rank, letter in _RANK_LETTERS.items() if rank is not Rank.JOKER}


class Card:
    """One card. Ordered by suit (bridge order) then rank, which is the order hands are written in.

    Immutable, and one object per card: `Card(suit, rank)` returns the same instance every time, so equality
    is identity and the hash a number fixed at creation (cards are hashed on every set and dict of a replay).
    """

    __slots__ = ("suit", "rank", "_order")
    suit: Suit | None
    rank: Rank
    _order: int

    def __new__(cls, suit: Suit | None, rank: Rank) -> Card:
        try:
            return _CARDS[suit, rank]
        except KeyError:
            pass
        if (suit is None) != (rank is Rank.JOKER):
            raise ValueError("only the joker has no suit")
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "_order", (suit.order if suit else 4) * 16 + rank)
        _CARDS[suit, rank] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a card cannot be changed (tried to set {name})")

    __delattr__ = __setattr__  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[Card], tuple[Suit | None, Rank]]:
        return (Card, (self.suit, self.rank))

    def __hash__(self) -> int:
        return self._order

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse "SA", "H10", "hT" or "JO"/"*" (the joker)."""
        key = text.strip().upper()
        if key in {"JO", "*", "JOKER"}:
            return JOKER
        if len(key) < 2:
            raise ValueError(f"{text!r} is not a card")
        try:
            return cls(Suit.parse(key[0]), Rank.parse(key[1:]))
        except ValueError as exc:
            raise ValueError(f"{text!r} is not a card: {exc}") from None

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order < other._order

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order <= other._order

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order > other._order

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order >= other._order

    def __str__(self) -> str:
        return "JO" if self.suit is None else f"{self.suit.value}{self.rank.letter}"

    def __repr__(self) -> str:
        return f"Card({self})"


_CARDS: dict[tuple[Suit | None, Rank], Card] = {}

JOKER = Card(None, Rank.JOKER)


def deck(lowest: Rank = Rank.TWO, *, joker: bool = False) -> tuple[Card, ...]:
    """Every card from `lowest` to the ace in each suit, plus the joker if asked.

    52 for bridge, whist and hearts; deck(Rank.SEVEN) is euchre's 32 and deck(Rank.NINE) its 24.
    """
    cards = tuple(Card(suit, rank) for suit in Suit for rank in Rank if lowest <= rank <= Rank.ACE)
    return cards + ((JOKER,) if joker else ())


STANDARD_DECK = deck()


class Seat(enum.Enum):
    """The compass seats, in clockwise playing order."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def index(self) -> int:
        return _SEAT_INDEX[self._value_]  # a str key: hashing an Enum member runs Python code

    @property
    def next(self) -> Seat:
        """The seat to the left, who calls and plays next."""
        return SEATS[(self.index + 1) % 4]

    @property
    def partner(self) -> Seat:
        return SEATS[(self.index + 2) % 4]

    @property
    def previous(self) -> Seat:
        return SEATS[(self.index + 3) % 4]

    @property
    def side(self) -> Side:
        return _SIDE_OF[self._value_]  # `_value_`, not `value`: the Enum property runs Python code

    def rotate(self, steps: int) -> Seat:
        return SEATS[(self.index + steps) % 4]

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().upper()[:1]
        try:
            return cls(key)
        except ValueError:
            raise ValueError(f"{text!r} is not a seat (N, E, S or W)") from None

    def __str__(self) -> str:
        return self.value


SEATS: tuple[Seat, ...] = tuple(Seat)
_SEAT_INDEX = {seat.value: i for i, seat in enumerate(SEATS)}


class Side(enum.Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def __str__(self) -> str:
        return self.value


_SIDE_OF = {"N": Side.NS, "S": Side.NS, "E": Side.EW, "W": Side.EW}


class Vulnerability(enum.Enum):
    """Which sides are vulnerable on a board (PBN's Vulnerable tag spells the values)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    @property
    def sides(self) -> frozenset[Side]:
        return frozenset(side for side in Side if self.of(side))

    def of(self, side: Side) -> bool:
        """Whether `side` is vulnerable."""
        return self is Vulnerability.BOTH or self._value_ == side._value_  # as in Seat.side

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """PBN's None/NS/EW/All, and the spellings other programs use (Love, -, Both, N-S)."""
        key = text.strip().upper().replace("-", "").replace("/", "")
        found = {"NONE": cls.NONE, "LOVE": cls.NONE, "": cls.NONE, "NS": cls.NS, "EW": cls.EW}
        found |= {"ALL": cls.BOTH, "BOTH": cls.BOTH}
        try:
            return found[key]
        except KeyError:
            raise ValueError(f"{text!r} is not a vulnerability (None, NS, EW or All)") from None

    @classmethod
    def of_sides(cls, ns: bool, ew: bool) -> Vulnerability:
        return (cls.NONE, cls.EW, cls.NS, cls.BOTH)[ns * 2 + ew]

    def __str__(self) -> str:
        return self.value


class DealError(ValueError):
    """A deal that cannot be: wrong card count, a card twice, an unknown card."""


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of a board. Checked on construction: no card twice, hands of equal size.

    A partial deal (hands of 0 cards, as in a record of cards played only) is allowed when `complete`
    is False; otherwise every hand must hold `hand_size` cards.
    """

    hands: Mapping[Seat, frozenset[Card]]

    def __post_init__(self) -> None:
        seen: dict[Card, Seat] = {}
        for seat in SEATS:
            for card in self.hands.get(seat, frozenset()):
                if card in seen:
                    raise DealError(
                        f"{card} is in both {seen[card].name.title()}'s and {seat.name.title()}'s hand"
                    )
                seen[card] = seat

    @classmethod
    def of(cls, hands: Mapping[Seat, Iterable[Card]], *, hand_size: int | None = 13) -> Deal:
        """Build a deal and, unless hand_size is None, require every hand to hold that many cards."""
        deal = cls({seat: frozenset(hands.get(seat, ())) for seat in SEATS})
        if hand_size is not None:
            for seat in SEATS:
                count = len(deal.hands[seat])
                if count != hand_size:
                    raise DealError(f"{count} cards in {seat.name.title()}'s hand, expected {hand_size}")
        return deal

    @classmethod
    def from_pbn(cls, text: str, *, hand_size: int | None = 13) -> Deal:
        """Parse PBN's deal string, "N:AKQ.JT9.876.5432 - ..." (first seat, hands clockwise, S.H.D.C)."""
        text = text.strip()
        if len(text) < 2 or text[1] != ":":
            raise DealError(f"deal {text!r} must start with the first seat and a colon, as in 'N:'")
        first = Seat.parse(text[0])
        parts = text[2:].split()
        if len(parts) != 4:
            raise DealError(f"deal {text!r} has {len(parts)} hands, expected 4")
        hands: dict[Seat, list[Card]] = {}
        for i, part in enumerate(parts):
            seat = first.rotate(i)
            hands[seat] = [] if part == "-" else _parse_pbn_hand(part, seat)
        return cls.of(hands, hand_size=hand_size)

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        return f"{first.value}:" + " ".join(_pbn_hand(self.hands[first.rotate(i)]) for i in range(4))

    def holder(self, card: Card) -> Seat | None:
        for seat, hand in self.hands.items():
            if card in hand:
                return seat
        return None

    def __str__(self) -> str:
        return self.to_pbn()


_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _parse_pbn_hand(text: str, seat: Seat) -> list[Card]:
    holdings = text.split(".")
    if len(holdings) != 4:
        raise DealError(f"{seat.name.title()}'s hand {text!r} has {len(holdings)} suits, expected 4")
    cards = []
    for suit, holding in zip(_PBN_SUITS, holdings, strict=True):
        for letter in holding.upper():
            try:
                card = Card(suit, Rank.parse(letter))
            except ValueError:
                raise DealError(f"{seat.name.title()}'s hand {text!r}: {letter!r} is not a rank") from None
            if card in cards:
                raise DealError(f"{seat.name.title()}'s hand {text!r} holds {card} twice")
            cards.append(card)
    return cards


def _pbn_hand(hand: frozenset[Card]) -> str:
    if not hand:
        return "-"
    return ".".join(
        "".join(c.rank.letter for c in sorted((c for c in hand if c.suit is suit), reverse=True))
        for suit in _PBN_SUITS
    )
