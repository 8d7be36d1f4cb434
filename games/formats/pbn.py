"""PBN 2.1 (Portable Bridge Notation): a fast, validating reader and an export-format writer.

Entry points (pure Python, no Django):

- ``parse(data, *, source=None, strict=True) -> list[Game]``: ``data`` is the text, or the raw bytes
  (encoding found by ``decode``). With ``strict`` the first problem raises ``PBNError`` naming the line;
  otherwise each game carries its problems in ``Game.errors`` and parsing goes on (the replay auditor
  reports them as irregularities).
- ``parse_file(path, *, strict=True) -> list[Game]``.
- ``decode(data: bytes) -> str``: BOM, else UTF-8, else ISO-8859-1, decided line by line because real
  files mix them (test_set.pbn has Latin-1 in its first game and UTF-8 in the others).
- ``write(games, *, export=True) -> str`` and ``write_file(path, games)``: PBN export format (the 15
  mandatory tags in order, "?" for those missing, supplemental tags and sections sorted, values in their
  export spelling, CRLF, tables padded to their column widths); ``export=False`` keeps the games as they
  are, and ``parse(write(games, export=False)) == games``. Call and card suffixes are written as they
  are, not turned into NAGs as §3.5.2 asks: BBO-made files use "!" for an alert, not for a good call.
- ``Game.build(tags, ...)``: a game made by a program (hand records, results), checked like a parsed one;
  ``Table.of(name, columns, rows)`` makes a ScoreTable or TotalScoreTable with fitted column widths;
  ``parse_columns(spec)`` reads a column spec.

What a Game holds (frozen dataclasses; line numbers and warnings do not take part in equality):

- ``tags``: identification tag values after PBN inheritance ("#" and "##", PBN 2.1 §4.8); the first
  occurrence of a repeated tag wins and the repeat is a warning (§3.4: "a tag pair that already occurred,
  is ignored"). Typed views: ``board``, ``dealer``, ``vulnerable``, ``declarer``, ``contract``,
  ``result``, ``score_ns``; ``deal`` is a ``games.engine.cards.Deal``.
- ``auction``: call tokens as written, normalised ("1NT", "Pass", "X", "XX", "AP", "-", "^S", "+"), with
  sparse annotations (note references ``=1=``, suffixes such as the alert ``!``, NAGs, ``^I``) and the
  ``[Note]`` texts; ``ended`` for a closing ``*``.
- ``play``: rows of four card tokens in the fixed seat columns of ``[Play "<seat>"]`` (that seat first,
  then clockwise), "-" for a card not played; a short last row is padded with "-". ``ended`` for ``*``.
  No bridge legality here: the engine (games.engine.bridge) linearises and audits.
- ``tables``: ScoreTable, TotalScoreTable, OptimumResultTable and any other ``...Table`` with a column
  spec (``Name\\width[L|R]``, ``+``/``-`` order), rows of strings (quoted fields unquoted, "-" kept).
- ``sections``: data of any other tag followed by section data, kept as raw elements.
- ``comments``: ``;`` and ``{...}`` comments with the tag or section they follow.
- ``tag_lines`` (the line of each tag), ``ignored`` (repeated tags, such as test_set.pbn's second
  [Score]), ``errors`` (lenient mode) and ``warnings``.
"""

from __future__ import annotations

import dataclasses
import gc
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from games.engine.cards import SEATS, Card, Deal, DealError, Rank, Seat, Side, Suit, Vulnerability

__all__ = [
    "MANDATORY_TAGS",
    "SCORE_TABLE_COLUMNS",
    "TABLES",
    "TOTAL_SCORE_TABLE_COLUMNS",
    "Annotation",
    "Auction",
    "Column",
    "Comment",
    "Game",
    "PBNError",
    "Play",
    "Section",
    "Table",
    "Tag",
    "decode",
    "parse",
    "parse_columns",
    "parse_file",
    "write",
    "write_file",
]

MANDATORY_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
"""The Mandatory Tag Set in export order (PBN 2.1 §3.4)."""

SCORE_TABLE_COLUMNS = (
    "Rank", "PairId_NS", "PairId_EW", "Names_NS", "Names_EW", "Contract", "Declarer", "Result", "Score_NS",
    "Score_EW", "IMP_NS", "IMP_EW", "MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW", "Multiplicity",
)  # fmt: skip
"""ScoreTable's predefined columns (PBN 2.1 §5.9); a table may use any subset and add its own."""

TOTAL_SCORE_TABLE_COLUMNS = (
    "Rank", "PairId", "Names", "TotalScore", "TotalIMP", "TotalMP", "TotalPercentage", "MeanScore", "MeanIMP",
    "MeanMP", "MeanPercentage", "NrBoards", "Multiplicity",
)  # fmt: skip
"""TotalScoreTable's predefined columns (PBN 2.1 §5.10)."""

TABLES = frozenset(
    {
        "ActionTable",
        "AuctionTimeTable",
        "InstantScoreTable",
        "OptimumPlayTable",
        "OptimumResultTable",
        "PlayTimeTable",
        "ScoreTable",
        "TotalScoreTable",
    }
)
"""The tables PBN 2.1 §5 defines. Any other tag whose name ends in "Table" and that has section data is
read as a table too (the Table tag itself, §4.4.7, is a table number)."""

NO_INHERITANCE = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)
"""Tags for which PBN 2.1 §4.8 forbids "#" and "##". We still resolve them (files do it), with a warning."""


class PBNError(ValueError):
    """A problem in a PBN file, with the line it is on (1-based) and the file it came from."""

    def __init__(self, message: str, line: int | None = None, source: str | None = None) -> None:
        self.message = message
        self.line = line
        self.source = source
        where = ", ".join(p for p in (source, f"line {line}" if line else None) if p)
        super().__init__(f"{where}: {message}" if where else message)


_VULNERABLE = {
    "none": Vulnerability.NONE,
    "love": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "ns": Vulnerability.NS,
}
_VULNERABLE |= {"ew": Vulnerability.EW, "all": Vulnerability.BOTH, "both": Vulnerability.BOTH}


@dataclass(frozen=True, slots=True)
class Tag:
    """One tag pair as written (value unescaped, before inheritance)."""

    name: str
    value: str
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Comment:
    """A ``;`` (brace=False) or ``{...}`` comment; ``anchor`` is the tag or section it follows ("" = game start)."""

    text: str
    brace: bool = True
    anchor: str = ""
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Annotation:
    """What follows a call or card: note reference, suffix ("!" is how BBO-made files mark an alert;
    PBN §3.5.3 calls it a good call), NAGs, and an irregularity prefix (I, R or L; PBN §3.9).

    ``index`` is the call's position in ``Auction.calls``, or the card's in the play (trick * 4 + column).
    """

    index: int
    note: int | None = None
    suffix: str = ""
    nags: tuple[int, ...] = ()
    irregularity: str = ""

    @property
    def alert(self) -> bool:
        return "!" in self.suffix

    @property
    def trick(self) -> int:
        return self.index // 4

    @property
    def column(self) -> int:
        return self.index % 4


