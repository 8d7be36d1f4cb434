"""The table's phone, as a Bridgemate is used: signed in with the table's code (typed, or from the QR code on its
table card), then the boards of its round entered from the buttons (tournaments.pages.table.buttons) and
confirmed by the other side; a party's table sends its tally instead (the parties app's page).

Views are thin: the code is checked by tournaments.permissions (check_code, counted wrong guesses); entries and
confirmations go through games.services (the engine validates and scores).
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from rest_framework.exceptions import APIException

from config.refusals import Refused
from games.engine.rule_sets import counts_honors
from games.models import Board, Result, ResultConflict, ResultVersion
from games.services import confirm_at_table, enter_at_table
from tournaments import page_data, team_data
from tournaments.models import Game
from tournaments.pages.table import buttons
from tournaments.permissions import SESSION_KEY, check_code, sign_in
from tournaments.rounds import table_seating


def _api_error(error: APIException) -> str:
    detail = error.detail
    return str(detail if isinstance(detail, str) else getattr(error, "default_detail", detail))


def _sign_in(request, text: str):
    """Sign this browser in to the table of code `text`, or say why not; then on to the table page."""
    try:
        code = check_code(request, text)
    except APIException as error:
        messages.error(request, f"That code did not open a table: {_api_error(error)}.")
        return redirect("page-table")
    sign_in(request, code)
    return redirect("page-table")


@never_cache
def table(request):
    """Sign in with the table's code, then enter and confirm the boards of its round: the earliest it still has
    results to enter (tournaments.rounds.table_round)."""
    if request.method == "POST":
        return _sign_in(request, request.POST.get("code", ""))
    signed_in = SESSION_KEY in request.session
    code = page_data.table_code(request)
    if code is None:
        return render(request, "pages/table_login.html",
                      {"closed": signed_in, "my_byes": team_data.my_byes(request.user), "bye_vps": team_data.BYE_VPS})  # fmt: skip
    section = code.section
    try:
        seating = table_seating(section, code.table)
    except Refused as error:
        return render(request, "pages/table.html", {
            "section": section, "code": code, "problem": error.message, "sit_out": page_data.sit_out(section),
        })  # fmt: skip
    if section.is_party:  # its tally: the parties app's page
        return page_data.party_table(request, code, seating)
    results = {
        r.board.number: r
        for r in Result.objects.filter(section=section, ns=seating.ns, ew=seating.ew).select_related("board")
    }
    viewer = page_data.viewer(request, section)  # a late round's results: only what everyone here has played
    disputed = set(
        ResultConflict.objects.filter(result__in=results.values(), resolved=False).values_list(
            "result_id", flat=True
        )
    )
    directed = set(ResultVersion.objects.filter(result__in=results.values(), changed_by__isnull=False)
                   .values_list("result_id", flat=True))  # fmt: skip
    kept = request.session.get(page_data.KEPT_ENTRY) or {}
    boards = [
        {
            "board": board,
            "entered": board.number in results,
            "result": results.get(board.number) if viewer.sees_board(board.id) else None,
            "disputed": board.number in results and results[board.number].id in disputed,
            "directed": board.number in results and results[board.number].id in directed,
            "kept": kept if kept.get("board") == str(board.number) else {},
            "ew_score": -(results[board.number].score_ns or 0) if board.number in results else None,
        }
        for board in Board.objects.filter(section=section, number__in=seating.boards).order_by("number")
    ]
    players = page_data.seated_players(section, seating)
    return render(request, "pages/table.html", {
        "section": section, "code": code, "seating": seating, "boards": boards, "players": players,
        "byes": team_data.bye_teams(section, seating.round) if team_data.is_teams(section) else [],
        "done": all(b["entered"] for b in boards), "tricks": range(14), "honors": counts_honors(section.game, section.rule_set),
        "whist": section.game == Game.WHIST, "buttons": buttons,
    })  # fmt: skip


@never_cache
def table_open(request, code: str):
    """The address a table card's QR code holds: it asks before signing the phone in (a POST, with the page's CSRF
    token), so that no other site's link or image can put a visitor's phone on a stranger's table; then the table
    page (the code does not stay in the address bar)."""
    if request.method == "POST":
        return _sign_in(request, code)
    try:
        found = check_code(request, code)
    except APIException as error:
        messages.error(request, f"That code did not open a table: {_api_error(error)}.")
        return redirect("page-table")
    return render(request, "pages/table_open.html", {"code": found})


@require_POST
def table_result(request):
    """A board entered from the table's buttons (tournaments.pages.table.buttons), or from the typed form; a refused entry's
    choices are shown again with the message."""
    chosen = buttons.choices(request.POST)

    def enter(code) -> str:
        values = buttons.line_values(chosen, passed="passed" in request.POST)
        result, _ = enter_at_table(code.section, code.table, values)
        return f"Board {result.board.number}: {describe(result)} entered."

    return page_data.at_table(request, enter, kept=chosen)


@require_POST
def table_confirm(request):
    def confirm(code) -> str:
        result = confirm_at_table(
            code.section, code.table, request.POST.get("board"), request.POST.get("side", "")
        )
        return f"Board {result.board.number} confirmed by {result.confirmed_by[0]}-{result.confirmed_by[1]}."

    return page_data.at_table(request, confirm)


@require_POST
def table_logout(request):
    request.session.pop(SESSION_KEY, None)
    return redirect("page-table")


def describe(result: Result) -> str:
    """A traveller line in words: "4S by N, 10 tricks, N-S +420"."""
    if result.adjusted:
        return f"adjusted {result.adjusted}"
    if result.contract == "Pass":
        return "passed out"
    if not result.contract and result.score_ns is not None:  # a duplicate whist board: no contract
        return f"N-S {result.tricks} tricks, N-S {result.score_ns:+d}"
    return f"{result.contract} by {result.declarer}, {result.tricks} tricks, N-S {result.score_ns:+d}"
