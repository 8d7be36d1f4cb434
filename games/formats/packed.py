"""Binary deal files that pack each card's holder in two bits: KoPS ``.rzd`` and CDS-2000 ``.cds``.

Each deal is 13 bytes, one a rank from the aces (byte 0) to the twos (byte 12); a byte holds the holders of that
rank's spade, heart, diamond and club in bits 7-6, 5-4, 3-2 and 1-0 (``../shared/data/formats.md``).

- ``.rzd``: a 13-byte header (the number of deals, 16-bit little-endian, then 11 spaces, which the writer fills as
  deal-convert does), then the deals; holders 0 N, 1 E, 2 S, 3 W; no board numbers.
- ``.cds``: no header, 14 bytes a deal: the board number (1-255), then the 13 packed bytes with the holders
  rotated: 0 W, 1 N, 2 E, 3 S.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

from games.formats.deals import DealFileError, HandRecord, deal_of_holders, holders_of

_DEAL = 13
_RZD_HEADER = 13
_CDS_SIZE = 14


def _unpack(block: bytes, board: int, shift: int):
    holders = [0] * 52
    for rank, byte in enumerate(block):
        for suit in range(4):
            holders[suit * 13 + rank] = ((byte >> (6 - 2 * suit)) + shift) & 3
    return deal_of_holders(board, holders)


def _pack(record: HandRecord, shift: int) -> bytes:
    holders = holders_of(record.deal)
    return bytes(
        sum(((holders[suit * 13 + rank] + shift) & 3) << (6 - 2 * suit) for suit in range(4))
        for rank in range(_DEAL)
    )


def read_rzd(data: bytes) -> list[HandRecord]:
    if len(data) < _RZD_HEADER:
        raise DealFileError(
            f"a .rzd file starts with a {_RZD_HEADER}-byte header; this one has {len(data)} bytes"
        )
    (count,) = struct.unpack_from("<H", data)
    body = data[_RZD_HEADER:]
    if len(body) != count * _DEAL:
        board = min(len(body) // _DEAL, count) + 1
        raise DealFileError(f"the header announces {count} deals of {_DEAL} bytes; the file has {len(body)} bytes "
                            f"after it", board)  # fmt: skip
    return [
        HandRecord.standard(n + 1, _unpack(body[n * _DEAL : (n + 1) * _DEAL], n + 1, 0)) for n in range(count)
    ]


def write_rzd(records: Sequence[HandRecord], *, title: str = "") -> bytes:
    return struct.pack("<H", len(records)) + b" " * 11 + b"".join(_pack(r, 0) for r in records)


def read_cds(data: bytes) -> list[HandRecord]:
    if len(data) % _CDS_SIZE:
        board = data[len(data) - len(data) % _CDS_SIZE]
        raise DealFileError(f"the file ends {len(data) % _CDS_SIZE} bytes into the board's {_CDS_SIZE}-byte record",
                            board)  # fmt: skip
    records = []
    for k in range(0, len(data), _CDS_SIZE):
        board = data[k]
        if board == 0:
            raise DealFileError(f"record {k // _CDS_SIZE + 1} has board number 0")
        records.append(HandRecord.standard(board, _unpack(data[k + 1 : k + _CDS_SIZE], board, 3)))
    return records


def write_cds(records: Sequence[HandRecord], *, title: str = "") -> bytes:
    for r in records:
        if not 1 <= r.board <= 255:
            raise DealFileError(".cds numbers boards 1 to 255 only", r.board)
    return b"".join(bytes([r.board]) + _pack(r, 1) for r in records)