@dataclass(frozen=True, slots=True)
class Auction:
    """The auction section: ``calls`` in order from ``first`` (the Auction tag's seat), clockwise."""

    first: Seat
    calls: tuple[str, ...]
    annotations: tuple[Annotation, ...] = ()
    notes: Mapping[int, str] = field(default_factory=dict)
    ended: bool = False
    line: int = field(default=0, compare=False)

    def seat(self, index: int) -> Seat:
        return self.first.rotate(index)

    def annotation(self, index: int) -> Annotation | None:
        return next((a for a in self.annotations if a.index == index), None)

    def made(self) -> tuple[tuple[Seat, str], ...]:
        """The calls actually made, with their seats: leading "-" (not yet this seat's turn) dropped and
        "AP" expanded to its passes (three, or four when it is the first call)."""
        out: list[tuple[Seat, str]] = []
        for i, call in enumerate(self.calls):
            if call == "-" and not out:
                continue
            if call == "AP":
                for k in range(4 if not out else 3):
                    out.append((self.seat(i + k), "Pass"))
                break
            out.append((self.seat(i), call))
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Play:
    """The play section: rows of four card tokens, column k being seat ``first.rotate(k)``.

    The columns are fixed by seat, not by the order of play: whoever won the last trick leads the next one
    from their own column. "-" is a card not played (or unknown). ACBL files pad a claimed play with rows
    of "-"; ``recorded`` leaves those off.
    """

    first: Seat
    tricks: tuple[tuple[str, ...], ...]
    annotations: tuple[Annotation, ...] = ()
    notes: Mapping[int, str] = field(default_factory=dict)
    ended: bool = False
    line: int = field(default=0, compare=False)
    trick_lines: tuple[int, ...] = field(default=(), compare=False)

    @property
    def seats(self) -> tuple[Seat, Seat, Seat, Seat]:
        first = self.first
        return (first, first.rotate(1), first.rotate(2), first.rotate(3))

    @property
    def recorded(self) -> tuple[tuple[str, ...], ...]:
        tricks = self.tricks
        n = len(tricks)
        while n and tricks[n - 1] == _EMPTY_ROW:
            n -= 1
        return tricks[:n]

    def by_seat(self, trick: int) -> dict[Seat, str]:
        return dict(zip(self.seats, self.tricks[trick], strict=True))

    def cards(self) -> Iterator[tuple[int, Seat, Card]]:
        """Every card given, as (trick index, seat, card), row by row in column order."""
        seats = self.seats
        for t, row in enumerate(self.tricks):
            for seat, token in zip(seats, row, strict=True):
                card = _CARD_OF.get(token)
                if card is not None:
                    yield t, seat, card


_EMPTY_ROW = ("-", "-", "-", "-")


@dataclass(frozen=True, slots=True)
class Column:
    """A table column from the spec: ``[+|-]name[\\width[L|R]]`` (PBN 2.1 §5.2; "+" descending)."""

    name: str
    order: str = ""
    width: int | None = None
    align: str = ""

    def __str__(self) -> str:
        width = "" if self.width is None else f"\\{self.width}{self.align}"
        return f"{self.order}{self.name}{width}"


@dataclass(frozen=True, slots=True)
class Table:
    """A supplemental table: column spec and rows of strings ("-" irrelevant, "?" unknown, as written)."""

    name: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...] = ()
    line: int = field(default=0, compare=False)

    @property
    def spec(self) -> str:
        return ";".join(str(c) for c in self.columns)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    @classmethod
    def of(
        cls,
        name: str,
        columns: Sequence[str | Column],
        rows: Iterable[Mapping[str, object] | Sequence[object]],
        *,
        fit: bool = True,
    ) -> Table:
        """A table for writing: columns by name (or spec text such as "Score_NS\\6R", or Column), rows as
        mappings by column name or as sequences; None and missing values become "-" (§5.2: irrelevant).

        With ``fit``, a column without a width gets the width of its widest field, right-aligned when
        every field is a number (or "-"), as scoring programs export them."""
        cols = [c if isinstance(c, Column) else parse_columns(c)[0] for c in columns]
        names = [c.name for c in cols]
        table_rows = []
        for row in rows:
            values = [row.get(n) for n in names] if isinstance(row, Mapping) else list(row)
            if len(values) != len(cols):
                raise PBNError(f"[{name}] row {values!r} has {len(values)} fields for {len(cols)} columns")
            table_rows.append(tuple("-" if v is None else str(v) for v in values))
        if fit:
            for k, column in enumerate(cols):
                if column.width is None and table_rows:
                    fields = [row[k] for row in table_rows]
                    numeric = all(_NUMBER.fullmatch(f) or f == "-" for f in fields)
                    width = max(len(_field(f)) for f in fields)
                    cols[k] = Column(column.name, column.order, width, "R" if numeric else "L")
        return cls(name, tuple(cols), tuple(table_rows))

    def records(self) -> list[dict[str, str]]:
        names = self.names
        return [dict(zip(names, row, strict=True)) for row in self.rows]

    def column(self, name: str) -> tuple[str, ...]:
        try:
            k = self.names.index(name)
        except ValueError:
            raise KeyError(f"{self.name} has no column {name!r} (columns: {', '.join(self.names)})") from None
        return tuple(row[k] for row in self.rows)


