"""Text deal files of one character a card: Bernasconi ``.ber`` and Borel Hand Generator ``.bhg``.

- ``.ber``: 52 characters a deal, no separators and no board numbers: character k is the holder of card index k,
  '1' N, '2' E, '3' S, '4' W.
- ``.bhg``: CRLF lines, line n is board n (line 0 is empty, as is the line of a board not in the file). A board is
  52 letters, the four hands from that board's dealer (standard cycle) clockwise, each card as 'A' + index for
  spades and hearts and 'a' + index - 26 for diamonds and clubs, in index order.
(``../shared/data/formats.md``; no byte of either format is free.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine.bridge.calls import board_dealer
from games.formats.deals import (
    DealFileError,
    HandRecord,
    deal_of_hands,
    deal_of_holders,
    hand_indices,
    holders_of,
)

_BER = 52


def read_ber(data: bytes) -> list[HandRecord]:
    text = data.decode("ascii", "replace")
    if len(text) % _BER:
        board = len(text) // _BER + 1
        raise DealFileError(f"the file ends {len(text) % _BER} characters into the board's {_BER}", board)
    records = []
    for k in range(0, len(text), _BER):
        board = k // _BER + 1
        chunk = text[k : k + _BER]
        bad = next((c for c in chunk if c not in "1234"), None)
        if bad is not None:
            raise DealFileError(f"{bad!r} is not a seat (1 N, 2 E, 3 S, 4 W)", board)
        records.append(HandRecord.standard(board, deal_of_holders(board, [int(c) - 1 for c in chunk])))
    return records


def write_ber(records: Sequence[HandRecord], *, title: str = "") -> bytes:
    return b"".join(bytes(ord("1") + h for h in holders_of(r.deal)) for r in records)


def _bhg_card(letter: str) -> int:
    if "A" <= letter <= "Z":
        return ord(letter) - ord("A")
    if "a" <= letter <= "z":
        return ord(letter) - ord("a") + 26
    return -1


def read_bhg(data: bytes) -> list[HandRecord]:
    lines = data.decode("ascii", "replace").split("\r\n")
    if lines[-1] == "":
        lines.pop()
    records = []
    for board, line in enumerate(lines):
        if not line:
            continue
        if board == 0:
            raise DealFileError("a .bhg file starts with an empty line (there is no board 0)")
        if len(line) != 52:
            raise DealFileError(f"{len(line)} letters instead of 52", board)
        cards = [_bhg_card(c) for c in line]
        if min(cards) < 0:
            raise DealFileError(f"{line[cards.index(-1)]!r} is not a card letter (A-Z, a-z)", board)
        dealer = board_dealer(board).index
        hands: list[Any] = [None] * 4
        for k in range(4):
            hands[(dealer + k) % 4] = cards[13 * k : 13 * (k + 1)]
        records.append(HandRecord.standard(board, deal_of_hands(board, hands)))
    return records


def write_bhg(records: Sequence[HandRecord], *, title: str = "") -> bytes:
    lines = [""] * (max((r.board for r in records), default=0) + 1)
    for r in records:
        dealer = board_dealer(r.board).index
        lines[r.board] = "".join(
            chr(ord("A") + c if c < 26 else ord("a") + c - 26)
            for k in range(4)
            for c in hand_indices(r.deal, (dealer + k) % 4)
        )
    return "".join(line + "\r\n" for line in lines).encode("ascii")
