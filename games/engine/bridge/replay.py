"""The bridge replay auditor: replay a played board card by card and report every irregularity.

Nothing here raises on a bad record. Whatever cannot be read becomes a `malformed_record` irregularity and the
replay carries on with what it can use, so one broken game never hides the rest of an archive.

Laws cited are the 2017 Laws of Duplicate Bridge: 17A (the dealer calls first), 18 (sufficient bids),
19 (doubles), 22 (end of auction), 27 (insufficient bid), 39 (calls after the auction), 54 (opening lead out of
turn), 44 (sequence of play: follow suit), 53 (lead out of turn), 57 (premature play), 61/64 (revoke), 70 (claims),
71 (a concession void: the rule set's `concession` option), 77 (score), 79 (tricks won); a revoke and its penalty
cite the laws of the rule set in force (games.engine.bridge.revoke.revoke_laws).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engine import dd
from games.engine.bridge.calls import Call, Contract, Vulnerability, check_auction, contract_name
from games.engine.bridge.claims import can_take, fewest_tricks
from games.engine.bridge.play import (
    CARD_INDEX,
    CARD_NAMES,
    TOKEN_INDEX,
    ColumnPlay,
    OrderedPlay,
    Play,
    card_index,
    hand_indices,
    trick_rank,
)
from games.engine.bridge.revoke import revoke_laws, revoke_transfer
from games.engine.bridge.scoring import Rules, score_deal
from games.engine.cards import JOKER, SEATS, Deal, DealError, Seat
from games.engine.report import GameReport, Irregularity, IrregularityKind

_CARDS = {index: card for card, index in CARD_INDEX.items()}
_NOT_PLAYED = frozenset({None, "", "-"})
_BITS = tuple(1 << card for card in range(52))
_SEAT_NAMES = tuple(seat.name.title() for seat in SEATS)
_SEAT_LETTERS = tuple(seat.value for seat in SEATS)
_SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}
# The seats in turn from each leader.
_ROTATION = tuple(tuple((lead + step) & 3 for step in range(4)) for lead in range(4))


@dataclass(frozen=True, slots=True)
class Auction:
    """The calls as recorded, starting with the dealer's. Calls may be text (PBN tokens) or `Call` values."""

    dealer: Seat
    calls: tuple[str | Call, ...]

    @classmethod
    def of(cls, dealer: Seat | str, calls: str | tuple[str | Call, ...] | list[str | Call]) -> Auction:
        seat = dealer if isinstance(dealer, Seat) else Seat.parse(dealer)
        return cls(seat, tuple(calls.split()) if isinstance(calls, str) else tuple(calls))