@dataclass(frozen=True, slots=True)
class Section:
    """Section data after a tag that is not a table, auction or play: kept as its raw elements."""

    name: str
    value: str
    elements: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Game:
    """One PBN game. Build one with ``Game.build``; ``parse`` makes them from files."""

    tags: Mapping[str, str]
    deal: Deal | None = None
    auction: Auction | None = None
    play: Play | None = None
    tables: Mapping[str, Table] = field(default_factory=dict)
    sections: tuple[Section, ...] = ()
    comments: tuple[Comment, ...] = ()
    tag_lines: Mapping[str, int] = field(default_factory=dict, compare=False)
    ignored: tuple[Tag, ...] = field(default=(), compare=False)
    errors: tuple[PBNError, ...] = field(default=(), compare=False)
    warnings: tuple[str, ...] = field(default=(), compare=False)
    line: int = field(default=0, compare=False)
    index: int = field(default=0, compare=False)
    source: str | None = field(default=None, compare=False)

    @classmethod
    def build(
        cls,
        tags: Mapping[str, str],
        *,
        deal: Deal | None = None,
        auction: Auction | None = None,
        play: Play | None = None,
        tables: Iterable[Table] = (),
        sections: Iterable[Section] = (),
        comments: Iterable[Comment] = (),
    ) -> Game:
        """A game from typed parts, checked as a parsed game is (raises PBNError). A ``deal`` fills the
        Deal tag, written from the dealer's seat as export format wants."""
        values = dict(tags)
        reserved = [name for name in values if name in ("Auction", "Play", "Note") or name in TABLES]
        if reserved:
            raise PBNError(
                f"[{reserved[0]}] is a section: give it as auction=, play= or tables=, not as a tag"
            )
        sections = tuple(sections)
        tables = tuple(tables)
        for table in tables:
            if not table.name.endswith("Table") or table.name == "Table":
                raise PBNError(
                    f"table {table.name!r}: a table's tag name ends in 'Table', as ScoreTable does"
                )
        for name, value in [*values.items(), *((s.name, s.value) for s in sections)]:
            _check_writable(name, value)
        if deal is not None:
            dealer = _SEAT.get(values.get("Dealer", ""), Seat.NORTH)
            values["Deal"] = deal.to_pbn(dealer)
        elif values.get("Deal", "") not in ("", "?"):
            try:
                deal = _parse_deal(values["Deal"])
            except DealError as exc:
                raise PBNError(f"[Deal {values['Deal']!r}]: {exc}") from None
        game = cls(
            values,
            deal=deal,
            auction=auction,
            play=play,
            tables={t.name: t for t in tables},
            sections=sections,
            comments=tuple(comments),
        )
        _validate(game, lambda message, line=None: _raise(message, line, None), {})
        return game

    def _tag_value(self, name: str) -> str | None:
        value = self.tags.get(name)
        return None if value is None or value in ("", "?") else value

    @property
    def board(self) -> int | None:
        return _board(self.tags)

    @property
    def dealer(self) -> Seat | None:
        return _SEAT.get(self.tags.get("Dealer", ""))

    @property
    def vulnerable(self) -> Vulnerability | None:
        return _VULNERABLE.get(self.tags.get("Vulnerable", "").lower())

    @property
    def declarer(self) -> Seat | None:
        """The declarer; an irregular declarer ("^S", declarer and dummy swapped) gives that seat too."""
        return _SEAT.get(self.tags.get("Declarer", "").lstrip("^"))

    @property
    def contract(self) -> str | None:
        """The contract normalised ("4SX", "3NT", "Pass"), or None when not given or not valid."""
        value = self._tag_value("Contract")
        return None if value is None else _normal_contract(value)

    @property
    def result(self) -> int | None:
        """Tricks won by declarer (the Result tag, whichever of its forms), None when unknown."""
        return self._read("Result", _result)

    @property
    def score_ns(self) -> int | None:
        """North-South's score from the Score tag ("NS 430", "EW -50", "NS 430 EW -430", or declarer's)."""
        return self._read("Score", _score_ns)

    def _read(self, name: str, read) -> int | None:
        value = self._tag_value(name)
        try:
            return None if value is None else read(value, self.declarer)
        except ValueError:
            return None

    @property
    def label(self) -> str:
        """How messages name this game: "board 7", or "game 3" when the board number is unknown."""
        return _label(self.tags, self.index)


def _board(tags: Mapping[str, str]) -> int | None:
    value = tags.get("Board", "")
    return int(value) if value.isascii() and value.isdigit() else None


def _label(tags: Mapping[str, str], index: int) -> str:
    board = _board(tags)
    return f"board {board}" if board is not None else f"game {index + 1}"


# --- token tables -------------------------------------------------------------------------------------

_SEAT = {s.value: s for s in SEATS} | {s.value.lower(): s for s in SEATS}
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RANK_LETTERS = "AKQJT98765432"


def _call_table() -> dict[str, str]:
    calls = {"Pass": "Pass", "X": "X", "XX": "XX", "AP": "AP", "-": "-", "+": "+"}
    for level in "1234567":
        for denom in ("C", "D", "H", "S", "NT"):
            calls[level + denom] = level + denom
        calls[level + "N"] = level + "NT"
    table = dict(calls)
    for token, norm in calls.items():
        table[token.lower()] = norm
        table[token.upper()] = norm
    return table


def _card_table() -> tuple[dict[str, str], dict[str, Card]]:
    tokens: dict[str, str] = {"-": "-", "+": "+"}
    cards: dict[str, Card] = {}
    for suit in Suit:
        for rank in Rank:
            if rank is Rank.JOKER:
                continue
            norm = f"{suit.value}{rank.letter}"
            cards[norm] = Card(suit, rank)
            variants = {
                norm,
                norm.lower(),
                suit.value + rank.letter.lower(),
                suit.value.lower() + rank.letter,
            }
            if rank is Rank.TEN:
                variants |= {suit.value + "10", suit.value.lower() + "10"}
            for v in variants:
                tokens[v] = norm
    return tokens, cards


_CALLS = _call_table()
_CARDS, _CARD_OF = _card_table()
_HAND_CARDS = {
    (k, letter): Card(suit, Rank.parse(letter))
    for k, suit in enumerate(_PBN_SUITS)
    for letter in _RANK_LETTERS
}
_HAND_CARDS |= {(k, letter.lower()): card for (k, letter), card in list(_HAND_CARDS.items())}

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_DATA = re.compile(r'(?:"(?:[^"\\]|\\.)*"|[^\[;{"])+')
_ANNOTATED = re.compile(
    r"\s*(?:(?P<tok>[A-Za-z0-9-]+)|=(?P<note>\d+)=|\$(?P<nag>\d+)|(?P<suffix>[!?]{1,2})"
    r"|\^(?P<irr>[ISRLisrl])|(?P<star>\*)|(?P<plus>\+)|(?P<bad>\S))"
)
_ELEMENT = re.compile(r'"((?:[^"\\]|\\.)*)"|([^\s"]+)')
_COLUMN = re.compile(r"([+-]?)(.*?)(?:\\(\d+)([LRlr]?))?")
_CONTRACT = re.compile(r"([1-7])(NT|N|S|H|D|C)(XX|X)?", re.IGNORECASE)
_DENOMINATION = re.compile(r"(NT|N|S|H|D|C)", re.IGNORECASE)
_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")
_ESCAPE = re.compile(r"\\([\\\"])")


def _unescape(value: str) -> str:
    """PBN string escapes (§3.2): \\" is a quote, \\\\ a backslash; any other backslash stays (column specs)."""
    return _ESCAPE.sub(r"\1", value) if "\\" in value else value


def _escape(value: str) -> str:
    r"""The inverse of ``_unescape``: a backslash is doubled only where it would otherwise be read as an
    escape, so column specs keep their single backslash (``Rank\2R``) as other programs write them."""
    if "\\" not in value and '"' not in value:
        return value
    out = []
    for i, ch in enumerate(value):
        if ch == "\\":
            nxt = value[i + 1 : i + 2]
            out.append("\\\\" if nxt in ("\\", '"', "") else "\\")
        elif ch == '"':
            out.append('\\"')
        else:
            out.append(ch)
    return "".join(out)


def _raise(message: str, line: int | None, source: str | None) -> None:
    raise PBNError(message, line, source)


# --- value checks shared by the parser, Game.build and the typed properties ---------------------------


def _normal_contract(value: str) -> str | None:
    if value.lower() == "pass":
        return "Pass"
    m = _CONTRACT.fullmatch(value)
    if m:
        denom = m.group(2).upper()
        return f"{m.group(1)}{'NT' if denom in ('N', 'NT') else denom}{(m.group(3) or '').upper()}"
    if _DENOMINATION.fullmatch(value):  # an end position gives the trump only (PBN §3.10)
        return "NT" if value.upper() in ("N", "NT") else value.upper()
    return None


