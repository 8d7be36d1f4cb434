"""The PBN game model: a Game and its parts as dataclasses (the parts frozen), and the checks of their typed values.

The reader (games.formats.pbn.reader) makes Games from text, the writer writes them, and ``Game.build`` makes
one from a program's values; all three check values with the functions here.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from games.engine.cards import SEATS, Card, Deal, DealError, Seat, Vulnerability
from games.engine.hand_masks import CARD_INDEX, HandMasks
from games.formats.numbers import POSITIVE, NumberError, whole_number
from games.formats.pbn.tables import (
    CALLS,
    CARD_OF,
    HAND_CARDS,
    SEAT,
    TABLES,
    VULNERABLE,
    PBNError,
    check_writable,
    field_text,
    heads_table,
    normal_contract,
    read_result,
    read_score_ns,
)

_COLUMN_FORMAT = re.compile(r"(\d+)([LRlr]?)")  # after a column name's last backslash: width and alignment
_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")


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
        first = self.first.index
        for i, call in enumerate(self.calls):
            if call == "-" and not out:
                continue
            if call == "AP":
                for k in range(4 if not out else 3):
                    out.append((SEATS[(first + i + k) & 3], "Pass"))
                break
            out.append((SEATS[(first + i) & 3], call))
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Play:
    """The play section: rows of four card tokens, column k being seat ``first.rotate(k)``.

    The columns are fixed by seat, not by the order of play: whoever won the last trick leads the next one
    from their own column. "-" is a card not played (or unknown). ACBL files pad a claimed play with rows
    of "-"; ``recorded`` leaves those off.

    The rows are kept as one flat tuple, ``tokens`` (trick k's card of column c at 4k + c): an archive holds
    thousands of plays, and thirteen small tuples each made up most of the garbage collector's work in reading
    one. ``tricks`` gives the rows; ``Play.of`` makes a Play from them.
    """

    first: Seat
    tokens: tuple[str, ...]
    annotations: tuple[Annotation, ...] = ()
    notes: Mapping[int, str] = field(default_factory=dict)
    ended: bool = False
    line: int = field(default=0, compare=False)
    trick_lines: Sequence[int] = field(default=(), compare=False)

    @classmethod
    def of(
        cls,
        first: Seat,
        tricks: Iterable[Sequence[str]],
        annotations: tuple[Annotation, ...] = (),
        notes: Mapping[int, str] | None = None,
        ended: bool = False,
    ) -> Play:
        """A Play from its rows of four tokens."""
        tokens: list[str] = []
        for row in tricks:
            if len(row) != 4:
                raise PBNError(f"trick {len(tokens) // 4 + 1} has {len(row)} cards; a play row has 4 columns")
            tokens += row
        return cls(first, tuple(tokens), annotations, {} if notes is None else notes, ended)

    @property
    def tricks(self) -> tuple[tuple[str, ...], ...]:
        return tuple(zip(*[iter(self.tokens)] * 4, strict=False))

    @property
    def seats(self) -> tuple[Seat, Seat, Seat, Seat]:
        first = self.first
        return (first, first.rotate(1), first.rotate(2), first.rotate(3))

    @property
    def recorded(self) -> tuple[tuple[str, ...], ...]:
        tokens = self.tokens
        n = len(tokens)
        while n and tokens[n - 4 : n] == _EMPTY_ROW:
            n -= 4
        return tuple(zip(*[iter(tokens[:n])] * 4, strict=False))

    def by_seat(self, trick: int) -> dict[Seat, str]:
        return dict(zip(self.seats, self.tokens[4 * trick : 4 * trick + 4], strict=True))

    def cards(self) -> Iterator[tuple[int, Seat, Card]]:
        """Every card given, as (trick index, seat, card), row by row in column order."""
        seats = self.seats
        for k, token in enumerate(self.tokens):
            card = CARD_OF.get(token)
            if card is not None:
                yield k >> 2, seats[k & 3], card


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
    """A supplemental table: column spec and rows of strings ("-" irrelevant, "?" unknown, as written).

    The rows are kept as one flat tuple, ``cells`` (row k's field of column c at k * width + c), as a Play keeps
    its tricks: most tables of an archive are only carried along, and a tuple a row was most of reading them.
    ``rows`` gives the rows."""

    name: str
    columns: tuple[Column, ...]
    cells: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)

    @property
    def rows(self) -> tuple[tuple[str, ...], ...]:
        width = len(self.columns)
        return tuple(zip(*[iter(self.cells)] * width, strict=False)) if width else ()

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
                    width = max(len(field_text(f)) for f in fields)
                    cols[k] = Column(column.name, column.order, width, "R" if numeric else "L")
        return cls(name, tuple(cols), tuple(cell for row in table_rows for cell in row))

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


@dataclass(slots=True)
class Game:
    """One PBN game. Build one with ``Game.build``; ``parse`` makes them from files.

    Not frozen, unlike its parts: a frozen dataclass sets each of its 14 fields with a call, and a reader of an
    archive builds one per game (its tags and tables are mutable mappings, so it was never hashable)."""

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
            if not heads_table(table.name):
                raise PBNError(
                    f"table {table.name!r}: a table's tag name ends in 'Table', as ScoreTable does"
                )
        for name, value in [*values.items(), *((s.name, s.value) for s in sections)]:
            check_writable(name, value)
        if deal is not None:
            dealer = SEAT.get(values.get("Dealer", ""), Seat.NORTH)
            values["Deal"] = deal.to_pbn(dealer)
        elif values.get("Deal", "") not in ("", "?"):
            try:
                deal = parse_deal(values["Deal"])
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
        validate(game, _raise, {})
        return game

    def _tag_value(self, name: str) -> str | None:
        value = self.tags.get(name)
        return None if value is None or value in ("", "?") else value

    @property
    def board(self) -> int | None:
        return _board(self.tags)

    @property
    def dealer(self) -> Seat | None:
        return SEAT.get(self.tags.get("Dealer", ""))

    @property
    def vulnerable(self) -> Vulnerability | None:
        return VULNERABLE.get(self.tags.get("Vulnerable", "").lower())

    @property
    def declarer(self) -> Seat | None:
        """The declarer; an irregular declarer ("^S", declarer and dummy swapped) gives that seat too."""
        return SEAT.get(self.tags.get("Declarer", "").lstrip("^"))

    @property
    def contract(self) -> str | None:
        """The contract normalised ("4SX", "3NT", "Pass"), or None when not given or not valid."""
        value = self._tag_value("Contract")
        return None if value is None else normal_contract(value)

    @property
    def result(self) -> int | None:
        """Tricks won by declarer (the Result tag, whichever of its forms), None when unknown."""
        return self._read("Result", read_result)

    @property
    def score_ns(self) -> int | None:
        """North-South's score from the Score tag ("NS 430", "EW -50", "NS 430 EW -430", or declarer's)."""
        return self._read("Score", read_score_ns)

    def _read(self, name: str, read) -> int | None:
        value = self._tag_value(name)
        try:
            return None if value is None else read(value, self.declarer)
        except ValueError:
            return None

    @property
    def label(self) -> str:
        """How messages name this game: "board 7", or "game 3" when the board number is unknown."""
        return game_label(self.tags, self.index)


def _board(tags: Mapping[str, str]) -> int | None:
    try:
        return whole_number(tags.get("Board", ""), "[Board]", POSITIVE)
    except NumberError:
        return None


def game_label(tags: Mapping[str, str], index: int) -> str:
    """How messages name a game: "board 7", or "game 3" when the board number is unknown."""
    board = _board(tags)
    return f"board {board}" if board is not None else f"game {index + 1}"


def _raise(message: str, line: int | None = None) -> None:
    raise PBNError(message, line)


# --- value checks shared by the parser, Game.build and the typed properties ---------------------------


def parse_deal(value: str, known: dict[str, int] | None = None) -> Deal:
    """The Deal tag: four hands, four suits each, no card twice, every given hand the same size (13, or
    fewer for an end position, PBN §3.10); "-" is a hand not given.

    The hands are checked and kept as bit masks (games.engine.hand_masks.HandMasks), made Card sets only
    when asked for: building and hashing 52 cards took most of the time of reading a played game.
    ``known`` keeps each hand's mask across a file, by the hand as written: deals repeat with other seats first (a
    file's boards replayed at other tables, or rotated)."""
    if len(value) < 2 or value[1] != ":" or value[0] not in SEAT:
        raise DealError(f"deal {value!r} must start with the first seat and a colon, as in 'N:'")
    parts = value[2:].split()
    if len(parts) != 4:
        raise DealError(f"deal {value!r} has {len(parts)} hands, expected 4")
    known = {} if known is None else known
    start = "NESW".index(value[0].upper())
    masks = [0, 0, 0, 0]  # in SEATS order
    given = []
    for i, part in enumerate(parts):
        at = (start + i) % 4
        if part == "-":
            continue
        mask = known.get(part)
        if mask is None:
            mask = known[part] = _hand(part, SEATS[at])
        masks[at] = mask
        given.append(at)
    n, e, s, w = masks
    cards = 4 * n.bit_count()
    if len(given) < 4 or not e.bit_count() == s.bit_count() == w.bit_count() == n.bit_count():
        counts = [masks[at].bit_count() for at in given]  # not four hands of one size, as nearly always
        if len(set(counts)) > 1:
            expected = 13 if 13 in counts else max(counts, key=counts.count)
            at = next(at for at in sorted(given) if masks[at].bit_count() != expected)
            raise DealError(
                f"{masks[at].bit_count()} cards in {SEATS[at].name.title()}'s hand, expected {expected}"
            )
        cards = sum(counts)
    hands = HandMasks((n, e, s, w))
    if (n | e | s | w).bit_count() != cards:
        Deal(dict(hands))  # raises DealError naming the card that is in two hands
    return _deal(hands)


def _deal(hands: HandMasks) -> Deal:
    """A Deal of hands checked already: Deal.__post_init__ would hash all 52 cards."""
    deal = object.__new__(Deal)
    object.__setattr__(deal, "hands", hands)
    return deal


# Per suit in PBN's order (spades first), each rank letter's bit in a card-index mask (games.engine.hand_masks).
_SPADES, _HEARTS, _DIAMONDS, _CLUBS = (
    {letter: 1 << CARD_INDEX[card] for (suit, letter), card in HAND_CARDS.items() if suit == k}.__getitem__
    for k in range(4)
)


def _hand(hand: str, seat: Seat) -> int:
    """A hand's cards as a mask; a rank written twice in a suit adds a carry, so fewer bits than letters."""
    suits = hand.split(".")
    if len(suits) != 4:
        raise DealError(f"{seat.name.title()}'s hand {hand!r} has {len(suits)} suits, expected 4")
    s, h, d, c = suits
    try:
        mask = sum(map(_SPADES, s)) + sum(map(_HEARTS, h)) + sum(map(_DIAMONDS, d)) + sum(map(_CLUBS, c))
    except KeyError:
        mask = -1
    if mask < 0 or mask.bit_count() != len(hand) - 3:
        raise next(_hand_errors(suits, seat, hand))
    return mask


def _hand_errors(suits: list[str], seat: Seat, hand: str) -> Iterator[DealError]:
    """What is wrong with a hand's holdings (spades first): a letter that is not a rank, a rank twice."""
    name = seat.name.title()
    for k, holding in enumerate(suits):
        cards = [HAND_CARDS.get((k, letter)) for letter in holding]
        twice = [card for card in cards if cards.count(card) > 1]
        if None in cards:
            yield DealError(f"{name}'s hand {hand!r}: {holding[cards.index(None)]!r} is not a rank")
        elif twice:
            yield DealError(f"{name}'s hand {hand!r} holds {twice[0]} twice")


_TRICKS = re.compile(r"\^?(1[0-3]|[0-9])")
_POINTS = re.compile(r"[+-]?\d+")


_CHECKS = (
    ("Board", lambda v, g: g.board is not None, f"a board number (1 to {POSITIVE.high})"),
    ("Dealer", lambda v, g: v in SEAT, "N, E, S or W"),
    ("Vulnerable", lambda v, g: v.lower() in VULNERABLE, "None, NS, EW or All"),
    ("Declarer", lambda v, g: v.lstrip("^") in SEAT and len(v) <= 2, "N, E, S or W"),
    ("Contract", lambda v, g: normal_contract(v) is not None, "Pass or a contract such as 4SX or 3NT"),
    (
        "Result",
        lambda v, g: _ok(read_result, v, g.declarer) or _sided(v, g, _TRICKS),
        "declarer's tricks, 0 to 13",
    ),
    (
        "Score",
        lambda v, g: _ok(read_score_ns, v, g.declarer) or _sided(v, g, _POINTS),
        "a score such as 'NS 430' or 'EW -50'",
    ),
)


# Values seen in nearly every file, accepted without running their check (a sixth of the reading time).
_KNOWN_GOOD = {
    "Board": frozenset(str(n) for n in range(1, 1000)),
    "Dealer": frozenset(SEAT),
    "Vulnerable": frozenset(v.value for v in Vulnerability) | frozenset(VULNERABLE),
    "Declarer": frozenset(SEAT) | frozenset("^" + s for s in SEAT),
    "Contract": frozenset(v for k, v in CALLS.items() if k[0] in "1234567") | {"Pass"},
    "Result": frozenset(str(n) for n in range(14)),
}


def validate(game: Game, error, tag_lines: Mapping[str, int]) -> None:
    """Check the typed tags of a game; report each problem through ``error(message, line)``."""
    tags = game.tags
    for name, ok, expected in _CHECKS:
        value = tags.get(name)
        if value and value != "?" and value not in _KNOWN_GOOD.get(name, ()) and not ok(value, game):
            error(f'{game.label}: [{name} "{value}"] is not {expected}', tag_lines.get(name))


def _sided(value: str, game: Game, number: re.Pattern[str]) -> bool:
    """A Result (§3.4.15) or Score (§4.2.1) of a game with no declarer: "<n>", "NS <n>", "EW <n>" or both are
    well formed, though no declarer's or N-S's figure follows from them (the typed view is then None)."""
    if game.declarer is not None:
        return False
    parts = value.lstrip("^").split()
    sides = parts[0::2] if len(parts) in (2, 4) else []
    return (
        len(parts) == 1 and bool(number.fullmatch(parts[0]))
        or len(set(sides)) == len(sides) and set(sides) <= {"NS", "EW"}
        and all(number.fullmatch(n) for n in parts[1::2])
    )  # fmt: skip


def _ok(fn, value: str, declarer: Seat | None) -> bool:
    try:
        fn(value, declarer)
    except ValueError:
        return False
    return True


@functools.lru_cache(maxsize=256)
def parse_columns(spec: str) -> tuple[Column, ...]:
    """A table's column spec, "Table\\2R;Contract\\4L;Score_NS" (§5.2), as Columns (kept: an archive's
    games repeat a few specs)."""
    if not spec.strip():
        return ()
    columns = []
    for part in spec.split(";"):
        part = part.strip()
        order = part[:1] if part[:1] in ("+", "-") else ""
        name, backslash, format_ = part[len(order) :].rpartition("\\")
        found = _COLUMN_FORMAT.fullmatch(format_) if backslash else None
        if found is None:  # no width: the rest is the name, backslashes and all
            columns.append(Column(part[len(order) :], order, None, ""))
        else:
            columns.append(Column(name, order, int(found.group(1)), found.group(2).upper()))
    return tuple(columns)
