"""BBO's LIN files: hand records, and played boards (auction, alerts, play, claims) for the replay auditor.

A LIN file is a stream of ``tag|value|`` commands, a board a line as BBO's "My Hands" writes them. ``parse`` keeps
every command in order, so ``write(parse(data)) == data`` byte for byte (annotations, explanations and the line
ends included), and reads the boards from the commands:

- ``qx|o3|`` (room and board) or ``ah|Board 3|`` give the board number; a board starts at ``qx``, or at ``md``
  when the current board has its deal already;
- ``md|<dealer><S>,<W>,<N>,<E>|``: the dealer digit (1 S, 2 W, 3 N, 4 E) and the hands in that order, each
  ``S..H..D..C..`` with ranks in any order (BBO writes them low to high); an empty hand holds the cards the others
  lack;
- ``sv|`` the vulnerability (``o`` or ``0`` None, ``n`` NS, ``e`` EW, ``b`` Both); ``pn|`` the players S, W, N, E;
  ``vg|`` the event (its first field);
- ``mb|`` a call (``p`` pass, ``d`` double, ``r`` redouble, ``1N`` ...), ``!`` after it an alert, ``an|`` the
  explanation of the call before; ``pc|`` a card played (four a trick; ``pg||`` is a pause, not a trick end);
  ``mc|n|`` a claim of n tricks for declarer in all.

``games`` turns the boards into ``games.formats.pbn.Game`` values as the PBN reader makes them (alerts as the "!"
suffix, explanations as notes, the play in seat columns from the opening leader, a claim as the Result tag), so the
bridge replay auditor (games.formats.pbn.audit.replay_games) checks them like PBN games.

``read_lin``/``write_lin`` are the hand-record reader and writer of the format registry; the writer lays the file
out as deal-convert does: ``vg|<title>,SEGMENT 1,I,<first>,<last>,HOME,0,AWAY,0|``, ``rs|`` with 11 commas,
``pn|,,,,,,,|pg||``, then each board twice (open and closed room, ``qx|o<n>|`` and ``qx|c<n>|``) with empty
player names and ranks high to low; CRLF line ends. The title's bars and commas, which would end its field,
become spaces (and its runs of white space one space). ``write_lin_hands`` (format "lin-hands") and
``write_hands`` write one board a line instead, ``pn|S,W,N,E|st||md|...|sv|...|ah|Board N|`` then the auction and
play, the layout BBO's hand viewer and endplay's ``lin.load`` read (they split the file at ``pn|``, so the vugraph
layout, with its header ``pn`` and two rooms a board, reads wrong there).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.engine.bridge.calls import board_dealer, board_vulnerability
from games.engine.bridge.play import trick_winner
from games.engine.cards import SEATS, Card, Deal, Seat, Suit, Vulnerability
from games.formats import pbn
from games.formats.deals import (
    INDEX,
    RANK_LETTERS,
    SUIT_LETTERS,
    DealFileError,
    HandRecord,
    deal_of_hands,
    one_each,
    suit_ranks,
)
from games.formats.pbn.tables import CARD_OF

_VULNERABILITY = {
    "o": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "n": Vulnerability.NS,
}
_VULNERABILITY |= {"e": Vulnerability.EW, "b": Vulnerability.BOTH}
_SPELLING = {Vulnerability.NONE: "0", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.BOTH: "b"}
_HANDS_SPELLING = _SPELLING | {Vulnerability.NONE: "o"}
"""BBO's hand viewer (and endplay) spell no one vulnerable "o", deal-convert's vugraph "0"."""
_ORDER = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""The seats of md's hands, pn's names and the dealer digit (1-4)."""
_CALLS = {"P": "Pass", "D": "X", "R": "XX"}


@dataclass(frozen=True, slots=True)
class Line:
    """One line of commands as written; ``tail`` is any text after the last complete ``tag|value|``."""

    items: tuple[tuple[str, str], ...]
    tail: str = ""


@dataclass(frozen=True, slots=True)
class LinFile:
    lines: tuple[Line, ...]
    newline: str = "\r\n"
    final_newline: bool = True
    encoding: str = "utf-8"
    source: str | None = field(default=None, compare=False)


@dataclass(slots=True)
class Board:
    """One board's commands, read."""

    number: int | None = None
    players: tuple[str, ...] = ()
    deal: str | None = None
    vulnerability: str | None = None
    calls: list[list[Any]] = field(default_factory=list)  # [call, alert, explanation]
    cards: list[str] = field(default_factory=list)
    claim: str | None = None


