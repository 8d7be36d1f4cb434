"""Hand records as CSV (deal-convert's ``.csv``): one row a board, every field in double quotes, CRLF, no header.

Fields 1-16 are the suits N S, N H, N D, N C, E S ... W C as ranks high to low ("" for a void), field 17 the board
number and field 18 ``D/V``: the dealer's letter and the vulnerability as ``-``, ``NS``, ``EW`` or ``All``
(``../shared/data/formats.md``). No byte is free. The results CSV (games.exchange.csv) is another file.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from games.engine.cards import Seat, Vulnerability
from games.formats import spreadsheet
from games.formats.deals import RANK_LETTERS, DealFileError, HandRecord, deal_of_hands, suit_ranks

_VULNERABILITY = {
    "-": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "All": Vulnerability.BOTH,
}
_SPELLING = {v: k for k, v in _VULNERABILITY.items()}


def read_csv(data: bytes) -> list[HandRecord]:
    records = []
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DealFileError(f"the file is not UTF-8 text (byte {error.start + 1})") from None
    for row in csv.reader(io.StringIO(text, newline="")):
        if not row:
            continue
        board = int(row[16]) if len(row) > 16 and row[16].isascii() and row[16].isdigit() else None
        if len(row) != 18 or board is None:
            raise DealFileError(
                f"row {row!r} is not 16 suits, a board number and dealer/vulnerability", board
            )
        dealer, _, vulnerable = row[17].partition("/")
        if dealer not in ("N", "E", "S", "W") or vulnerable not in _VULNERABILITY:
            raise DealFileError(f"{row[17]!r} is not dealer/vulnerability such as N/- or E/NS", board)
        hands = []
        for seat in range(4):
            hand = []
            for suit in range(4):
                for letter in row[seat * 4 + suit].upper().replace("10", "T"):
                    if letter not in RANK_LETTERS:
                        raise DealFileError(f"{letter!r} is not a rank in {row[seat * 4 + suit]!r}", board)
                    hand.append(suit * 13 + RANK_LETTERS.index(letter))
            hands.append(hand)
        records.append(
            HandRecord(board, Seat(dealer), _VULNERABILITY[vulnerable], deal_of_hands(board, hands))
        )
    return records


def write_csv(records: Sequence[HandRecord], *, title: str = "") -> bytes:
    out = io.StringIO()
    writer = spreadsheet.Writer(out, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    for r in records:
        suits = [suit_ranks(r.deal, seat, suit) for seat in range(4) for suit in range(4)]
        writer.writerow([*suits, r.board, f"{r.dealer.value}/{_SPELLING[r.vulnerability]}"])
    return out.getvalue().encode("ascii")
