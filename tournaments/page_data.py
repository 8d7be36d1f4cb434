"""What the web pages show, gathered from the stored rows: standings by field, hand diagrams, double-dummy
figures, travellers and scorecards. No scoring here: the numbers are the ones the scoring service stored; the
access rules are tournaments.visibility's (Viewer) and tournaments.selectors' (visible_sections)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.db.models import F
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect

from config.refusals import Refused
from games.engine.bridge.calls import Denomination
from games.engine.cards import SEATS, Deal, DealError, Suit
from games.models import Board, Publication, Result
from jobs.analysis import board_analysis
from jobs.services import JobFailed
from scoring.methods.registry import METHODS
from scoring.models import Standing
from scoring.services import section_ranking
from tournaments.models import Section, Status, TableCode
from tournaments.permissions import session_code
from tournaments.selectors import section_field, visible_sections
from tournaments.visibility import Viewer

KEPT_ENTRY = "table_entry"
"""The session key of a table's refused entry: its choices, shown again on the table page."""
FIELD_NAMES = {"NS": "North-South", "EW": "East-West", "": ""}
STRAINS = (
    Denomination.NOTRUMP,
    Denomination.SPADES,
    Denomination.HEARTS,
    Denomination.DIAMONDS,
    Denomination.CLUBS,
)
STRAIN_SIGNS = {"NT": "NT", "S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def table_code(request) -> TableCode | None:
    """The table code this browser signed in with (the session key the API's table login also uses), while it opens
    its table."""
    return session_code(request)


def at_table(request, act: Callable[[TableCode], str], kept: dict | None = None) -> HttpResponse:
    """A table phone's form done as its table (the code this browser logged in with): what `act` did shown as done,
    its Refused as the error with the form's `kept` choices stored for the page to
    show again, then back to the table page (where a browser with no table code is sent at once)."""
    code = table_code(request)
    request.session.pop(KEPT_ENTRY, None)
    if code is not None:
        try:
            done = act(code)
        except Refused as error:
            messages.error(request, error.message)
            if kept is not None:
                request.session[KEPT_ENTRY] = kept
        else:
            messages.success(request, done)
    return redirect("page-table")


def sentence(message: str) -> str:
    """A message as the pages show it (every page's messages through the `sentence` filter, the grid's problems): its
    first letter a capital ("board 3: ..." reads "Board 3: ..."), unless it opens with a name that is not a word, as
    written ("club.dlm: file checksum 18, ...")."""
    word = message.split(" ", 1)[0].rstrip(":;,.")
    if not word.replace("-", "").replace("'", "").isalpha():
        return message
    return message[:1].upper() + message[1:]


def page_section(request, section_id: int) -> Section:
    """The Section if this user may know of it (the API's rule), else 404."""
    sections = visible_sections(request.user).select_related("session__event__club")
    return get_object_or_404(sections, id=section_id)


def viewer(request, section: Section) -> Viewer:
    """The Viewer of a page request: the logged-in user, and the table code of this browser's session."""
    return Viewer(section, request.user, table_code(request))


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    rows: list[Standing]

    @property
    def named(self) -> bool:
        """Whether any entry has its players' names: a column of nothing but blanks is left out."""
        return any(row.entry.name for row in self.rows)


def standings(section: Section, ranked: bool = True) -> list[Field]:
    """The stored standings, one list per field (N-S and E-W apart in a two-winner movement); of every section of
    the session when it is scored across the field (one ranking). Not `ranked` (a viewer who may not see the
    standings yet, tournaments.visibility): in the entries' order, since the ranking's order tells it too."""
    order = ("place",) if ranked else ()
    rows = list(
        Standing.objects.filter(section__in=section_field(section))
        .select_related("entry__section")
        .order_by("field", *order, "entry__section__name", "entry__number")
    )
    fields: dict[str, list[Standing]] = {}
    for row in rows:
        fields.setdefault(row.field, []).append(row)
    order = sorted(fields, key=lambda name: (name != "NS", name))  # North-South first, as travellers read
    return [Field(FIELD_NAMES.get(name, name), fields[name]) for name in order]


def ranking_note(section: Section, fields: list[Field]) -> str:
    """What the standings rank by ("Totals factored to 26 boards, as Compscore and ACBLscore do"), with the most
    boards a pair of each field played; "" where the scoring method ranks its own way."""
    rule = section_ranking(section)
    if rule is None:
        return ""
    most = [(field.name, max((row.boards for row in field.rows), default=0)) for field in fields]
    boards = {n for _, n in most}
    if len(boards) > 1:
        return rule.shown.format(boards=", ".join(f"{n} ({name})" for name, n in most))
    return rule.shown.format(boards=boards.pop() if boards else 0)


def ranking_choices(section: Section) -> list[tuple[str, str]]:
    """The ranking rules the Section's scoring method allows (scoring.methods.registry), for the desk."""
    scoring = METHODS.get(section.scoring_method)
    return [] if scoring is None else [(rule.name, rule.label) for rule in scoring.rankings]


def sit_out(section: Section) -> dict | None:
    """A running section's round in which a table has no seating: the round and the entries that sit it out (the
    movement's "sit_out"), for the table's phone; None before play."""
    if section.status != Status.RUNNING or not section.current_round:
        return None
    rounds = section.plan.rounds if section.plan else ()
    numbers = next((list(r.sit_out) for r in rounds if r.number == section.current_round), [])
    entries = {e.number: e for e in section.entries.filter(number__in=numbers)}
    return {
        "round": section.current_round,
        "entries": [
            (f"{entries[n].get_kind_display().lower()} {n}", entries[n].name) for n in numbers if n in entries
        ],
    }


def seated_players(section: Section, seating) -> list[tuple[str, str]]:
    """An individual's table as its phone names it: each seat's player ("N", "Ann Smith (player 3)"); [] for
    pairs."""
    if not seating.seats:
        return []
    entries = {e.number: e for e in section.entries.filter(number__in=seating.seats.values())}
    named = []
    for seat, number in seat_numbers(seating):
        entry = entries.get(number)
        named.append(
            (seat, f"{entry.name} (player {number})" if entry and entry.name else f"Player {number}")
        )
    return named


def field_label(section: Section) -> str:
    """ "sections A and B" when the section is ranked across its session's field, else ""."""
    field = section_field(section)
    if len(field) < 2:
        return ""
    names = [one.name for one in field]
    return f"sections {', '.join(names[:-1])} and {names[-1]}"


def publications(section: Section) -> list[Publication]:
    """The published versions, newest first, while the results are published (none before)."""
    if section.status != Status.PUBLISHED:
        return []
    return list(section.publications.order_by("-number").defer("standings", "results"))


def published_fields(version: Publication) -> list[tuple[str, list[dict]]]:
    """A published version's frozen standings, one list per field as the live page shows them."""
    fields: dict[str, list[dict]] = {}
    for row in version.standings:
        fields.setdefault(row["field"], []).append(row)
    order = sorted(fields, key=lambda name: (name != "NS", name))
    return [(FIELD_NAMES.get(name, name), fields[name]) for name in order]


def live_tag(section: Section) -> str:
    """Changes whenever what the standings page shows may change (an ETag for the live fragment)."""
    return f'"{section.id}-{section.status}-{section.current_round}-{section.standings_computed}"'


def hand_diagram(deal_text: str) -> dict[str, list[tuple[str, str, str]]] | None:
    """Per seat (N, E, S, W) the four suits as (symbol, colour, ranks high to low), or None without a deal."""
    if not deal_text:
        return None
    try:
        hands = Deal.from_pbn(deal_text).hands
    except DealError:
        return None
    diagram = {}
    for seat in SEATS:
        suits = []
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            ranks = sorted((c.rank for c in hands[seat] if c.suit is suit), reverse=True)
            suits.append((suit.symbol, suit.colour, " ".join(r.letter for r in ranks) or "—"))
        diagram[seat.value] = suits
    return diagram


def analysis(board: Board) -> dict | None:
    """The board's double-dummy table and par as the analysis job stores them ({"table": {seat: {strain:
    tricks}}, "par": {"score", "contracts"}}); solved by the job's own function and stored the first time a
    page asks for a board nobody has analysed yet."""
    if board.analysis or not board.deal:
        return board.analysis or None
    try:
        board.analysis = board_analysis(board)
    except JobFailed:
        return None
    Board.objects.filter(id=board.id).update(analysis=board.analysis)
    return board.analysis


def dd_rows(figures: dict | None) -> list[tuple[str, list[int]]]:
    """The DD table as rows by strain (NT, ♠, ♥, ♦, ♣) of tricks for N, S, E, W."""
    if not figures or "table" not in figures:
        return []
    table = figures["table"]
    return [(STRAIN_SIGNS[d.value], [table[seat][d.value] for seat in ("N", "S", "E", "W")]) for d in STRAINS]


def hand_records(section: Section, viewer: Viewer) -> list[dict]:
    """The boards this viewer may see, each with its diagram and the double-dummy figures the analysis job stored
    (none yet for a board it has still to solve: jobs.analysis.hand_record_analysis starts it)."""
    boards = []
    for board in Board.objects.filter(section=section):
        if viewer.sees_board(board.id):
            figures = board.analysis
            boards.append({"board": board, "diagram": hand_diagram(board.deal), "dd_rows": dd_rows(figures),
                           "par": (figures or {}).get("par")})  # fmt: skip
    return boards


def traveller(board: Board) -> list[Result]:
    """Highest N-S score first; lines with no N-S score (adjusted) last, on every database."""
    rows = board.results.select_related("ns", "ew", "line_score")
    return list(rows.order_by(F("score_ns").desc(nulls_last=True), "ns__number"))


def round_chart(lines: list[dict], width: int = 320, height: int = 120) -> dict:
    """Points of a small SVG chart: the entry's average percentage in each round (from the stored line scores),
    with the 50% line."""
    by_round: dict[int, list[float]] = {}
    for line in lines:
        if line["round"] is not None and line["percentage"] is not None:
            by_round.setdefault(line["round"], []).append(line["percentage"])
    rounds = sorted(by_round)
    left, top, span = 34, 8, height - 28  # the plot: 100% at `top`, 0% at `top + span`
    step = (width - left - 20) / max(len(rounds) - 1, 1)
    points = []
    for i, number in enumerate(rounds):
        value = sum(by_round[number]) / len(by_round[number])
        x, y = left + i * step, top + (100 - value) * span / 100
        points.append({"round": number, "value": round(value, 1), "x": round(x, 1), "y": round(y, 1)})
    return {
        "width": width, "height": height, "points": points, "top": top, "span": span, "bottom": top + span,
        "middle": top + span // 2, "polyline": " ".join(f"{p['x']},{p['y']}" for p in points),
    }  # fmt: skip


def sections_of_club(club) -> list[Section]:
    """The club's sections past set-up and not archived, newest first, each with `game`: what the club page says is played (a
    party's own kind, "Progressive contract bridge", rather than its cards' game)."""
    sections = list(
        Section.objects.filter(session__event__club=club, session__archived="", session__event__archived="")
        .exclude(status=Status.SETUP)
        .select_related("session__event")
        .order_by("-session__event__date", "session__number", "name")
    )
    for section in sections:
        section.game_label = PARTY["game"](section) if section.is_party else section.get_game_display()
    return sections


PARTY: dict[str, Callable[[Section], Any]] = {}
"""What the pages show of a party, given by the parties app in its AppConfig.ready (tournaments does not import it):
"rows", its standings rows (rank, entry, games, lone hands, prize, cut, measure, stars); "summary", its kind and
how it is ranked, for the section's heading; "game", its kind's name, for lists of sections; "table", a table's phone page (its tally) once the table is logged in."""


def party_rows(section: Section) -> list[dict]:
    """A party's standings rows, as the parties app gives them."""
    return PARTY["rows"](section)


def party_summary(section: Section) -> str:
    """A party's kind and how it ranks its players ("Progressive hearts · punch marks")."""
    return PARTY["summary"](section)


def party_table(request, code: TableCode, seating) -> HttpResponse:
    """A party table's phone page: its seating and its tally as saved."""
    return PARTY["table"](request, code, seating)


def seat_numbers(seating) -> list[tuple[str, int | None]]:
    """A party table's seats N, E, S, W with the player numbers sitting there."""
    return [(seat, seating.seats.get(seat)) for seat in "NESW"]
