"""Movements: who sits where, with which boards, round by round; generated for any size and proved by check().

Pure Python (no Django). Every generator returns a Movement (model.py); check() lists every broken property;
summarize() gives the meetings, partnerships, board coverage and direction balance behind it.
"""

from .check import Summary, check, properties, summarize
from .golfer import Quality, golfer_search, progressive_fixed, quality
from .howell import howell, three_quarter_howell
from .individual import eight_players, individual, nine_for_two_tables, pivot, whist
from .mitchell import mitchell
from .model import Movement, MovementError, Problem, Requirements, Round, Table, Unit
from .progressive import Head, Method, progress, progress_hearts
from .teams import military, round_robin, swiss_pairing
from .yamlio import read_movement, write_movement

__all__ = [
    "Head",
    "Method",
    "Quality",
    "golfer_search",
    "military",
    "progress",
    "progress_hearts",
    "progressive_fixed",
    "properties",
    "quality",
    "read_movement",
    "round_robin",
    "swiss_pairing",
    "write_movement",
    "Movement",
    "MovementError",
    "Problem",
    "Requirements",
    "Round",
    "Summary",
    "Table",
    "Unit",
    "check",
    "eight_players",
    "howell",
    "individual",
    "mitchell",
    "nine_for_two_tables",
    "pivot",
    "summarize",
    "three_quarter_howell",
    "whist",
]
