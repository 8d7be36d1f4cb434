"""The director's score entry in rows: by traveller (a board, every table that played it) and by pickup slip (a
table and a round, every board that table played then). A refused row keeps what was typed, with its reason beside
it, and the page answers 400 so nothing looks saved; the rows that passed are saved (each result is its own)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.template.defaultfilters import pluralize

from config.refusals import Refused
from games import services as game_services
from games.models import Board, Result
from tournaments.models import Game, Seating, Section
from tournaments.page_data import sentence
from tournaments.pages.desk.forms import RowForm
from tournaments.selectors import directed_section


@dataclass
class Row:
    """One line of the grid: where it was played, the board, its stored result, or what was typed and why not."""

    key: str
    seating: Seating
    board: Board
    result: Result | None = None
    typed: dict[str, str] = field(default_factory=dict)
    problem: str = ""


def enter_rows(request, section: Section, rows: list[Row]) -> int:
    """Each typed row checked (RowForm), scored and saved as the director's; the results added. A refused row keeps
    its typing and its reason (`problem`)."""
    added = 0
    by = f"director {request.user.get_username()}"
    for row in rows:
        form = RowForm(request.POST, row.key, section, row.board)
        valid = form.is_valid()
        row.typed = form.typed
        if form.blank or row.result is not None:
            continue
        if not valid:
            row.problem = sentence(form.problem)
            continue
        try:
            result, created = game_services.enter_result(
                section, row.board, row.seating.ns, row.seating.ew, form.line, round=row.seating.round,
                table=row.seating.table, by=by, user=request.user,
            )  # fmt: skip
        except Refused as error:
            row.problem = sentence(error.message)
        else:
            row.result, row.typed = result, {}
            added += created
    return added


def refused_count(rows: list[Row]) -> int:
    return sum(1 for row in rows if row.problem)


def said(request, added: int, refused: int, what: str) -> None:
    if added:
        messages.success(request, f"{what}: {added} result{pluralize(added)} entered.")
    if refused:
        messages.error(
            request, f"{refused} row{pluralize(refused)} not saved: each says why, with what was typed."
        )


def stored(section: Section, rows: list[Row]) -> None:
    """Each row's stored result, if any (the pairs of its seating on its board)."""
    found = {
        (r.board_id, r.ns_id, r.ew_id): r
        for r in Result.objects.filter(
            section=section, board__in={row.board.id for row in rows}
        ).select_related("line_score")
    }
    for row in rows:
        row.result = found.get((row.board.id, row.seating.ns_id, row.seating.ew_id))


@login_required
def slip(request, section_id: int):
    """Pickup slips: choose a table and a round, then the boards that table played in that round, one row each."""
    section = directed_section(request.user, section_id)
    seatings = list(section.seatings.select_related("ns", "ew").order_by("round", "table"))
    tables = sorted({s.table for s in seatings})
    rounds = sorted({s.round for s in seatings})
    source = request.POST if request.method == "POST" else request.GET
    table, round_number = source.get("table", ""), source.get("round", "")
    seating = next((s for s in seatings if str(s.table) == table and str(s.round) == round_number), None)
    rows: list[Row] = []
    problem = ""
    if table and round_number and seating is None:
        problem = f"Table {table} has no seating in round {round_number}."
    elif seating is not None and (seating.ns is None or seating.ew is None):
        problem = f"Table {seating.table} is a sit-out in round {seating.round}: nothing to enter."
    elif seating is not None:
        boards = Board.objects.filter(section=section, number__in=seating.boards).order_by("number")
        rows = [Row(str(board.number), seating, board) for board in boards]
        stored(section, rows)
    status = 200
    if request.method == "POST" and rows:
        added = enter_rows(request, section, rows)
        refused = refused_count(rows)
        said(request, added, refused, f"Table {seating.table}, round {seating.round}")
        if not refused:
            return redirect(f"{request.path}?{_next_slip(seatings, seating)}")
        status = 400
    return render(request, "direct/slip.html", {
        "section": section, "tables": tables, "rounds": rounds, "table": table, "round": round_number,
        "seating": seating, "rows": rows, "problem": problem, "whist": section.game == Game.WHIST,
    }, status=status)  # fmt: skip


def _next_slip(seatings: list[Seating], done: Seating) -> str:
    """The next slip a director picks up: the next table of the same round, then the next round's first."""
    later = [s for s in seatings if (s.round, s.table) > (done.round, done.table) and s.ns and s.ew]
    following = later[0] if later else done
    return f"table={following.table}&round={following.round}"