def _result(value: str, declarer: Seat | None) -> int:
    """Declarer's tricks from a Result value: "9", "^9", "NS 9", "EW 4 NS 9" (PBN §3.4.15)."""
    parts = value.lstrip("^").split()
    if len(parts) == 1:
        tricks = int(parts[0])
    elif len(parts) in (2, 4) and declarer is not None:
        sides = dict(zip(parts[0::2], (int(p) for p in parts[1::2]), strict=True))
        side = declarer.side.value
        other = declarer.side.other.value
        if side in sides:
            tricks = sides[side]
        elif other in sides:
            tricks = 13 - sides[other]
        else:
            raise ValueError(value)
    else:
        raise ValueError(value)
    if not 0 <= tricks <= 13:
        raise ValueError(value)
    return tricks


def _score_ns(value: str, declarer: Seat | None) -> int:
    """NS's score from a Score value (PBN §4.2.1's five forms)."""
    parts = value.split()
    if len(parts) == 1:
        points = int(parts[0])
        if declarer is None and points:
            raise ValueError(value)
        return points if declarer is None or declarer.side is Side.NS else -points
    if len(parts) not in (2, 4):
        raise ValueError(value)
    sides = dict(zip(parts[0::2], (int(p) for p in parts[1::2]), strict=True))
    if "NS" in sides:
        return sides["NS"]
    if "EW" in sides:
        return -sides["EW"]
    raise ValueError(value)


def _parse_deal(value: str, holdings: tuple[dict[str, frozenset[Card]], ...] | None = None) -> Deal:
    """The Deal tag: four hands, four suits each, no card twice, every given hand the same size (13, or
    fewer for an end position, PBN §3.10); "-" is a hand not given.

    The checks are Deal's own, done on sets whose members' hashes are already stored: a Card's hash runs
    Python code, and hashing each card as Deal() does takes two thirds of the time of reading a played game.
    ``holdings`` (one dict per suit, see ``_new_holdings``) caches each holding's cards across a file."""
    if len(value) < 2 or value[1] != ":" or value[0] not in _SEAT:
        raise DealError(f"deal {value!r} must start with the first seat and a colon, as in 'N:'")
    parts = value[2:].split()
    if len(parts) != 4:
        raise DealError(f"deal {value!r} has {len(parts)} hands, expected 4")
    spades, hearts, diamonds, clubs = holdings or _new_holdings()
    start = "NESW".index(value[0].upper())
    hands: list[frozenset[Card]] = [_NO_CARDS] * 4  # in SEATS order; Seat keys would hash in Python code
    given = []
    for i, part in enumerate(parts):
        at = (start + i) % 4
        if part == "-":
            continue
        suits = part.split(".")
        if len(suits) != 4:
            raise DealError(f"{SEATS[at].name.title()}'s hand {part!r} has {len(suits)} suits, expected 4")
        s, h, d, c = suits
        try:
            hands[at] = spades[s] | hearts[h] | diamonds[d] | clubs[c]
        except KeyError:
            for k, (cache, holding) in enumerate(zip((spades, hearts, diamonds, clubs), suits, strict=True)):
                if holding not in cache:
                    cache[holding] = _holding(k, holding, SEATS[at], part)
            hands[at] = spades[s] | hearts[h] | diamonds[d] | clubs[c]
        given.append(at)
    counts = [len(hands[at]) for at in given]
    if len(set(counts)) > 1:
        expected = 13 if 13 in counts else max(counts, key=counts.count)
        at = next(at for at in sorted(given) if len(hands[at]) != expected)
        raise DealError(f"{len(hands[at])} cards in {SEATS[at].name.title()}'s hand, expected {expected}")
    if len(frozenset().union(*hands)) != sum(counts):
        Deal(dict(zip(SEATS, hands, strict=True)))  # raises DealError naming the card that is in two hands
    deal = object.__new__(Deal)  # checked above; Deal.__post_init__ would hash all 52 cards again
    object.__setattr__(deal, "hands", dict(zip(SEATS, hands, strict=True)))
    return deal


def _new_holdings() -> tuple[dict[str, frozenset[Card]], ...]:
    """Per suit (spades first, as PBN writes hands), holding text -> its cards; "" is a void."""
    return tuple({"": _NO_CARDS} for _ in range(4))


_NO_CARDS: frozenset[Card] = frozenset()


def _holding(k: int, holding: str, seat: Seat, hand: str) -> frozenset[Card]:
    try:
        cards = [_HAND_CARDS[k, letter] for letter in holding]
    except KeyError as exc:
        raise DealError(f"{seat.name.title()}'s hand {hand!r}: {exc.args[0][1]!r} is not a rank") from None
    held = frozenset(cards)
    if len(held) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise DealError(f"{seat.name.title()}'s hand {hand!r} holds {twice} twice")
    return held


_CHECKS = (
    ("Board", lambda v, g: g.board is not None and g.board > 0, "a board number (1, 2, ...)"),
    ("Dealer", lambda v, g: v in _SEAT, "N, E, S or W"),
    ("Vulnerable", lambda v, g: v.lower() in _VULNERABLE, "None, NS, EW or All"),
    ("Declarer", lambda v, g: v.lstrip("^") in _SEAT and len(v) <= 2, "N, E, S or W"),
    ("Contract", lambda v, g: _normal_contract(v) is not None, "Pass or a contract such as 4SX or 3NT"),
    ("Result", lambda v, g: _ok(_result, v, g.declarer), "declarer's tricks, 0 to 13"),
    ("Score", lambda v, g: _ok(_score_ns, v, g.declarer), "a score such as 'NS 430' or 'EW -50'"),
)


# Values seen in nearly every file, accepted without running their check (a sixth of the reading time).
_KNOWN_GOOD = {
    "Board": frozenset(str(n) for n in range(1, 1000)),
    "Dealer": frozenset(_SEAT),
    "Vulnerable": frozenset(v.value for v in Vulnerability) | frozenset(_VULNERABLE),
    "Declarer": frozenset(_SEAT) | frozenset("^" + s for s in _SEAT),
    "Contract": frozenset(v for k, v in _CALLS.items() if k[0] in "1234567") | {"Pass"},
    "Result": frozenset(str(n) for n in range(14)),
}


def _validate(game: Game, error, tag_lines: Mapping[str, int]) -> None:
    """Check the typed tags of a game; report each problem through ``error(message, line)``."""
    tags = game.tags
    for name, ok, expected in _CHECKS:
        value = tags.get(name)
        if value and value != "?" and value not in _KNOWN_GOOD.get(name, ()) and not ok(value, game):
            error(f'{game.label}: [{name} "{value}"] is not {expected}', tag_lines.get(name))


def _ok(fn, value: str, declarer: Seat | None) -> bool:
    try:
        fn(value, declarer)
    except ValueError:
        return False
    return True


# --- reading ------------------------------------------------------------------------------------------