def replay(
    rule_set: Rules,
    deal: Deal | str | None,
    auction: Auction | None,
    play: Play | None,
    claim: int | None = None,
    recorded_result: int | None = None,
    *,
    contract: Contract | str | None = None,
    declarer: Seat | str | None = None,
    vulnerability: Vulnerability = Vulnerability.NONE,
    recorded_score: int | None = None,
    dealer: Seat | None = None,
    board: str | None = None,
    index: int = 0,
    dd: bool = False,
) -> GameReport:
    """Replay one board.

    `dealer` is the board's dealer, who must make the first call (Law 17A).
    `contract`/`declarer` are the recorded ones (PBN [Contract], [Declarer]); when absent the auction's are used.
    `claim` is declarer's total of tricks after a claim, when the record says so; a record that stops early with
    no claim is taken as a claim of `recorded_result`. `recorded_score` is North-South's score as recorded.
    The report's `score` is the North-South score computed under `rule_set`. With `dd`, the report's extra
    "dd" figures give the double-dummy table, par, and the cards that cost a trick (for a clean play only).
    """
    problems: list[Irregularity] = []

    def malformed(message: str) -> None:
        problems.append(Irregularity(IrregularityKind.MALFORMED_RECORD, message))

    deal, hands = _hands(deal, problems)

    found: Contract | None = None
    auction_complete = False
    if auction is not None and auction.calls:
        if dealer is not None and auction.dealer is not dealer:
            problems.append(
                Irregularity(
                    IrregularityKind.ILLEGAL_CALL,
                    f"the auction starts with {auction.dealer.name.title()}, but {dealer.name.title()} dealt",
                    seat=auction.dealer.value,
                    law="17A",
                )
            )
        result = check_auction(auction.dealer, auction.calls, declarer_rule=rule_set.declarer_rule)
        problems.extend(result.irregularities)
        found, auction_complete = result.contract, result.complete

    final, passed_out = _recorded_contract(contract, declarer, found, malformed)
    if final is None and not passed_out:
        final, passed_out = found, auction_complete and found is None
    elif auction_complete and (found != final):
        problems.append(
            Irregularity(
                IrregularityKind.CONTRACT_MISMATCH,
                f"the auction ends in {_describe(found)} but the record says {_describe(final)}",
                law="22",
            )
        )

    has_play = play is not None and _has_cards(play)
    extra: dict[str, object] = {}
    notes: list[str] = []  # how the record was read, where it is not plainly what it says
    if has_play and deal is None:
        # Vugraph archives write a deal's second table without its Deal (which PBN §4.8 forbids inheriting): only
        # what the play alone proves is reported (a card played twice, a suit shown out of and played later).
        notes.append("no deal: holdings not checked")
    order: list[tuple[int, int]] = []
    in_play: list[Irregularity] = []
    complete = False
    computed: int | None = None
    explained = False  # the record shows the claim (a void concession) or the tricks before a revoke penalty
    if has_play and final is not None and final.declarer is not None:
        assert play is not None
        winners: list[int] = []
        revokes: list[tuple[int, int, int]] = []
        complete = _replay_play(play, final, hands, in_play, order, winners, revokes)
        reread = _in_play_order(play, final, hands, in_play, winners)
        if reread is not None:
            play, order, winners, revokes = reread, [], [], []
            in_play.clear()
            complete = _replay_play(play, final, hands, in_play, order, winners, revokes)
            notes.append(
                f"trick {len(play.rows)} is written in the order played, not under the seats' columns: read so"
            )
        declarer_side = final.declarer.index & 1
        won = sum(1 for winner in winners if winner & 1 == declarer_side)
        played_tricks = len(winners)
        problems.extend(sorted(in_play, key=lambda i: i.trick or 14))  # a revoke found late goes in its trick
        computed = _claimed(won, played_tricks, complete, claim, recorded_result, final.declarer, problems)
        if computed is not None and not complete and not in_play and rule_set.concession == "void":
            claimed_total = computed
            computed = _restore_conceded(hands, order, winners, final, computed - won) + won
            if computed != claimed_total and recorded_result != computed:
                problems.append(_void_concession(final, claimed_total, computed, played_tricks))
                explained = recorded_result == claimed_total
        if revokes and computed is not None:
            # A director may have moved tricks for an established revoke (Law 64): the record may show either.
            claimed = (computed - won, 13 - played_tricks - (computed - won))
            by_side = claimed if declarer_side == 0 else claimed[::-1]
            transfer = revoke_transfer(rule_set, revokes, winners, final.declarer.index, by_side)
            if transfer:
                # The transferred tricks rank as tricks won in play (1935 L21618–21619, 1926 §123): the score
                # uses them. A record may show the tricks before the transfer (the penalty was not applied).
                played_result = computed
                computed = min(13, max(0, computed + transfer))
                extra["tricks_after_revoke_penalty"] = computed
                extra["revoke_penalty_law"] = revoke_laws(rule_set)[1]
                explained = explained or recorded_result == played_result
        if revokes:
            law = revoke_laws(rule_set)[0]
            problems[:] = [
                dataclasses.replace(i, law=law) if i.kind is IrregularityKind.REVOKE else i for i in problems
            ]
    elif has_play:
        malformed("play is recorded but there is no contract with a declarer to play it")

    if computed is not None and recorded_result is not None and computed != recorded_result and not explained:
        problems.append(
            Irregularity(
                IrregularityKind.RESULT_MISMATCH,
                f"the record says declarer took {recorded_result} tricks; the play"
                f"{' and claim' if not complete else ''} give {computed}",
                law="79",
            )
        )

    score = _score(rule_set, final, passed_out, computed, recorded_result, vulnerability, deal)
    if score is not None and recorded_score is not None and score != recorded_score:
        problems.append(
            Irregularity(
                IrregularityKind.SCORE_MISMATCH,
                f"the record scores North-South {recorded_score:+d}; {contract_name(final)} "
                f"{'' if final is None else f'with {computed if computed is not None else recorded_result} tricks '}"
                f"scores {score:+d} under {rule_set.name}",
                law="77",
            )
        )

    if notes:
        extra["notes"] = notes
    if dd and deal is not None and None not in hands:
        extra["dd"] = _double_dummy(
            deal, vulnerability, auction, final, order if has_play and not in_play else []
        )
    return GameReport(
        index=index,
        board=board,
        declarer=final.declarer.value if final is not None and final.declarer is not None else None,
        contract=contract_name(final) if final is not None or passed_out else None,
        tricks_recorded=recorded_result,
        tricks_computed=computed,
        complete=complete,
        has_play=has_play,
        irregularities=tuple(problems),
        score=score,
        extra=extra,
    )