def parse(data: bytes | str, *, source: str | None = None) -> LinFile:
    """The commands of a LIN file, line by line, exactly as written."""
    encoding = "utf-8"
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text, encoding = data.decode("latin-1"), "latin-1"
    else:
        text = data
    newline = "\r\n" if "\r\n" in text else "\n"
    final = text.endswith(newline)
    rows = text.split(newline)
    if final:
        rows.pop()
    lines = []
    for row in rows:
        parts = row.split("|")
        pairs = (len(parts) - 1) // 2
        tail = "|".join(parts[2 * pairs :])
        items = tuple((parts[2 * k], parts[2 * k + 1]) for k in range(pairs))
        lines.append(Line(items, tail))
    return LinFile(tuple(lines), newline, final, encoding, source)


def parse_file(path: str | Path) -> LinFile:
    path = Path(path)
    return parse(path.read_bytes(), source=path.name)


def write(lin: LinFile) -> bytes:
    text = lin.newline.join(
        "".join(f"{tag}|{value}|" for tag, value in line.items) + line.tail for line in lin.lines
    )
    return (text + (lin.newline if lin.final_newline else "")).encode(lin.encoding)


def boards(lin: LinFile) -> tuple[str, list[Board]]:
    """The event's name (vg's first field) and the boards, in file order."""
    event = ""
    players: tuple[str, ...] = ("", "", "", "")
    found: list[Board] = []
    current: Board | None = None
    for line in lin.lines:
        for tag, value in line.items:
            tag = tag.lower()
            if tag == "vg":
                event = value.split(",")[0]
            elif tag == "pn":
                players = tuple(value.split(",")[:4])
                if current is not None and current.deal is None:
                    current.players = players
            elif tag == "qx" or (tag == "md" and (current is None or current.deal is not None)):
                current = Board(players=players)
                found.append(current)
            if current is None:
                continue
            if tag in ("qx", "ah"):
                current.number = _board_number(tag, value) or current.number
            elif tag == "md":
                current.deal = value
            elif tag == "sv":
                current.vulnerability = value
            elif tag == "mb":
                current.calls.append([value.rstrip("!"), value.endswith("!"), None])
            elif tag == "an" and current.calls:
                current.calls[-1][2] = value
            elif tag == "pc":
                current.cards.append(value)
            elif tag == "mc":
                current.claim = value
    for k, board in enumerate(found, start=1):
        if board.number is None:
            board.number = k
    return event, found


def _board_number(tag: str, value: str) -> int | None:
    """The board number of ``qx|o12|`` (room and number) or ``ah|Board 12|``."""
    text = value[1:] if tag == "qx" else value[6:].strip() if value.lower().startswith("board ") else ""
    return int(text) if text.isascii() and text.isdigit() and int(text) > 0 else None


def _deal(board: Board) -> tuple[Seat, Deal]:
    n = board.number or 0
    text = board.deal or ""
    dealer = board_dealer(n)
    if text[:1].isdigit():
        if text[0] not in "1234":
            raise DealFileError(f"dealer {text[0]!r} is not 1-4 (S, W, N, E)", n)
        dealer, text = _ORDER[int(text[0]) - 1], text[1:]
    parts = text.split(",")[:4]
    parts += [""] * (4 - len(parts))
    if sum(1 for p in parts if not p) > 1:
        raise DealFileError(f"md gives {sum(1 for p in parts if p)} hands; it needs at least 3", n)
    hands: list[Any] = [None] * 4
    for seat, part in zip(_ORDER, parts, strict=True):
        if not part:
            continue
        cards, suit = [], -1
        for letter in part.upper():
            if letter in SUIT_LETTERS:
                suit = SUIT_LETTERS.index(letter)
            elif letter in RANK_LETTERS and suit >= 0:
                cards.append(suit * 13 + RANK_LETTERS.index(letter))
            else:
                raise DealFileError(
                    f"{seat.name.title()}'s hand {part!r}: {letter!r} is not a suit or rank", n
                )
        hands[seat.index] = cards
    return dealer, deal_of_hands(n, hands)


def _vulnerability(board: Board) -> Vulnerability:
    if board.vulnerability is None:
        return board_vulnerability(board.number or 1)
    try:
        return _VULNERABILITY[board.vulnerability.lower()]
    except KeyError:
        raise DealFileError(f"sv|{board.vulnerability}| is not o, n, e or b", board.number) from None


