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
import functools
from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter

from games.engine.bridge import dd
from games.engine.bridge.calls import (
    AuctionResult,
    Call,
    Contract,
    Vulnerability,
    check_auction,
    contract_name,
)
from games.engine.bridge.claims import can_take, fewest_tricks
from games.engine.bridge.play import Play, hand_indices
from games.engine.bridge.revoke import revoke_laws, revoke_transfer
from games.engine.bridge.scoring import Rules, score_deal
from games.engine.bridge.tricks import BITS, has_cards, play_tricks
from games.engine.cards import JOKER, SEATS, Deal, DealError, Seat
from games.engine.hand_masks import CARD_INDEX, HandMasks
from games.engine.report import GameReport, Irregularity, IrregularityKind

_CARDS = {index: card for card, index in CARD_INDEX.items()}
_SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}
_FULL = [13, 13, 13, 13]  # the cards in each hand of a full deal
# Cards the search of a claim may try (about a hundredth of a second): a record cannot make the auditor search
# without end, and what the budget does not settle is named "not settled" in the report.
SEARCH_NODES = 5_000


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
    auctions: dict[tuple[str, tuple[str | Call, ...], str], AuctionResult] | None = None,
    search_nodes: int = SEARCH_NODES,
) -> GameReport:
    """Replay one board.

    `dealer` is the board's dealer, who must make the first call (Law 17A).
    `contract`/`declarer` are the recorded ones (PBN [Contract], [Declarer]); when absent the auction's are used.
    `claim` is declarer's total of tricks after a claim, when the record says so; a record that stops early with
    no claim is taken as a claim of `recorded_result`. `recorded_score` is North-South's score as recorded.
    The report's `score` is the North-South score computed under `rule_set`. With `dd`, the report's extra
    "dd" figures give the double-dummy table, par, and the cards that cost a trick (for a clean play only).
    `auctions` keeps each auction's check for the next board with the same one (an archive's boards repeat a
    few: at a session's tables 4 of 10 auctions have been seen before). `search_nodes` bounds the search of a
    claim the double-dummy solver leaves open (cards tried); a claim it cannot settle stands, and a note says so.
    """
    problems: list[Irregularity] = []
    deal, hands = _hands(deal, problems)
    if contract is None and play is None and (auction is None or not auction.calls) and not dd:
        # A deal with its results elsewhere (a scoring program's export): nothing to replay or score.
        return GameReport(index, board, tricks_recorded=recorded_result, irregularities=tuple(problems))

    def malformed(message: str) -> None:
        problems.append(Irregularity(IrregularityKind.MALFORMED_RECORD, message))

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
        key = (auction.dealer._value_, auction.calls, rule_set.declarer_rule)
        result = None if auctions is None else auctions.get(key)
        if result is None:
            result = check_auction(auction.dealer, auction.calls, declarer_rule=rule_set.declarer_rule)
            if auctions is not None:
                auctions[key] = result
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

    has_play = play is not None and has_cards(play)
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
        reread: list[int] = []
        complete = play_tricks(play, final, hands, in_play, order, winners, revokes, reread)
        if reread:
            notes.append(_in_play_order_note(reread))
        declarer_side = final.declarer.index & 1
        east_west = sum(map((1).__and__, winners))  # tricks won by East or West (odd seat indices)
        won = east_west if declarer_side else len(winners) - east_west
        played_tricks = len(winners)
        if in_play:  # a revoke found late goes in its trick
            problems.extend(sorted(in_play, key=lambda i: i.trick or 14))
        computed = _claimed(won, played_tricks, complete, claim, recorded_result, final.declarer, problems)
        if computed is not None and not complete and not in_play and rule_set.concession == "void":
            # A record inconsistent with its deal (`in_play`) is judged from what it shows: its claim stands.
            claimed_total = computed
            restored = _restore_conceded(hands, order, winners, final, computed - won, search_nodes)
            if restored is None:
                notes.append(_not_settled_note(played_tricks, search_nodes))
            else:
                computed = restored + won
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


def _in_play_order_note(tricks: list[int]) -> str:
    """The note naming the tricks read in play order (games.engine.bridge.tricks), runs as ranges: "tricks 2–7
    and 9"."""
    runs: list[list[int]] = []
    for trick in tricks:
        if runs and trick == runs[-1][-1] + 1:
            runs[-1].append(trick)
        else:
            runs.append([trick])
    named = [f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs]
    if len(tricks) == 1:
        return f"trick {tricks[0]} is written in the order played, not under the seats' columns: read so"
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + f" and {named[-1]}"
    return f"tricks {listed} are written in the order played, not under the seats' columns: read so"


def _describe(contract: Contract | None) -> str:
    if contract is None:
        return "a pass-out"
    return f"{contract} by {contract.declarer}" if contract.declarer else str(contract)


