"""PBN reader: a line-driven scanner that streams a file's games to a visitor (see games.formats.pbn): the lines,
tags, comments, notes and inheritance here; what a section's data holds (calls, cards, annotations, table rows)
in its base, games.formats.pbn.section_data.

Fast paths handle the common lines (runs of plain tags with the plain call and card rows after them, table
rows without quotes); anything else goes through the token scanner.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TypeVar

from games.formats.pbn.decoding import decode
from games.formats.pbn.game import Comment, Game, Table, Tag, parse_columns
from games.formats.pbn.section_data import SectionData, closed_fields, row_fields
from games.formats.pbn.tables import CALLS, CARDS, NO_INHERITANCE, SEAT, TABLES, heads_table, unescape
from games.formats.pbn.visitor import AUCTION, IGNORED, NONE, PENDING, PLAY, SECTION, TABLE, Games, Visitor

T = TypeVar("T")

_TAGS_WITH_SECTIONS = frozenset({"Auction", "Note", "Play"})
_QUIET_ENDS = (
    NONE,
    AUCTION,
    PLAY,
)  # where a tag ends the section with nothing to make (see Assembly.end_section)

# Strings are matched unrolled (runs of plain characters between escapes), not a character at a time: a table's
# spec is a few hundred characters long.
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"([^"\\]*(?:\\.[^"\\]*)*)"\s*\]')
_HEAD = re.compile(r"\[([A-Za-z0-9_]+) ")
_PLAIN_TAG = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s*"([^"\\]*)"\]\s*')  # a line of one tag, nothing escaped
_DATA_END = re.compile(r"\n(?:[\[%]|[^\S\n]*+\n)")  # a tag, an escape line or a blank line next
_NOT_DATA = re.compile(r"\s*+(?:$|\[)|[^;{]*+[;{]")  # blank, a tag, or a comment: not a line of section data
_DATA = re.compile(r'(?:"[^"\\]*(?:\\.[^"\\]*)*"|[^\[;{"]+)+')


_IDENTIFICATION, _TABLE = "identification", "table"
_WRITTEN = 4096  # tag lines kept as written (see plain_lines); a deal or board line is rarely written again


def _kind(name: str) -> str:
    """What plain_lines may store without calling tag(): an identification tag's value, or a table's spec (see
    heads_table; rows may follow it); "" for a tag with a section (Auction, Note, Play)."""
    if name in _TAGS_WITH_SECTIONS:
        return ""
    return _TABLE if heads_table(name) else _IDENTIFICATION


def parse(data: str | bytes, *, source: str | None = None, strict: bool = True) -> list[Game]:
    """Every game in a PBN file (see games.formats.pbn)."""
    return read(data, Games(), source=source, strict=strict)


def read(data: str | bytes, visitor: Visitor[T], *, source: str | None = None, strict: bool = True) -> T:
    """Stream a PBN file's games through ``visitor`` and return its result. ``data`` is the text, or the raw
    bytes (see ``decode``). With ``strict`` the first problem raises PBNError naming the line; otherwise
    each game carries its problems in ``Game.errors`` and reading goes on."""
    text = data if isinstance(data, str) else decode(data)
    if text.startswith("\ufeff"):
        text = text[1:]
    _Reader(visitor, source, strict).run(text)
    return visitor.result()


def parse_file(path: str | Path, *, strict: bool = True) -> list[Game]:
    """Every game in a PBN file on disk; messages name the file."""
    path = Path(path)
    return parse(path.read_bytes(), source=path.name, strict=strict)


class _Reader(SectionData):
    """Scans lines into the parts of the game being read (see Assembly)."""

    __slots__ = ("text", "offset", "heads", "written")

    def run(self, text: str) -> None:
        if "\r" in text:  # CRLF (export format) and CR (old Macintosh) line ends
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        self.text = text
        # '[Name ' -> Name and its kind: how the file's tag lines start (see plain_lines)
        self.heads: dict[str, tuple[str, str]] = {}
        # A tag line as written -> its name, kind (see `_kind`; "" for a value that inherits, "#...") and value: most
        # of a file's tag lines repeat (its event, site, date, scoring) from game to game (see plain_lines).
        self.written: dict[str, tuple[str, str, str]] = {}
        self.offset = (0, 0)  # a line's index and where it starts in text (see line_start)
        count = len(lines)
        brace: list[str] | None = None
        brace_line = 0
        carry = ""
        carry_line = 0
        calls_of = CALLS.get
        cards_of = CARDS.get
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
                if section == PLAY:
                    norm = list(map(cards_of, s.split()))
                    if len(norm) == 4 and not self.partial and not self.irregularity and None not in norm:
                        self.tokens += norm
                        self.row_lines.append(i)
                        continue
                elif section == AUCTION:
                    tokens = s.split()
                    calls = list(map(calls_of, tokens))
                    if None not in calls and not self.irregularity:
                        self.calls.extend(calls)
                        continue
                    if self.noted_calls(tokens, calls):
                        continue
                elif section in (TABLE, PENDING, SECTION):
                    if whole:
                        after = self.data_lines(lines, i - 1)
                        if after >= i:
                            i = after
                            continue
                    if '"' not in s:
                        self.data_elements(s.split(), i)
                        continue
                    if (
                        not s.count('"') & 1 and "\\" not in s and "[" not in s
                    ):  # plain strings ("150") among the fields
                        self.data_elements(closed_fields(s), i)
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

    def plain_lines(self, lines: list[str], i: int) -> int:
        """The fast path: from line index i, as many lines as are one plain tag each (no escapes, nothing
        else on the line), with the plain rows of calls or cards after an Auction or Play tag. Returns the
        index of the first line it leaves to the general path."""
        count = len(lines)
        cards_of = CARDS.get
        calls_of = CALLS.get
        tags = self.tags
        tag_lines = self.tag_lines
        defaults = self.defaults
        tables = self.tables
        quiet = self.ends_quietly()
        stored = ""  # the last tag stored here, and its line: what tag() would leave in self.pending
        stored_line = 0
        plain = _PLAIN_TAG.fullmatch
        heads = self.heads
        written = self.written
        while i < count:
            raw = lines[i]
            found = written.get(raw)
            if found is not None:
                name, kind, value = found
            else:
                parts = raw.split('"')
                name = ""
                if len(parts) == 3 and parts[2] == "]":  # '[Name "value"]', as export files write a tag
                    name, kind = heads.get(parts[0]) or self.head(parts[0])
                    value = parts[1]
                    if "\\" in value and ("\\\\" in value or value[-1] == "\\"):
                        break  # an escape: the general path
                    if value[:1] == "#":
                        kind = ""  # inheritance (PBN §4.8): tag() resolves it
                    if name and len(written) < _WRITTEN:
                        written[raw] = name, kind, value
            if not name:
                m = plain(raw)
                if m is None:
                    if not stored or raw[:1] == "%" or _NOT_DATA.match(raw) is not None:
                        break
                    self.stored_tag(
                        stored, tags[stored], stored_line
                    )  # a table's or a section's lines follow
                    stored = ""
                    after = self.data_lines(lines, i)
                    if after == i:
                        break
                    i = after
                    quiet = False  # the next tag ends the table or section (see Assembly.end_section)
                    continue
                name, value = m.groups()
                kind = _kind(name) if value[:1] != "#" else ""
            i += 1
            if (
                quiet
                and kind
                and name not in tags
                and name not in defaults
                and (kind is _IDENTIFICATION or name not in tables)
            ):  # what tag() does with the first value of an identification tag, without the call
                tags[name] = value
                tag_lines[name] = i
                stored, stored_line = name, i
                if kind is _TABLE:  # its rows follow, or it is made an empty table (see end_section)
                    if (
                        i < count and lines[i].lstrip()[:1] not in "[%"
                    ):  # not a tag, an escape or a blank line
                        after = self.whole_table(lines, i, name, value)
                        if after > i:
                            i = after
                            stored = ""
                            continue
                    quiet = name not in TABLES
                continue
            if stored:
                self.stored_tag(stored, tags[stored], stored_line)
                stored = ""
            self.tag(name, value, i)
            section = self.section
            quiet = self.ends_quietly()
            if section == PLAY:
                tokens = self.tokens
                row_lines = self.row_lines
                while i < count:
                    row = list(map(cards_of, lines[i].split()))
                    if len(row) != 4 or None in row:
                        break
                    i += 1
                    tokens += row
                    row_lines.append(i)
            elif section == AUCTION:
                calls = self.calls
                while i < count:
                    norm = list(map(calls_of, lines[i].split()))
                    if not norm or None in norm:
                        break
                    i += 1
                    calls.extend(norm)
        if stored:
            self.stored_tag(stored, tags[stored], stored_line)
        return i

    def ends_quietly(self) -> bool:
        """Whether a tag now would end the section with nothing to make (see Assembly.end_section)."""
        return self.section == PENDING and not self.pending_table or self.section in _QUIET_ENDS

    def head(self, text: str) -> tuple[str, str]:
        """The tag name of a line's start as export files write it ('[Name '), "" if it is not one, and its kind
        (see `_kind`); kept for the file's later lines."""
        m = _HEAD.fullmatch(text)
        name = m.group(1) if m is not None else ""
        found = self.heads[text] = name, _kind(name)
        return found

    def stored_tag(self, name: str, value: str, line: int) -> None:
        """The state tag() leaves after storing the last of plain_lines' tags."""
        self.anchor = name
        self.pending = (name, value, line)
        self.pending_table = name in TABLES
        self.section = PENDING

    def line_start(self, lines: list[str], i: int) -> int:
        """Where line index i starts in the text, counted on from the last line asked for (they come in order)."""
        last, at = self.offset
        if i < last:
            last, at = 0, 0
        at += sum(map(len, lines[last:i])) + i - last
        self.offset = (i, at)
        return at

    def noted_calls(self, tokens: list[str], calls: list[str | None]) -> bool:
        """The fast path for a line of calls with note references ("1C =1= Pass"), which BBO-made files have in
        most auctions: what annotated() does with such a line. False, having done nothing, for any other line."""
        if self.irregularity or self.auction_ended or calls[0] is None and not self.calls:
            return False
        for token, call in zip(tokens, calls, strict=True):
            if call is None and not (
                len(token) > 2 and token[0] == token[-1] == "=" and token[1:-1].isdecimal()
            ):
                return False
        for token, call in zip(tokens, calls, strict=True):
            if call is None:
                self._annotation(True)[1] = int(token[1:-1])
            else:
                self.calls.append(call)
        return True

    def data_lines(self, lines: list[str], i: int) -> int:
        """The fast path for table rows and other section data: from line index i, as many lines as hold only
        fields (bare, or plain quoted strings), read in one go. Returns the index of the first line it leaves."""
        found = self.rows(lines, i)
        fields = None if found is None else row_fields(found[1])
        if found is None or fields is None:
            return self.data_rows(lines, i)
        pos, chunk = found
        self.block_elements(fields, i + 1, chunk)
        return self.rows_read(i, pos, chunk)

    def whole_table(self, lines: list[str], i: int, name: str, spec: str) -> int:
        """The fast path for a table whose tag (on line i, counted from 1) plain_lines stored and whose rows, from
        line index i, are read in one go and end at a tag or a blank line, filling whole rows: the table is made at
        once, with none of the section's steps (Assembly.end_section). Returns the index after its rows, or i
        having done nothing."""
        found = self.rows(lines, i)
        if found is None:
            return i
        pos, chunk = found
        if self.text[pos + len(chunk) : pos + len(chunk) + 1] == "%":  # an escape line: rows may follow it
            return i
        columns = parse_columns(spec)
        fields = row_fields(chunk)
        if fields is None or not columns or len(fields) % len(columns):
            return i  # made, or found wrong, the usual way
        self.whole(name, Table(name, columns, tuple(fields), i))
        return self.rows_read(i, pos, chunk)

    def rows(self, lines: list[str], i: int) -> tuple[int, str] | None:
        """Where the lines of section data from line index i start in the text, and their text up to a blank
        line, a tag or an escape line, found with one search, not a loop over the lines; None when no such line
        ends them, or when they hold a tag, a comment or an escape."""
        text = self.text
        pos = self.line_start(lines, i)
        stop = _DATA_END.search(text, pos)
        if stop is None:
            return None
        chunk = text[pos : stop.start() + 1]
        if "[" in chunk or ";" in chunk or "{" in chunk or "\\" in chunk:
            return None
        return pos, chunk

    def rows_read(self, i: int, pos: int, chunk: str) -> int:
        """The index of the line after rows read in one go; line_start goes on from there, not over the rows."""
        after = i + chunk.count("\n")
        self.offset = (after, pos + len(chunk))
        return after

    def data_rows(self, lines: list[str], i: int) -> int:
        """data_lines line by line, for section data its one search does not take whole."""
        start = i
        count = len(lines)
        block = []
        quoted = False
        while i < count:
            raw = lines[i]
            s = raw.strip()
            if not s or s[0] == "[" or raw[0] == "%" or ";" in s or "{" in s:
                break
            if '"' in s:
                if s.count('"') & 1 or "\\" in s or "[" in s:
                    break
                quoted = True
            block.append(s)
            i += 1
        if not block:
            return i
        text = "\n".join(block)
        self.block_elements(closed_fields(text) if quoted else text.split(), start + 1, text)
        return i

    def block_elements(self, elements: list[str], lineno: int, text: str) -> None:
        """The fields of lines of section data from line ``lineno``; each line's field count is worked out from
        ``text`` only if the table's rows do not come out even (Assembly.make_table)."""
        if self.section == PENDING:
            self.data_elements(elements, lineno)
            self.element_lines[-1] = (lineno, text)
        else:
            self.elements.extend(elements)
            self.element_lines.append((lineno, text))

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
        if section == PENDING and not self.pending_table:
            self.section = NONE
        elif section != NONE:
            self.end_section()
        self.anchor = name
        value = unescape(raw) if "\\" in raw else raw
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
            self.section = PENDING

    def ignore(self, name: str, value: str, lineno: int) -> None:
        self.ignored.append(Tag(name, value, lineno))
        self.warn(f"a second [{name}] is ignored (PBN §3.4: a repeated tag pair is ignored)", lineno)
        self.section = IGNORED

    def section_tag(self, name: str, value: str, lineno: int) -> None:
        auction = name == "Auction"
        if (self.auction if auction else self.play) is not None:
            self.ignore(name, value, lineno)
            return
        if value[:1] == "#":
            value = self.inherit(name, value, lineno)
        seat = SEAT.get(value)
        if seat is None:
            role = "the first caller" if auction else "the opening leader"
            self.error(f"[{name} {value!r}]: {role} must be N, E, S or W", lineno)
            self.section = IGNORED
        elif auction:
            self.auction = (seat, lineno)
            self.section = self.note_owner = AUCTION
        else:
            self.play = (seat, lineno)
            self.section = self.note_owner = PLAY

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
            last = self.last_value.get(name, "")
            return last if isinstance(last, str) else last.spec
        return value

    def note(self, value: str, lineno: int) -> None:
        number, colon, text = value.partition(":")
        if not colon or not number.strip().isascii() or not number.strip().isdigit():
            self.error(f"[Note {value!r}] must be '<number>:<text>'", lineno)
            return
        owner = self.note_owner
        if owner == NONE:
            self.warn(f"[Note {value!r}] comes before any auction or play; kept with the auction", lineno)
            owner = AUCTION
        notes = self.auction_notes if owner == AUCTION else self.play_notes
        index = int(number)
        if index in notes:
            self.warn(f"a second note {index} is ignored", lineno)
            return
        notes[index] = text
        self.section = owner  # calls or cards may still follow their notes
