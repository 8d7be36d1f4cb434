"""A party's table cards and tally cards. Table cards: one per table, with its players for round 1, its access code and a QR code that opens the
table's phone page with the code filled in (reportlab draws the QR code: no other library). Names and addresses go
into a Paragraph through tournaments.movements.cards.plain, as in every printable. Tally cards: one per player with
the boxes the kind's book counts, and progressive contract's score sheets."""

from __future__ import annotations

import io

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from tournaments.models import Section
from tournaments.movements.cards import plain
from tournaments.templatetags.words import without_citations

from .core import fort_of, party_kind
from .services import first_seating
from .settings import party_settings


def _qr(text: str, size: float = 40 * mm) -> Drawing:
    widget = QrCodeWidget(text)
    left, bottom, right, top = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (right - left), 0, 0, size / (top - bottom), 0, 0])
    drawing.add(widget)
    return drawing


def _forts(forts, seats: dict, styles) -> list[Paragraph]:
    """Military euchre: the fort at home at the table and the fort visiting it (Hoyle 1940 L11448–11451)."""
    if not forts:
        return []
    home, visitors = (forts[fort_of(int(seats[seat])) - 1] for seat in "NE")
    return [Paragraph(plain(f"N-S defend {home.name} ({home.flag} flag) at home; E-W visit from {visitors.name} "
                            f"({visitors.flag} flag)"), styles["Normal"])]  # fmt: skip


def table_cards_pdf(section: Section, site: str) -> bytes:
    """`site` is the address phones reach the server at (e.g. https://scores.example.org)."""
    styles = getSampleStyleSheet()
    names = dict(section.entries.values_list("number", "name"))
    codes = {c.table: c.shown for c in section.table_codes.all()}
    tables = first_seating(section)
    forts = (
        party_settings(section).forts_of(len(names))
        if party_kind(section.movement_kind).scoring == "flags"
        else ()
    )
    story = []
    for row in tables:
        table = row["table"]
        where = " (head table)" if table == 1 else " (booby table)" if table == len(tables) > 1 else ""
        url = f"{site}/table/?code={codes.get(table, '')}"
        seats = Table(
            [[seat, f"{n}. {names.get(n) or ''}"] for seat, n in row["seats"].items()],
            colWidths=[12 * mm, 70 * mm],
        )
        story.append(KeepTogether([
            Paragraph(plain(f"{section.session.event.name}: table {table}{where}"), styles["Heading2"]),
            Paragraph("Round 1", styles["Normal"]), seats, *_forts(forts, row["seats"], styles), Spacer(1, 4 * mm),
            Paragraph(f"The table's code: <b>{plain(codes.get(table, ''))}</b>. Scan to enter the tally on a phone:", styles["Normal"]),
            _qr(url), Paragraph(plain(url), styles["Normal"]), Spacer(1, 12 * mm),
        ]))  # fmt: skip
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, pagesize=A4, title=f"Table cards: {section.session.event.name}").build(story)
    return buffer.getvalue()


ROUNDS_ON_A_CARD = 12
"""The rounds a tally card has boxes for where the party's rounds are not fixed (it ends when the host rings the last
bell): an evening's play."""
TALLY_BOXES = {
    "games": ("Games won", "punch a box for each game won (Hoyle 1940 L11413–11416)"),
    "stars": ("Stars", "gold at the head table, red elsewhere, green at the booby table (002 L680–681)"),
    "punches": ("Punch marks", "a punch for each hand won with fewer hearts (Hoyle 1940 L12252–12255)"),
    "flags": ("Flags captured", "the fort's flags captured, a game each (Hoyle 1940 L11452–11464)"),
    "points": ("Points", "each round's score of the player's side (Hoyle 1940 L20376–20392)"),
    "net": ("Plus or minus", "each round's score of the player's side (Hoyle 1940 L5408–5411)"),
}
"""What a player's tally card counts, by the kind's scoring, and how."""


def _grid(rows: list[list[str]], widths: list[float], header_rows: int = 1) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=header_rows)
    table.setStyle(TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.6, colors.black), ("FONTSIZE", (0, 0), (-1, -1), 9),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), colors.HexColor("#eeeeee")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]))  # fmt: skip
    return table


