"""PDFs clubs print (reportlab): guide and table cards (the movements package's cards), hand records four boards
a page with their double-dummy tables, results (standings and travellers) and scorecards.

What goes on the paper comes from tournaments.page_data, the same figures the pages show. Every name, title and
address goes into a Paragraph through `plain` (tournaments.movements.cards): a Paragraph reads its text as markup.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import segno
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table

from config.refusals import NotFound
from scoring.serializers import scorecards as scorecard_lines
from tournaments import page_data, team_data
from tournaments.models import Section
from tournaments.movements.cards import cards_pdf, guide_cards, plain, table_cards
from tournaments.movements.model import SEAT_LETTERS, Movement, Round
from tournaments.movements.model import Table as MovementTable
from tournaments.templatetags.dates import day

_FONT_FILE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
_PADDING = 6  # points: reportlab's cell padding either side
_GRID = [("GRID", (0, 0), (-1, -1), 0.4, colors.grey), ("BACKGROUND", (0, 0), (-1, 0), colors.whitesmoke)]


def _font() -> str:
    """DejaVu Sans where it is installed (it has the suit symbols), else Helvetica with suit letters."""
    if _FONT_FILE.exists():
        if "DejaVuSans" not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont("DejaVuSans", str(_FONT_FILE)))
        return "DejaVuSans"
    return "Helvetica"


def _suit(symbol: str, font: str) -> str:
    return symbol if font != "Helvetica" else {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(symbol, symbol)


def cards_movement(plan: Movement, name: str = "") -> Movement:
    """A movement (a Section's plan, or one just generated) as its cards show it: tables with an empty seat (a
    sit-out) left off, titled with `name` when it has none."""
    rounds = tuple(replace(rnd, tables=tuple(t for t in rnd.tables if all(t.players))) for rnd in plan.rounds)
    return replace(plan, rounds=rounds, kind=plan.kind or "movement", name=plan.name or name)


def qr_png(text: str) -> bytes:
    """A QR code of `text` as PNG (segno), large enough to scan from a card on the table."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=8, border=2)
    return buffer.getvalue()


def movement_cards(section: Section, kind: str, links: dict[int, tuple[str, str]] | None = None,
                   table: int | None = None) -> bytes:  # fmt: skip
    """Guide cards (one per pair or player) or table cards (one per table), as the movements package prints them.

    With `links` (table → its access code and the address that opens the table with it; for directors only) each
    table card carries its table's code and a QR code of the address; a guide card carries them only when its entry
    stays at that one table: a code is its table's secret, and a moving entry finds it on each table's card.
    A guide card is titled with its entry's names. With `table`, only the cards of that table (the table card, and
    the guide cards of those who play there): printed again after its code changed."""
    plan = section.plan
    if plan is None:
        raise NotFound(f"{section} has no movement yet")
    if section.is_party:  # a party is seated round by round at the bell: every round seated so far
        rounds: dict[int, list[MovementTable]] = {}
        for seating in section.seatings.order_by("round", "table"):
            players = tuple(int(seating.seats.get(seat) or 0) for seat in SEAT_LETTERS)
            rounds.setdefault(seating.round, []).append(MovementTable(seating.table, players))
        plan = replace(plan, rounds=tuple(Round(r, tuple(tables)) for r, tables in rounds.items()))
    movement = cards_movement(plan, str(section))
    if kind == "guide":
        names = dict(section.entries.values_list("number", "name"))
        cards = [
            (f"{title}: {names[entrant]}" if names.get(entrant) else title, headings, rows)
            for entrant, (title, headings, rows) in zip(movement.players, guide_cards(movement), strict=True)
        ]
        visits = [
            [_table_at(movement, entrant, rnd) for rnd in movement.rounds] for entrant in movement.players
        ]
    else:
        cards = table_cards(movement)
        visits = [[number] for number in sorted({t.number for rnd in movement.rounds for t in rnd.tables})]
    keep = [i for i, tables in enumerate(visits) if table is None or table in tables]
    notes = [_note(visits[i], links) for i in keep] if links is not None else None
    return cards_pdf([cards[i] for i in keep], notes)


def _table_at(movement: Movement, entrant: int, rnd: Round) -> int | None:
    return next((t.number for t in rnd.tables if entrant in t.players), None)


