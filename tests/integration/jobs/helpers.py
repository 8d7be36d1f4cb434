"""What the jobs tests share: a dealt section, the example2.pbn section with what its file says double-dummy
analysis gives, and waiting for a condition."""

from __future__ import annotations

import re
import time

from tests.integration.api_helpers import mitchell
from tests.shared import shared_path
from tournaments import services as sections
from tournaments.models import Event, Section, Session

STRAINS = (
    "NT",
    "S",
    "H",
    "D",
    "C",
)  # [DoubleDummyTricks]: for N, S, E, W in turn, tricks in NT, S, H, D, C (hex)


def hand_records(path) -> dict[int, tuple[str, str]]:
    """Board number → (deal, DoubleDummyTricks) from the first game of each board in a PBN file."""
    text = path.read_text(encoding="latin-1")
    found = {}
    for game in re.split(r"\n\s*\n", text):
        board = re.search(r'\[Board "(\d+)"\]', game)
        tricks = re.search(r'\[DoubleDummyTricks "([0-9a-dA-D]{20})"\]', game)
        deal = re.search(r'\[Deal "([^"]+)"\]', game)
        if board and tricks and deal and int(board[1]) not in found:
            found[int(board[1])] = (deal[1], tricks[1])
    return found


def dealt_section(user, club, tables=5, per_round=2) -> Section:
    event = Event.objects.create(club=club, name="Analysis night", date="2026-11-23")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    sections.install_movement(section, mitchell(tables, per_round), user)
    return section


def example2_section(user, club) -> tuple[Section, dict]:
    """A 20-board section holding the hand records of endplay's example2.pbn (boards 11-20), and what the file
    says double-dummy analysis gives."""
    path = shared_path("data", "pbn", "example2.pbn")
    section = dealt_section(user, club, per_round=4)
    sections.import_hand_records(section, path.read_bytes(), "example2.pbn")
    return section, hand_records(path)


def dd_as_file_writes(analysis: dict) -> str:
    """A Board's stored table written as [DoubleDummyTricks] writes it."""
    return "".join(format(analysis["table"][seat][strain], "x") for seat in "NSEW" for strain in STRAINS)


def until(condition, seconds: float, every: float = 0.1, then=None) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        if then:
            then()
        time.sleep(every)
    return True
