"""Whist: American seven-point and five-point rubber scoring, English short whist with honours and game
values, long whist to ten, revoke penalties, and the play of a deal.

Sources: Hoyle 1940 (`rules-hoyle-1940.md`, L = line of the 1940 text: straight whist L18268-18296, English
whist L18312-18338), Hoffmann's short-whist laws (002 Laws 46-88, L1107-1163) and Hoyle's long whist
(000 L6629-6744). The 1940 edition prints no whist laws of its own (its §5 item 16), so the revoke rules
come from 002 and 000; dummy and double dummy whist (1940 L18340-18363, 002 L1180-1188) exempt the dummies.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from games.engine.cards import SEATS, Card, Deal, Rank, Seat, Side, Suit
from games.engine.report import Irregularity, IrregularityKind
from games.engine.trick_play import PlayAudit, TrickRules, audit_tricks

BOOK = 6
TRICKS = 13
HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)


@dataclass(frozen=True, slots=True)
class WhistRules:
    """A whist scoring rule set."""

    game: int
    """Points to win a game: 7 (American), 5 (short whist, 002 Law 47; 1940 L18290), 10 (long, 000 L6743)."""
    honours: bool = False
    """Score honours, the A K Q J of trumps: four 4, three 2 (1940 L18312-18318; 002 Law 48 L1109-1112)."""
    honours_bar: int | None = None
    """A side at this score when the deal begins cannot score honours: 4 in short whist (002 Law 49; 1940
    L18315-18318), 9 in long whist ("not counting at nine", 000 L5073-5076)."""
    played_out: bool = False
    """American seven-point game: "the winners counting all they make, even beyond seven points, and the
    losers' score being deducted, the difference being the value of the game" (1940 L18292-18296)."""
    game_values: bool = False
    """Treble, double or single game by the losers' score, two for the rubber, losers' games deducted (002 Laws
    53-55 L1117-1122; 1940 L18320-18338)."""


AMERICAN_SEVEN = WhistRules(game=7, played_out=True)
AMERICAN_RUBBER = WhistRules(game=5)
"""Straight whist as a rubber, "the best of three games of five points each" (1940 L18290-18292)."""
ENGLISH = WhistRules(game=5, honours=True, honours_bar=4, game_values=True)
LONG = WhistRules(game=10, honours=True, honours_bar=9)


RULE_SETS: Mapping[str, WhistRules] = {"hoyle-1940": AMERICAN_SEVEN}
"""The whist rule sets a Section may name (games.engine.rule_sets): a duplicate whist board is scored as straight
whist counts a deal (duplicate_score)."""


def duplicate_score(ns_tricks: int) -> int:
    """A duplicate whist board's N-S score from the tricks N-S took: "each above six counting one for the partners
    gaining it. The first six are called a 'book' and do not count" (1940 L18279-18281): thirteen tricks, so one
    side always takes the odd trick (N-S 7 tricks +1, 6 tricks -1). Recorded for N-S, as duplicate records "the
    difference only" and E-W "an equal amount ... as a minus" (L5341-5344). Each board is a game in itself
    (L5294-5296), so nothing of the rubber carries over."""
    if not 0 <= ns_tricks <= TRICKS:
        raise ValueError(f"{ns_tricks} tricks is not 0 to {TRICKS}")
    return ns_tricks - BOOK if ns_tricks > BOOK else -(TRICKS - ns_tricks - BOOK)


def holds_honours(trump: Suit, deal: Deal) -> tuple[int, int]:
    """How many of the four honours North-South and East-West hold, "separately or conjointly" (002 Law 48)."""
    counts = [0, 0]
    for rank in HONOURS:
        holder = deal.holder(Card(trump, rank))
        if holder is not None:
            counts[0 if holder.side is Side.NS else 1] += 1
    return counts[0], counts[1]


def honour_points(held: int) -> int:
    """Four honours score 4, three score 2; two each are "easy" and score nothing (1940 L18312-18318)."""
    return {4: 4, 3: 2}.get(held, 0)


class RevokePenalty(enum.Enum):
    """The claimants' choice for each revoke (002 Law 75 L1145-1150; long whist alike, 000 L6629-6636)."""

    TAKE_THREE_TRICKS = "take_three_tricks"
    DEDUCT_THREE = "deduct_three"
    ADD_THREE = "add_three"


@dataclass(frozen=True, slots=True)
class DealScore:
    """The score after a deal, (NS, EW), and the side that won the game on it, if any."""

    score: tuple[int, int]
    game_won_by: Side | None