def decode(data: bytes) -> str:
    """Text of a PBN file. A UTF-16 BOM decides; otherwise (after any UTF-8 BOM) UTF-8 if the whole file is
    UTF-8, else each line is UTF-8 when it decodes as such and ISO-8859-1 (the PBN standard's character
    set, §2.2) when not. Never fails: every byte string is some ISO-8859-1 text."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    out = []
    for line in data.split(b"\n"):
        try:
            out.append(line.decode("utf-8"))
        except UnicodeDecodeError:
            out.append(line.decode("iso-8859-1"))
    return "\n".join(out)


def parse(data: str | bytes, *, source: str | None = None, strict: bool = True) -> list[Game]:
    """Every game in a PBN file (see the module docstring)."""
    text = data if isinstance(data, str) else decode(data)
    if text.startswith("\ufeff"):
        text = text[1:]
    # The reader makes many small objects that hold no cycles; CPython's cyclic collector would scan them
    # again and again as they pile up (a third of the time on a 7,000-game archive), so it waits.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _Parser(source, strict).run(text)
    finally:
        if collecting:
            gc.enable()


def parse_file(path: str | Path, *, strict: bool = True) -> list[Game]:
    path = Path(path)
    return parse(path.read_bytes(), source=path.name, strict=strict)


_NONE, _AUCTION, _PLAY, _PENDING, _TABLE, _SECTION, _IGNORED = range(7)


class _Parser:
    """Line-driven reader. Fast paths handle the common lines (runs of plain tags with the plain call and
    card rows after them, table rows without quotes); anything else goes through the token scanner."""

    __slots__ = (
        "anchor", "auction", "auction_ann", "auction_ended", "auction_notes", "calls", "comments", "deals",
        "defaults", "element_lines", "elements", "errors", "games", "holdings", "ignored", "irregularity",
        "last_value", "note_owner", "partial", "partial_line", "pending", "pending_table", "play", "play_ann",
        "play_ended", "play_notes", "row_lines", "rows", "section", "sections", "source", "start", "strict",
        "tables", "tag_lines", "tags", "warnings",
    )  # fmt: skip

    def __init__(self, source: str | None, strict: bool) -> None:
        self.source = source
        self.strict = strict
        self.games: list[Game] = []
        self.last_value: dict[str, str] = {}  # for "#": the latest real value of each tag
        self.defaults: dict[str, str] = {}  # for "##": values that hold until redefined
        self.deals: dict[str, Deal] = {}
        self.holdings = _new_holdings()
        self._reset()

    def _reset(self) -> None:
        self.tags: dict[str, str] = {}
        self.tag_lines: dict[str, int] = {}
        self.ignored: list[Tag] = []
        self.comments: list[Comment] = []
        self.errors: list[PBNError] = []
        self.warnings: list[str] = []
        self.start = 0
        self.section = _NONE
        self.anchor = ""
        self.pending: tuple[str, str, int] | None = None  # a tag that may turn out to head a section
        self.pending_table = False
        self.elements: list[str] = []
        self.element_lines: list[tuple[int, int]] = []  # (line, how many elements on it)
        self.tables: dict[str, Table] = {}
        self.sections: list[Section] = []
        self.auction: tuple[Seat, int] | None = None
        self.calls: list[str] = []
        self.auction_notes: dict[int, str] = {}
        self.auction_ann: dict[int, list] = {}
        self.auction_ended = False
        self.play: tuple[Seat, int] | None = None
        self.rows: list[tuple[str, ...]] = []
        self.row_lines: list[int] = []
        self.partial: list[str] = []
        self.partial_line = 0
        self.play_notes: dict[int, str] = {}
        self.play_ann: dict[int, list] = {}
        self.play_ended = False
        self.irregularity = ""
        self.note_owner = _NONE

    # -- problems

    def error(self, message: str, line: int | None) -> None:
        err = PBNError(message, line, self.source)
        if self.strict:
            raise err
        self.errors.append(err)

    def warn(self, message: str, line: int) -> None:
        self.warnings.append(f"line {line}: {message}")

    # -- main loop

    def run(self, text: str) -> list[Game]:
        if "\r" in text:  # CRLF (export format) and CR (old Macintosh) line ends
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        count = len(lines)
        brace: list[str] | None = None
        brace_line = 0
        carry = ""
        carry_line = 0
        calls_of = _CALLS.get
        cards_of = _CARDS.get
        i = 0
        while i < count:
            raw = lines[i]
            i += 1
            whole = True  # the line as it is in the file (no comment end or carried tag before it)
            if brace is not None:
                end = raw.find("}")
                if end < 0:
                    brace.append(raw.rstrip())  # trailing white space is not part of a comment
                    continue
                brace.append(raw[:end])
                self.comment("\n".join(brace), True, brace_line)
                brace = None
                raw = raw[end + 1 :]
                whole = False
                if not raw.strip():
                    continue
            elif raw[:1] == "%":
                continue
            s = raw.strip()
            if carry:
                s = carry + " " + s
                carry = ""
                whole = False
            elif not s:
                if self.start:
                    self.end_game()
                continue
            if not self.start:
                self.start = i
            first = s[0]
            if first == "[":
                after = self.plain_lines(lines, i - 1) if whole else i - 1
                if after >= i:
                    i = after
                    continue
                m = _TAG.match(s)
                if m is not None and m.end() == len(s):
                    self.tag(m.group(1), m.group(2), i)
                    continue
            elif ";" not in s and "{" not in s:
                section = self.section
                if section == _PLAY:
                    norm = tuple(map(cards_of, s.split()))
                    if len(norm) == 4 and not self.partial and not self.irregularity and None not in norm:
                        self.rows.append(norm)
                        self.row_lines.append(i)
                        continue
                elif section == _AUCTION:
                    norm = list(map(calls_of, s.split()))
                    if None not in norm and not self.irregularity:
                        self.calls.extend(norm)
                        continue
                elif section in (_TABLE, _PENDING, _SECTION) and '"' not in s:
                    self.data_elements(s.split(), i)
                    continue
            brace, carry = self.scan(s, i)
            if brace is not None:
                brace_line = i
            if carry:
                carry_line = i
        if brace is not None:
            self.error(f"a comment opened with '{{' on line {brace_line} is never closed", brace_line)
        if carry:
            self.error(f"tag {carry.strip()!r} is not closed", carry_line)
        if self.start:
            self.end_game()
        return self.games

    def plain_lines(self, lines: list[str], i: int) -> int:
        """The fast path: from line index i, as many lines as are one plain tag each (no escapes, nothing
        else on the line), with the plain rows of calls or cards after an Auction or Play tag. Returns the
        index of the first line it leaves to the general path."""
        count = len(lines)
        cards_of = _CARDS.get
        calls_of = _CALLS.get
        while i < count:
            s = lines[i].strip()
            q = s.find('"')
            if q < 2 or s[0] != "[" or s[-2:] != '"]' or s.find('"', q + 1) != len(s) - 2 or "\\" in s:
                break
            name = s[1:q].strip()
            if not name.isascii() or not (name.isalnum() or name.replace("_", "").isalnum()):
                break
            i += 1
            self.tag(name, s[q + 1 : -2], i)
            section = self.section
            if section == _PLAY:
                rows = self.rows
                row_lines = self.row_lines
                while i < count:
                    row = tuple(map(cards_of, lines[i].split()))
                    if len(row) != 4 or None in row:
                        break
                    i += 1
                    rows.append(row)
                    row_lines.append(i)
            elif section == _AUCTION:
                calls = self.calls
                while i < count:
                    norm = list(map(calls_of, lines[i].split()))
                    if not norm or None in norm:
                        break
                    i += 1
                    calls.extend(norm)
        return i

    def scan(self, s: str, lineno: int) -> tuple[list[str] | None, str]:
        """The general path for one line: tags, comments and section data in any mix.

        Returns an open brace comment's first part, and an unfinished tag to join to the next line."""
        pos = 0
        n = len(s)
        while pos < n:
            ch = s[pos]
            if ch.isspace():
                pos += 1
            elif ch == "[":
                m = _TAG.match(s, pos)
                if m is None:
                    if "]" not in s[pos:]:
                        return None, s[pos:]  # a tag pair may span lines in import format (§3.3)
                    self.error(f'malformed tag {s[pos:]!r} (expected [Name "value"])', lineno)
                    return None, ""
                self.tag(m.group(1), m.group(2), lineno)
                pos = m.end()
            elif ch == ";":
                self.comment(s[pos + 1 :], False, lineno)
                return None, ""
            elif ch == "{":
                end = s.find("}", pos + 1)
                if end < 0:
                    return [s[pos + 1 :]], ""
                self.comment(s[pos + 1 : end], True, lineno)
                pos = end + 1
            else:
                m = _DATA.match(s, pos)
                if m is None:  # an unterminated quote
                    self.error(f"unterminated string in {s[pos:]!r}", lineno)
                    return None, ""
                self.data(m.group(), lineno)
                pos = m.end()
        return None, ""

    def comment(self, text: str, brace: bool, lineno: int) -> None:
        self.comments.append(Comment(text, brace, self.anchor, lineno))

    # -- tags

    def tag(self, name: str, raw: str, lineno: int) -> None:
        section = self.section
        if section == _PENDING and not self.pending_table:
            self.section = _NONE
        elif section != _NONE:
            self.end_section()
        self.anchor = name
        value = _unescape(raw) if "\\" in raw else raw
        if name == "Note":
            self.note(value, lineno)
        elif name == "Auction" or name == "Play":
            self.section_tag(name, value, lineno)
        elif name in self.tags or name in self.tables:
            self.ignore(name, value, lineno)
        else:
            if value[:1] == "#":
                value = self.inherit(name, value, lineno)
            elif name in self.defaults:
                self.defaults[name] = value
            self.tags[name] = value
            self.tag_lines[name] = lineno
            self.pending = (name, value, lineno)
            self.pending_table = name in TABLES
            self.section = _PENDING

    def ignore(self, name: str, value: str, lineno: int) -> None:
        self.ignored.append(Tag(name, value, lineno))
        self.warn(f"a second [{name}] is ignored (PBN §3.4: a repeated tag pair is ignored)", lineno)
        self.section = _IGNORED

    def section_tag(self, name: str, value: str, lineno: int) -> None:
        auction = name == "Auction"
        if (self.auction if auction else self.play) is not None:
            self.ignore(name, value, lineno)
            return
        if value[:1] == "#":
            value = self.inherit(name, value, lineno)
        seat = _SEAT.get(value)
        if seat is None:
            role = "the first caller" if auction else "the opening leader"
            self.error(f"[{name} {value!r}]: {role} must be N, E, S or W", lineno)
            self.section = _IGNORED
        elif auction:
            self.auction = (seat, lineno)
            self.section = self.note_owner = _AUCTION
        else:
            self.play = (seat, lineno)
            self.section = self.note_owner = _PLAY

    def inherit(self, name: str, value: str, lineno: int) -> str:
        """PBN §4.8: "#" takes the latest real value of the tag; "##text" gives text to this game and to
        every later game that lacks the tag, until the tag is given again."""
        if name in NO_INHERITANCE:
            self.warn(f"[{name} {value!r}]: PBN §4.8 does not allow inheritance for {name}", lineno)
        if value.startswith("##"):
            value = value[2:]
            if name not in ("Auction", "Play") and name not in TABLES:  # identification tags only
                self.defaults[name] = value
            return value
        if value == "#":
            return self.last_value.get(name, "")
        return value

    def note(self, value: str, lineno: int) -> None:
        number, colon, text = value.partition(":")
        if not colon or not number.strip().isascii() or not number.strip().isdigit():
            self.error(f"[Note {value!r}] must be '<number>:<text>'", lineno)
            return
        owner = self.note_owner
        if owner == _NONE:
            self.warn(f"[Note {value!r}] comes before any auction or play; kept with the auction", lineno)
            owner = _AUCTION
        notes = self.auction_notes if owner == _AUCTION else self.play_notes
        index = int(number)
        if index in notes:
            self.warn(f"a second note {index} is ignored", lineno)
            return
        notes[index] = text
        self.section = owner  # calls or cards may still follow their notes

    # -- section data

    def data(self, text: str, lineno: int) -> None:
        section = self.section
        if section == _AUCTION:
            self.annotated(text, lineno, auction=True)
        elif section == _PLAY:
            self.annotated(text, lineno, auction=False)
        elif section in (_PENDING, _TABLE, _SECTION):
            elements = []
            for m in _ELEMENT.finditer(text):
                quoted, bare = m.groups()
                elements.append(bare if bare is not None else _unescape(quoted))
            self.data_elements(elements, lineno)
        elif section == _NONE:
            self.error(
                f"{text.strip()!r} is outside any section (expected a tag, a comment or a blank line)", lineno
            )

    def data_elements(self, elements: list[str], lineno: int) -> None:
        if self.section == _PENDING:
            name = self.pending[0]
            del self.tags[name]
            self.section = _TABLE if name.endswith("Table") and name != "Table" else _SECTION
        self.elements.extend(elements)
        self.element_lines.append((lineno, len(elements)))

    def annotated(self, text: str, lineno: int, *, auction: bool) -> None:
        """Calls or cards with annotations (§3.5.2, §3.6.2, §3.9)."""
        table = _CALLS if auction else _CARDS
        what, where = ("call", "auction") if auction else ("card", "play")
        for m in _ANNOTATED.finditer(text):
            kind = m.lastgroup
            if kind == "irr" and auction and m.group("irr") in "Ss":
                kind, token = "tok", "^S"  # ^S stands for the call of the player who was skipped
            elif kind == "tok" or kind == "plus":
                token = m.group(kind)
            if kind == "tok" or kind == "plus":
                norm = "^S" if token == "^S" else table.get(token)
                if norm is None:
                    self.error(f"{token!r} is not a {what}", lineno)
                elif self.auction_ended if auction else self.play_ended:
                    self.error(f"{what} {token!r} after the closing '*'", lineno)
                else:
                    self.token(norm, lineno, auction)
            elif kind == "star":
                if auction:
                    self.auction_ended = True
                else:
                    self.play_ended = True
            elif kind == "irr":
                letter = m.group("irr").upper()
                if letter == "I" if auction else letter in ("R", "L"):
                    self.irregularity = letter
                else:
                    self.error(f"irregularity '^{letter}' does not belong in the {where}", lineno)
            elif kind == "bad":
                self.error(f"{m.group('bad')!r} is not allowed in the {where}", lineno)
            elif not self._annotatable(auction):
                self.error(f"annotation {m.group().strip()!r} before any {what}", lineno)
            else:
                ann = self._annotation(auction)
                if kind == "note":
                    ann[1] = int(m.group("note"))
                elif kind == "nag":
                    ann[3].append(int(m.group("nag")))
                else:
                    ann[2] = m.group("suffix")

    def token(self, norm: str, lineno: int, auction: bool) -> None:
        if auction:
            self.calls.append(norm)
        else:
            if not self.partial:
                self.partial_line = lineno
            self.partial.append(norm)
        if self.irregularity:
            self._annotation(auction)[4] = self.irregularity
            self.irregularity = ""
        if not auction and len(self.partial) == 4:
            self.flush_trick()

    def _annotatable(self, auction: bool) -> bool:
        return bool(self.calls) if auction else bool(self.rows or self.partial)

    def _annotation(self, auction: bool) -> list:
        if auction:
            index, store = len(self.calls) - 1, self.auction_ann
        else:
            index, store = len(self.rows) * 4 + len(self.partial) - 1, self.play_ann
        ann = store.get(index)
        if ann is None:
            ann = store[index] = [index, None, "", [], ""]
        return ann

    def flush_trick(self) -> None:
        row = self.partial + ["-"] * (4 - len(self.partial))
        self.rows.append(tuple(row))
        self.row_lines.append(self.partial_line)
        self.partial = []

    def end_section(self) -> None:
        section = self.section
        if section in (_TABLE, _SECTION):
            name, value, lineno = self.pending
            if section == _TABLE:
                self.tables[name] = self.make_table(name, value, lineno)
            else:
                self.sections.append(Section(name, value, tuple(self.elements), lineno))
            self.elements = []
            self.element_lines = []
        elif section == _PENDING:
            name, value, lineno = self.pending
            if self.pending_table:
                del self.tags[name]
                self.tables[name] = self.make_table(name, value, lineno)
        self.pending = None
        self.section = _NONE

    def make_table(self, name: str, spec: str, lineno: int) -> Table:
        columns = parse_columns(spec)
        width = len(columns)
        elements = self.elements
        if not width:
            if elements:
                self.error(f"[{name}] has data but no columns", lineno)
            return Table(name, (), (), lineno)
        if all(count == width for _, count in self.element_lines):
            rows = [tuple(elements[i : i + width]) for i in range(0, len(elements), width)]
        else:
            if len(elements) % width:
                bad = next(line for line, count in self.element_lines if count != width)
                count = dict(self.element_lines)[bad]
                self.error(
                    f"[{name}] row has {count} field{'s' * (count != 1)}, expected {width} ({', '.join(c.name for c in columns)})",
                    bad,
                )
            rows = [tuple(elements[i : i + width]) for i in range(0, len(elements) - width + 1, width)]
        return Table(name, columns, tuple(rows), lineno)

    # -- end of a game

    def end_game(self) -> None:
        if self.section != _NONE:
            self.end_section()
        if self.partial:
            self.flush_trick()
        if self.irregularity:
            self.error(f"irregularity '^{self.irregularity}' is not followed by a call or card", self.start)
        tags = self.tags
        if not tags and not self.tag_lines and not self.tables and self.auction is None and self.play is None:
            self._reset()
            return
        for name, value in self.defaults.items():
            if name not in tags and name not in self.tables:
                tags[name] = value
        self.last_value.update(tags)
        if self.tables:
            self.last_value.update((name, t.spec) for name, t in self.tables.items())
        index = len(self.games)
        deal = None
        deal_value = tags.get("Deal")
        if deal_value and deal_value != "?":
            deal = self.deals.get(deal_value)
            if deal is None:
                try:
                    deal = self.deals[deal_value] = _parse_deal(deal_value, self.holdings)
                except DealError as exc:
                    self.error(f"{_label(tags, index)}: {exc}", self.tag_lines.get("Deal"))
        auction = play = None
        if self.auction is not None:
            seat, line = self.auction
            anns = self.annotations(self.auction_ann, self.auction_notes, "auction", line)
            auction = Auction(seat, tuple(self.calls), anns, self.auction_notes, self.auction_ended, line)
        if self.play is not None:
            seat, line = self.play
            anns = self.annotations(self.play_ann, self.play_notes, "play", line)
            play = Play(
                seat, tuple(self.rows), anns, self.play_notes, self.play_ended, line, tuple(self.row_lines)
            )
        game = Game(
            tags,
            deal,
            auction,
            play,
            self.tables,
            tuple(self.sections),
            tuple(self.comments),
            self.tag_lines,
            tuple(self.ignored),
            (),
            (),
            self.start,
            index,
            self.source,
        )
        _validate(game, self.error, self.tag_lines)
        if self.errors or self.warnings:
            object.__setattr__(game, "errors", tuple(self.errors))
            object.__setattr__(game, "warnings", tuple(self.warnings))
        self.games.append(game)
        self._reset()

    def annotations(self, found: dict[int, list], notes: Mapping[int, str], where: str, line: int) -> tuple:
        """The annotations found, frozen; a note reference without its [Note] is a warning."""
        if not found:
            return ()
        anns = tuple(
            Annotation(i, note, suffix, tuple(nags), irr) for i, note, suffix, nags, irr in found.values()
        )
        for ann in anns:
            if ann.note is not None and ann.note not in notes:
                self.warn(f"{where} refers to note {ann.note}, which has no [Note]", line)
        return anns


