"""Double-dummy analysis through endplay (the DDS solver): the DD table, par, and what each played card cost.

endplay's conventions (standards.md §7): `calc_dd_table(...).to_list()` is rows S, H, D, C, NT by columns
N, E, S, W; `par` gives North-South's score; `analyse_play` gives declarer's double-dummy tricks before the first
card and after each card (the deal's `first` is the opening leader). DDS rejects an illegal play, so costs are
only asked for plays the replay found clean.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from endplay import _dds, dds
from endplay import types as ep
from endplay._dds import DDSError  # not re-exported by endplay.dds
from endplay.dds.ddtable import DDTable

from games.engine.bridge.calls import Denomination, Vulnerability
from games.engine.cards import SEATS, Card, Deal, Seat, Side

_DDS_STRAINS = (
    Denomination.SPADES,
    Denomination.HEARTS,
    Denomination.DIAMONDS,
    Denomination.CLUBS,
    Denomination.NOTRUMP,
)
_EP_DENOM = {
    Denomination.SPADES: ep.Denom.spades,
    Denomination.HEARTS: ep.Denom.hearts,
    Denomination.DIAMONDS: ep.Denom.diamonds,
    Denomination.CLUBS: ep.Denom.clubs,
    Denomination.NOTRUMP: ep.Denom.nt,
}
_EP_VUL = {
    Vulnerability.NONE: ep.Vul.none,
    Vulnerability.NS: ep.Vul.ns,
    Vulnerability.EW: ep.Vul.ew,
    Vulnerability.BOTH: ep.Vul.both,
}
_EP_PLAYER = {seat: ep.Player.find(seat.value) for seat in SEATS}


_ASCII = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})


class DoubleDummyError(ValueError):
    """The solver refused the deal or the play (an incomplete deal, or a card that could not be played)."""


@dataclass(frozen=True, slots=True)
class Par:
    score: int  # North-South's par score
    contracts: tuple[str, ...]  # level, strain, declarer, doubling and result, e.g. "4SN+1", "5DEX-2"


@dataclass(frozen=True, slots=True)
class CardCost:
    """A played card that gave away `cost` tricks against double-dummy play (trick is 1-based)."""

    trick: int
    seat: Seat
    card: Card
    cost: int


def _deal(deal: Deal) -> ep.Deal:
    if any(len(deal.hands.get(seat, ())) != 13 for seat in SEATS):
        raise DoubleDummyError("double-dummy analysis needs all four hands of 13 cards")
    return ep.Deal(deal.to_pbn())


@functools.lru_cache(maxsize=64)
def _solved(pbn: str) -> DDTable:
    """The solver's table for a deal, kept for a while: the table and par of a board need the same solve."""
    try:
        return dds.calc_dd_table(ep.Deal(pbn))
    except DDSError as exc:
        raise DoubleDummyError(f"the solver refused the deal: {exc}") from None


def dd_table(deal: Deal) -> dict[Denomination, dict[Seat, int]]:
    """Tricks each seat takes as declarer in each denomination, with best play by all four."""
    rows = _solved(_deal(deal).to_pbn()).to_list()
    return {
        strain: dict(zip(SEATS, row, strict=True)) for strain, row in zip(_DDS_STRAINS, rows, strict=True)
    }


def par(deal: Deal, vulnerability: Vulnerability, dealer: Seat) -> Par:
    """The par score and contracts."""
    try:
        found = dds.par(_solved(_deal(deal).to_pbn()), _EP_VUL[vulnerability], _EP_PLAYER[dealer])
    except DDSError as exc:
        raise DoubleDummyError(f"the solver refused the deal: {exc}") from None
    return Par(found.score, tuple(str(contract).translate(_ASCII).upper() for contract in found))


