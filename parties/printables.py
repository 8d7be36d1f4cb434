"""A party's table cards: one per table, with its players for round 1, its access code and a QR code that opens the
table's phone page with the code filled in (reportlab draws the QR code: no other library). Names and addresses go
into a Paragraph through tournaments.movements.cards.plain, as in every printable."""

from __future__ import annotations

import io

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table

from tournaments.models import Section
from tournaments.movements.cards import plain

from .core import fort_of, party_forts, party_kind
from .services import first_seating


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
        party_forts((section.movement or {}).get("party"), len(names))
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