def hand_records(lin: LinFile) -> list[HandRecord]:
    """Each board's deal once: the open and closed room's copies of a board must agree."""
    records = []
    for board in boards(lin)[1]:
        if board.deal is not None:
            dealer, deal = _deal(board)
            records.append(HandRecord(board.number or 0, dealer, _vulnerability(board), deal))
    return one_each(records)


def read_lin(data: bytes) -> list[HandRecord]:
    return hand_records(parse(data))


def write_lin(records: Sequence[HandRecord], *, title: str = "") -> bytes:
    first = min((r.board for r in records), default=0)
    last = max((r.board for r in records), default=0)
    title = " ".join(title.replace("|", " ").replace(",", " ").split())
    lines = [
        f"vg|{title},SEGMENT 1,I,{first},{last},HOME,0,AWAY,0|",
        "rs|" + "," * 11 + "|",
        "pn|,,,,,,,|pg||",
    ]
    for r in records:
        md = _md(r.dealer, r.deal)
        for room in "oc":
            lines.append(f"qx|{room}{r.board}|pn|,,,,,,,|md|{md}|sv|{_SPELLING[r.vulnerability]}|pg||")
    return "".join(line + "\r\n" for line in lines).encode("utf-8")


def _md(dealer: Seat, deal: Deal) -> str:
    """md's value: the dealer digit and the hands S, W, N, E, ranks high to low."""
    hands = ",".join(
        "".join(letter + suit_ranks(deal, seat.index, s) for s, letter in enumerate(SUIT_LETTERS))
        for seat in _ORDER
    )
    return f"{_ORDER.index(dealer) + 1}{hands}"


def write_lin_hands(records: Sequence[HandRecord], *, title: str = "") -> bytes:
    """Hand records one board a line, as BBO's hand viewer and endplay's ``lin.load`` read them (the title has
    no place in this layout)."""
    try:
        games = [
            pbn.Game.build(
                {"Board": str(r.board), "Dealer": r.dealer.value, "Vulnerable": r.vulnerability.value},
                deal=r.deal,
            )
            for r in records
        ]
    except pbn.PBNError as error:
        raise DealFileError(error.message) from None
    return write_hands(games)


def write_hands(games: Sequence[pbn.Game]) -> bytes:
    """Played boards one a line, as BBO's "My Hands" and hand viewer write them:
    ``pn|S,W,N,E|st||md|...|sv|...|ah|Board N|`` then the calls (``mb|``, ``!`` for an alert, ``an|`` for its
    note), ``pg||``, the cards in the order played (``pc|``, ``pg||`` after each trick) and ``mc|n|`` when the
    play stops short of 13 tricks and the Result tag gives declarer's tricks. Every board needs its deal."""
    lines = []
    for game in games:
        if game.deal is None or game.board is None:
            raise DealFileError(f"{game.label} has no deal to write")
        dealer = game.dealer or board_dealer(game.board)
        vulnerable = game.vulnerable or board_vulnerability(game.board)
        names = ",".join(_field(game.tags.get(seat.name.title(), "")) for seat in _ORDER)
        line = f"pn|{names}|st||md|{_md(dealer, game.deal)}|sv|{_HANDS_SPELLING[vulnerable]}|ah|Board {game.board}|"
        if game.auction is not None:
            for k, call in enumerate(game.auction.calls):
                if call == "AP":  # PBN's "all pass": the passes that end the auction
                    line += "mb|p|" * (3 if any(c[:1].isdigit() for c in game.auction.calls[:k]) else 4)
                    continue
                mark = game.auction.annotation(k)
                line += f"mb|{_lin_call(call)}{'!' if mark and mark.alert else ''}|"
                if mark and mark.note is not None and mark.note in game.auction.notes:
                    line += f"an|{game.auction.notes[mark.note].replace('|', ' ')}|"
        line += "pg||"
        played = _in_order(game) if game.play is not None else []
        for start in range(0, len(played), 4):
            trick = played[start : start + 4]
            line += "".join(f"pc|{card}|" for card in trick) + ("pg||" if len(trick) == 4 else "")
        if game.result is not None and len(played) < 52:
            line += f"mc|{game.result}|"
        lines.append(line)
    return "".join(line + "\r\n" for line in lines).encode("utf-8")


def _field(text: str) -> str:
    """A name with the bars and commas that would end its field made spaces."""
    return " ".join(text.replace("|", " ").replace(",", " ").split())


def _lin_call(call: str) -> str:
    lin_call = {"Pass": "p", "X": "d", "XX": "r"}.get(call)
    return lin_call or (call[:2] if call.endswith("NT") else call)


