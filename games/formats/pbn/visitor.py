"""The PBN reader's visitors (what a caller is handed as a file streams by) and the assembly of each game for them.

The line scanner (games.formats.pbn.reader) fills the parts; ``end_game`` resolves inheritance, asks the
visitor whether it wants more than the tags and tables, and builds and checks the Game only when it does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Generic, TypeVar, cast

from games.engine.cards import Deal, DealError, Seat
from games.formats.pbn.game import (
    Annotation,
    Auction,
    Comment,
    Game,
    Play,
    Section,
    Table,
    Tag,
    game_label,
    parse_columns,
    parse_deal,
    validate,
)
from games.formats.pbn.tables import PBNError

NONE, AUCTION, PLAY, PENDING, TABLE, SECTION, IGNORED = range(7)
"""Where the reader is: outside any section, in an auction or a play, after a tag that may head a section
(PENDING), in a table or another section, or in a repeated section that is ignored."""

T = TypeVar("T")

_NO_TAG = ("", "", 0)
_NONE: Mapping[Any, Any] = MappingProxyType({})
"""What a game without notes or tables is given: one shared empty mapping, not a dict per game (every object
that outlives a game is garbage collector work in reading an archive)."""


class Visitor(Generic[T]):
    """What a caller is handed as the reader streams through a file, game by game (as python-chess's PGN
    reader takes a visitor). ``headers`` sees each game's tags (after inheritance) and tables; returning
    False skips the rest of that game: its deal, auction and play are then neither built nor checked, so a
    caller that wants only tags or score tables reads a file at a fraction of the cost. ``game`` gets the
    games not skipped; ``result`` is what ``read`` returns."""

    def headers(self, tags: Mapping[str, str], tables: Mapping[str, Table], line: int) -> bool:
        return True

    def game(self, game: Game) -> None:
        return None

    def result(self) -> T:
        raise NotImplementedError


class Games(Visitor[list[Game]]):
    """Every game, whole (what ``parse`` returns)."""

    def __init__(self) -> None:
        self.games: list[Game] = []

    def game(self, game: Game) -> None:
        self.games.append(game)

    def result(self) -> list[Game]:
        return self.games


class Headers(Visitor[list[dict[str, str]]]):
    """Each game's tags only."""

    def __init__(self) -> None:
        self.tags: list[dict[str, str]] = []

    def headers(self, tags: Mapping[str, str], tables: Mapping[str, Table], line: int) -> bool:
        self.tags.append(dict(tags))
        return False

    def result(self) -> list[dict[str, str]]:
        return self.tags


class ScoreTables(Visitor[list[tuple[dict[str, str], dict[str, Table]]]]):
    """The tags and tables of each game that has tables (a session's results, PBN 2.1 §5), without reading
    any game's deal, auction or play."""

    def __init__(self) -> None:
        self.found: list[tuple[dict[str, str], dict[str, Table]]] = []

    def headers(self, tags: Mapping[str, str], tables: Mapping[str, Table], line: int) -> bool:
        if tables:
            self.found.append((dict(tags), dict(tables)))
        return False

    def result(self) -> list[tuple[dict[str, str], dict[str, Table]]]:
        return self.found


