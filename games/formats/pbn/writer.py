"""PBN writer: games as PBN text, in export format (PBN 2.1 §2.1) or as they are (see games.formats.pbn)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from games.engine.cards import Seat
from games.formats.pbn.game import Annotation, Auction, Comment, Game, Section, Table
from games.formats.pbn.tables import MANDATORY_TAGS, SEAT, PBNError, check_writable, escape, field_text

_HOLDING = "A?K?Q?J?T?9?8?7?6?5?4?3?2?"
_HAND = rf"(?:{_HOLDING}\.{_HOLDING}\.{_HOLDING}\.{_HOLDING}|-)"
_EXPORT_DEAL = re.compile(rf"[NESW]:{_HAND} {_HAND} {_HAND} {_HAND}")
"""A Deal tag already in export form: upper case, ranks in order, single spaces."""


def _tag_line(name: str, value: str) -> str:
    check_writable(name, value)
    return f'[{name} "{escape(value)}"]'


def _annotated_tokens(tokens: Sequence[str], annotations: Iterable[Annotation], offset: int = 0) -> list[str]:
    by_index = {a.index: a for a in annotations}
    if not by_index:
        return list(tokens)
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
        if len(play.tokens) % 4:
            raise PBNError(
                f"{game.label}: trick {len(play.tokens) // 4 + 1} has {len(play.tokens) % 4} cards; "
                "a play row has 4 columns"
            )
        if play.annotations:
            for t, row in enumerate(play.tricks):
                anns = [a for a in play.annotations if a.trick == t]
                lines.append(" ".join(_annotated_tokens(row, anns, t * 4)))
        else:
            lines.extend(map(" ".join, play.tricks))
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
        elements = [field_text(element) for element in section.elements]
        lines.extend(" ".join(elements[i : i + 8]) for i in range(0, len(elements), 8))
    for anchor in list(comments):  # anchors that name nothing written (a dropped duplicate tag)
        put_comments(anchor)
    return lines


def _export_values(game: Game) -> dict[str, str]:
    """Tag values in export format's spelling (§3.4): the deal from the dealer's seat with ranks in order,
    "None"/"All" vulnerability, upper-case seats and contract, Result as declarer's tricks."""
    values = dict(game.tags)
    if game.deal is not None:
        first = game.dealer or SEAT.get(values["Deal"][:1], Seat.NORTH)
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
            text = field_text(value)
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
