"""USEBIO 1.2 results XML (standards.md §4.2): reader and writer.

Reads what the scoring programs export (Compscore3's files in ../shared/data/usebio): the EVENT with its
PARTICIPANTS (pairs, players, published PLACE/TOTAL_SCORE/PERCENTAGE), the BOARDs with their TRAVELLER_LINEs and the
HANDSET. Values stay as the file writes them (pair numbers like "12NS", scores like "-420" or "A6040"); the
published answers (NS_MATCH_POINTS, NS_BUTLER_POINTS, NS_CROSS_IMP_POINTS, BOARD_AVERAGE, ...) are kept as text so
a re-score can be compared with them digit for digit. Elements this module does not model are kept in `details`
(a simple one as its text, a group of simple ones such as the EVENT's CONTACT as their fields) and written back, so
a file survives a round trip. Errors name the element.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from games.formats.numbers import INTEGER, SMALL, Column, NumberError, whole_number

ADJUSTED = re.compile(r"A\d{4}")
_POINTS = ("MATCH_POINTS", "BUTLER_POINTS", "CROSS_IMP_POINTS", "IMPS", "POINTS")

Fields = tuple[tuple[str, "str | Fields"], ...]
"""Elements kept as written: (tag, text) of a simple one, (tag, its fields) of a group of simple ones."""


class UsebioError(ValueError):
    """A USEBIO file that cannot be read; the message names the element."""


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    national_id: str | None = None
    club_id: str | None = None


@dataclass(frozen=True, slots=True)
class Pair:
    number: str
    direction: str | None
    players: tuple[Player, ...]
    place: str | None = None
    total_score: str | None = None
    percentage: str | None = None
    boards_played: str | None = None
    details: Fields = ()  # MASTER_POINTS_AWARDED, MASTER_POINT_TYPE ...


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One result. `score` is an int (N-S view) or an adjusted-score code such as "A6040"."""

    ns_pair: str
    ew_pair: str
    score: int | str
    contract: str | None = None
    played_by: str | None = None
    lead: str | None = None
    tricks: int | None = None
    points: str | None = None  # which published points: MATCH_POINTS, BUTLER_POINTS, CROSS_IMP_POINTS ...
    ns_points: str | None = None
    ew_points: str | None = None

    @property
    def adjusted(self) -> bool:
        return isinstance(self.score, str)


@dataclass(frozen=True, slots=True)
class Board:
    number: str
    lines: tuple[TravellerLine, ...]
    average: str | None = None  # BOARD_AVERAGE: the Butler datum


@dataclass(frozen=True, slots=True)
class Hand:
    direction: str  # North, East, South, West
    spades: str
    hearts: str
    diamonds: str
    clubs: str


@dataclass(frozen=True, slots=True)
class Deal:
    board: str
    hands: tuple[Hand, ...]


@dataclass(frozen=True, slots=True)
class Event:
    event_type: str | None
    pairs: tuple[Pair, ...]
    boards: tuple[Board, ...]
    winner_type: int | None = None
    details: Fields = ()  # EVENT_DESCRIPTION, PROGRAM_NAME, DATE, SCORING_METHOD, CONTACT ...

    def detail(self, tag: str) -> str | None:
        return next((text for name, text in self.details if name == tag and isinstance(text, str)), None)


@dataclass(frozen=True, slots=True)
class Usebio:
    event: Event
    version: str = "1.2"
    club: Fields = ()
    handset: tuple[Deal, ...] = ()


def _text(element: ET.Element, tag: str) -> str | None:
    child = element.find(tag)
    if child is None:
        return None
    return (child.text or "").strip()


def _required(element: ET.Element, tag: str, where: str) -> str:
    value = _text(element, tag)
    if not value:
        raise UsebioError(f"{where}: {tag} is missing")
    return value


def _int(text: str | None, tag: str, where: str, column: Column = SMALL) -> int | None:
    if text is None or text == "":
        return None
    try:
        return whole_number(text, tag, column)
    except NumberError as error:
        raise UsebioError(f"{where}: {error}") from None


def _simple(element: ET.Element, skip: set[str]) -> Fields:
    """The children not in `skip` that hold text or only such children (the EVENT's CONTACT)."""
    fields: list[tuple[str, str | Fields]] = []
    for child in element:
        if child.tag in skip or any(len(grandchild) for grandchild in child):
            continue
        fields.append((child.tag, _simple(child, set()) if len(child) else (child.text or "").strip()))
    return tuple(fields)


