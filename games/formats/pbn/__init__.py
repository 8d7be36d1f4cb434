"""PBN 2.1 (Portable Bridge Notation): a fast, validating reader and an export-format writer.

Modules: ``reader`` (the line scanner), ``visitor`` (what the reader hands a caller, and how a game is
assembled for it), ``game`` (the Game model and its value checks), ``writer`` and ``tables`` (the tag
sets, call and card tokens, string escapes and PBNError); ``sheet`` (a session's score sheet, the visitor the
import and the re-scorer share) is imported from its module. Entry points (pure Python, no Django):

- ``parse(data, *, source=None, strict=True) -> list[Game]``: ``data`` is the text, or the raw bytes
  (encoding found by ``decode``). With ``strict`` the first problem raises ``PBNError`` naming the line;
  otherwise each game carries its problems in ``Game.errors`` and parsing goes on (the replay auditor
  reports them as irregularities).
- ``parse_file(path, *, strict=True) -> list[Game]``.
- ``read(data, visitor, *, source=None, strict=True)``: streams the games to a ``Visitor`` and returns its
  ``result()``; ``Games`` (what ``parse`` uses), ``Headers`` (each game's tags) and ``ScoreTables`` (tags and
  tables of the games that have tables) are ready-made. A visitor whose ``headers`` returns False skips
  the rest of a game: its deal, auction and play are neither built nor checked.
- ``check(data, *, source=None) -> list[Report]``: the check mode (module ``checker``): every problem of
  every game, as the PBN Verifier names it, without raising; what ``parse`` accepts is unchanged.
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

What a Game holds (dataclasses, all but Game frozen; line numbers and warnings do not take part in equality):

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

from games.formats.pbn.checker import Problem, Report, check
from games.formats.pbn.decoding import decode
from games.formats.pbn.game import (
    Annotation,
    Auction,
    Column,
    Comment,
    Game,
    Play,
    Section,
    Table,
    Tag,
    parse_columns,
)
from games.formats.pbn.reader import parse, parse_file, read
from games.formats.pbn.tables import (
    MANDATORY_TAGS,
    SCORE_TABLE_COLUMNS,
    TABLES,
    TOTAL_SCORE_TABLE_COLUMNS,
    PBNError,
    one_line,
)
from games.formats.pbn.visitor import Games, Headers, ScoreTables, Visitor
from games.formats.pbn.writer import write, write_file

__all__ = [
    "Problem",
    "Report",
    "check",
    "MANDATORY_TAGS",
    "SCORE_TABLE_COLUMNS",
    "TABLES",
    "TOTAL_SCORE_TABLE_COLUMNS",
    "Annotation",
    "Auction",
    "Column",
    "Comment",
    "Game",
    "Games",
    "Headers",
    "PBNError",
    "Play",
    "ScoreTables",
    "Section",
    "Table",
    "Tag",
    "Visitor",
    "decode",
    "one_line",
    "parse",
    "parse_columns",
    "parse_file",
    "read",
    "write",
    "write_file",
]