def _in_order(game: pbn.Game) -> list[str]:
    """The play's cards in the order played: each trick from its leader round the table, the winner (by the
    contract's trumps, or the last bid's) leading the next; the play stops at its first card not known."""
    assert game.play is not None
    bids = [call for call in game.auction.calls if call[:1].isdigit()] if game.auction else []
    contract = game.contract or (bids[-1] if bids else "")
    trump = Suit.parse(contract[1]) if len(contract) > 1 and contract[1] in "CDHS" else None
    leader = game.play.first
    order: list[str] = []
    for k in range(len(game.play.tricks)):
        by_seat = game.play.by_seat(k)
        trick: list[tuple[Seat, Card]] = []
        for seat in (leader.rotate(step) for step in range(4)):
            card = CARD_OF.get(by_seat[seat])
            if card is None:
                return order + [str(c) for _, c in trick]
            trick.append((seat, card))
        order += [str(c) for _, c in trick]
        leader = trick_winner(trick, trump)
    return order


def _call(text: str) -> str:
    call = text.strip().upper()
    call = _CALLS.get(call, call)
    return call[:1] + "NT" if call[1:] == "N" else call


def games(lin: LinFile) -> list[pbn.Game]:
    """The boards as PBN games, for the replay auditor; a board that cannot be read carries the problem in
    ``Game.errors`` (lenient, as ``pbn.parse(strict=False)``), so one bad board never hides the others."""
    event, found = boards(lin)
    out = []
    for index, board in enumerate(found):
        problems: list[str] = []
        tags = {"Event": event, "Board": str(board.number)}
        names = dict(zip(_ORDER, board.players, strict=False))
        tags |= {seat.name.title(): names[seat] for seat in SEATS if names.get(seat)}
        deal = dealer = None
        try:
            dealer, deal = _deal(board)
            tags["Dealer"] = dealer.value
            tags["Vulnerable"] = _vulnerability(board).value
        except DealFileError as error:
            problems.append(str(error))
        if board.claim is not None:
            tags["Result"] = board.claim
        auction = _auction(board, dealer) if dealer is not None and board.calls else None
        play = _play(board, deal, problems) if deal is not None and board.cards else None
        try:
            game = pbn.Game.build(tags, deal=deal, auction=auction, play=play)
        except pbn.PBNError as error:
            problems.append(str(error))
            game = pbn.Game(
                {k: v for k, v in tags.items() if k != "Result"}, deal=deal, auction=auction, play=play
            )
        errors = tuple(pbn.PBNError(p, source=lin.source) for p in problems)
        out.append(dataclasses.replace(game, index=index, source=lin.source, errors=errors))
    return out


def _auction(board: Board, dealer: Seat) -> pbn.Auction:
    calls: list[str] = []
    annotations: list[pbn.Annotation] = []
    notes: dict[int, str] = {}
    for k, (call, alert, explanation) in enumerate(board.calls):
        calls.append(_call(call))
        note = None
        if explanation is not None:
            note = len(notes) + 1
            notes[note] = explanation
        if alert or note is not None:
            annotations.append(pbn.Annotation(k, note=note, suffix="!" if alert else ""))
    return pbn.Auction(dealer, tuple(calls), tuple(annotations), notes)


def _play(board: Board, deal: Deal, problems: list[str]) -> pbn.Play | None:
    """The cards in seat columns from the opening leader's, each card in its holder's column."""
    holder = {INDEX[card]: seat for seat, hand in deal.hands.items() for card in hand}
    tokens = []
    for text in board.cards:
        token = text.strip().upper().replace("10", "T")
        if len(token) != 2 or token[0] not in SUIT_LETTERS or token[1] not in RANK_LETTERS:
            problems.append(f"board {board.number}: pc|{text}| is not a card")
            return None
        tokens.append(token)
    seat_of = [holder[SUIT_LETTERS.index(t[0]) * 13 + RANK_LETTERS.index(t[1])] for t in tokens]
    first = seat_of[0]
    rows = []
    for start in range(0, len(tokens), 4):
        row = ["-"] * 4
        for token, seat in zip(tokens[start : start + 4], seat_of[start : start + 4], strict=True):
            column = (seat.index - first.index) % 4
            if row[column] != "-":
                problems.append(
                    f"board {board.number}: trick {start // 4 + 1} has two cards of {seat.name.title()}"
                )
                return None
            row[column] = token
        rows.append(tuple(row))
    return pbn.Play.of(first, rows)
