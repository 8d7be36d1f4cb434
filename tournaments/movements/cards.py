"""Guide cards (one per pair or player: round -> table, seat, opponents, boards) and table cards (one per table:
round -> who sits there, which boards), as text and as PDF (reportlab)."""

from __future__ import annotations

import io
from html import escape

from .model import Movement, Unit

Card = tuple[str, list[str], list[list[str]]]  # title, column headings, rows


def plain(text: object) -> str:
    """`text` as reportlab Paragraph markup that prints it as written: the one way every printable (cards, hand
    records, results, scorecards, a party's table cards) puts a name, a title or an address into a Paragraph.
    A Paragraph reads <, > and & as markup: an event named "<b>unclosed" would stop the PDF, and an
    <img src="http://..."> in a name or a file's [Event] would make the server fetch that address for every copy."""
    return escape(str(text), quote=False)


def board_list(boards: tuple[int, ...]) -> str:
    """1-4, 9, 11-12: consecutive boards as ranges."""
    parts: list[str] = []
    run: list[int] = []
    for board in sorted(boards):
        if run and board == run[-1] + 1:
            run.append(board)
            continue
        if run:
            parts.append(_run(run))
        run = [board]
    if run:
        parts.append(_run(run))
    return ", ".join(parts)


def _run(run: list[int]) -> str:
    return str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}"


def guide_cards(movement: Movement) -> list[Card]:
    unit = movement.unit.value.capitalize()
    individual = movement.unit is Unit.PLAYER
    headings = (
        ["Round", "Table", "Seat", "Partner", "Opponents", "Boards"]
        if individual
        else [
            "Round",
            "Table",
            "Direction",
            "Against",
            "Boards",
        ]
    )
    cards = []
    for entrant in movement.players:
        rows = []
        for rnd in movement.rounds:
            table = next((t for t in rnd.tables if entrant in t.players), None)
            if table is None:
                away = "bye" if movement.unit is Unit.TEAM else "sits out"
                rows.append([str(rnd.number), "-", away, *[""] * (len(headings) - 3)])
                continue
            boards = board_list(table.boards)
            where = table.players.index(entrant)
            if individual:
                partner = table.players[(where + 2) % 4]
                opponents = f"{table.players[(where + 1) % 4]} & {table.players[(where + 3) % 4]}"
                rows.append(
                    [str(rnd.number), str(table.number), "NESW"[where], str(partner), opponents, boards]
                )
            else:
                direction = "N-S" if where == 0 else "E-W"
                rows.append(
                    [str(rnd.number), str(table.number), direction, str(table.players[1 - where]), boards]
                )
        cards.append((f"{unit} {entrant} - {movement.title}", headings, rows))
    return _boardless(movement, cards)


def table_cards(movement: Movement) -> list[Card]:
    """A teams movement with byes has a Bye column: every table's card says who sits the round out."""
    individual = movement.unit is Unit.PLAYER
    headings = ["Round", "N", "E", "S", "W", "Boards"] if individual else ["Round", "N-S", "E-W", "Boards"]
    byes = movement.unit is Unit.TEAM and any(rnd.sit_out for rnd in movement.rounds)
    if byes:
        headings = [*headings, "Bye"]
    cards = []
    for number in sorted({t.number for rnd in movement.rounds for t in rnd.tables}):
        rows = []
        for rnd in movement.rounds:
            table = next((t for t in rnd.tables if t.number == number), None)
            bye = [", ".join(f"team {team}" for team in rnd.sit_out)] if byes else []
            if table is None:
                rows.append([str(rnd.number), *["-"] * (len(headings) - 2 - len(bye)), "sit out", *bye])
                continue
            boards = board_list(table.boards)
            shared = [t for group in rnd.shares if number in group for t in group if t != number]
            if shared:
                boards += " (shared with table " + ", ".join(map(str, shared)) + ")"
            rows.append([str(rnd.number), *map(str, table.players), boards, *bye])
        cards.append((f"Table {number} - {movement.title}", headings, rows))
    return _boardless(movement, cards)


def _boardless(movement: Movement, cards: list[Card]) -> list[Card]:
    """A progressive party plays no boards: its cards have no Boards column."""
    if any(table.boards for rnd in movement.rounds for table in rnd.tables):
        return cards
    return [(title, headings[:-1], [row[:-1] for row in rows]) for title, headings, rows in cards]


def cards_text(cards: list[Card]) -> str:
    blocks = []
    for title, headings, rows in cards:
        widths = [max(len(str(cell)) for cell in column) for column in zip(headings, *rows, strict=True)]
        lines = [title, "  ".join(h.ljust(w) for h, w in zip(headings, widths, strict=True)).rstrip()]
        lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


Note = tuple[str, bytes | None]
"""What a card carries beside its grid: a line of text (a table's access code) and an optional PNG (its QR code)."""


def cards_pdf(cards: list[Card], notes: list[Note | None] | None = None) -> bytes:
    """One card per block, kept whole on a page, A4; `notes[i]`, where given, is printed above card i's grid (its
    text is markup: whoever writes it passes what it quotes through `plain`)."""
    from reportlab.lib import colors  # reportlab is heavy: loaded only when a PDF is drawn
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Flowable, Image, KeepTogether, Paragraph, SimpleDocTemplate, Spacer
    from reportlab.platypus import Table as PdfTable

    buffer = io.BytesIO()
    styles = getSampleStyleSheet()
    story: list[Flowable] = []
    for i, (title, headings, rows) in enumerate(cards):
        parts: list[Flowable] = [Paragraph(plain(title), styles["Heading3"])]
        note = notes[i] if notes else None
        if note is not None:
            text, png = note
            picture = Image(io.BytesIO(png), width=32 * mm, height=32 * mm) if png else ""
            note_grid = PdfTable(
                [[Paragraph(text, styles["Heading2"]), picture]], colWidths=[120 * mm, 36 * mm]
            )
            note_grid.setStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE")])
            parts.append(note_grid)
        grid = PdfTable([headings, *rows], repeatRows=1)
        grid.setStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
                ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
                ("FONTSIZE", (0, 0), (-1, -1), 9),
            ]
        )
        story.append(KeepTogether([*parts, grid, Spacer(1, 12)]))
    SimpleDocTemplate(buffer, pagesize=A4, title="Movement cards").build(story)
    return buffer.getvalue()
