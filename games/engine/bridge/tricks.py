"""The card-by-card check of a bridge play record: each card held and played once, in turn, following suit, and
who won each trick (games.engine.bridge.replay builds its report on what this finds).

Cards are indices (games.engine.bridge.play). A record in columns with all four hands known is first checked on
bit masks (`_clean_columns`); anything not plainly legal is replayed by the general path, which names it. Laws
cited are those of 2017: 44 (follow suit), 53 and 54 (leads out of turn), 57 (premature play), 61 (revoke).

Archive writers often put a trick's cards in the order played (the leader's first) rather than under the seats'
columns (a vugraph converter writes "HA D2 H4 H8" for North's ace led, whoever's column comes first): with all
four hands known, a trick whose columns put a card in a hand that does not hold it is read in play order when that
puts every card in its player's hand (`_in_play_order`), so its players are not charged with cards they never
held; only a trick that neither reading makes legal is reported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from games.engine.bridge.calls import Contract
from games.engine.bridge.play import (
    CARD_NAMES,
    TOKEN_INDEX,
    ColumnPlay,
    OrderedPlay,
    Play,
    card_index,
    trick_rank,
)
from games.engine.cards import SEATS
from games.engine.hand_masks import indices
from games.engine.report import Irregularity, IrregularityKind

NOT_PLAYED = frozenset({None, "", "-"})
BITS = tuple(1 << card for card in range(52))
_SEAT_NAMES = tuple(seat.name.title() for seat in SEATS)
_SEAT_LETTERS = tuple(seat.value for seat in SEATS)
# The seats in turn from each leader.
_ROTATION = tuple(tuple((lead + step) & 3 for step in range(4)) for lead in range(4))


def has_cards(play: Play) -> bool:
    if isinstance(play, ColumnPlay):
        for row in play.rows:  # a loop, not any(): the first token is most often a card
            for token in row:
                if token not in NOT_PLAYED and token != "*":
                    return True
        return False
    return any(play.tricks)


def play_tricks(
    play: Play,
    contract: Contract,
    hands: list[int | None],
    problems: list[Irregularity],
    order: list[tuple[int, int]],
    winners: list[int],
    revokes: list[tuple[int, int, int]],
    reread: list[int] | None = None,
) -> bool:
    """Replay the cards: returns whether all 13 tricks were played.

    `order` receives each (seat, card) in the order played, `winners` the seat winning each full trick, `revokes`
    each revoke as (trick, seat, suit led), `reread` (when given) the tricks read in play order rather than under
    the columns. The loop is the hot path of an archive replay:
    a legal card costs a few list look-ups; everything else drops to `_check_card`.
    """
    assert contract.declarer is not None
    trump = contract.trump.order if contract.trump else -1
    if isinstance(play, ColumnPlay):
        leader = (contract.declarer.index + 1) & 3
        if None not in hands:
            found: list[int] = []
            clean = _clean_columns(play, leader, hands, trump, found)  # type: ignore[arg-type]
            if clean is not None and reread is not None:
                reread.extend(found)
        else:
            clean = _clean_unknown(play, leader, trump) if hands == _UNKNOWN else None
        if clean is not None:
            order.extend(clean[0])
            winners.extend(clean[1])
            return len(clean[1]) == 13
    add = problems.append
    # Who holds each card: known hands exactly; unknown hands hold whatever is not in a known hand.
    holder = [-1] * 52
    suit_counts = [[0, 0, 0, 0] for _ in range(4)]
    for seat, hand in enumerate(hands):
        for held in indices(hand or 0):
            holder[held] = seat
        suit_counts[seat] = [((hand or 0) & mask).bit_count() for mask in _SUIT_MASKS]
    known = [hand is not None for hand in hands]
    either_order = reread is not None and all(known)  # a column record whose tricks may be in play order
    state = _PlayState(holder, known, suit_counts, [0] * 52, {}, revokes, add)
    played = state.played
    tokens_index = TOKEN_INDEX

    leader = (contract.declarer.index + 1) & 3
    full_tricks = 0
    ordered = isinstance(play, OrderedPlay)
    rows: tuple[tuple[Any, ...], ...] = (
        play.tricks if isinstance(play, OrderedPlay) else play.rows
    )  # pairs or tokens
    first = play.first.index if isinstance(play, ColumnPlay) else 0
    order_append = order.append

    for t, row in enumerate(rows, start=1):
        if ordered:
            entries = [(seat.index, token) for seat, token in row if token not in NOT_PLAYED]
            if not entries:
                break
            lead_seat = entries[0][0]
        else:
            if "*" in row:
                row = row[: row.index("*")]
            # PBN columns can only record who led to trick 1; later leads follow from the rules.
            lead_seat = first if t == 1 else leader
            if len(row) < 4:
                row = (*row, *("-",) * (4 - len(row)))
            offset = (lead_seat - first) & 3
            in_turn = row[offset:4] + row[:offset]
            if not NOT_PLAYED.isdisjoint(in_turn):
                entries = [
                    (seat, token)
                    for seat, token in zip(_ROTATION[lead_seat], in_turn, strict=True)
                    if token not in NOT_PLAYED
                ]
                if not entries:
                    break
            else:
                entries = list(zip(_ROTATION[lead_seat], in_turn, strict=True))
            if offset and either_order and reread is not None:
                in_order = _in_play_order(row, entries, lead_seat, holder, played)
                if in_order is not None:
                    entries = in_order
                    reread.append(t)
        if lead_seat != leader:
            where = "opening lead" if t == 1 else f"lead to trick {t}"
            add(
                Irregularity(
                    IrregularityKind.LEAD_OUT_OF_TURN,
                    f"{_SEAT_NAMES[lead_seat]} made the {where}; it was {_SEAT_NAMES[leader]}'s",
                    trick=t,
                    seat=_SEAT_LETTERS[lead_seat],
                    law="54" if t == 1 else "53",
                )
            )
        led = -1
        top_seat, top_key = -1, -1  # the card winning the trick so far (Law 44): its seat and trick_rank
        for position, (seat, token) in enumerate(entries):
            if ordered and seat != (lead_seat + position) & 3:
                add(
                    Irregularity(
                        IrregularityKind.PLAY_OUT_OF_TURN,
                        f"{_SEAT_NAMES[seat]} played out of turn to trick {t}",
                        trick=t,
                        seat=_SEAT_LETTERS[seat],
                        card=token,
                        law="57",
                    )
                )
            card = tokens_index.get(token)
            if card is None:
                card = card_index(token)
                if card is None:
                    add(
                        Irregularity(
                            IrregularityKind.MALFORMED_RECORD,
                            f"{token!r} is not a card",
                            trick=t,
                            seat=_SEAT_LETTERS[seat],
                            card=token,
                        )
                    )
                    continue
            suit = card // 13
            if played[card] == 0 and holder[card] == seat:
                played[card] = t
                suit_counts[seat][suit] -= 1
            else:
                state.check_card(t, seat, card)
            if led < 0:
                led = suit
                top_seat, top_key = seat, card % 13 + (200 if suit == trump else 100)
            elif suit != led:
                if known[seat]:
                    if suit_counts[seat][led] > 0:
                        add(_revoke(seat, t, card, led, "while still holding it"))
                        revokes.append((t, seat, led))
                else:
                    state.renounced.setdefault((seat, led), (t, card))
                if suit == trump and card % 13 + 200 > top_key:
                    top_seat, top_key = seat, card % 13 + 200
            elif card % 13 + (200 if suit == trump else 100) > top_key:
                top_seat, top_key = seat, card % 13 + (200 if suit == trump else 100)
            order_append((seat, card))
        if len(entries) < 4:
            if t < len(rows) and any(token not in NOT_PLAYED and token != "*" for token in _tokens(rows[t])):
                add(
                    Irregularity(
                        IrregularityKind.WRONG_CARD_COUNT,
                        f"trick {t} has {len(entries)} cards, yet play goes on",
                        trick=t,
                    )
                )
            break
        if top_seat >= 0:
            leader = top_seat
        full_tricks += 1
        winners.append(leader)
        if full_tricks == 13:
            if t < len(rows) and any(_tokens(row) for row in rows[t:]):
                add(
                    Irregularity(IrregularityKind.WRONG_CARD_COUNT, "cards are recorded after the 13th trick")
                )
            break
    return full_tricks == 13


def _in_play_order(
    row: tuple[Any, ...],
    entries: list[tuple[int, Any]],
    lead_seat: int,
    holder: list[int],
    played: list[int],
) -> list[tuple[int, Any]] | None:
    """A trick's (seat, token) read in play order, the row's cards left to right from `lead_seat`, when its column
    reading (`entries`) gives a card to a seat that does not hold it (or played it before) and this reading gives
    each card to the seat that holds it; else None."""
    if all(_holds(seat, token, holder, played) for seat, token in entries):
        return None
    tokens = [token for token in row if token not in NOT_PLAYED]
    in_order = list(zip(_ROTATION[lead_seat], tokens, strict=False))
    if len({token for _, token in in_order}) < len(in_order):
        return None
    return in_order if all(_holds(seat, token, holder, played) for seat, token in in_order) else None


def _holds(seat: int, token: Any, holder: list[int], played: list[int]) -> bool:
    """Whether `seat` still holds the card written `token`."""
    card = TOKEN_INDEX.get(token)
    if card is None:
        card = card_index(token)
    return card is not None and holder[card] == seat and not played[card]


def _clean_columns(
    play: ColumnPlay, leader: int, hands: list[int], trump: int, reread: list[int]
) -> tuple[list[tuple[int, int]], list[int]] | None:
    """The fast path of `play_tricks` for a record in columns with all four hands known: the cards in the order
    played and the seat winning each full trick, or None at the first thing that is not plainly legal (the
    general path then replays the record and names it). Each hand is a bit mask of the cards it still holds.
    A full trick whose columns give a hand a card it does not hold is read in play order when that gives each
    hand its own card (`reread` receives its number)."""
    held = list(hands)
    first = play.first.index
    if first != leader:
        return None  # an opening lead out of turn
    rows = play.rows
    keys = _TRICK_KEYS[trump]
    suit_of = _SUIT_OF
    bits = BITS
    suits = _SUIT_MASKS
    index: Callable[[str | None], int] = TOKEN_INDEX.__getitem__  # type: ignore[assignment]  # KeyError for None
    order: list[tuple[int, int]] = []
    winners: list[int] = []
    for t, row in enumerate(rows, start=1):
        try:
            if len(row) != 4:
                raise KeyError
            c0, c1, c2, c3 = map(index, _IN_TURN[(leader - first) & 3](row))
        except KeyError:
            return _clean_last(rows, t, first, leader, held, trump, order, winners)
        s0, s1, s2, s3 = _ROTATION[leader]
        h0, h1, h2, h3 = held[s0], held[s1], held[s2], held[s3]
        b0, b1, b2, b3 = bits[c0], bits[c1], bits[c2], bits[c3]
        if not (h0 & b0 and h1 & b1 and h2 & b2 and h3 & b3):
            if leader == first:
                return None  # play order is the columns' order
            c0, c1, c2, c3 = map(index, row)
            b0, b1, b2, b3 = bits[c0], bits[c1], bits[c2], bits[c3]
            if not (h0 & b0 and h1 & b1 and h2 & b2 and h3 & b3):
                return None
            reread.append(t)
        h1 ^= b1
        h2 ^= b2
        h3 ^= b3
        led = suit_of[c0]
        follow = suits[led]
        if (
            suit_of[c1] != led
            and h1 & follow
            or suit_of[c2] != led
            and h2 & follow
            or suit_of[c3] != led
            and h3 & follow
        ):
            return None
        held[s0], held[s1], held[s2], held[s3] = h0 ^ b0, h1, h2, h3
        rank = keys[led]
        top, winner = rank[c0], s0
        if rank[c1] > top:
            top, winner = rank[c1], s1
        if rank[c2] > top:
            top, winner = rank[c2], s2
        if rank[c3] > top:
            winner = s3
        order += ((s0, c0), (s1, c1), (s2, c2), (s3, c3))
        winners.append(winner)
        leader = winner
        if t == 13:
            return (order, winners) if not any(_tokens(later) for later in rows[13:]) else None
    return order, winners


def _clean_unknown(
    play: ColumnPlay, leader: int, trump: int
) -> tuple[list[tuple[int, int]], list[int]] | None:
    """The fast path of `play_tricks` for a record in columns with no hand known (a table written without its deal):
    the cards in the order played and the seat winning each full trick, or None at the first card the general path
    must look at (a card played twice, a suit played by a hand that showed out of it, a row not four cards but the
    last, an opening lead out of turn)."""
    first = play.first.index
    if first != leader:
        return None
    rows = play.rows
    keys = _TRICK_KEYS[trump]
    suit_of = _SUIT_OF
    bits = BITS
    index: Callable[[str | None], int] = TOKEN_INDEX.__getitem__  # type: ignore[assignment]  # KeyError for None
    seen = 0  # the cards played
    out = [0, 0, 0, 0]  # per seat, a bit per suit it showed out of
    order: list[tuple[int, int]] = []
    winners: list[int] = []
    for t, row in enumerate(rows, start=1):
        seats = _ROTATION[leader]
        try:
            if len(row) != 4:
                raise KeyError
            cards = tuple(map(index, _IN_TURN[(leader - first) & 3](row)))
        except KeyError:  # the unfinished last trick
            if "*" in row:
                row = row[: row.index("*")]
            row = (*row[:4], *("-",) * (4 - len(row)))
            offset = (leader - first) & 3
            in_turn = (*row[offset:4], *row[:offset])
            entries = [
                (seat, str(token))
                for seat, token in zip(seats, in_turn, strict=True)
                if token not in NOT_PLAYED
            ]
            if len(entries) == 4 or any(_tokens(later) for later in rows[t:]):
                return None
            seats = tuple(seat for seat, _ in entries)
            found = [TOKEN_INDEX.get(token) for _, token in entries]
            if None in found:
                return None
            cards = tuple(found)  # type: ignore[arg-type]
        led = suit_of[cards[0]] if cards else 0
        top = winner = -1
        for seat, card in zip(seats, cards, strict=True):
            suit = suit_of[card]
            if seen & bits[card] or out[seat] >> suit & 1:
                return None  # a card played twice, or a suit shown out of earlier: the general path names it
            seen |= bits[card]
            if suit != led:
                out[seat] |= 1 << led
            if keys[led][card] > top:
                top, winner = keys[led][card], seat
            order.append((seat, card))
        if len(cards) < 4:
            break
        winners.append(winner)
        leader = winner
        if t == 13:
            return (order, winners) if not any(_tokens(later) for later in rows[13:]) else None
    return order, winners


def _clean_last(
    rows: tuple[tuple[str | None, ...], ...],
    t: int,
    first: int,
    leader: int,
    held: list[int],
    trump: int,
    order: list[tuple[int, int]],
    winners: list[int],
) -> tuple[list[tuple[int, int]], list[int]] | None:
    """`_clean_columns` at a row that is not four cards: the unfinished last trick (cards in turn from the
    leader, as the general path reads them), with nothing recorded after it."""
    row = rows[t - 1]
    if "*" in row:
        row = row[: row.index("*")]
    if len(row) < 4:
        row = (*row, *("-",) * (4 - len(row)))
    offset = (leader - first) & 3
    in_turn = row[offset:4] + row[:offset]
    led = -1
    entries = [
        (seat, token)
        for seat, token in zip(_ROTATION[leader], in_turn, strict=True)
        if token not in NOT_PLAYED
    ]
    if not entries:
        return order, winners
    if len(entries) == 4 or any(_tokens(later) for later in rows[t:]):
        return None
    for seat, token in entries:
        card = TOKEN_INDEX.get(token)  # type: ignore[arg-type]
        if card is None or not held[seat] & BITS[card]:
            return None
        held[seat] ^= BITS[card]
        suit = _SUIT_OF[card]
        if led < 0:
            led = suit
        elif suit != led and held[seat] & _SUIT_MASKS[led]:
            return None
        order.append((seat, card))
    return order, winners


_SUIT_OF = tuple(card // 13 for card in range(52))
_UNKNOWN = [None, None, None, None]  # the hands of a table without its deal
# A row's four columns in turn from the column `offset` (the leader's).
_IN_TURN = tuple(itemgetter(*_ROTATION[offset]) for offset in range(4))
_SUIT_MASKS = tuple(0x1FFF << (13 * suit) for suit in range(4))
# Per trump (-1 at no-trumps, the last entry) and suit led, each card's trick_rank.
_TRICK_KEYS = tuple(
    tuple(tuple(trick_rank(card, led, trump) for card in range(52)) for led in range(4))
    for trump in (*range(4), -1)
)


@dataclass(slots=True)
class _PlayState:
    """What the replay knows about the cards, for the checks of a card that is not simply legal."""

    holder: list[int]  # seat dealt each card, -1 when no known hand holds it
    known: list[bool]  # whether each seat's hand is known
    suit_counts: list[list[int]]  # cards of each suit still held, known hands only
    played: list[int]  # trick (1-based) where each card was played, 0 if not yet
    renounced: dict[tuple[int, int], tuple[int, int]]  # (seat, suit) -> (trick, card): unknown hands only
    revokes: list[tuple[int, int, int]]  # (trick, seat, suit led) of each revoke found
    add: Callable[[Irregularity], None]

    def check_card(self, t: int, seat: int, card: int) -> None:
        """A card played twice, not held, or from a hand not known."""
        name = CARD_NAMES[card]
        holder = self.holder[card]
        where = {"trick": t, "seat": _SEAT_LETTERS[seat], "card": name, "law": "44"}
        if self.played[card]:
            message = f"{_SEAT_NAMES[seat]} played {name}, already played to trick {self.played[card]}"
            self.add(Irregularity(IrregularityKind.CARD_PLAYED_TWICE, message, **where))  # type: ignore[arg-type]
        elif holder >= 0:
            message = f"{_SEAT_NAMES[seat]} played {name}, which was dealt to {_SEAT_NAMES[holder]}"
            self.add(Irregularity(IrregularityKind.CARD_NOT_HELD, message, **where))  # type: ignore[arg-type]
        elif self.known[seat]:
            message = f"{_SEAT_NAMES[seat]} played {name}, which is not in {_SEAT_NAMES[seat]}'s hand"
            self.add(Irregularity(IrregularityKind.CARD_NOT_HELD, message, **where))  # type: ignore[arg-type]
        else:
            self.played[card] = t
            suit = card // 13
            if (seat, suit) in self.renounced:
                # An unknown hand shows a suit it earlier failed to follow: that was a revoke.
                at, shown = self.renounced.pop((seat, suit))
                self.add(_revoke(seat, at, shown, suit, f"shown at trick {t}"))
                self.revokes.append((at, seat, suit))


def _tokens(row) -> list[Any]:
    if row and isinstance(row[0], tuple):
        return [token for _, token in row]
    return [token for token in row if token not in NOT_PLAYED and token != "*"]


def _revoke(seat: int, trick: int, card: int, suit: int, when: str) -> Irregularity:
    suit_name = ("clubs", "diamonds", "hearts", "spades")[suit]
    return Irregularity(
        IrregularityKind.REVOKE,
        f"{_SEAT_NAMES[seat]} played {CARD_NAMES[card]} to trick {trick} instead of following to {suit_name}, {when}",
        trick=trick,
        seat=_SEAT_LETTERS[seat],
        card=CARD_NAMES[card],
        law="61",
    )