def side_tricks(
    deal: Deal, denomination: Denomination, leader: Seat, trick: Sequence[Card], side: Side
) -> int:
    """The tricks `side` takes of those left with best play by all four: `deal` holds the cards not yet played
    (equal hands, or one card fewer for those who have played to the unfinished `trick`, which `leader` led)."""
    masks = [sum(1 << _INDEX[card] for card in deal.hands.get(seat, ())) for seat in SEATS]
    trump = -1 if denomination.suit is None else _SUIT_ORDER.index(denomination.suit.value)
    return tricks_left(
        masks, leader.index, trump, [_INDEX[card] for card in trick], 0 if side is Side.NS else 1
    )


_SUIT_ORDER = "CDHS"  # card index = suit order × 13 + rank − 2, as in games.engine.bridge.play
_INDEX = {
    Card.parse(suit + rank): 13 * s + r
    for s, suit in enumerate(_SUIT_ORDER)
    for r, rank in enumerate("23456789TJQKA")
}


def tricks_left(hands: Sequence[int], leader: int, trump: int, trick: Sequence[int], side: int) -> int:
    """`side_tricks` on the replay's 52-bit hands (seat index order N, E, S, W, without the cards played to the
    unfinished `trick`; `trump` a suit's order or -1; `side` 0 North-South, 1 East-West)."""
    best = _solve(hands, leader, trump, trick, -1)
    remaining = hands[leader].bit_count() + bool(trick)
    return best if (leader + len(trick)) & 1 == side else remaining - best


def takes(
    hands: Sequence[int], leader: int, trump: int, trick: Sequence[int], side: int, target: int
) -> bool:
    """Whether `side` takes `target` of the tricks left with best play by all four (the position as for
    `tricks_left`): DDS answers "can the hand to play reach n?" in about half the time it finds the best figure."""
    remaining = hands[leader].bit_count() + bool(trick)
    if target <= 0 or target > remaining:
        return target <= 0
    if (leader + len(trick)) & 1 == side:
        return _solve(hands, leader, trump, trick, target) >= target
    spare = remaining - target + 1  # the other side's tricks that would hold `side` below target
    return _solve(hands, leader, trump, trick, spare) < spare


def _solve(hands: Sequence[int], leader: int, trump: int, trick: Sequence[int], target: int) -> int:
    """One SolveBoard call on DDS's own deal structure (suits S H D C, ranks as bits 2–14): the tricks of the hand
    to play, or with a `target`, a figure below it when the target cannot be reached. Building an endplay Deal
    from text cost more than the solve of a claim's few cards."""
    board = _dds.deal()
    board.trump = 4 if trump < 0 else 3 - trump
    board.first = leader
    for position, card in enumerate(trick):
        board.currentTrickSuit[position] = 3 - card // 13
        board.currentTrickRank[position] = card % 13 + 2
    for seat, hand in enumerate(hands):
        for order in range(4):
            board.remainCards[seat][3 - order] = (hand >> (13 * order) & 0x1FFF) << 2
    found = _dds.futureTricks()
    try:
        _dds.SolveBoard(board, target, 1, 1, found, 0)  # one solution: the best card's score, or the target's
    except (DDSError, RuntimeError) as exc:
        raise DoubleDummyError(f"the solver refused the position: {exc}") from None
    return found.score[0]


def card_costs(
    deal: Deal, denomination: Denomination, declarer: Seat, play: Sequence[tuple[Seat, Card]]
) -> list[CardCost]:
    """The cards (in the order played) that lost a trick against double-dummy defence or declarer play."""
    if not play:
        return []
    board = _deal(deal)
    board.first = _EP_PLAYER[declarer.next]
    board.trump = _EP_DENOM[denomination]
    try:
        values = list(dds.analyse_play(board, [ep.Card(str(card)) for _, card in play]))
    except DDSError as exc:
        raise DoubleDummyError(f"the solver refused the play: {exc}") from None
    costs = []
    # DDS stops after the 12th trick (the last is forced), so `values` may be shorter than the play.
    for i, (seat, card) in enumerate(play[: len(values) - 1]):
        change = values[i + 1] - values[i]  # declarer's double-dummy tricks after this card, less before
        cost = -change if seat.side is declarer.side else change
        if cost > 0:
            costs.append(CardCost(i // 4 + 1, seat, card, cost))
    return costs
