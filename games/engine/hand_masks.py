"""Hands as 52-bit masks of card indices (suit order × 13 + rank − 2: the two of clubs is 0, the ace of spades 51),
the cards' numbering of the bridge replay (games.engine.bridge.play), kept apart from it so that a reader of deals
(games.formats.pbn) can hold hands so without loading the bridge engine.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from games.engine.cards import SEATS, STANDARD_DECK, Card, Seat

CARD_INDEX: dict[Card, int] = {
    card: card.suit.order * 13 + card.rank - 2 for card in STANDARD_DECK if card.suit
}


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