def _describe(contract: Contract | None) -> str:
    if contract is None:
        return "a pass-out"
    return f"{contract} by {contract.declarer}" if contract.declarer else str(contract)


def _hands(
    deal: Deal | str | None, problems: list[Irregularity]
) -> tuple[Deal | None, list[set[int] | None]]:
    """The deal, and each seat's dealt cards as indices (None for a seat whose hand is not fully known)."""
    if isinstance(deal, str):
        try:
            deal = Deal.from_pbn(deal, hand_size=None)
        except (DealError, ValueError) as exc:
            problems.append(Irregularity(IrregularityKind.MALFORMED_RECORD, f"deal: {exc}"))
            deal = None
    if deal is None:
        return None, [None, None, None, None]
    last = _last_dealt[0]
    if last[0] is deal:  # the tables of a board share its Deal (games.formats.pbn reads each deal once)
        return deal, list(last[1])
    hands: list[set[int] | None] = []
    found = len(problems)
    for seat in SEATS:
        cards = deal.hands.get(seat, frozenset())
        if JOKER in cards:
            cards = cards - {JOKER}
            problems.append(
                Irregularity(
                    IrregularityKind.MALFORMED_RECORD,
                    f"{seat.name.title()}'s hand holds a card not in the pack",
                )
            )
        indices = hand_indices(cards)
        if cards and len(cards) != 13:
            problems.append(
                Irregularity(
                    IrregularityKind.WRONG_CARD_COUNT,
                    f"{len(cards)} cards in {seat.name.title()}'s hand, expected 13",
                    seat=seat.value,
                )
            )
        hands.append(indices if len(indices) == 13 else None)
    if len(problems) == found:
        _last_dealt[0] = (deal, tuple(hands))
    return deal, hands


# The last deal replayed and its hands (read only): a board's tables follow one another in an archive.
_last_dealt: list[tuple[Deal | None, tuple[set[int] | None, ...]]] = [(None, ())]


def _recorded_contract(
    contract: Contract | str | None,
    declarer: Seat | str | None,
    found: Contract | None,
    malformed: Callable[[str], None],
) -> tuple[Contract | None, bool]:
    """The recorded contract with its declarer, and whether the record says the board was passed out."""
    if contract is None or (isinstance(contract, str) and not contract.strip()):
        return None, False
    if isinstance(contract, str):
        try:
            parsed = Contract.parse(contract)
        except ValueError as exc:
            malformed(f"contract: {exc}")
            return None, False
        if parsed is None:
            return None, True
        contract = parsed
    seat = contract.declarer
    if isinstance(declarer, Seat):
        seat = declarer
    elif declarer is not None and declarer.strip():
        try:
            seat = Seat.parse(declarer.strip().lstrip("^"))
        except ValueError as exc:
            malformed(f"declarer: {exc}")
    if seat is None and found is not None:
        seat = found.declarer
    if seat is None:
        malformed(f"contract {contract} has no declarer")
    return Contract(contract.level, contract.denomination, contract.penalty, seat), False