def parse_columns(spec: str) -> tuple[Column, ...]:
    """A table's column spec, "Table\\2R;Contract\\4L;Score_NS" (§5.2), as Columns."""
    if not spec.strip():
        return ()
    columns = []
    for part in spec.split(";"):
        m = _COLUMN.fullmatch(part.strip())
        order, name, width, align = m.groups()
        columns.append(Column(name, order, int(width) if width else None, (align or "").upper()))
    return tuple(columns)


# --- writing ------------------------------------------------------------------------------------------

_UNQUOTED = re.compile(r'[^\s\[\]{};"%]+')
_HOLDING = "A?K?Q?J?T?9?8?7?6?5?4?3?2?"
_HAND = rf"(?:{_HOLDING}\.{_HOLDING}\.{_HOLDING}\.{_HOLDING}|-)"
_EXPORT_DEAL = re.compile(rf"[NESW]:{_HAND} {_HAND} {_HAND} {_HAND}")
"""A Deal tag already in export form: upper case, ranks in order, single spaces."""


def _check_writable(name: str, value: str) -> None:
    if not re.fullmatch(r"[A-Za-z0-9_]+", name):
        raise PBNError(f"tag name {name!r} must be letters, digits and underscores")
    if "\n" in value or "\r" in value or "\t" in value:
        raise PBNError(f"[{name}] value {value!r} has a line break or tab, which PBN strings cannot hold")
    if value[:1] == "#":
        raise PBNError(f"[{name}] value {value!r} starts with '#', which PBN reads as inheritance (§4.8)")


