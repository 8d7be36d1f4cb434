"""Four-hand euchre: packs, bowers, making trump, lone hands, play, scoring and penalties (`rules`), and a deal
replayed against them (`audit`).

Players are 0-3 clockwise, partners opposite (team = player % 2), as in EGN. Sources: Hoyle 1940
(`rules-hoyle-1940.md`, L = line of the 1940 text), the older Hoyles (`000` = c.1910 Donohue, `002` =
Hoffmann) and modern play (`standards.md` §6.1). Where they disagree the reading is an option of
`EuchreRules`, documented on the field with its book and line.
"""

from games.engine.euchre.audit import (
    DealAudit,
    EuchreDeal,
    audit_deal,
)
from games.engine.euchre.rules import (
    HAND_SIZE,
    HOYLE_1940,
    MODERN,
    PLAYERS,
    PROGRESSIVE_1940,
    PROGRESSIVE_HEAD_TABLE_1940,
    RULE_SETS,
    TRICKS,
    Call,
    EuchreRules,
    EuchreTricks,
    JokerTurnUp,
    LeadOutOfTurn,
    LonePlayer,
    LonerLead,
    TrumpMaking,
    cut_throat_winner,
    lead_out_of_turn_score,
    make_trump,
    opening_leader,
    revoke_score,
    same_colour,
    score_cut_throat,
    score_deal,
    turned_suit,
    winner,
)

__all__ = [
    "Call",
    "DealAudit",
    "EuchreDeal",
    "EuchreRules",
    "EuchreTricks",
    "HAND_SIZE",
    "HOYLE_1940",
    "JokerTurnUp",
    "LeadOutOfTurn",
    "LonePlayer",
    "LonerLead",
    "MODERN",
    "PLAYERS",
    "PROGRESSIVE_1940",
    "PROGRESSIVE_HEAD_TABLE_1940",
    "RULE_SETS",
    "TRICKS",
    "TrumpMaking",
    "audit_deal",
    "cut_throat_winner",
    "lead_out_of_turn_score",
    "make_trump",
    "opening_leader",
    "revoke_score",
    "same_colour",
    "score_cut_throat",
    "score_deal",
    "turned_suit",
    "winner",
]