def _player(element: ET.Element, where: str) -> Player:
    return Player(_required(element, "PLAYER_NAME", where), _text(element, "NATIONAL_ID_NUMBER"),
                  _text(element, "CLUB_ID_NUMBER"))  # fmt: skip


_PAIR_TAGS = {"PAIR_NUMBER", "DIRECTION", "PLAYER", "PLACE", "TOTAL_SCORE", "PERCENTAGE", "BOARDS_PLAYED"}


def _pair(element: ET.Element, index: int) -> Pair:
    where = f"PAIR {index}"
    number = _required(element, "PAIR_NUMBER", where)
    where = f"PAIR {number}"
    players = tuple(_player(p, f"{where} PLAYER") for p in element.findall("PLAYER"))
    return Pair(
        number=number,
        direction=_text(element, "DIRECTION") or None,
        players=players,
        place=_text(element, "PLACE"),
        total_score=_text(element, "TOTAL_SCORE"),
        percentage=_text(element, "PERCENTAGE"),
        boards_played=_text(element, "BOARDS_PLAYED"),
        details=_simple(element, _PAIR_TAGS),
    )


def _line(element: ET.Element, where: str) -> TravellerLine:
    raw = _required(element, "SCORE", where)
    if re.fullmatch(r"[+-]?[0-9]+", raw):
        score: int | str = _int(raw, "SCORE", where, INTEGER) or 0
    elif ADJUSTED.fullmatch(raw.upper()):
        score = raw.upper()
    else:
        raise UsebioError(f"{where}: SCORE {raw!r} is neither a number nor an adjusted score like A6040")
    points = next((kind for kind in _POINTS if element.find(f"NS_{kind}") is not None), None)
    return TravellerLine(
        ns_pair=_required(element, "NS_PAIR_NUMBER", where),
        ew_pair=_required(element, "EW_PAIR_NUMBER", where),
        score=score,
        contract=_text(element, "CONTRACT"),
        played_by=_text(element, "PLAYED_BY"),
        lead=_text(element, "LEAD"),
        tricks=_int(_text(element, "TRICKS"), "TRICKS", where),
        points=points,
        ns_points=_text(element, f"NS_{points}") if points else None,
        ew_points=_text(element, f"EW_{points}") if points else None,
    )


def _board(element: ET.Element, index: int) -> Board:
    number = _required(element, "BOARD_NUMBER", f"BOARD {index}")
    lines = tuple(
        _line(line, f"BOARD {number} TRAVELLER_LINE {i}")
        for i, line in enumerate(element.findall("TRAVELLER_LINE"), start=1)
    )
    return Board(number=number, lines=lines, average=_text(element, "BOARD_AVERAGE"))