def _tag_line(name: str, value: str) -> str:
    _check_writable(name, value)
    return f'[{name} "{_escape(value)}"]'


def _field(value: str) -> str:
    if value and _UNQUOTED.fullmatch(value) and value[0] != '"':
        return value
    if "\n" in value or "\r" in value or "\t" in value:
        raise PBNError(f"table field {value!r} has a line break or tab")
    return f'"{_escape(value)}"'


def _annotated_tokens(tokens: Sequence[str], annotations: Iterable[Annotation], offset: int = 0) -> list[str]:
    by_index = {a.index: a for a in annotations}
    out = []
    for i, token in enumerate(tokens, offset):
        ann = by_index.get(i)
        if ann is None:
            out.append(token)
            continue
        text = (f"^{ann.irregularity} " if ann.irregularity else "") + token + ann.suffix
        if ann.note is not None:
            text += f" ={ann.note}="
        for nag in ann.nags:
            text += f" ${nag}"
        out.append(text)
    return out


def _write_game(game: Game, export: bool) -> list[str]:
    lines: list[str] = []
    comments: dict[str, list[Comment]] = {}
    for c in game.comments:
        comments.setdefault(c.anchor, []).append(c)

    def put_comments(anchor: str) -> None:
        for c in comments.pop(anchor, ()):
            if c.brace:
                if "}" in c.text:
                    raise PBNError(f"comment {c.text!r} holds a '}}', which a brace comment cannot")
                lines.append("{" + c.text + "}")
            else:
                if "\n" in c.text:
                    raise PBNError(f"comment {c.text!r} has a line break, which a ';' comment cannot")
                lines.append(";" + c.text)

    put_comments("")
    tags = game.tags
    auction = game.auction
    if export:
        tags = _export_values(game)
        names = list(MANDATORY_TAGS) + sorted(n for n in tags if n not in MANDATORY_TAGS)
        if auction is not None:
            auction = _from_dealer(auction, game.dealer)
    else:
        names = list(tags)
    for name in names:
        lines.append(_tag_line(name, tags.get(name, "?")))
        put_comments(name)
    if auction is not None:
        lines.append(_tag_line("Auction", auction.first.value))
        tokens = _annotated_tokens(auction.calls, auction.annotations)
        if auction.ended:
            tokens.append("*")
        lines.extend(" ".join(tokens[i : i + 4]) for i in range(0, len(tokens), 4))
        put_comments("Auction")
        for index in sorted(auction.notes):
            lines.append(_tag_line("Note", f"{index}:{auction.notes[index]}"))
        if auction.notes:
            put_comments("Note")
    play = game.play
    if play is not None:
        lines.append(_tag_line("Play", play.first.value))
        for t, row in enumerate(play.tricks):
            if len(row) != 4:
                raise PBNError(f"{game.label}: trick {t + 1} has {len(row)} cards; a play row has 4 columns")
            anns = [a for a in play.annotations if a.trick == t]
            lines.append(" ".join(_annotated_tokens(row, anns, t * 4)))
        if play.ended:
            lines.append("*")
        put_comments("Play")
        for index in sorted(play.notes):
            lines.append(_tag_line("Note", f"{index}:{play.notes[index]}"))
        if play.notes:
            put_comments("Note")
    supplemental: list[Table | Section] = [*game.tables.values(), *game.sections]
    if export:  # §3.1: supplemental sections sorted by their tag name
        supplemental.sort(key=lambda t: t.name)
    for section in supplemental:
        if isinstance(section, Table):
            lines.append(_tag_line(section.name, section.spec))
            put_comments(section.name)
            lines.extend(_table_rows(section))
            continue
        lines.append(_tag_line(section.name, section.value))
        put_comments(section.name)
        elements = [_field(element) for element in section.elements]
        lines.extend(" ".join(elements[i : i + 8]) for i in range(0, len(elements), 8))
    for anchor in list(comments):  # anchors that name nothing written (a dropped duplicate tag)
        put_comments(anchor)
    return lines


