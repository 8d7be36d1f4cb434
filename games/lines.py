"""A traveller line: a result as entered, checked against the engine and the board and scored (score_line), and
the refusals that tell what a hand holds (HandRefused; every other kind is config.refusals').

Apart from games.services so that imports (games.exchange) and the pages can check a line without the Result's
life (versions, conflicts, standings) that the services keep.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from config.refusals import Refused
from games.engine import whist
from games.engine.bridge import Contract, DealScore, Vulnerability, claimed_honors, event_score, rules
from games.engine.bridge import honors as deal_honors
from games.engine.cards import Card, Deal, DealError, Seat, Side
from games.formats.numbers import NumberError, whole_number
from games.models import Board
from tournaments.models import Game, Section


class HandRefused(Refused):
    """A refusal that tells what a hand holds (the message names the cards: for directors). A table is told less,
    and counted (enter_at_table): its answers must not rebuild a hidden hand."""

    table_message = ""


class LeadNotHeld(HandRefused):
    """The lead is not a card of the opening leader's hand."""

    table_message = "that lead is not a card of the opening leader's hand; check it and the declarer"


class HonorsNotHeld(HandRefused):
    """The honors claimed are not what the board's hands hold."""

    table_message = "those honors are not what the board's hands hold; check them and the contract"


@dataclass(slots=True)
class Line:
    """A traveller line: a result as entered, checked and scored (score_line), or as an imported file gives it
    before it becomes a Result (games.exchange.store: where it is, its board and pairs, any adjusted score,
    auction and play)."""

    contract: str = ""
    declarer: str = ""
    lead: str = ""
    tricks: int | None = None
    score_ns: int | None = None
    honors: str = ""  # as the players claimed them ("N-S 30"), for a board we did not deal
    where: str = ""
    board: int = 0
    ns: str = ""
    ew: str = ""
    adjusted: str = ""
    assigned: bool = False  # a weighted or split score in `adjusted`
    round: int | None = None
    table: int | None = None
    auction: list[str] | None = None  # calls from the dealer, as the file writes them
    play: dict | None = None  # {"first": seat, "tricks": [[card tokens in seat columns]]}

    def as_dict(self) -> dict:
        return {"contract": self.contract, "declarer": self.declarer, "lead": self.lead, "tricks": self.tricks,
                "score_ns": self.score_ns, "honors": self.honors}  # fmt: skip


_deal = functools.lru_cache(maxsize=256)(Deal.from_pbn)
"""A board's deal as the engine reads it (a Deal is frozen), kept: an imported file's lines read each board's
deal once per line, a table's entries once per entry."""


def _seat_name(seat: Seat) -> str:
    return seat.name.title()


def score_line(
    section: Section,
    board: Board,
    contract: str,
    declarer: str = "",
    tricks=None,
    lead: str = "",
    honors: str = "",
    where: str = "",
) -> Line:
    """Check a result against the engine and the board, and score it (rule set of the Section).

    Honors count from the board's deal when we dealt it; otherwise from the players' claim (`honors`). A duplicate
    whist board (a Section of game whist) has no contract: `tricks` are the tricks N-S took (whist_line). A refusal
    names the board, or `where` (an imported file's line)."""
    where = where or f"board {board.number}"
    if section.game == Game.WHIST:
        return whist_line(where, contract, declarer, tricks, lead, honors)
    text = (contract or "").strip()
    if not text:
        raise Refused(f"{where}: no contract given (as in 4SX, 3NT or Pass)")
    try:
        parsed = Contract.parse(text)
    except ValueError as error:
        raise Refused(f"{where}: {error}") from None
    if parsed is None:
        for name, value in (("declarer", declarer), ("tricks", tricks), ("lead", lead), ("honors", honors)):
            if value not in (None, ""):
                raise Refused(f"{where}: {name} {value!r} given for a passed-out board (Pass has no {name})")
        return Line("Pass", "", "", None, 0)
    if not (declarer or "").strip():
        raise Refused(f"{where}: no declarer given (N, E, S or W)")
    try:
        seat = Seat.parse(declarer)
    except ValueError:
        raise Refused(f"{where}: declarer {declarer!r} is not N, E, S or W") from None
    if tricks is None or tricks == "":
        raise Refused(f"{where}: tricks taken by declarer not given")
    try:
        taken = whole_number(tricks, "tricks")
    except NumberError as error:
        raise Refused(f"{where}: {error}") from None
    if not 0 <= taken <= 13:
        raise Refused(f"{where}: {taken} tricks is not 0 to 13")
    card = ""
    if lead:
        try:
            card = str(Card.parse(lead))
        except ValueError as error:
            raise Refused(f"{where}: lead {error}") from None
    try:
        rule_set = rules(section.rule_set)
        claimed = claimed_honors(rule_set, parsed.denomination, honors)
    except ValueError as error:
        raise Refused(f"{where}: {error}") from None
    deal = None
    if board.deal and (card or rule_set.honors):
        try:
            deal = _deal(board.deal)
        except DealError as error:
            raise Refused(f"{where}: the stored deal is broken: {error}") from None
    if card and deal is not None:
        check_lead(where, deal, seat, card)
    if deal is not None and claimed != DealScore():
        held = deal_honors(rule_set, parsed.denomination, deal)
        if held != claimed:
            raise HonorsNotHeld(
                f"{where}: honors {honors!r} claimed, but the board's hands hold {_honors_text(held)}"
            )
    contract_value = Contract(parsed.level, parsed.denomination, parsed.penalty, seat)
    vulnerable = Vulnerability.parse(board.vulnerability).of(seat.side)
    try:
        score = event_score(rule_set, contract_value, taken, vulnerable, deal, claimed).ns
    except ValueError as error:
        raise Refused(f"{where}: {error}") from None
    return Line(
        str(contract_value),
        seat.value,
        card,
        taken,
        score,
        "" if deal is not None else _honors_text(claimed, ""),
    )


def whist_line(where: str, contract, declarer, tricks, lead, honors) -> Line:
    """A duplicate whist board: the tricks N-S took, scored by the book's count (games.engine.whist.duplicate_score);
    a contract, declarer, lead or honors given is refused, naming it (a whist result has none of them)."""
    for name, value in (("contract", contract), ("declarer", declarer), ("lead", lead), ("honors", honors)):
        if value not in (None, ""):
            raise Refused(f"{where}: {name} {value!r} given for a whist board (give the tricks N-S took)")
    if tricks is None or tricks == "":
        raise Refused(f"{where}: tricks taken by N-S not given")
    try:
        taken = whole_number(tricks, "tricks")
        score = whist.duplicate_score(taken)
    except (NumberError, ValueError) as error:
        raise Refused(f"{where}: {error}") from None
    return Line(tricks=taken, score_ns=score)


def _honors_text(score: DealScore, none: str = "none") -> str:
    """Honors as a side and its points ("N-S 30"), the way a claim is written."""
    for side, name in ((Side.NS, "N-S"), (Side.EW, "E-W")):
        if score.above(side):
            return f"{name} {score.above(side)}"
    return none


def check_lead(where: str, deal: Deal, declarer: Seat, card: str) -> None:
    """The one rule for an opening lead, entered at a table or read from a file: declarer's left-hand opponent
    holds the card."""
    leader = declarer.next
    if Card.parse(card) not in deal.hands[leader]:
        raise LeadNotHeld(
            f"{where}: the lead {card} is not in {_seat_name(leader)}'s hand ({_seat_name(leader)} leads against {_seat_name(declarer)})"
        )
