"""Hand records as dealing machines and other programs keep them: the value every deal-file format reads and writes.

A ``HandRecord`` is one board: number, dealer, vulnerability and the four hands. Formats that store no board
numbers number their deals 1, 2, ... in file order; formats that store no dealer or vulnerability take them from
the standard cycle (Law 2: games.engine.bridge.calls.board_dealer, board_vulnerability).

The file formats number cards as ``../shared/data/formats.md`` does, the "card index": 13 x suit + rank, suits in
the order S H D C and ranks A K Q ... 2, so SA = 0 and C2 = 51; seats N E S W are 0 1 2 3. ``deal_of_hands`` and
``deal_of_holders`` turn those numbers into a checked ``Deal``: a card dealt twice, a hand of 12 or 14 cards or a
card number out of range is a ``DealFileError`` naming the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from games.engine.bridge.calls import board_dealer, board_vulnerability
from games.engine.cards import SEATS, Card, Deal, Rank, Seat, Suit, Vulnerability

SUIT_LETTERS = "SHDC"
RANK_LETTERS = "AKQJT98765432"
CARDS: tuple[Card, ...] = tuple(Card(Suit(s), Rank.parse(r)) for s in SUIT_LETTERS for r in RANK_LETTERS)
"""Card by card index (SA, SK, ... C2)."""
INDEX: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}
HAND_SIZE = 13


class DealFileError(ValueError):
    """A deal file that cannot be read or written, naming the board when the problem is one board's (and the line,
    in a text format that knows it): ``where`` is "board 7" or "line 12", ``message`` the problem."""

    def __init__(self, message: str, board: int | None = None, line: int | None = None) -> None:
        self.message = message
        self.board = board
        self.line = line
        self.where = f"line {line}" if line else f"board {board}" if board is not None else ""
        super().__init__(f"{self.where}: {message}" if self.where else message)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One board's hand record."""

    board: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    line: int | None = field(default=None, compare=False)
    """Where a text format has the board, for messages."""

    @classmethod
    def standard(cls, board: int, deal: Deal) -> HandRecord:
        """A board whose dealer and vulnerability follow the standard cycle (Law 2)."""
        return cls(board, board_dealer(board), board_vulnerability(board), deal)


def seat_name(seat: int) -> str:
    return SEATS[seat].name.title()


def card_name(index: int) -> str:
    return str(CARDS[index])


def deal_of_hands(board: int, hands: Sequence[Iterable[int] | None]) -> Deal:
    """A deal from four hands of card indices (N E S W); a fourth hand of None is the cards the others lack."""
    where: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        for card in hand:
            if not 0 <= card < 52:
                raise DealFileError(
                    f"card number {card + 1} in {seat_name(seat)}'s hand is not one of the 52", board
                )
            if card in where:
                if where[card] == seat:
                    held = f"twice in {seat_name(seat)}'s hand"
                else:
                    held = f"in both {seat_name(where[card])}'s and {seat_name(seat)}'s hand"
                raise DealFileError(f"{card_name(card)} is dealt twice: {held}", board)
            where[card] = seat
    holders = [where.get(card, -1) for card in range(52)]
    if any(hand is None for hand in hands):
        rest = next(seat for seat, hand in enumerate(hands) if hand is None)
        holders = [rest if h < 0 else h for h in holders]
    return deal_of_holders(board, holders)


def deal_of_holders(board: int, holders: Sequence[int]) -> Deal:
    """A deal from the holder (0-3, N E S W) of each card index; every hand must hold 13 cards."""
    hands: list[list[Card]] = [[], [], [], []]
    for card, seat in enumerate(holders):
        if 0 <= seat < 4:
            hands[seat].append(CARDS[card])
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise DealFileError(f"{len(hand)} cards in {seat_name(seat)}'s hand, expected {HAND_SIZE}", board)
    return Deal({SEATS[seat]: frozenset(hand) for seat, hand in enumerate(hands)})


def holders_of(deal: Deal) -> list[int]:
    """The holder (0-3) of each card index."""
    holders = [0] * 52
    for seat, hand in deal.hands.items():
        for card in hand:
            holders[INDEX[card]] = seat.index
    return holders


def hand_indices(deal: Deal, seat: int) -> list[int]:
    """One hand's card indices in index order (spades from the ace down, then hearts, diamonds, clubs)."""
    return sorted(INDEX[card] for card in deal.hands[SEATS[seat]])


def suit_ranks(deal: Deal, seat: int, suit: int) -> str:
    """One suit of a hand as rank letters, high to low ("AKT2", "" for a void)."""
    return "".join(RANK_LETTERS[c % 13] for c in hand_indices(deal, seat) if c // 13 == suit)


def one_each(records: Iterable[HandRecord]) -> list[HandRecord]:
    """Each board once: files that hold a board more than once (a PBN game per table, LIN's open and closed room)
    must give it the same deal every time."""
    found: dict[int, HandRecord] = {}
    for record in records:
        first = found.setdefault(record.board, record)
        if first != record:
            earlier = f", line {first.line} and this one" if first.line else ""
            raise DealFileError(f"two different deals for board {record.board}{earlier}: {first.deal.to_pbn()} and "
                                f"{record.deal.to_pbn()}", record.board, record.line)  # fmt: skip
    return list(found.values())


def consecutive(records: Sequence[HandRecord], format_name: str, most: int = 99) -> tuple[int, int]:
    """The first and last board of records that a format numbers from its first board on: refused otherwise."""
    if not records:
        raise DealFileError(f"{format_name} needs at least one board")
    first = records[0].board
    for k, record in enumerate(records):
        if record.board != first + k:
            raise DealFileError(f"{format_name} holds consecutive boards only: board {record.board} follows "
                                f"board {records[k - 1].board}")  # fmt: skip
    last = records[-1].board
    if first < 1 or last > most:
        raise DealFileError(f"{format_name} holds boards 1 to {most} only, not {first} to {last}")
    return first, last
