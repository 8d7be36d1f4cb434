"""PBN check mode, the file's syntax: lines, tokens (§3.1-§3.3), tag pairs with their section data, a section's
calls or cards with their annotations (§3.5.2, §3.6.2), and table sections (§5.2). What every check reports is a
``Problem``, named as the PBN Verifier names it (games.formats.pbn.checker)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_TOKEN = re.compile(
    r"""(?P<space>\s+)|(?P<semi>;.*)|(?P<brace>\{)|(?P<string>"(?:[^"\\]|\\.)*("|$))|(?P<open>\[)|(?P<close>\])
    |(?P<note>=[^=\s]*=?)|(?P<nag>\$\w*)|(?P<suffix>[!?]{1,2})|(?P<caret>\^[A-Za-z]?)|(?P<plus>\+)|(?P<star>\*)
    |(?P<symbol>[^\s\[\]{};"=$!?^+*%]+)|(?P<other>.)""",
    re.VERBOSE,
)


@dataclass(frozen=True)
class Problem:
    kind: str
    message: str
    line: int | None = None
    warning: bool = False

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        return f"{where}{self.kind}: {self.message}" + (" (warning)" if self.warning else "")


@dataclass
class Token:
    kind: str
    text: str
    line: int


@dataclass
class Element:
    """A call or card with its annotations (§3.5.2, §3.6.2) and irregularity marks (§3.9)."""

    text: str
    line: int
    carets: list[str] = field(default_factory=list)
    suffixes: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    nags: list[str] = field(default_factory=list)


@dataclass
class Tag:
    name: str
    value: str | None  # None: no string token
    line: int
    data: list[Token] = field(default_factory=list)


def _lines(text: str) -> list[tuple[int, str, int]]:
    """(number, text, length with its line end) of every line."""
    out = []
    for number, raw in enumerate(text.split("\n"), start=1):
        out.append((number, raw.rstrip("\r"), len(raw) + 1))
    return out


def split_games(text: str) -> list[list[tuple[int, str, int]]]:
    """Games as runs of lines between empty lines (§3.2); a run of "%" lines only belongs to the next game."""
    games: list[list[tuple[int, str, int]]] = []
    current: list[tuple[int, str, int]] = []
    for number, line, length in _lines(text):
        if line.strip() == "":
            if any(not row.startswith("%") for _, row, _ in current):
                games.append(current)
                current = []
            continue
        current.append((number, line, length))
    if any(not row.startswith("%") for _, row, _ in current):
        games.append(current)
    return games


def read_tokens(lines, problems: list[Problem]) -> list[Token]:
    tokens: list[Token] = []
    in_brace = False
    for number, line, _ in lines:
        if line.startswith("%") and not in_brace:
            continue  # §2.4 escape
        position = 0
        while position < len(line):
            if in_brace:
                end = line.find("}", position)
                if end < 0:
                    break
                in_brace, position = False, end + 1
                continue
            match = _TOKEN.match(line, position)
            assert match is not None  # its last alternative takes any character
            kind, text = match.lastgroup or "other", match.group(0)
            position = match.end()
            if kind == "brace":
                in_brace = True
                tokens.append(Token("comment", "{", number))
            elif kind == "semi":
                tokens.append(Token("comment", text, number))
            elif kind == "string" and (len(text) == 1 or not text.endswith('"')):
                problems.append(Problem("Bad character", f"missing quote: {text[:40]}", number))
                tokens.append(Token("string", text[1:], number))
            elif kind != "space":
                tokens.append(Token(kind, text, number))
    return tokens


def read_tags(tokens: list[Token], problems: list[Problem]) -> list[Tag]:
    """Tag pairs (§3.3) with the section data that follows each; data before any tag is a syntax error."""
    tags: list[Tag] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.kind == "open":
            name = tokens[i + 1] if i + 1 < len(tokens) else None
            if name is None or name.kind != "symbol":
                problems.append(Problem("Bad character", "a tag without a name", token.line))
                i += 1
                continue
            value, j = None, i + 2
            if j < len(tokens) and tokens[j].kind == "string":
                value, j = tokens[j].text[1:-1] if tokens[j].text.endswith('"') else tokens[j].text, j + 1
            elif j < len(tokens) and tokens[j].kind != "close":
                problems.append(
                    Problem(
                        "Bad character", f"[{name.text}] value {tokens[j].text} is not in quotes", token.line
                    )
                )
                while j < len(tokens) and tokens[j].kind != "close":
                    j += 1
                value = ""
            if j < len(tokens) and tokens[j].kind == "close":
                j += 1
            tags.append(Tag(name.text, value, token.line))
            i = j
            continue
        if token.kind == "comment":
            if tags and tags[-1].data:  # after a section element (a table forbids it, §3.3)
                tags[-1].data.append(token)
            i += 1
            continue
        if not tags:
            problems.append(
                Problem(
                    "Wrong character",
                    f"{token.text!r} does not obey the syntax (no tag before it)",
                    token.line,
                )
            )
        else:
            tags[-1].data.append(token)
        i += 1
    return tags


def read_elements(data: list[Token], section: str, problems: list[Problem]) -> list[Element]:
    """A section's calls or cards, each with the annotations that follow it."""
    elements: list[Element] = []
    carets: list[str] = []
    for token in data:
        if token.kind in ("symbol", "plus", "star"):
            elements.append(Element(token.text, token.line, carets))
            carets = []
        elif token.kind == "caret" and section == "auction" and token.text.upper() == "^S":
            elements.append(Element("^S", token.line))  # the skipped player's turn (§3.9 B)
        elif token.kind == "caret":
            if carets:
                same = token.text.upper() == carets[-1].upper()
                problems.append(Problem("Double illegal" if same else "Bad illegal",
                                        f"{carets[-1]} {token.text} before one {section} element", token.line))  # fmt: skip
            carets.append(token.text)
        elif token.kind in ("suffix", "note", "nag") and elements:
            getattr(elements[-1], {"suffix": "suffixes", "note": "notes", "nag": "nags"}[token.kind]).append(
                token.text
            )
        elif token.kind == "comment":
            continue
        else:
            problems.append(Problem("Wrong character", f"{token.text!r} in the {section}", token.line))
    return elements


def table_problems(tag: Tag, problems: list[Problem]) -> None:
    """§5.2: columns "name\\width[L|R]"; section elements only (no comment, no %), whole rows."""
    columns = (tag.value or "").split(";")
    for column in columns:
        if "\\" in column and not re.fullmatch(r"[+-]?[^\\]*\\\d+[LR]?", column):
            problems.append(Problem("Wrong syntax in width specifier", f"column {column!r} (§5.2)", tag.line))
    elements = 0
    for token in tag.data:
        if token.kind == "comment":
            problems.append(Problem("No comment allowed in table elements", token.text[:20], token.line))
        elif token.kind == "other" or token.kind in ("open", "close"):
            problems.append(Problem("Forbidden characters in table elements", token.text, token.line))
        else:
            elements += 1
    if elements % len(columns):
        problems.append(
            Problem("Missing table elements", f"{elements} elements for {len(columns)} columns", tag.line)
        )
