"""Where a board's matchpoints went: bidding, the opening lead, or the play.

A player's score on a board is walked from par to what happened, one step at a time, each step matchpointed
against the rest of the field (the other results on the board, Law 78A as `matchpoints` scores them):

- bidding: the contract reached, played double dummy (its DD tricks), against par;
- lead: the contract after the opening lead (declarer's DD tricks once the lead is on the table), against the
  contract played double dummy: what the lead gave away (a cost to the defenders, a gain to declarer);
- play: the tricks taken, against the DD tricks after the lead (declarer's play, or the defence's).

The three steps add up to the matchpoints of the score against those of par: nothing is counted twice, and a
step that gained shows as a plus. A session sums each phase's losses apart from its gains (`lost`, `gained`). Scores are signed from North-South's view, as everywhere in scoring.methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine.bridge.calls import Contract
from games.engine.bridge.scoring import Rules, contract_score
from games.engine.cards import Side
from scoring.methods.matchpoints import Scale, matchpoints
from scoring.methods.registry import METHODS
from scoring.methods.session import MatchpointMethod


@dataclass(frozen=True, slots=True)
class Verdict:
    """A board's matchpoints lost (negative) or gained (positive) in each phase, for one side."""

    bidding: float
    lead: float
    play: float

    @property
    def said(self) -> str:
        """ "bidding −2, play −1" (phases that moved the score only), or "as par"."""
        parts = [f"{name} {signed(value)}" for name, value in self.parts if value]
        return ", ".join(parts) or "as par"

    @property
    def parts(self) -> tuple[tuple[str, float], ...]:
        return (("bidding", self.bidding), ("lead", self.lead), ("play", self.play))

    @property
    def shown(self) -> tuple[tuple[str, str, float], ...]:
        """Each phase with its signed figure as shown ("−2") and its value."""
        return tuple((name, signed(value), value) for name, value in self.parts)


def signed(value: float) -> str:
    """A matchpoint figure with its sign, as a typographer writes it: "−2", "+1.5", "0"."""
    text = f"{abs(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "0" else ("−" if value < 0 else "+") + text


def lost(verdicts: Sequence[Verdict]) -> Verdict:
    """The matchpoints a session lost in each phase: the sum of its boards' losses (a gain on one board does not
    hide a loss on another)."""
    return Verdict(*(round(sum(min(v.parts[i][1], 0) for v in verdicts), 2) for i in range(3)))


def gained(verdicts: Sequence[Verdict]) -> Verdict:
    """The matchpoints a session gained in each phase (the other side's errors, or better than double dummy)."""
    return Verdict(*(round(sum(max(v.parts[i][1], 0) for v in verdicts), 2) for i in range(3)))


def session_said(verdicts: Sequence[Verdict]) -> str:
    """Where the session's matchpoints went: "bidding −3 MPs, lead −1, play −2.5"."""
    total = lost(verdicts)
    return f"bidding {signed(total.bidding)} MPs, lead {signed(total.lead)}, play {signed(total.play)}"


def scale_of(method: str) -> Scale | None:
    """The matchpoint scale a scoring method (scoring.methods.registry) scores boards on; None where it does not
    matchpoint (IMPs, VPs, a party): there is no verdict in matchpoints there."""
    scoring = METHODS.get(method)
    if scoring is None or not isinstance(scoring.method, MatchpointMethod):
        return None
    return scoring.method.board.scale


def ns_score(rules: Rules, contract: Contract | None, tricks: int, vulnerable: bool) -> int:
    """N-S's score of a contract (its declarer set) taking `tricks`; 0 for a pass-out."""
    if contract is None or contract.declarer is None:
        return 0
    score = contract_score(rules, contract, tricks, vulnerable)
    return score if contract.declarer.side is Side.NS else -score


def score_against(score: int, field: Sequence[int], side: Side, scale: Scale) -> float:
    """The matchpoints `side` earns with N-S score `score` against the other results of the board."""
    ns = float(matchpoints([score, *field], scale)[0])
    return ns if side is Side.NS else scale.top(len(field) + 1) - ns


@dataclass(frozen=True, slots=True)
class Board:
    """What the verdict of one board needs: the contract (with its declarer) and its vulnerability, the tricks
    taken, declarer's double-dummy tricks before the opening lead (the DD table) and after it (None: no lead
    known), N-S's par score and the other results' N-S scores."""

    contract: Contract | None
    vulnerable: bool
    tricks: int
    dd_tricks: int
    after_lead: int | None
    par: int
    field: tuple[int, ...]


def verdict(board: Board, side: Side, rules: Rules, scale: Scale) -> Verdict:
    """Where `side`'s matchpoints went on the board (module docstring). Without a known lead, the lead step is 0
    and the play step runs from the contract played double dummy."""
    after = board.dd_tricks if board.after_lead is None else board.after_lead

    def mp(score: int) -> float:
        return score_against(score, board.field, side, scale)

    par = mp(board.par)
    reached = mp(ns_score(rules, board.contract, board.dd_tricks, board.vulnerable))
    led = mp(ns_score(rules, board.contract, after, board.vulnerable))
    taken = mp(ns_score(rules, board.contract, board.tricks, board.vulnerable))
    return Verdict(round(reached - par, 2), round(led - reached, 2), round(taken - led, 2))
