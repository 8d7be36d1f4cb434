"""Duplimate's dealing-machine files and their blocks: ``.bri``, ``.dge``, old Duplimate ``.dup`` and new ``.dlm``.

Layouts as ``../shared/data/formats.md`` gives them (from emkael/deal-convert, whose files these writers match byte
for byte). The bytes no program reads are filled as deal-convert fills them:

- ``.bri``: 128 bytes a deal, no board numbers. Bytes 0-77 are the card numbers (card index + 1, two digits) of
  North, East and South, each hand ascending; West holds the rest. Free bytes 78-109 are written as spaces and
  110-127 as NULs.
- ``.dge``: 128 bytes a deal, no board numbers. Bytes 0-67 are the four hands N E S W, each four suit groups (a
  marker byte, 0x06 S 0x03 H 0x04 D 0x05 C, then the ranks high to low); free bytes 68-127 are written as NULs.
- ``.dup``: 156 bytes a board: the 78-digit ``.bri`` block, the 68-byte ``.dge`` block (the same deal again: the
  reader checks that the two agree) and a 10-byte trailer, in the first record the header ``YN<first board,
  2 wide> 0 <count, 2 digits> `` and NULs in the others. The 'Y', 'N' and '0' no one documents are written as
  deal-convert writes them and not read. Boards are consecutive from the first; at most 99.
- ``.dlm``: INI-style text, CRLF. Each board is 26 letters (the holders of cards 2k and 2k+1 as 'a' + 4 h1 + h2)
  and a 3-digit checksum (board number XOR each letter's code); the file's checksum is the number of boards, XOR 1
  with ``Status=Show``. The free ``Headline`` is the writer's ``title`` on one ASCII line; ``Status=Show``,
  ``Duplicates=1``, ``Next board to duplimate=0``, ``PrintOuts=0`` and every ``Duplicates NN=0`` are written as
  deal-convert writes them, and not read. Every slot 01-99 is written; slots outside the boards hold the filler
  deal (N all spades, E hearts, S diamonds, W clubs) with its checksum. ``Crypto key`` must be 0 (encrypted files
  are refused).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.formats.deals import (
    RANK_LETTERS,
    DealFileError,
    HandRecord,
    consecutive,
    deal_of_hands,
    deal_of_holders,
    hand_indices,
    holders_of,
    suit_ranks,
)

BRI_SIZE = 128
DGE_SIZE = 128
DUP_SIZE = 156
_DIGITS = 78
_DGE_BLOCK = 68
_MARKERS = b"\x06\x03\x04\x05"


def _short(data: bytes, size: int, name: str) -> None:
    if len(data) % size:
        board = len(data) // size + 1
        raise DealFileError(
            f"the {name} file ends {len(data) % size} bytes into the board's {size}-byte record", board
        )


def _read_digits(block: bytes, board: int):
    """The deal of a 78-digit block: 39 card numbers of North, East and South; West holds the rest."""
    try:
        text = block.decode("ascii")
        numbers = [int(text[k : k + 2]) - 1 for k in range(0, _DIGITS, 2)]
    except (UnicodeDecodeError, ValueError):
        raise DealFileError("the card numbers are not 78 digits", board) from None
    return deal_of_hands(board, [numbers[0:13], numbers[13:26], numbers[26:39], None])


def _digits(record: HandRecord) -> bytes:
    return "".join(
        f"{card + 1:02d}" for seat in range(3) for card in hand_indices(record.deal, seat)
    ).encode()


def _read_dge(block: bytes, board: int):
    hands: list[list[int]] = []
    suit = -1
    for byte in block:
        if byte in _MARKERS:
            suit = _MARKERS.index(byte)
            if suit == 0:
                hands.append([])
            elif not hands:
                raise DealFileError("the hands do not start with the spade marker (0x06)", board)
            continue
        rank = RANK_LETTERS.find(chr(byte))
        if not hands or rank < 0:
            raise DealFileError(f"byte 0x{byte:02x} is neither a suit marker nor a rank", board)
        hands[-1].append(suit * 13 + rank)
    if len(hands) != 4:
        raise DealFileError(f"{len(hands)} hands instead of 4", board)
    return deal_of_hands(board, hands)


def _dge(record: HandRecord) -> bytes:
    return b"".join(
        _MARKERS[suit : suit + 1] + suit_ranks(record.deal, seat, suit).encode()
        for seat in range(4)
        for suit in range(4)
    )


def read_bri(data: bytes) -> list[HandRecord]:
    _short(data, BRI_SIZE, ".bri")
    return [
        HandRecord.standard(n, _read_digits(data[k : k + _DIGITS], n))
        for n, k in enumerate(range(0, len(data), BRI_SIZE), start=1)
    ]


def write_bri(records: Sequence[HandRecord], *, title: str = "") -> bytes:
    return b"".join(_digits(r) + b" " * 32 + b"\0" * 18 for r in records)


def read_dge(data: bytes) -> list[HandRecord]:
    _short(data, DGE_SIZE, ".dge")
    return [
        HandRecord.standard(n, _read_dge(data[k : k + DGE_SIZE].rstrip(b"\0"), n))
        for n, k in enumerate(range(0, len(data), DGE_SIZE), start=1)
    ]


def write_dge(records: Sequence[HandRecord], *, title: str = "") -> bytes:
    return b"".join(_dge(r).ljust(DGE_SIZE, b"\0") for r in records)


def read_dup(data: bytes) -> list[HandRecord]:
    if 0 < len(data) < DUP_SIZE:
        raise DealFileError(
            f"the .dup file ends {len(data)} bytes into the board's {DUP_SIZE}-byte record", 1
        )
    if not data or data[DUP_SIZE - 10 : DUP_SIZE - 9] in (b"", b"\0"):
        raise DealFileError(
            "the .dup file has no header (the first board's trailer is empty)", 1 if data else None
        )
    header = data[DUP_SIZE - 10 : DUP_SIZE].decode("ascii", "replace")
    try:
        first, count = int(header[2:4]), int(header[7:9])
    except ValueError:
        raise DealFileError(f"the .dup header {header!r} gives no first board and number of boards") from None
    if len(data) != count * DUP_SIZE:
        board = first + min(len(data) // DUP_SIZE, count)
        raise DealFileError(
            f"the .dup header announces {count} boards ({count * DUP_SIZE} bytes); the file has {len(data)} bytes",
            board,
        )
    records = []
    for k in range(count):
        n, record = first + k, data[k * DUP_SIZE : (k + 1) * DUP_SIZE]
        deal = _read_digits(record[:_DIGITS], n)
        if _read_dge(record[_DIGITS : _DIGITS + _DGE_BLOCK], n) != deal:
            raise DealFileError("the two copies of the deal in the record differ", n)
        records.append(HandRecord.standard(n, deal))
    return records


def write_dup(records: Sequence[HandRecord], *, title: str = "") -> bytes:
    first, _ = consecutive(records, ".dup")
    header = f"YN{first:<2d} 0 {len(records):02d} ".encode()
    return b"".join(_digits(r) + _dge(r) + (header if k == 0 else b"\0" * 10) for k, r in enumerate(records))


_FILLER = "aaaaaabffffffkkkkkklpppppp"
_SLOTS = 99


def _letters(record: HandRecord) -> str:
    holders = holders_of(record.deal)
    return "".join(chr(ord("a") + 4 * holders[k] + holders[k + 1]) for k in range(0, 52, 2))


def _checksum(board: int, letters: str) -> int:
    for letter in letters:
        board ^= ord(letter)
    return board


def read_dlm(data: bytes) -> list[HandRecord]:
    try:
        lines = data.decode("ascii").splitlines()
    except UnicodeDecodeError:
        raise DealFileError("a .dlm file is ASCII text") from None
    values = dict(line.split("=", 1) for line in lines if "=" in line)
    if values.get("Crypto key", "0") != "0":
        raise DealFileError(
            f"the .dlm file is encrypted (Crypto key={values['Crypto key']}): save it unencrypted"
        )
    try:
        first, last, checksum = int(values["From board"]), int(values["To board"]), int(values["Checksum"])
    except (KeyError, ValueError):
        raise DealFileError("the .dlm file has no From board, To board or Checksum line") from None
    expected = (last - first + 1) ^ (1 if values.get("Status") == "Show" else 0)
    if checksum != expected:
        raise DealFileError(f"file checksum {checksum}, expected {expected} for boards {first}-{last}")
    records = []
    for n in range(first, last + 1):
        line = values.get(f"Board {n:02d}")
        if line is None:
            raise DealFileError("the .dlm file ends before this board's line", n)
        letters, digits = line[:26], line[26:]
        if len(letters) != 26 or not digits.isdigit() or any(not "a" <= c <= "p" for c in letters):
            raise DealFileError(f"{line!r} is not 26 letters a-p and a checksum", n)
        if int(digits) != _checksum(n, letters):
            raise DealFileError(f"checksum {digits}, the deal gives {_checksum(n, letters):03d}", n)
        holders = [h for c in letters for h in divmod(ord(c) - ord("a"), 4)]
        records.append(HandRecord.standard(n, deal_of_holders(n, holders)))
    return records


def _headline(title: str) -> str:
    """The title on one ASCII line ('?' for what ASCII lacks)."""
    return " ".join(title.splitlines()).encode("ascii", "replace").decode()


def write_dlm(records: Sequence[HandRecord], *, title: str = "") -> bytes:
    first, last = consecutive(records, ".dlm", _SLOTS)
    letters = {r.board: _letters(r) for r in records}
    lines = [
        "[Document]", f"Headline={_headline(title)}", "Status=Show", "Duplicates=1", f"From board={first}", f"To board={last}",
        "Next board to duplimate=0", "PrintOuts=0", "Crypto key=0", f"Checksum={(last - first + 1) ^ 1}",
    ]  # fmt: skip
    for n in range(1, _SLOTS + 1):
        deal = letters.get(n, _FILLER)
        lines += [f"Duplicates {n:02d}=0", f"Board {n:02d}={deal}{_checksum(n, deal):03d}"]
    return "".join(line + "\r\n" for line in lines).encode("ascii")