def _deal(element: ET.Element, index: int) -> Deal:
    number = _required(element, "BOARD_NUMBER", f"HANDSET BOARD {index}")
    hands = []
    for hand in element.findall("HAND"):
        where = f"HANDSET BOARD {number} HAND"
        direction = _required(hand, "DIRECTION", where)
        suits = [_text(hand, tag) or "" for tag in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")]
        hands.append(Hand(direction, *suits))
    return Deal(number, tuple(hands))


def loads(text: str | bytes) -> Usebio:
    """Read a USEBIO document."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        raise UsebioError(f"not well-formed XML: {error}") from None
    except LookupError as error:  # the XML declaration names an encoding Python does not know
        raise UsebioError(f"the XML declaration's encoding: {error}") from None
    if root.tag != "USEBIO":
        raise UsebioError(f"the root element is {root.tag}, not USEBIO")
    event = root.find("EVENT")
    if event is None:
        raise UsebioError("USEBIO: EVENT is missing")
    # Pairs and boards sit in the EVENT, or in its SECTIONs (read one after another, numbers as written).
    pair_elements = event.findall("PARTICIPANTS/PAIR") + event.findall("SECTION/PARTICIPANTS/PAIR")
    pairs = tuple(_pair(p, i) for i, p in enumerate(pair_elements, start=1))
    board_elements = event.findall("BOARD") + event.findall("SECTION/BOARD")
    boards = tuple(_board(b, i) for i, b in enumerate(board_elements, start=1))
    club = root.find("CLUB")
    handset = root.find("HANDSET")
    return Usebio(
        version=root.get("Version", ""),
        club=_simple(club, set()) if club is not None else (),
        event=Event(
            event_type=event.get("EVENT_TYPE"),
            pairs=pairs,
            boards=boards,
            winner_type=_int(_text(event, "WINNER_TYPE"), "WINNER_TYPE", "EVENT"),
            details=_simple(event, {"WINNER_TYPE", "PARTICIPANTS", "BOARD", "SECTION"}),
        ),
        handset=tuple(_deal(d, i) for i, d in enumerate(handset.findall("BOARD"), 1))
        if handset is not None
        else (),
    )


def load(path) -> Usebio:
    """Read a USEBIO file (the XML declaration gives the encoding)."""
    with open(path, "rb") as handle:
        return loads(handle.read())


def _add(parent: ET.Element, tag: str, value: object) -> None:
    if isinstance(value, tuple):  # a group's fields
        group = ET.SubElement(parent, tag)
        for child, text in value:
            _add(group, child, text)
    elif value is not None:
        ET.SubElement(parent, tag).text = str(value)


def dumps(document: Usebio) -> str:
    """Write a USEBIO 1.2 document (what loads reads back to an equal value)."""
    root = ET.Element("USEBIO", Version=document.version)
    if document.club:
        club = ET.SubElement(root, "CLUB")
        for tag, text in document.club:
            _add(club, tag, text)
    ev = document.event
    event = ET.SubElement(root, "EVENT", {"EVENT_TYPE": ev.event_type} if ev.event_type else {})
    for tag, text in ev.details:
        _add(event, tag, text)
    _add(event, "WINNER_TYPE", ev.winner_type)
    participants = ET.SubElement(
        event, "PARTICIPANTS", {"EVENT_TYPE": ev.event_type} if ev.event_type else {}
    )
    for pair in ev.pairs:
        element = ET.SubElement(participants, "PAIR")
        _add(element, "PAIR_NUMBER", pair.number)
        _add(element, "DIRECTION", pair.direction)
        for tag, value in (("BOARDS_PLAYED", pair.boards_played), ("TOTAL_SCORE", pair.total_score),
                           ("PERCENTAGE", pair.percentage), ("PLACE", pair.place)):  # fmt: skip
            _add(element, tag, value)
        for tag, text in pair.details:
            _add(element, tag, text)
        for player in pair.players:
            p = ET.SubElement(element, "PLAYER")
            _add(p, "PLAYER_NAME", player.name)
            _add(p, "NATIONAL_ID_NUMBER", player.national_id)
            _add(p, "CLUB_ID_NUMBER", player.club_id)
    for board in ev.boards:
        element = ET.SubElement(event, "BOARD", {"EVENT_TYPE": ev.event_type} if ev.event_type else {})
        _add(element, "BOARD_NUMBER", board.number)
        _add(element, "BOARD_AVERAGE", board.average)
        for line in board.lines:
            t = ET.SubElement(element, "TRAVELLER_LINE")
            fields: tuple[tuple[str, object], ...] = (
                ("NS_PAIR_NUMBER", line.ns_pair), ("EW_PAIR_NUMBER", line.ew_pair), ("CONTRACT", line.contract),
                ("PLAYED_BY", line.played_by), ("LEAD", line.lead), ("TRICKS", line.tricks), ("SCORE", line.score),
            )  # fmt: skip
            for tag, field in fields:
                _add(t, tag, field)
            if line.points:
                _add(t, f"NS_{line.points}", line.ns_points)
                _add(t, f"EW_{line.points}", line.ew_points)
    if document.handset:
        handset = ET.SubElement(root, "HANDSET")
        for deal in document.handset:
            b = ET.SubElement(handset, "BOARD")
            _add(b, "BOARD_NUMBER", deal.board)
            for hand in deal.hands:
                h = ET.SubElement(b, "HAND")
                for tag, value in (("DIRECTION", hand.direction), ("CLUBS", hand.clubs), ("DIAMONDS", hand.diamonds),
                                   ("HEARTS", hand.hearts), ("SPADES", hand.spades)):  # fmt: skip
                    _add(h, tag, value)
    ET.indent(root)
    header = '<?xml version="1.0"?>\n<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">\n'
    return header + ET.tostring(root, encoding="unicode") + "\n"