def _hands(deal: Deal | str | None, problems: list[Irregularity]) -> tuple[Deal | None, list[int | None]]:
    """The deal, and each seat's dealt cards as a 52-bit mask of indices (None for a seat whose hand is not fully
    known)."""
    if isinstance(deal, str):
        try:
            deal = Deal.from_pbn(deal, hand_size=None)
        except (DealError, ValueError) as exc:
            problems.append(Irregularity(IrregularityKind.MALFORMED_RECORD, f"deal: {exc}"))
            deal = None
    if deal is None:
        return None, [None, None, None, None]
    given = deal.hands
    masks = given.masks if isinstance(given, HandMasks) else None  # a PBN reader's deal: no joker
    if masks is not None and list(map(int.bit_count, masks)) == _FULL:
        return deal, list(masks)
    hands: list[int | None] = []
    for k, seat in enumerate(SEATS):
        if masks is not None:
            mask = masks[k]
        else:
            cards = given.get(seat, frozenset())
            if JOKER in cards:
                cards = cards - {JOKER}
                problems.append(
                    Irregularity(
                        IrregularityKind.MALFORMED_RECORD,
                        f"{seat.name.title()}'s hand holds a card not in the pack",
                    )
                )
            mask = sum(map(BITS.__getitem__, hand_indices(cards)))
        count = mask.bit_count()
        if count and count != 13:
            problems.append(
                Irregularity(
                    IrregularityKind.WRONG_CARD_COUNT,
                    f"{count} cards in {seat.name.title()}'s hand, expected 13",
                    seat=seat.value,
                )
            )
        hands.append(mask if count == 13 else None)
    return deal, hands


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
    return _declared(contract, seat), False


@functools.lru_cache(maxsize=1024)
def _declared(contract: Contract, seat: Seat | None) -> Contract:
    """The contract played by `seat` (a file's games repeat a few dozen of them)."""
    return Contract(contract.level, contract.denomination, contract.penalty, seat)


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
    hands: list[int | None],
    order: list[tuple[int, int]],
    winners: list[int],
    contract: Contract,
    claimed: int,
    nodes: int,
) -> int | None:
    """Declarer's share of the tricks left after a claim of `claimed` of them, with any trick a side conceded that
    it could not lose by any play given back to it (games.engine.bridge.claims). Unknown hands: the claim. None
    when the search of any play ran out of its `nodes` before settling it (the claim is "not settled")."""
    if None in hands:
        return claimed
    assert contract.declarer is not None
    # The play was found clean, so each card played was in its player's hand: none of them is left in any.
    played = sum(map(BITS.__getitem__, map(itemgetter(1), order)))
    left = [(hand or 0) & ~played for hand in hands]
    trick = order[4 * len(winners) :]
    leader = trick[0][0] if trick else winners[-1] if winners else contract.declarer.next.index
    remaining = 13 - len(winners)
    side = contract.declarer.index & 1
    trump = contract.trump.order if contract.trump else -1
    # A side conceded nothing in error when some play of the cards gives it no more than it kept. One line of play
    # most often shows that for both sides; else the double-dummy solver settles almost every claim (best play is
    # one play). Only what neither settles is searched, within a budget: a line found by a short search, then
    # every play.
    defenders_kept = claimed == remaining or can_take(
        left, leader, trump, 1 - side, remaining - claimed, trick, search=False
    )
    declarer_kept = claimed == 0 or can_take(left, leader, trump, side, claimed, trick, search=False)
    if defenders_kept and declarer_kept:
        return claimed
    cards = [card for _, card in trick]
    if (
        not defenders_kept
        and _solved(left, leader, trump, cards, side, claimed + 1) is not False
        and not can_take(left, leader, trump, 1 - side, remaining - claimed, trick)
    ):
        # The defenders keep remaining - claimed: could declarer lose them on any play?
        declarer_takes = fewest_tricks(left, leader, trump, side, trick, at_least=claimed, nodes=nodes)
        if declarer_takes is None or declarer_takes > claimed:
            return declarer_takes
    if (
        not declarer_kept
        and _solved(left, leader, trump, cards, side, claimed) is not True
        and not can_take(left, leader, trump, side, claimed, trick)
    ):
        # Declarer keeps `claimed`: could the defenders lose the rest on any play?
        defenders_take = fewest_tricks(
            left, leader, trump, 1 - side, trick, at_least=remaining - claimed, nodes=nodes
        )
        return None if defenders_take is None else remaining - defenders_take
    return claimed


def _solved(
    left: list[int], leader: int, trump: int, trick: list[int], side: int, target: int
) -> bool | None:
    """Whether `side` takes `target` of the tricks left with best play (dd.takes); None when the solver refuses."""
    try:
        return dd.takes(left, leader, trump, trick, side, target)
    except dd.DoubleDummyError:
        return None


def _not_settled_note(played_tricks: int, nodes: int) -> str:
    return (
        f"the claim after trick {played_tricks} is not settled: neither the double-dummy solver nor a search of "
        f"{nodes:,} cards shows whether a trick was conceded that could not be lost; it stands as recorded"
    )


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
    if rule_set.honors and deal is not None:
        return score_deal(rule_set, contract, tricks, vulnerable, deal).ns
    return _scored(rule_set, contract, tricks, vulnerable)


@functools.lru_cache(maxsize=1024)
def _scored(rule_set: Rules, contract: Contract, tricks: int, vulnerable: bool) -> int:
    """North-South's score of a deal scored without its hands: an archive repeats a few dozen (contract, declarer,
    tricks, vulnerability)."""
    return score_deal(rule_set, contract, tricks, vulnerable).ns


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