def _export_values(game: Game) -> dict[str, str]:
    """Tag values in export format's spelling (§3.4): the deal from the dealer's seat with ranks in order,
    "None"/"All" vulnerability, upper-case seats and contract, Result as declarer's tricks."""
    values = dict(game.tags)
    if game.deal is not None:
        first = game.dealer or _SEAT.get(values["Deal"][:1], Seat.NORTH)
        if values["Deal"][:1] != first.value or not _EXPORT_DEAL.fullmatch(values["Deal"]):
            values["Deal"] = game.deal.to_pbn(first)  # sorts Cards: slow, so only when the text is not right
    for name, typed in (
        ("Dealer", game.dealer),
        ("Vulnerable", game.vulnerable),
        ("Contract", game.contract),
    ):
        if typed is not None:
            values[name] = str(typed)
    if game.declarer is not None:
        values["Declarer"] = values["Declarer"].upper()
    if game.result is not None:
        values["Result"] = ("^" if values["Result"].startswith("^") else "") + str(game.result)
    return values


def _from_dealer(auction: Auction, dealer: Seat | None) -> Auction:
    """Export format starts the auction with the dealer's call: leading "-" placeholders (an import-format
    table with another seat's column first, §3.5) are dropped when they lead up to the dealer."""
    skip = 0
    while skip < len(auction.calls) and auction.calls[skip] == "-":
        skip += 1
    if (
        not skip
        or auction.first.rotate(skip) is not dealer
        or any(a.index < skip for a in auction.annotations)
    ):
        return auction
    annotations = tuple(dataclasses.replace(a, index=a.index - skip) for a in auction.annotations)
    return dataclasses.replace(auction, first=dealer, calls=auction.calls[skip:], annotations=annotations)


def _table_rows(table: Table) -> Iterator[str]:
    columns = table.columns
    for row in table.rows:
        if len(row) != len(columns):
            raise PBNError(f"[{table.name}] row {row!r} has {len(row)} fields for {len(columns)} columns")
        cells = []
        for column, value in zip(columns, row, strict=True):
            text = _field(value)
            if column.width:
                text = text.rjust(column.width) if column.align == "R" else text.ljust(column.width)
            cells.append(text)
        yield " ".join(cells).rstrip()


def write(games: Iterable[Game], *, export: bool = True) -> str:
    """PBN text for the games. ``export`` gives PBN export format (§2.1): "% PBN 2.1" and "% EXPORT"
    header, the 15 mandatory tags in order ("?" when missing), supplemental tags and tables sorted by
    name, CRLF line ends. Otherwise tags keep their order and lines end with LF."""
    out = ["% PBN 2.1", "% EXPORT"] if export else ["% PBN 2.1"]
    for i, game in enumerate(games):
        if i:
            out.append("")
        out.extend(_write_game(game, export))
    eol = "\r\n" if export else "\n"
    return eol.join(out) + eol


def write_file(path: str | Path, games: Iterable[Game], *, export: bool = True) -> None:
    """Write games to a file in ISO-8859-1, the PBN character set, or in UTF-8 when a name needs it."""
    text = write(games, export=export)
    try:
        data = text.encode("iso-8859-1")
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    Path(path).write_bytes(data)
