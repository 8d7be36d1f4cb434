"""What every import shares: the session a file held (Imported), read into plain values before anything is stored
(games.exchange.store), and the reading of the values each format writes alike (dates, contracts, leads, numbers),
each problem refused naming where in the file it is."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from config.refusals import Refused
from games.engine.bridge import Contract
from games.engine.cards import Card, Rank, Suit
from games.formats import usebio
from games.formats.numbers import SMALL, Column, NumberError, whole_number
from games.lines import Line


@dataclass
class Imported:
    """What an import read: the session's pairs (label → direction, name, players), boards and lines."""

    name: str
    date: date
    scoring_method: str = "mp"
    conventions: str = ""  # the program that published it (scoring.methods.publishers), "" for another
    two_winners: bool = False
    pairs: dict[str, dict] = field(default_factory=dict)
    deals: dict[int, tuple[str, str, str]] = field(
        default_factory=dict
    )  # board → (deal, dealer, vulnerability)
    lines: list[Line] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    club: usebio.Fields = ()  # the file's club and event fields, kept as written (ImportedFile)
    event: usebio.Fields = ()


def parse_date(text: str | None, where: str) -> date:
    """A file's date in the spellings publishers write it; a file that gives none is of today."""
    if not text:
        return date.today()
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%Y.%m.%d", "%d-%b-%y", "%d-%b-%Y"):
        try:
            return datetime.strptime(text.strip().split()[0], pattern).date()  # "2013-08-10 17:04": the day
        except ValueError:
            continue
    raise Refused(f"{where}: {text!r} is not a date")


def lead_card(text: str | None, where: str) -> str:
    """A lead as files write it: suit first ("H7", PBN) or rank first ("QD", USEBIO)."""
    text = (text or "").strip().upper()
    if not text or text == "-":
        return ""
    try:
        return str(Card.parse(text))
    except ValueError:
        pass
    try:
        return str(Card(Suit.parse(text[-1]), Rank.parse(text[:-1])))
    except ValueError:
        raise Refused(f"{where}: lead {text!r} is not a card") from None


def contract_text(text: str | None, where: str) -> str:
    """A contract as a file writes it, in our spelling: "Pass" for a passed-out board, "" for none given."""
    if not text or text.strip() in ("", "-"):
        return ""
    try:
        contract = Contract.parse(text)
    except ValueError as error:
        raise Refused(f"{where}: {error}") from None
    return "Pass" if contract is None else str(contract)


def optional_whole(value: str | None, where: str, name: str) -> int | None:
    """A number a file may leave out ("", "-" or "?": None)."""
    if value is None or value.strip() in ("", "-", "?"):
        return None
    return whole(value, where, name)


def whole(value: object, where: str, name: str, column: Column = SMALL) -> int:
    """A whole number in `column`'s range, refused naming where in the file it is."""
    try:
        return whole_number(value, name, column)
    except NumberError as error:
        raise Refused(f"{where}: {error}") from None
