"""What a progressive party is, as the books describe it: the kinds of party and their first seating (kinds), who
sits where round by round (seating), military euchre's forts (forts), what a table's tally scores (scores) and the
party's settings (settings). Pure Python (no Django), like the movement and scoring cores it draws on. The names the
apps and tests use are re-exported here."""

from .forts import Fort, FortStanding, fort_of, fort_standings, forts_played, next_fort_game
from .kinds import (
    HEAD_TABLE,
    KINDS,
    ROUND_ENDS,
    PartyKind,
    TableState,
    kind_of,
    lone_hands_allowed,
    party_kind,
    table_state,
)
from .scores import PlayedDeal, TypedDeal, hearts_cut, punch_marks, round_points
from .seating import MOST_SITTING_OUT, Place, Seated, ladies, places, reseat, sit_out_queue, with_sit_outs
from .settings import PartySettings, PartySettingsError

__all__ = [
    "HEAD_TABLE",
    "KINDS",
    "MOST_SITTING_OUT",
    "ROUND_ENDS",
    "Fort",
    "FortStanding",
    "PartyKind",
    "PartySettings",
    "PartySettingsError",
    "Place",
    "PlayedDeal",
    "Seated",
    "TableState",
    "TypedDeal",
    "fort_of",
    "fort_standings",
    "forts_played",
    "hearts_cut",
    "kind_of",
    "ladies",
    "lone_hands_allowed",
    "next_fort_game",
    "party_kind",
    "places",
    "punch_marks",
    "reseat",
    "round_points",
    "sit_out_queue",
    "table_state",
    "with_sit_outs",
]