def _in_play_order(
    play: Play,
    contract: Contract,
    hands: list[set[int] | None],
    in_play: list[Irregularity],
    winners: list[int],
) -> ColumnPlay | None:
    """The record with its unfinished last trick read in the order played ("DK C7 - -" when East led DK) rather
    than under the seats' columns, when the column reading breaks a rule in that trick alone and this one does
    not; else None. Writers of archives often put an incomplete last trick so."""
    if not isinstance(play, ColumnPlay) or not play.rows or not in_play or None in hands:
        return None
    last = len(play.rows)
    cards = [token for token in play.rows[-1] if token not in _NOT_PLAYED and token != "*"]
    if not 0 < len(cards) < 4 or any(i.trick != last for i in in_play) or len(winners) != last - 1:
        return None
    assert contract.declarer is not None
    leader = winners[-1] if winners else (contract.declarer.index + 1) & 3
    row: list[str | None] = ["-"] * 4
    for step, token in enumerate(cards):
        row[(leader + step - play.first.index) & 3] = token
    reread = ColumnPlay(play.first, (*play.rows[:-1], tuple(row)))
    if tuple(row) == play.rows[-1]:
        return None
    found: list[Irregularity] = []
    _replay_play(reread, contract, hands, found, [], [], [])
    return None if found else reread


def _has_cards(play: Play) -> bool:
    if isinstance(play, ColumnPlay):
        return any(token not in _NOT_PLAYED and token != "*" for row in play.rows for token in row)
    return any(play.tricks)


def _replay_play(
    play: Play,
    contract: Contract,
    hands: list[set[int] | None],
    problems: list[Irregularity],
    order: list[tuple[int, int]],
    winners: list[int],
    revokes: list[tuple[int, int, int]],
) -> bool:
    """Replay the cards: returns whether all 13 tricks were played.

    `order` receives each (seat, card) in the order played, `winners` the seat winning each full trick, `revokes`
    each revoke as (trick, seat, suit led). The loop is the hot path of an archive replay:
    a legal card costs a few list look-ups; everything else drops to `_check_card`.
    """
    assert contract.declarer is not None
    trump = contract.trump.order if contract.trump else -1
    if isinstance(play, ColumnPlay) and None not in hands:
        clean = _clean_columns(play, (contract.declarer.index + 1) & 3, hands, trump)  # type: ignore[arg-type]
        if clean is not None:
            order.extend(clean[0])
            winners.extend(clean[1])
            return len(clean[1]) == 13
    add = problems.append
    # Who holds each card: known hands exactly; unknown hands hold whatever is not in a known hand.
    holder = [-1] * 52
    suit_counts = [[0, 0, 0, 0] for _ in range(4)]
    for seat, hand in enumerate(hands):
        for held in hand or ():
            holder[held] = seat
            suit_counts[seat][held // 13] += 1
    known = [hand is not None for hand in hands]
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
            entries = [(seat.index, token) for seat, token in row if token not in _NOT_PLAYED]
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
            if not _NOT_PLAYED.isdisjoint(in_turn):
                entries = [
                    (seat, token)
                    for seat, token in zip(_ROTATION[lead_seat], in_turn, strict=True)
                    if token not in _NOT_PLAYED
                ]
                if not entries:
                    break
            else:
                entries = list(zip(_ROTATION[lead_seat], in_turn, strict=True))
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
            if t < len(rows) and any(token not in _NOT_PLAYED and token != "*" for token in _tokens(rows[t])):
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


def _clean_columns(
    play: ColumnPlay, leader: int, hands: list[set[int]], trump: int
) -> tuple[list[tuple[int, int]], list[int]] | None:
    """The fast path of `_replay_play` for a record in columns with all four hands known: the cards in the order
    played and the seat winning each full trick, or None at the first thing that is not plainly legal (the
    general path then replays the record and names it). Each hand is a bit mask of the cards it still holds."""
    held = [sum(map(_BITS.__getitem__, hand)) for hand in hands]
    first = play.first.index
    if first != leader:
        return None  # an opening lead out of turn
    rows = play.rows
    keys = _TRICK_KEYS[trump]
    suit_of = _SUIT_OF
    bits = _BITS
    suits = _SUIT_MASKS
    index = TOKEN_INDEX.__getitem__
    order: list[tuple[int, int]] = []
    winners: list[int] = []
    for t, row in enumerate(rows, start=1):
        offset = (leader - first) & 3
        in_turn = row[offset:4] + row[:offset] if offset else row
        seats = _ROTATION[leader]
        try:
            if len(in_turn) != 4:
                raise KeyError
            c0, c1, c2, c3 = map(index, in_turn)
        except KeyError:
            return _clean_last(rows, t, first, leader, held, trump, order, winners)
        s0, s1, s2, s3 = seats
        h0, h1, h2, h3 = held[s0], held[s1], held[s2], held[s3]
        b0, b1, b2, b3 = bits[c0], bits[c1], bits[c2], bits[c3]
        if not (h0 & b0 and h1 & b1 and h2 & b2 and h3 & b3):
            return None
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
        if token not in _NOT_PLAYED
    ]
    if not entries:
        return order, winners
    if len(entries) == 4 or any(_tokens(later) for later in rows[t:]):
        return None
    for seat, token in entries:
        card = TOKEN_INDEX.get(token)  # type: ignore[arg-type]
        if card is None or not held[seat] & _BITS[card]:
            return None
        held[seat] ^= _BITS[card]
        suit = _SUIT_OF[card]
        if led < 0:
            led = suit
        elif suit != led and held[seat] & _SUIT_MASKS[led]:
            return None
        order.append((seat, card))
    return order, winners


