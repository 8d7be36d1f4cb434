"""What a table's tally scores: a hearts hand's punch marks and cuts, and a bridge party's deals, each scored by
the book for its rule set or checked against progressive contract's limits. Pure Python (no Django)."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.engine.bridge.calls import Contract
from games.engine.bridge.scoring import (
    PROGRESSIVE_CONTRACT,
    DealScore,
    claimed_honors,
    progressive_vulnerability,
    rules,
    score_deal,
)
from games.engine.cards import Seat, Side
from scoring.methods import books

PENALTY_LIMIT = rules(PROGRESSIVE_CONTRACT).penalty_limit
"""Progressive contract's most a side loses by undertricks on one deal ("Penalty Limit 1000", Hoyle 1940 L20392)."""


def punch_marks(hands: Iterable[Mapping[str, int]]) -> Counter[int]:
    """Each player's punch marks over the hands played: one for each hand won, however many (Hoyle 1940
    L12252–12255: the lady with fewer hearts "gets a punch mark on her score card" at the end of each hand; the
    prizes go to "the greatest number of punch marks at the end of the game", L12265–12266). `hands`: each
    table's punches of a hand, by player number as text ({"3": 1, "8": 1})."""
    marks: Counter[int] = Counter()
    for punches in hands:
        marks.update({int(player): count for player, count in punches.items()})
    return marks


def hearts_cut(taken: Mapping[int, int], her: Collection[int]) -> frozenset[int]:
    """The players of a hearts table whose hand was decided by cutting: the two ladies, or the two gentlemen, who
    took as many hearts each ("Ties are decided by cutting", Hoyle 1940 L12263)."""
    cut: set[int] = set()
    for side in (True, False):
        pair = [p for p in taken if (p in her) is side]
        if len(pair) == 2 and taken[pair[0]] == taken[pair[1]]:
            cut.update(pair)
    return frozenset(cut)


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A deal of a bridge party's round as the table gives it: the contract ("4SX", "3NT", "Pass"), its declarer
    (N, E, S, W), the tricks declarer took, and honors as claimed ("N-S 100")."""

    contract: str
    declarer: str = ""
    tricks: int = 0
    honors: str = ""


@dataclass(frozen=True, slots=True)
class TypedDeal:
    """A deal's points as the table typed them, each side's; the declarer where the table gives it."""

    ns: int
    ew: int
    declarer: str = ""


FIRST_DEALER = Seat.NORTH
"""Who deals a round's first deal: the book does not say (rules-hoyle-1940.md, open question 5); North, then each
to the left, as the duplicate boards are dealt (section_vulnerability)."""


def _seat(text: str, what: str) -> Seat:
    try:
        return Seat(str(text).strip().upper()[:1])
    except ValueError:
        raise ValueError(f"{what} {text!r} is not a seat (N, E, S, W)") from None


def _played(rule_set: str, number: int, deal: PlayedDeal) -> tuple[Contract | None, int, DealScore]:
    """A deal's contract with its declarer, the tricks and the honors claimed, each refused naming the deal."""
    try:
        contract = Contract.parse(str(deal.contract))
        if contract is None:
            return None, 0, DealScore()
        declarer = _seat(deal.declarer, "the declarer")
        if deal.tricks not in range(14):
            raise ValueError(f"{deal.tricks} tricks is not 0 to 13")
        honors = claimed_honors(rules(rule_set), contract.denomination, deal.honors)
    except ValueError as error:
        raise ValueError(f"deal {number}: {error}") from None
    return Contract(contract.level, contract.denomination, contract.penalty, declarer), deal.tricks, honors


HONORS = (0, 100, 150)
"""The honors a side can claim at contract (Hoyle 1940 L20345–20346): none, four trump honors in one hand, five or
four aces at no-trumps."""