class Assembly:
    """The parts of the game being read, and the file-wide state PBN inheritance needs (§4.8). The reader
    (a subclass) scans lines into the parts; ``end_game`` makes them a Game for the visitor."""

    __slots__ = (
        "anchor", "auction", "auction_ann", "auction_ended", "auction_notes", "calls", "comments", "count",
        "deals", "defaults", "element_lines", "elements", "errors", "hands", "ignored", "irregularity",
        "last_value", "note_owner", "partial", "partial_line", "pending", "pending_table", "play", "play_ann",
        "play_ended", "play_notes", "row_lines", "section", "sections", "source", "start", "strict", "tables",
        "tag_lines", "tags", "tokens", "visitor", "warnings",
    )  # fmt: skip

    def __init__(self, visitor: Visitor[Any], source: str | None, strict: bool) -> None:
        self.visitor = visitor
        self.source = source
        self.strict = strict
        self.count = 0  # games read, skipped or not: a game's index in the file
        self.last_value: dict[str, str | Table] = {}  # for "#": the latest value of each tag, or its table
        self.defaults: dict[str, str] = {}  # for "##": values that hold until redefined
        self.deals: dict[str, Deal] = {}
        self.hands: dict[str, int] = {}  # each hand as written -> its mask (see parse_deal)
        self._reset()

    def _reset(self) -> None:
        self.tags: dict[str, str] = {}
        self.tag_lines: dict[str, int] = {}
        self.ignored: list[Tag] = []
        self.comments: list[Comment] = []
        self.errors: list[PBNError] = []
        self.warnings: list[str] = []
        self.start = 0
        self.section = NONE
        self.anchor = ""
        self.pending = _NO_TAG  # (name, value, line) of a tag that may turn out to head a section
        self.pending_table = False
        self.elements: list[str] = []
        # (line, how many elements on it), or (first line, their text) for lines of fields read by a fast path
        self.element_lines: list[tuple[int, int | str]] = []
        self.tables: dict[str, Table] = {}
        self.sections: list[Section] = []
        self.auction: tuple[Seat, int] | None = None
        self.calls: list[str | None] = []  # None, no call, is never added: the reader checks first
        self.auction_notes: dict[int, str] = {}
        self.auction_ann: dict[int, list[Any]] = {}
        self.auction_ended = False
        self.play: tuple[Seat, int] | None = None
        self.tokens: list[str | None] = []  # likewise; the play's rows one after another (see Play)
        self.row_lines: list[int] = []
        self.partial: list[str] = []
        self.partial_line = 0
        self.play_notes: dict[int, str] = {}
        self.play_ann: dict[int, list[Any]] = {}
        self.play_ended = False
        self.irregularity = ""
        self.note_owner = NONE

    # -- problems

    def error(self, message: str, line: int | None) -> None:
        err = PBNError(message, line, self.source)
        if self.strict:
            raise err
        self.errors.append(err)

    def warn(self, message: str, line: int) -> None:
        self.warnings.append(f"line {line}: {message}")

    def _annotatable(self, auction: bool) -> bool:
        return bool(self.calls) if auction else bool(self.tokens or self.partial)

    def _annotation(self, auction: bool) -> list[Any]:
        if auction:
            index, store = len(self.calls) - 1, self.auction_ann
        else:
            index, store = len(self.tokens) + len(self.partial) - 1, self.play_ann
        ann = store.get(index)
        if ann is None:
            ann = store[index] = [index, None, "", [], ""]
        return ann

    def flush_trick(self) -> None:
        self.tokens += self.partial
        self.tokens += ("-",) * (4 - len(self.partial))
        self.row_lines.append(self.partial_line)
        self.partial = []

    def end_section(self) -> None:
        section = self.section
        if section in (TABLE, SECTION):
            name, value, lineno = self.pending
            if section == TABLE:
                self.tables[name] = self.make_table(name, value, lineno)
            else:
                self.sections.append(Section(name, value, tuple(self.elements), lineno))
            self.elements = []
            self.element_lines = []
        elif section == PENDING:
            name, value, lineno = self.pending
            if self.pending_table:
                del self.tags[name]
                self.tables[name] = self.make_table(name, value, lineno)
        self.pending = _NO_TAG
        self.section = NONE

    def whole(self, name: str, table: Table) -> None:
        """A table the reader made at once from its tag and its rows: what end_section leaves (a tag or a blank
        line comes next, so no comment is anchored to it)."""
        del self.tags[name]
        self.tables[name] = table
        self.pending = _NO_TAG
        self.section = NONE

    def make_table(self, name: str, spec: str, lineno: int) -> Table:
        columns = parse_columns(spec)
        width = len(columns)
        elements = self.elements
        if not width:
            if elements:
                self.error(f"[{name}] has data but no columns", lineno)
            return Table(name, (), (), lineno)
        if not len(elements) % width:  # rows come out even: however the lines split them, they are these
            cells = tuple(elements)
        else:
            counts = [counted for entry in self.element_lines for counted in _field_counts(*entry)]
            bad = next(line for line, count in counts if count != width)
            count = dict(counts)[bad]
            self.error(
                f"[{name}] row has {count} field{'s' * (count != 1)}, expected {width} ({', '.join(c.name for c in columns)})",
                bad,
            )
            cells = tuple(elements[: len(elements) - len(elements) % width])
        return Table(name, columns, cells, lineno)

    # -- end of a game

    def end_game(self) -> None:
        if self.section != NONE:
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
            self.last_value.update(self.tables)  # a table's spec is made only if "#" asks for it
        index = self.count
        self.count += 1
        if not self.visitor.headers(tags, self.tables, self.start):
            self._reset()
            return
        deal = None
        deal_value = tags.get("Deal")
        if deal_value and deal_value != "?":
            deal = self.deals.get(deal_value)
            if deal is None:
                try:
                    deal = self.deals[deal_value] = parse_deal(deal_value, self.hands)
                except DealError as exc:
                    self.error(f"{game_label(tags, index)}: {exc}", self.tag_lines.get("Deal"))
        auction = play = None
        if self.auction is not None:
            seat, line = self.auction
            anns = self.annotations(self.auction_ann, self.auction_notes, "auction", line)
            calls = cast(tuple[str, ...], tuple(self.calls))
            auction = Auction(seat, calls, anns, self.auction_notes or _NONE, self.auction_ended, line)
        if self.play is not None:
            seat, line = self.play
            anns = self.annotations(self.play_ann, self.play_notes, "play", line)
            rows = self.row_lines
            trick_lines: Sequence[int] = (
                range(rows[0], rows[-1] + 1)
                if rows and rows[-1] - rows[0] == len(rows) - 1 and len(set(rows)) == len(rows)
                else tuple(rows)
            )  # the rows' lines (in file order): a range when they follow one another, as they nearly always do
            play = Play(
                seat,
                cast(tuple[str, ...], tuple(self.tokens)),
                anns,
                self.play_notes or _NONE,
                self.play_ended,
                line,
                trick_lines,
            )
        game = Game(
            tags,
            deal,
            auction,
            play,
            self.tables or _NONE,
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
        validate(game, self.error, self.tag_lines)
        if self.errors or self.warnings:
            game.errors = tuple(self.errors)
            game.warnings = tuple(self.warnings)
        self.visitor.game(game)
        self._reset()

    def annotations(
        self, found: dict[int, list[Any]], notes: Mapping[int, str], where: str, line: int
    ) -> tuple[Annotation, ...]:
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


def _field_counts(line: int, fields: int | str) -> list[tuple[int, int]]:
    """Each line of section data with its field count (given, or counted in the text of lines of plain fields, which
    may end with the last line's end)."""
    if isinstance(fields, int):
        return [(line, fields)]
    return [
        (line + n, sum(1 if k & 1 else len(part.split()) for k, part in enumerate(text.split('"'))))
        for n, text in enumerate(fields.removesuffix("\n").split("\n"))
    ]
