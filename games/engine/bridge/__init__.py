"""Contract bridge (and its auction-bridge ancestor): auction, play, scoring rule sets, revoke rectification and
the replay auditor (games.formats.pbn.audit replays whole PBN files)."""

from games.engine.bridge.calls import (
    AuctionResult,
    Call,
    CallKind,
    Contract,
    Denomination,
    Penalty,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    check_auction,
)
from games.engine.bridge.play import ColumnPlay, OrderedPlay, Play, trick_winner
from games.engine.bridge.replay import Auction, replay
from games.engine.bridge.revoke import revoke_transfer
from games.engine.bridge.scoring import (
    RULE_SETS,
    DealScore,
    Rubber,
    Rules,
    claimed_honors,
    event_score,
    honors,
    progressive_vulnerability,
    rules,
    score_deal,
    section_vulnerability,
)

__all__ = [
    "RULE_SETS",
    "Auction",
    "AuctionResult",
    "Call",
    "CallKind",
    "ColumnPlay",
    "Contract",
    "DealScore",
    "Denomination",
    "OrderedPlay",
    "Penalty",
    "Play",
    "Rubber",
    "Rules",
    "Vulnerability",
    "board_dealer",
    "board_vulnerability",
    "check_auction",
    "claimed_honors",
    "event_score",
    "honors",
    "progressive_vulnerability",
    "replay",
    "revoke_transfer",
    "rules",
    "score_deal",
    "section_vulnerability",
    "trick_winner",
]