def score_deal(
    rules: WhistRules,
    before: tuple[int, int],
    ns_tricks: int,
    honours: tuple[int, int] = (0, 0),
    revokes: Sequence[tuple[Side, RevokePenalty]] = (),
) -> DealScore:
    """Score a deal: revoke penalties first, tricks next, honours last (002 Law 50 L1114).

    `revokes` holds each established revoke, the revoking side and the penalty the claimants chose for it: the
    penalty "can be claimed for as many revokes as occur during the hand, and a different penalty may be exacted
    for each revoke" (002 Law 75 II, L1147; long whist alike, "punished for each revoke", 000 L6578). Once a
    side reaches game, later items are not scored, unless the game is played out. A revoking side cannot win the
    game on that deal and stays one short of it: "cannot score more than four" (002 Law 86), "must remain at nine"
    (000 L6634-6635). Revokes by both sides cancel, and neither side can win the game (002 Law 85, L1160)."""
    score = list(before)
    barred = {_index(side) for side, _ in revokes}
    claimed = [] if len(barred) == 2 else list(revokes)
    tricks = [ns_tricks, TRICKS - ns_tricks]
    items: list[tuple[int, int]] = []
    for side, penalty in claimed:
        revoker = _index(side)
        if penalty is RevokePenalty.TAKE_THREE_TRICKS:
            moved = min(3, tricks[revoker])
            tricks[1 - revoker] += moved
            tricks[revoker] -= moved
        elif penalty is RevokePenalty.DEDUCT_THREE:
            score[revoker] = max(score[revoker] - 3, 0)
        else:
            items.append((1 - revoker, 3))
    for index in (0, 1):
        if tricks[index] > BOOK:
            items.append((index, tricks[index] - BOOK))
    if rules.honours:
        for index in (0, 1):
            if rules.honours_bar is None or before[index] < rules.honours_bar:
                items.append((index, honour_points(honours[index])))
    won_by = None
    for index, points in items:
        if won_by is not None and not rules.played_out:
            break
        score[index] += points
        if index in barred:
            score[index] = min(score[index], rules.game - 1)
        if won_by is None and score[index] >= rules.game:
            won_by = index
    return DealScore((score[0], score[1]), None if won_by is None else (Side.NS, Side.EW)[won_by])


def game_value(rules: WhistRules, winner_score: int, loser_score: int) -> int:
    """What a game is worth: the difference when played out (American), else treble (losers at love),
    double (losers 1-2) or single (losers 3-4) with game values (002 Law 53; 1940 L18320-18326), else 1."""
    if rules.played_out:
        return winner_score - loser_score
    if not rules.game_values:
        return 1
    if loser_score == 0:
        return 3
    return 2 if loser_score <= 2 else 1


def rubber_points(rules: WhistRules, games: Sequence[tuple[Side, int]]) -> tuple[Side, int]:
    """The rubber's winner and value from its games, each (winner, losers' score when it ended): game values
    won, plus 2 for the rubber, less the losers' game values (002 Laws 54-55; 1940 L18326-18338)."""
    wins = {Side.NS: 0, Side.EW: 0}
    values = {Side.NS: 0, Side.EW: 0}
    for number, (side, loser_score) in enumerate(games, start=1):
        if max(wins.values()) == 2:
            raise ValueError(f"game {number} is played after the rubber was won")
        wins[side] += 1
        values[side] += game_value(rules, rules.game, loser_score)
    if max(wins.values()) != 2:
        raise ValueError(f"the rubber is not finished: games won {wins[Side.NS]}-{wins[Side.EW]}")
    winner = Side.NS if wins[Side.NS] == 2 else Side.EW
    bonus = 2 if rules.game_values else 0
    return winner, values[winner] + bonus - values[winner.other]


def _index(side: Side) -> int:
    return 0 if side is Side.NS else 1


def audit_play(
    dealer: Seat,
    trump_card: Card,
    tricks: Sequence[Sequence[Card]],
    deal: Deal | None = None,
    *,
    dummies: Collection[Seat] = (),
) -> PlayAudit:
    """Replay a deal's tricks (cards in the order played): eldest hand leads, follow suit if able, highest
    trump else highest of the suit led wins (1940 L18285-18288). The trump card is the last dealt, the
    dealer's (L18277-18279). Players are seat indices (North 0, clockwise).

    `dummies` are the exposed hands of dummy whist (one) or double dummy (two): "Dummy cannot revoke",
    "Dummies cannot revoke" (1940 L18354-18355, L18363); "Dummy is not liable to the penalty for a revoke, as his
    adversaries see his cards ... it stands good" (002 Dummy Whist law 2, L1184). A dummy's renounce is not
    reported; its partner's revokes are."""
    hands = None if deal is None else {seat.index: deal.hands[seat] for seat in SEATS}
    audit = audit_tricks(
        TrickRules(trump_card.suit),
        [seat.index for seat in SEATS],
        dealer.next.index,
        tricks,
        hands,
        names=[seat.value for seat in SEATS],
        law_follow="1940 L18285-18286; 002 Law 74",
        no_revoke={seat.index for seat in dummies},
    )
    if deal is not None and trump_card not in deal.hands[dealer]:
        wrong = Irregularity(
            IrregularityKind.CARD_NOT_HELD,
            f"the trump card {trump_card} is dealt last, to the dealer {dealer.name.title()}",
            None,
            dealer.value,
            str(trump_card),
            "1940 L18277-18279",
        )
        audit = replace(audit, irregularities=(wrong, *audit.irregularities))
    return audit
