"""The registry of hand-record formats: one place where the commands and pages find every format we read and write.

Each ``DealFormat`` names the format, its file extension, its reader (bytes to ``HandRecord``s, raising
``DealFileError`` naming the board) and its writer (``HandRecord``s to bytes; ``title`` is the event's name where
the format has room for one). ``numbered`` says whether the file stores board numbers (else its deals are boards
1, 2, ... in order) and ``conditions`` whether it stores dealer and vulnerability (else they follow Law 2's cycle).

PBN goes through games.formats.pbn: read with ``pbn.parse``; written in PBN 2.1 export format (the mandatory tags,
"?" where unknown), so unlike the other writers it does not copy deal-convert's own PBN layout (which adds BCalc's
double-dummy tags).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import PurePath

from games.formats import deal_csv, duplimate, letters, lin, packed, pbn
from games.formats.deals import DealFileError, HandRecord, deal_of_hands, hand_indices, one_each

__all__ = ["FORMATS", "DealFileError", "DealFormat", "HandRecord", "for_file", "named"]


@dataclass(frozen=True, slots=True)
class DealFormat:
    name: str
    title: str
    extension: str
    read: Callable[[bytes], list[HandRecord]]
    write: Callable[..., bytes]
    numbered: bool
    conditions: bool
    media_type: str = "application/octet-stream"


def read_pbn(data: bytes) -> list[HandRecord]:
    """The deals of a PBN file; games without a deal (results only) are left out."""
    try:
        games = pbn.parse(data)
    except pbn.PBNError as error:
        raise DealFileError(error.message, line=error.line) from None
    records = []
    for game in games:
        if game.deal is None:
            continue
        if game.board is None:
            raise DealFileError(f"{game.label} has a deal but no board number")
        seats = [hand_indices(game.deal, seat) for seat in range(4)]
        deal = deal_of_hands(game.board, seats)
        standard = HandRecord.standard(game.board, deal)
        dealer = game.dealer or standard.dealer
        records.append(
            HandRecord(game.board, dealer, game.vulnerable or standard.vulnerability, deal, game.line)
        )
    return one_each(records)


def write_pbn(records: Sequence[HandRecord], *, title: str = "") -> bytes:
    try:
        games = [
            pbn.Game.build(
                {
                    "Event": title,
                    "Board": str(r.board),
                    "Dealer": r.dealer.value,
                    "Vulnerable": r.vulnerability.value,
                },
                deal=r.deal,
            )
            for r in records
        ]
    except pbn.PBNError as error:
        raise DealFileError(error.message) from None
    return pbn.write(games).encode("utf-8")


FORMATS: dict[str, DealFormat] = {
    f.name: f
    for f in (
        DealFormat("pbn", "PBN (Portable Bridge Notation)", ".pbn", read_pbn, write_pbn, True, True, "text/plain"),
        DealFormat("dlm", "Duplimate / Dealer4 (.dlm)", ".dlm", duplimate.read_dlm, duplimate.write_dlm, True, False,
                   "text/plain"),
        DealFormat("dup", "Duplimate, old (.dup)", ".dup", duplimate.read_dup, duplimate.write_dup, True, False),
        DealFormat("bri", "BRI", ".bri", duplimate.read_bri, duplimate.write_bri, False, False),
        DealFormat("dge", "DGE", ".dge", duplimate.read_dge, duplimate.write_dge, False, False),
        DealFormat("ber", "Bernasconi (.ber)", ".ber", letters.read_ber, letters.write_ber, False, False, "text/plain"),
        DealFormat("rzd", "KoPS (.rzd)", ".rzd", packed.read_rzd, packed.write_rzd, False, False),
        DealFormat("bhg", "Borel Hand Generator (.bhg)", ".bhg", letters.read_bhg, letters.write_bhg, True, False,
                   "text/plain"),
        DealFormat("cds", "CDS-2000 (.cds)", ".cds", packed.read_cds, packed.write_cds, True, False),
        DealFormat("csv", "CSV hand records", ".csv", deal_csv.read_csv, deal_csv.write_csv, True, True, "text/csv"),
        DealFormat("lin", "BBO LIN, vugraph (as deal-convert)", ".lin", lin.read_lin, lin.write_lin, True, True,
                   "text/plain"),
        DealFormat("lin-hands", "BBO LIN, a board a line (BBO's hand viewer, endplay)", ".lin", lin.read_lin,
                   lin.write_lin_hands, True, True, "text/plain"),
    )
}  # fmt: skip
"""Every hand-record format by name, in the order the pages list them."""


def named(name: str) -> DealFormat:
    try:
        return FORMATS[name.lower().lstrip(".")]
    except KeyError:
        raise DealFileError(f"{name!r} is not a hand-record format ({', '.join(FORMATS)})") from None


def for_file(filename: str) -> DealFormat:
    """The format of a file by its extension."""
    suffix = PurePath(filename).suffix
    if not suffix:
        raise DealFileError(f"{filename}: no extension to tell its format by; name the format")
    return named(suffix)