@functools.cache
def contract_scores(vulnerable: bool) -> tuple[frozenset[int], frozenset[int]]:
    """Every score a side can take on one deal of progressive contract, as declarer (a contract made, or nothing)
    and as defenders (a penalty of at most the limit, or nothing), each with its honors or none."""
    book = rules(PROGRESSIVE_CONTRACT)
    made, penalties = {0}, {0}
    for text in (
        f"{level}{d}{x}" for level in range(1, 8) for d in ("C", "H", "NT") for x in ("", "X", "XX")
    ):
        contract = Contract.parse(text, Seat.NORTH)
        assert contract is not None
        for tricks in range(14):
            score = score_deal(book, contract, tricks, vulnerable)
            made.add(score.total(Side.NS))
            penalties.add(score.total(Side.EW))
    made_with, penalties_with = (
        frozenset(p + h for p in points for h in HONORS) for points in (made, penalties)
    )
    return made_with, penalties_with


def check_typed_deal(number: int, deal: TypedDeal, dealer: Seat = FIRST_DEALER) -> None:
    """A progressive contract deal's points typed as each side's figure (deal `number`, dealt by `dealer`) must be a
    score of one deal with the deal's vulnerability; given the declarer, the defenders' figure is a penalty of at
    most 1000 ("Penalty Limit 1000", Hoyle 1940 L20392) with their honors. Only one side scores more than its
    honors."""
    vulnerability = progressive_vulnerability(number, dealer)
    by = _seat(deal.declarer, f"deal {number}: the declarer").side if deal.declarer else None
    for side, points in ((Side.NS, deal.ns), (Side.EW, deal.ew)):
        made, penalties = contract_scores(vulnerability.of(side))
        allowed = made if side is by else penalties if by else made | penalties
        if points not in allowed:
            name = "N-S" if side is Side.NS else "E-W"
            what = "the declarer's score" if side is by else "the defenders' penalty" if by else "a score"
            limit = (
                f": a penalty is at most {PENALTY_LIMIT} (Hoyle 1940 L20392), with honors "
                f"{(PENALTY_LIMIT or 0) + HONORS[-1]}"
                if side is not by and points > (PENALTY_LIMIT or 0)
                else ""
            )
            raise ValueError(
                f"deal {number}: {name} {points} is not {what} on one deal of progressive contract with {name} "
                f"{'vulnerable' if vulnerability.of(side) else 'not vulnerable'}{limit}; give the contract, "
                "declarer and tricks to have it scored"
            )
    if min(deal.ns, deal.ew) > HONORS[-1]:
        raise ValueError(
            f"deal {number}: N-S {deal.ns} and E-W {deal.ew} cannot both be scored on one deal: one side scores "
            "the contract or the penalty, the other at most its honors"
        )


def round_points(rule_set: str, deals: Sequence[PlayedDeal | TypedDeal]) -> list[tuple[int, int]]:
    """A bridge party's round deal by deal, each deal's (N-S, E-W) points: a PlayedDeal scored by the book for
    `rule_set` (progressive-contract: scoring.methods.books.progressive_contract_deals, with the honors claimed;
    auction-1926, individual progressive bridge: books.individual_bridge_deals), a TypedDeal as given, checked
    against progressive contract's limits. Typed points carry nothing toward an auction game: the table adds its
    own 125."""
    played = [_played(rule_set, n, d) if isinstance(d, PlayedDeal) else (None, 0, DealScore())
              for n, d in enumerate(deals, start=1)]  # fmt: skip
    if rule_set == PROGRESSIVE_CONTRACT:
        scores = [score + honors for score, (_, _, honors) in zip(
            books.progressive_contract_deals(FIRST_DEALER, [(c, t) for c, t, _ in played]), played, strict=True)]  # fmt: skip
    else:
        scores = books.individual_bridge_deals(played)
    points = []
    dealer = FIRST_DEALER
    for number, (deal, score) in enumerate(zip(deals, scores, strict=True), start=1):
        if isinstance(deal, TypedDeal):
            if rule_set == PROGRESSIVE_CONTRACT:
                check_typed_deal(number, deal, dealer)
            points.append((deal.ns, deal.ew))
        else:
            points.append((score.total(Side.NS), score.total(Side.EW)))
        dealer = dealer.next
    return points