def _note(tables: list[int | None], links: dict[int, tuple[str, str]]) -> tuple[str, bytes | None]:
    played = sorted({t for t in tables if t is not None and t in links})
    if len(played) == 1:
        code, address = links[played[0]]
        words = f'Table {played[0]} code: <b>{plain(code)}</b><br/><font size="9">Scan to enter results, or open {plain(address)}</font>'
        return words, qr_png(address)
    return "Enter results with the code on each table's card", None


def _build(buffer, title: str, section: Section, story: list) -> None:
    """The document on A4, every page footed with the club, the event and its date and the page number, so a sheet
    pinned on the club's board or found in a folder says what it is."""
    event = section.session.event
    foot = f"{event.club.name} · {event.name} · {day(event.date)}"
    font = _font()

    def footer(canvas, document) -> None:
        canvas.saveState()
        canvas.setFont(font, 7.5)
        canvas.setFillColor(colors.grey)
        canvas.drawString(12 * mm, 6 * mm, foot)
        canvas.drawRightString(A4[0] - 12 * mm, 6 * mm, f"page {canvas.getPageNumber()}")
        canvas.restoreState()

    SimpleDocTemplate(
        buffer, pagesize=A4, title=title, leftMargin=12 * mm, rightMargin=12 * mm, topMargin=12 * mm,
        bottomMargin=12 * mm,
    ).build(story, onFirstPage=footer, onLaterPages=footer)  # fmt: skip


def _styles(font: str):
    styles = getSampleStyleSheet()
    for name in ("Normal", "Heading2", "Heading3", "Title"):
        styles[name].fontName = font
    return styles


LONG_SUIT = 7
"""A suit longer than this prints its ranks close together ("AKQJT9876"), so that it fits its hand's column."""


def _hand(suits: list[tuple[str, str, str]], font: str) -> str:
    """A hand's four lines; a suit's ranks joined by non-breaking spaces (or none, when long), so that a suit never
    wraps mid-holding."""
    lines = []
    for symbol, colour, ranks in suits:
        cards = ranks.split()
        joined = ("" if len(cards) > LONG_SUIT else "&nbsp;").join(plain(rank) for rank in cards)
        lines.append(
            f'<font color="{"#b00000" if colour == "red" else "#000000"}">{_suit(symbol, font)}</font>&nbsp;{joined}'
        )
    return "<br/>".join(lines)


