"""Section data in a PBN file: how lines of fields split (`row_fields`, for table rows read in one go), and how
the calls and cards of an auction or a play, with their annotations (§3.5.2, §3.6.2, §3.9), and the rows of a
table or section become the parts of the game being read (`SectionData`, the reader's base: it scans lines, this
takes what they hold)."""

from __future__ import annotations

import re

from games.formats.pbn.tables import CALLS, CARDS, heads_table, unescape
from games.formats.pbn.visitor import AUCTION, NONE, PENDING, PLAY, SECTION, TABLE, Assembly

_ANNOTATED = re.compile(
    r"\s*(?:(?P<tok>[A-Za-z0-9-]+)|=(?P<note>\d+)=|\$(?P<nag>\d+)|(?P<suffix>[!?]{1,2})"
    r"|\^(?P<irr>[ISRLisrl])|(?P<star>\*)|(?P<plus>\+)|(?P<bad>\S))"
)
_ELEMENT = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"|([^\s"]+)')
# Lines whose quoted strings are each one field without white space ("150", "06577227"): their fields are the
# words left when the quotes are read as spaces, split in one go.
_BARE_STRINGS = re.compile(r'(?:[^"]*+"[^"\s]++")*+[^"]*+')


def closed_fields(text: str) -> list[str]:
    """The fields of lines of section data whose strings are all closed on their lines (the caller has seen to
    it)."""
    fields = row_fields(text)
    assert fields is not None
    return fields


def row_fields(chunk: str) -> list[str] | None:
    """The fields of lines of section data read in one go (see games.formats.pbn.reader: _Reader.rows); None when a string is not closed on
    its line."""
    if '"' not in chunk:
        return chunk.split()
    if _BARE_STRINGS.fullmatch(chunk) is not None:
        return chunk.replace('"', " ").split()
    parts = chunk.split('"')
    if not len(parts) & 1 or "\n" in "".join(parts[1::2]):
        return None
    return _quoted_fields(parts)


def _quoted_fields(parts: list[str]) -> list[str]:
    """The fields of such lines split at their quotes: the parts alternate, fields then one string, which is one
    field however it is spaced (or empty)."""
    elements: list[str] = []
    for k, part in enumerate(parts):
        if k & 1:
            elements.append(part)
        else:
            elements.extend(part.split())
    return elements


class SectionData(Assembly):
    """What a section's data holds, taken into the game being read: calls and cards with their annotations, the
    fields of a table's rows or of another section (the reader, a subclass, finds them in the lines)."""

    __slots__ = ()

    def data(self, text: str, lineno: int) -> None:
        section = self.section
        if section == AUCTION:
            self.annotated(text, lineno, auction=True)
        elif section == PLAY:
            self.annotated(text, lineno, auction=False)
        elif section in (PENDING, TABLE, SECTION):
            elements = []
            for m in _ELEMENT.finditer(text):
                quoted, bare = m.groups()
                elements.append(bare if bare is not None else unescape(quoted))
            self.data_elements(elements, lineno)
        elif section == NONE:
            self.error(
                f"{text.strip()!r} is outside any section (expected a tag, a comment or a blank line)", lineno
            )

    def data_elements(self, elements: list[str], lineno: int) -> None:
        if self.section == PENDING:
            name = self.pending[0]
            del self.tags[name]
            self.section = TABLE if heads_table(name) else SECTION
        if self.elements:
            self.elements.extend(elements)
        else:  # a table's first rows, often all of them: kept, not copied
            self.elements = elements
        self.element_lines.append((lineno, len(elements)))

    def annotated(self, text: str, lineno: int, *, auction: bool) -> None:
        """Calls or cards with annotations (§3.5.2, §3.6.2, §3.9)."""
        table = CALLS if auction else CARDS
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