def _rounds(section: Section) -> int:
    """The rounds the cards have boxes for: military euchre's fixed round of the forts (every fort meets every
    other, Hoyle 1940 L11458–11462), else an evening's."""
    if party_kind(section.movement_kind).scoring == "flags":
        return len(party_settings(section).forts_of(section.entries.count()))
    return ROUNDS_ON_A_CARD


def tally_cards_pdf(section: Section) -> bytes:
    """A tally card for every player, with the book's boxes for what the kind counts (punches, stars, games won,
    trophies), round by round; and, for a party kept deal by deal (progressive contract, individual bridge), a
    score sheet for each table's rounds: each deal's conditions, contract, declarer, tricks and points. No card
    carries a table's code: a code opens a table's phone, and a card goes round the room with its player."""
    styles = getSampleStyleSheet()
    kind = party_kind(section.movement_kind)
    name = section.session.event.name
    rounds = _rounds(section)
    counted, how = TALLY_BOXES[kind.scoring]
    forts = party_settings(section).forts_of(section.entries.count()) if kind.scoring == "flags" else ()
    story: list = []
    for number, player in section.entries.order_by("number").values_list("number", "name"):
        fort = (
            f" · {forts[fort_of(number) - 1].name} ({forts[fort_of(number) - 1].flag} flag)" if forts else ""
        )
        if kind.scoring == "stars":
            rows = [["Round", "Gold", "Red", "Green"], *[[str(r), "", "", ""] for r in range(1, rounds + 1)],
                    ["Total", "", "", ""]]  # fmt: skip
            widths = [20 * mm, 25 * mm, 25 * mm, 25 * mm]
        else:
            rows = [["Round", counted], *[[str(r), ""] for r in range(1, rounds + 1)], ["Total", ""]]
            widths = [20 * mm, 40 * mm]
        story.append(KeepTogether([
            Paragraph(plain(f"{name}: tally card"), styles["Heading3"]),
            Paragraph(plain(f"{number}. {player or ''}{fort} · {kind.title}"), styles["Normal"]),
            Paragraph(plain(without_citations(f"{counted}: {how}.")), styles["Italic"]), Spacer(1, 2 * mm),
            _grid(rows, widths), Spacer(1, 8 * mm),
        ]))  # fmt: skip
    if kind.deals:
        story.append(PageBreak())
        story.extend(_score_sheets(section, kind, styles))
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, pagesize=A4, title=f"Tally cards: {name}").build(story)
    return buffer.getvalue()


SHEET_ROUNDS = 4
"""The rounds on one table's score sheet page."""


def _score_sheets(section: Section, kind, styles) -> list:
    """Each table's score sheets: a round's deals with their conditions (progressive contract: vulnerability by
    deal, Hoyle 1940 L20379–20385), each deal's contract, declarer, tricks and the points of each side, and the
    book's bonuses and limit beside them."""
    tables = section.seatings.filter(round=1).count()
    rule = (
        "Scored as auction's rubber without its bonus: 125 for each game (Hoyle 1940 L5391–5401)."
        if kind.scoring == "net"
        else "Game bonus: not vulnerable 300, vulnerable 500; part-score bonus 50; penalty limit 1000 (Hoyle 1940 "
        "L20386–20392)."
    )
    story: list = []
    for table in range(1, tables + 1):
        story.append(
            Paragraph(plain(f"{section.session.event.name}: table {table}, score sheet"), styles["Heading3"])
        )
        story.append(Paragraph(plain(without_citations(rule)), styles["Italic"]))
        for _ in range(SHEET_ROUNDS):
            rows = [["Round ____", "Deal", "Contract", "Declarer", "Tricks", "N-S", "E-W"]]
            rows += [
                ["", f"{n}. {condition}", "", "", "", "", ""]
                for n, condition in enumerate(kind.deals, start=1)
            ]
            rows.append(["", "Round's total", "", "", "", "", ""])
            story += [
                Spacer(1, 3 * mm),
                _grid(rows, [20 * mm, 62 * mm, 20 * mm, 18 * mm, 15 * mm, 20 * mm, 20 * mm]),
            ]
        story.append(PageBreak())
    return story