_SUIT_OF = tuple(card // 13 for card in range(52))
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


def _tokens(row) -> list:
    if row and isinstance(row[0], tuple):
        return [token for _, token in row]
    return [token for token in row if token not in _NOT_PLAYED and token != "*"]


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


def _claimed(
    won: int,
    played_tricks: int,
    complete: bool,
    claim: int | None,
    recorded_result: int | None,
    declarer: Seat,
    problems: list[Irregularity],
) -> int | None:
    """Declarer's total tricks: those won in play plus, when the record stops early, the claim.

    A claim (or concession) can neither take back a trick already won nor win more tricks than are left
    (Laws 68–71). An impossible claim is reported and the nearest possible total used.
    """
    if complete:
        return won
    total = claim if claim is not None else recorded_result
    if total is None:
        return None
    remaining = 13 - played_tricks
    if won <= total <= won + remaining:
        return total
    problems.append(
        Irregularity(
            IrregularityKind.IMPOSSIBLE_CLAIM,
            f"declarer ({declarer}) is credited with {total} tricks after winning {won} of the first {played_tricks}; "
            f"only {won} to {won + remaining} are possible",
            trick=played_tricks + 1,
            seat=declarer.value,
            law="70",
        )
    )
    return min(max(total, won), won + remaining)


def _restore_conceded(
    hands: list[set[int] | None],
    order: list[tuple[int, int]],
    winners: list[int],
    contract: Contract,
    claimed: int,
) -> int:
    """Declarer's share of the tricks left after a claim of `claimed` of them, with any trick a side conceded that
    it could not lose by any play given back to it (games.engine.bridge.claims). Unknown hands: the claim."""
    if None in hands:
        return claimed
    assert contract.declarer is not None
    left = [sum(map(_BITS.__getitem__, hand or ())) for hand in hands]
    for seat, card in order:
        left[seat] &= ~(1 << card)
    trick = order[4 * len(winners) :]
    leader = trick[0][0] if trick else winners[-1] if winners else contract.declarer.next.index
    remaining = 13 - len(winners)
    side = contract.declarer.index & 1
    trump = contract.trump.order if contract.trump else -1
    # A side conceded nothing in error when some play of the cards gives it no more than it kept. One line of play
    # most often shows that for both sides; else one double-dummy solve settles almost every claim (best play is
    # one play). Only what neither settles is searched.
    defenders_kept = claimed == remaining or can_take(
        left, leader, trump, 1 - side, remaining - claimed, trick
    )
    declarer_kept = claimed == 0 or can_take(left, leader, trump, side, claimed, trick)
    if defenders_kept and declarer_kept:
        return claimed
    try:
        best = dd.tricks_left(left, leader, trump, [card for _, card in trick], side)
    except dd.DoubleDummyError:
        best = None
    if not defenders_kept and (best is None or best > claimed):
        # The defenders keep remaining - claimed: could declarer lose them on any play?
        declarer_takes = _fewest(left, leader, trick, trump, side, claimed)
        if declarer_takes > claimed:
            return declarer_takes
    if not declarer_kept and (best is None or best < claimed):
        # Declarer keeps `claimed`: could the defenders lose the rest on any play?
        return remaining - _fewest(left, leader, trick, trump, 1 - side, remaining - claimed)
    return claimed


_SEARCH = 200_000  # positions (about a second): a record cannot make the auditor search without end


def _fewest(
    left: list[int], leader: int, trick: list[tuple[int, int]], trump: int, side: int, kept: int
) -> int:
    """The tricks `side` takes on any play, or `kept` if that is at least as many."""
    found = fewest_tricks(left, leader, trump, side, trick, at_least=kept, positions=_SEARCH)
    return kept if found is None else found  # not shown void within the search: the concession stands


def _void_concession(contract: Contract, claimed: int, restored: int, played_tricks: int) -> Irregularity:
    assert contract.declarer is not None
    conceding = contract.declarer.side if restored > claimed else contract.declarer.side.other
    return Irregularity(
        IrregularityKind.VOID_CONCESSION,
        f"{_SIDE_NAMES[conceding.value]} conceded a trick it could not lose by any play of the cards, so the concession is void: "
        f"declarer ({contract.declarer}) takes {restored} tricks, not the {claimed} recorded",
        trick=played_tricks + 1,
        law="71",
    )


def _score(
    rule_set: Rules,
    contract: Contract | None,
    passed_out: bool,
    computed: int | None,
    recorded_result: int | None,
    vulnerability: Vulnerability,
    deal: Deal | None,
) -> int | None:
    """North-South's score under the rule set, or None when the record gives too little to score."""
    if contract is None:
        return 0 if passed_out else None
    tricks = computed if computed is not None else recorded_result
    if tricks is None or contract.declarer is None or not 0 <= tricks <= 13:
        return None
    vulnerable = vulnerability.of(contract.declarer.side)
    return score_deal(rule_set, contract, tricks, vulnerable, deal).ns


def _double_dummy(
    deal: Deal,
    vulnerability: Vulnerability,
    auction: Auction | None,
    contract: Contract | None,
    order: list[tuple[int, int]],
) -> dict[str, object]:
    """The JSON figures of the double-dummy analysis."""
    try:
        table = dd.dd_table(deal)
        figures: dict[str, object] = {
            "table": {seat.value: {d.value: table[d][seat] for d in table} for seat in SEATS},
        }
        if auction is not None:
            par = dd.par(deal, vulnerability, auction.dealer)
            figures["par"] = {"score": par.score, "contracts": list(par.contracts)}
        if contract is not None and contract.declarer is not None and order:
            played = [(SEATS[seat], _CARDS[card]) for seat, card in order]
            figures["costs"] = [
                {"trick": c.trick, "seat": c.seat.value, "card": str(c.card), "cost": c.cost}
                for c in dd.card_costs(deal, contract.denomination, contract.declarer, played)
            ]
    except dd.DoubleDummyError as exc:
        return {"error": str(exc)}
    return figures