def _board_cell(entry: dict, styles, font: str) -> list:
    board = entry["board"]
    small = styles["Normal"].clone("small", fontSize=8.5, leading=10.5)
    head = Paragraph(
        f"<b>Board {board.number}</b><br/>Dealer {plain(board.dealer)}<br/>Vul {plain(board.vulnerability)}",
        small,
    )
    diagram = entry["diagram"]
    if diagram is None:
        return [head, Paragraph("No deal recorded.", small)]
    hand = {seat: Paragraph(_hand(diagram[seat], font), small) for seat in "NESW"}
    grid = Table(
        [[head, hand["N"], ""], [hand["W"], "", hand["E"]], ["", hand["S"], ""]],
        colWidths=[30 * mm, 28 * mm, 28 * mm],
    )
    grid.setStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONTNAME", (0, 0), (-1, -1), font)])
    parts = [grid]
    if entry["dd_rows"]:
        rows = [["", "N", "S", "E", "W"]] + [[_suit(s, font), *map(str, t)] for s, t in entry["dd_rows"]]
        dd = Table(rows, colWidths=[8 * mm] * 5, rowHeights=4.2 * mm)
        dd.setStyle([*_GRID, ("FONTNAME", (0, 0), (-1, -1), font), ("FONTSIZE", (0, 0), (-1, -1), 7.5),
                     ("ALIGN", (0, 0), (-1, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")])  # fmt: skip
        par = entry["par"]
        words = plain(f"Par {par['score']:+d}: {', '.join(par['contracts'])}") if par else ""
        parts += [Spacer(1, 2 * mm), dd, Paragraph(words, small)]
    return parts


def hand_records(section: Section, boards: list[dict], note: str = "") -> bytes:
    """Four boards a page (two by two), each with its hand diagram and double-dummy table where the analysis job
    has stored it; `note` under each page's title says why some have none yet."""
    font = _font()
    styles = _styles(font)
    buffer = io.BytesIO()
    story = []
    for start in range(0, len(boards), 4):
        page = [_board_cell(entry, styles, font) for entry in boards[start : start + 4]]
        page += [""] * (4 - len(page))
        grid = Table([page[:2], page[2:]], colWidths=[93 * mm, 93 * mm], rowHeights=[128 * mm, 128 * mm])
        grid.setStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("BOX", (0, 0), (-1, -1), 0.4, colors.grey),
                       ("INNERGRID", (0, 0), (-1, -1), 0.4, colors.grey)])  # fmt: skip
        if story:
            story.append(PageBreak())
        story.append(Paragraph(plain(f"{section} — hand records"), styles["Heading3"]))
        if note:
            story.append(Paragraph(plain(note), styles["Normal"]))
        story.append(grid)
    if not story:
        story.append(Paragraph(plain(f"{section}: no boards to show."), styles["Normal"]))
    _build(buffer, f"Hand records: {section}", section, story)
    return buffer.getvalue()


def _number(value) -> str:
    return "" if value is None else f"{value:.2f}".rstrip("0").rstrip(".")


def _table(rows: list[list], font: str, widths: list[float] | None = None) -> Table:
    """A grid of rows; `widths` (mm) where a column holds names, so that they wrap within it."""
    table = Table(rows, repeatRows=1, colWidths=[w * mm for w in widths] if widths else None)
    table.setStyle([*_GRID, ("FONTNAME", (0, 0), (-1, -1), font), ("FONTSIZE", (0, 0), (-1, -1), 8.5)])
    return table


def _adjusted(code: str) -> str:
    """An adjusted score's code in a table cell: a split score's sides on two lines, a long side's parts one a line,
    so a weighted or split score keeps the table inside the page."""
    return "\n".join(side.replace(", ", ",\n") if len(side) > 24 else side for side in code.split(" / "))


def _amendments(section: Section) -> list[str]:
    """What the section page says of each amendment since publishing, newest first: "Amended Thursday 3 December
    2026: board 3, table 1 (the scorer's slip)", so a printed sheet tells which version it is."""
    return [
        f"Amended {day(p.published_at)}: board {p.board}{f', table {p.table}' if p.table else ''} ({p.reason})"
        for p in page_data.publications(section)
        if p.board
    ]


def results(section: Section, boards: list) -> bytes:
    """The standings (each field apart) and every board's traveller."""
    font = _font()
    styles = _styles(font)
    buffer = io.BytesIO()
    story = [
        Paragraph(plain(f"{section} — results"), styles["Title"]),
        *[Paragraph(plain(line), styles["Normal"]) for line in _amendments(section)],
    ]
    if section.is_party:
        rows = [["Rank", "Player", "Games won", "Lone hands"]] + [
            [r["rank"], str(r["entry"]), _number(r["games"]), str(r["lone_hands"])] for r in page_data.party_rows(section)
        ]  # fmt: skip
        story.append(_table(rows, font))
    small = styles["Normal"].clone("cell", fontName=font, fontSize=8.5, leading=10)
    teams = team_data.is_teams(section)
    if teams:
        story.append(_team_standings(section, small, font))
    across = page_data.field_label(section)
    if across:
        story.append(Paragraph(plain(f"Ranked across the field: {across}"), styles["Normal"]))
    fields = page_data.standings(section) if not section.is_party and not teams else []
    ranking = page_data.ranking_note(section, fields) if fields else ""
    if ranking:
        story.append(Paragraph(plain(f"{ranking}."), styles["Normal"]))
    for field in fields:
        if field.name:
            story.append(Paragraph(plain(field.name), styles["Heading2"]))
        rows = [["Rank", "Pair", "Names", "Score", "%", "Boards"]] + [
            [s.rank, f"{s.entry.section.name} {s.entry.tag}" if across else s.entry.tag, _cell(s.entry.name, small, 104),
             _number(s.total), _number(s.percentage), str(s.boards)]
            for s in field.rows
        ]  # fmt: skip
        story.append(_table(rows, font, [14, 14, 104, 20, 20, 14]))
    for board in boards:
        lines = page_data.traveller(board)
        if not lines:
            continue
        rows = [["N-S", "E-W", "Contract", "By", "Lead", "Tricks", "N-S score", "N-S", "E-W"]] + [
            [_named(r.ns, small, 46), _named(r.ew, small, 46), _adjusted(r.adjusted) or r.contract, r.declarer, r.lead,
             _number(r.tricks), _number(r.score_ns), _number(getattr(getattr(r, "line_score", None), "ns", None)),
             _number(getattr(getattr(r, "line_score", None), "ew", None))]
            for r in lines
        ]  # fmt: skip
        widths = [46, 46, 20, 9, 11, 12, 16, 13, 13]
        if teams:  # a teams board: each match's open and closed rooms side by side, the IMPs
            rows = [["Home", "Away", "Open room", "Closed room", "IMPs"]] + [
                [_named(m.home, small, 50), _named(m.away, small, 50), _room(m.open), _room(m.closed),
                 f"{m.to_home or m.to_away} to {m.home.tag if m.to_home else m.away.tag}" if m.imps else "0" if m.imps == 0 else ""]
                for m in team_data.board_rooms(section, board)
            ]  # fmt: skip
            widths = [50, 50, 32, 32, 22]
        story.append(
            KeepTogether([Paragraph(f"Board {board.number}", styles["Heading3"]), _table(rows, font, widths)])
        )
    _build(buffer, f"Results: {section}", section, story)
    return buffer.getvalue()


def _room(result) -> str:
    """One room's line of a teams board: "4S N 10, +420"."""
    if result is None:
        return ""
    if result.adjusted:
        return _adjusted(result.adjusted)
    if result.contract == "Pass":
        return "Passed out"
    return f"{result.contract} {result.declarer} {_number(result.tricks)}, {result.score_ns:+d}"


def _fits(text: str, style, width: float | None) -> bool:
    """Whether `text` fits a column `width` mm wide on one line. Where it does, a cell holds it as plain text:
    reportlab breaks a Paragraph's lines again on every wrap (a 2,000-line results PDF took seconds), and a
    Paragraph sits lower in its row than the plain cells beside it."""
    return (
        width is not None
        and pdfmetrics.stringWidth(text, style.fontName, style.fontSize) <= width * mm - 2 * _PADDING
    )


def _cell(text: str, style, width: float | None = None) -> Paragraph | str:
    """A name in a table cell, wrapped within the column (`width`, mm) rather than cut."""
    return text if not text or _fits(text, style, width) else Paragraph(plain(text), style)


def _named(entry, style, width: float | None = None) -> Paragraph | str:
    """An entry's number with its players' names beside it ("3 Ann Lee & Bob Hart"): plain text where it fits the
    column (`width`, mm), else a Paragraph with the number bold."""
    text = f"{entry.tag} {entry.name}".strip()
    if _fits(text, style, width):
        return text
    return Paragraph(f"<b>{plain(entry.tag)}</b> {plain(entry.name)}".strip(), style)


def _team_standings(section: Section, style, font: str) -> Table:
    """A teams section's ranking: each team's players, its VPs round by round ("bye" for a bye) and total."""
    view = team_data.TeamsView.of(section)
    rows = [["Rank", "Team", *[f"R{r}" for r in view.rounds_begun], "VPs"]]
    for row in team_data.standings(section, view):
        cells = [f"{_number(c.vps)} bye" if c.bye else _number(c.vps) for c in row.cells]
        rows.append([row.standing.rank, _named(row.entry, style), *cells, _number(row.standing.total)])
    rounds = len(view.rounds_begun)
    each = min(18.0, 100 / max(rounds, 1))
    return _table(rows, font, [12, 186 - 12 - 18 - each * rounds, *[each] * rounds, 18])


def scorecards(section: Section, entries: list) -> bytes:
    """One scorecard per entry, each kept whole on a page."""
    font = _font()
    styles = _styles(font)
    buffer = io.BytesIO()
    story = []
    cards = scorecard_lines(section)
    amended = _amendments(section)
    for entry in entries:
        rows = [["Round", "Board", "Dir", "Against", "Contract", "By", "Tricks", "Score", "Points", "%"]] + [
            [_number(line["round"]), str(line["board"]), line["direction"], str(line["opponent"]),
             _adjusted(line["adjusted"]) or line["contract"], line["declarer"], _number(line["tricks"]), _number(line["score"]),
             _number(line["points"]), _number(line["percentage"])]
            for line in cards.get(entry.id, [])
        ]  # fmt: skip
        standing = getattr(entry, "standing", None)
        summary = f"Rank {standing.rank}, {_number(standing.percentage)}%" if standing else ""
        title = f"Scorecard: {entry.tag} {entry.name}".strip()
        story.append(KeepTogether([
            Paragraph(plain(title), styles["Heading2"]), Paragraph(plain(f"{section}. {summary}"), styles["Normal"]),
            *[Paragraph(plain(line), styles["Normal"]) for line in amended], Spacer(1, 2 * mm), _table(rows, font), Spacer(1, 6 * mm),
        ]))  # fmt: skip
    if not story:
        story.append(Paragraph(plain(f"{section}: no scorecards to show."), styles["Normal"]))
    _build(buffer, f"Scorecards: {section}", section, story)
    return buffer.getvalue()
