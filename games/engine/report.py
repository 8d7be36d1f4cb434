"""What a replay found: game-independent report values shared by every game's replay auditor.

A replay never raises on bad input: everything it notices becomes an `Irregularity`, and the
whole record of one game becomes a `GameReport`. `Report` gathers the games of one file and
serialises to the JSON the `replay` command prints (issue 3):

    {"games": [{"index": 0, "board": "1", "declarer": "S", "contract": "4SX", "tricks_recorded": 10,
      "tricks_computed": 10, "complete": true, "irregularities": [{"kind": "revoke", "trick": 5,
      "seat": "E", "card": "S5", "message": "...", "law": "61"}]}],
     "summary": {"games": 1, "with_play": 1, "irregular": 1}}

Seats are strings so that bridge compass seats ("N") and euchre player indices ("0") both fit.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class IrregularityKind(enum.Enum):
    """The closed list of things a replay reports. The value is the JSON "kind".

    Play:
      card_not_held       a card played that the player never held (another seat's card, or not in the deck)
      card_played_twice   a card played a second time
      wrong_card_count    a hand dealt with the wrong number of cards, or a trick with the wrong number
      lead_out_of_turn    a trick led by someone other than the last trick's winner (or the opening leader)
      play_out_of_turn    a card recorded for a player whose turn it was not
      revoke              not following suit while holding the suit led (found when the suit is shown later)
      illegal_discard     a discard the rules forbid (euchre dealer's discard after taking up)
      exposed_card_not_played  an exposed card the adversaries called, not played when it legally could be
                          (euchre, 000 Laws 25 and 39: it forfeits two, as a revoke does)
    Auction or making trump:
      illegal_call        a call the rules forbid (doubling partner, redouble with no double...)
      insufficient_bid    a bid not higher than the last bid
      illegal_lone_hand   a lone hand where the rule set forbids it (euchre head table, dealer's partner)
      incomplete_auction  an auction that never ended
      call_after_auction  calls recorded after the auction had ended
    Record against replay:
      contract_mismatch   the recorded contract or declarer (maker) is not what the auction produced
      result_mismatch     the recorded result is not the tricks played plus the claim
      score_mismatch      the recorded score is not what the contract and result score
      impossible_claim    a claim or concession of more tricks than remain, or fewer than already won
      void_concession     a concession of a trick the side could not lose by any play, recorded as it was made
                          where the rule set voids it (bridge `concession="void"`: contract laws 1935, Law 71)
      malformed_record    a record that cannot be read (unknown card, bad call, missing deal...)
    """

    CARD_NOT_HELD = "card_not_held"
    CARD_PLAYED_TWICE = "card_played_twice"
    WRONG_CARD_COUNT = "wrong_card_count"
    LEAD_OUT_OF_TURN = "lead_out_of_turn"
    PLAY_OUT_OF_TURN = "play_out_of_turn"
    REVOKE = "revoke"
    ILLEGAL_DISCARD = "illegal_discard"
    EXPOSED_CARD_NOT_PLAYED = "exposed_card_not_played"
    ILLEGAL_CALL = "illegal_call"
    INSUFFICIENT_BID = "insufficient_bid"
    ILLEGAL_LONE_HAND = "illegal_lone_hand"
    INCOMPLETE_AUCTION = "incomplete_auction"
    CALL_AFTER_AUCTION = "call_after_auction"
    CONTRACT_MISMATCH = "contract_mismatch"
    RESULT_MISMATCH = "result_mismatch"
    SCORE_MISMATCH = "score_mismatch"
    IMPOSSIBLE_CLAIM = "impossible_claim"
    VOID_CONCESSION = "void_concession"
    MALFORMED_RECORD = "malformed_record"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Irregularity:
    """One thing wrong with a record: where (trick 1-based, seat, card) and which law or rule it breaks."""

    kind: IrregularityKind
    message: str
    trick: int | None = None
    seat: str | None = None
    card: str | None = None
    law: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "trick": self.trick,
            "seat": self.seat,
            "card": self.card,
            "message": self.message,
            "law": self.law,
        }

    def __str__(self) -> str:
        where = ", ".join(
            part
            for part in (
                f"trick {self.trick}" if self.trick is not None else "",
                f"seat {self.seat}" if self.seat is not None else "",
                f"card {self.card}" if self.card is not None else "",
                f"law {self.law}" if self.law else "",
            )
            if part
        )
        return f"{self.kind.value}: {self.message}" + (f" ({where})" if where else "")


@dataclass(slots=True)
class GameReport:
    """The replay of one game (a board, or a euchre deal).

    `declarer` is the bridge declarer or the euchre maker; `contract` the bridge contract ("4SX", "Pass")
    or the euchre trump suit. `complete` is True when every card was played (no claim needed).
    `has_play` says whether any play was recorded at all. `alone` (euchre) and `score` (game-specific:
    North-South's bridge score, or euchre's [team0, team1] after the deal) are left out of the
    JSON when None, as are the game-specific `extra` figures (double-dummy analysis, for one).
    Not frozen: a frozen dataclass sets each field with a call, and an audit makes one per game.
    """

    index: int
    board: str | None = None
    declarer: str | None = None
    contract: str | None = None
    tricks_recorded: int | None = None
    tricks_computed: int | None = None
    complete: bool = False
    has_play: bool = False
    irregularities: tuple[Irregularity, ...] = ()
    alone: bool | None = None
    score: int | tuple[int, ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def irregular(self) -> bool:
        return bool(self.irregularities)

    def kinds(self) -> set[IrregularityKind]:
        return {i.kind for i in self.irregularities}

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "index": self.index,
            "board": self.board,
            "declarer": self.declarer,
            "contract": self.contract,
            "tricks_recorded": self.tricks_recorded,
            "tricks_computed": self.tricks_computed,
            "complete": self.complete,
            "irregularities": [i.to_json() for i in self.irregularities],
        }
        if self.alone is not None:
            data["alone"] = self.alone
        if self.score is not None:
            data["score"] = list(self.score) if isinstance(self.score, tuple) else self.score
        data.update(self.extra)
        return data

    def to_text(self) -> str:
        head = f"game {self.index}" + (f" (board {self.board})" if self.board else "")
        facts = []
        if self.contract is not None:
            facts.append(f"{self.contract}" + (f" by {self.declarer}" if self.declarer else ""))
        if self.alone:
            facts.append("alone")
        counted = ((self.tricks_computed, "computed"), (self.tricks_recorded, "recorded"))
        tricks = ", ".join(f"{n} {what}" for n, what in counted if n is not None)
        if tricks:
            facts.append(f"tricks {tricks}")
        if self.score is not None:
            facts.append(f"score {self.score}")
        facts.append("complete" if self.complete else ("claimed" if self.has_play else "no play"))
        lines = [f"{head}: " + "; ".join(facts)]
        lines.extend(f"  {irregularity}" for irregularity in self.irregularities)
        lines.extend(f"  {key}: {value}" for key, value in self.extra.items())
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Report:
    """The replay of every game in one file, with the summary counts of the JSON output."""

    games: tuple[GameReport, ...]

    def summary(self) -> dict[str, int]:
        return {
            "games": len(self.games),
            "with_play": sum(1 for g in self.games if g.has_play),
            "irregular": sum(1 for g in self.games if g.irregular),
        }

    def to_json(self) -> dict[str, Any]:
        return {"games": [g.to_json() for g in self.games], "summary": self.summary()}

    def to_text(self) -> str:
        summary = self.summary()
        tail = f"{summary['games']} games, {summary['with_play']} with play, {summary['irregular']} irregular"
        return "\n".join([*(g.to_text() for g in self.games), tail])
