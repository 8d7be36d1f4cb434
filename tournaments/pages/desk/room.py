"""Pages for directors: run a session (rounds, table codes, status), enter results by traveller, correct and adjust
with the version history. The set-up page is tournaments.pages.setup; a party's host pages are the parties app's
(parties.pages).

Views are thin: the director check is tournaments.permissions.is_director; every change goes through the services
(tournaments.services, games.services), which validate with the engine and keep the versions.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from config.downloads import download
from config.refusals import NeedsConfirmation, PublishedEarly, Refused, refusals_shown
from games import lines
from games import services as game_services
from games.engine.rule_sets import counts_honors
from games.formats import handrecords
from games.models import Board, Result, ResultConflict
from jobs.models import Kind
from jobs.services import latest_jobs
from jobs.services import start as start_job
from scoring.services import section_ranking
from tournaments import membership, page_data, rounds, services, team_data
from tournaments.models import Club, Game, Player, Seating, Section, Status
from tournaments.pages import members as member_pages
from tournaments.pages import public as pages
from tournaments.pages.desk import entry as entry_pages
from tournaments.pages.desk.forms import ChangeForm, NotPlayedForm
from tournaments.permissions import directed_club_ids
from tournaments.selectors import directed_section


def _section(request, section_id: int) -> Section:
    return directed_section(request.user, section_id)


@login_required
def home(request):
    """The clubs this user directs, each with its sessions; a member who directs nothing goes to their own
    results (this is where a login lands)."""
    clubs = directed_club_ids(request.user)
    if clubs == [] and Player.objects.filter(user=request.user).exists():
        return redirect("my-results")
    clubs = Club.objects.all() if clubs is None else Club.objects.filter(id__in=clubs)
    sections = Section.objects.filter(session__event__club__in=clubs).select_related("session__event__club")
    by_club: dict[int, list[Section]] = {}
    for section in sections.order_by("-session__event__date", "-session_id", "name"):
        by_club.setdefault(section.session.event.club_id, []).append(section)
    return render(
        request, "direct/home.html", {"clubs": [(club, by_club.get(club.id, [])) for club in clubs]}
    )


@login_required
def section(request, section_id: int):
    """The director's desk for one section: status and rounds, table codes, boards, conflicts, printables."""
    return section_page(request, section_id)


def section_page(request, section_id: int, status: int = 200, typed=None):
    section = _section(request, section_id)
    entered = {
        (r, t): n for r, t, n in _counts(Result.objects.filter(section=section).values_list("round", "table"))
    }
    seatings = section.seatings.filter(round=section.current_round).select_related("ns", "ew")
    if section.status in (Status.FINISHED, Status.PUBLISHED):  # closed: no round is at the tables any more
        seatings = seatings.none()
    tables = [
        {
            "seating": s,
            "entered": entered.get((s.round, s.table), 0),
            "expected": len(s.boards),
            "match": rounds.match_of(s.table),
        }
        for s in seatings
    ]
    if section.is_party:  # a party's table: its four players and its tally, not pairs and boards
        names = dict(section.entries.values_list("number", "name"))
        tallies = {t.table: t for t in section.tallies.filter(round=section.current_round)}
        for row in tables:
            row["players"] = [
                (seat, n, names.get(n, "")) for seat, n in page_data.seat_numbers(row["seating"])
            ]
            row["tally"] = tallies.get(row["seating"].table)
    else:  # an individual's table: its four players by seat
        for row in tables:
            row["players"] = dict(page_data.seated_players(section, row["seating"]))
    return render(request, "direct/section.html", {
        "section": section, "tables": tables, "codes": section.table_codes.all(),
        "boards": section.boards.all(), "conflicts": _conflicts(section), "party": section.is_party,
        "last_round": rounds.most_rounds(section), "round_line": rounds.round_line(section), "missing": rounds.missing_in_play(section),
        "jobs": latest_jobs(section), "deal_formats": handrecords.FORMATS.values(),
        "entries": member_pages.section_entry_rows(section, typed),
        "members": member_pages.member_choices(section.club),
        "teams": team_data.is_teams(section),
        "byes": team_data.bye_teams(section, section.current_round) if team_data.is_teams(section) else [],
        "bye_vps": team_data.BYE_VPS, "rankings": page_data.ranking_choices(section),
        "ranking": section_ranking(section),
        "sit_out": None if section.is_party or team_data.is_teams(section) else page_data.sit_out(section),
        "standings": render_to_string("pages/_standings.html", pages.standings_context(request, section), request),
    }, status=status)  # fmt: skip


def _desk_again(request, error: Refused, section_id: int, **url) -> HttpResponse:
    """The desk again after a Refused (said by refusals_shown), with its 4xx."""
    return section_page(request, section_id, status=error.status)


def _entries_again(request, error: Refused, section_id: int) -> HttpResponse:
    """The desk again with the entries' players as typed."""
    return section_page(request, section_id, status=error.status, typed=request.POST)


@login_required
@require_POST
@refusals_shown(_entries_again)
def section_entries(request, section_id: int):
    """The desk's entry form: every entry's players at once (all or nothing), refused naming them."""
    section = _section(request, section_id)
    membership.name_entries(
        section,
        member_pages.typed_players(section.club, request.POST),
        member_pages.typed_team_names(request.POST),
    )
    messages.success(request, "The entries' players are saved.")
    return redirect("direct-section", section.id)


def _conflicts(section: Section):
    return ResultConflict.objects.filter(result__section=section, resolved=False).select_related(
        "result__board", "result__ns", "result__ew"
    )


@login_required
def room_state(request, section_id: int):
    """The desk's live state for its poll (JSON): round, status, the results missing and the open conflicts,
    each conflict with the link that resolves it."""
    section = _section(request, section_id)
    return JsonResponse({
        "round": section.current_round, "rounds": rounds.most_rounds(section), "status": section.status,
        "missing": [m.as_dict() for m in rounds.missing_in_play(section)],
        "conflicts": [{
            "id": c.id, "board": c.result.board.number, "ns": c.result.ns.number, "ew": c.result.ew.number,
            "text": f"Board {c.result.board.number}, pairs {c.result.ns.tag} v {c.result.ew.tag}: "
                    f"{c.sent_by_label} sent {c.proposed.get('contract')} by {c.proposed.get('declarer')}, "
                    f"{c.proposed.get('tricks')} tricks",
            "url": reverse("direct-result", args=[c.result.id]),
        } for c in _conflicts(section)],
    })  # fmt: skip


@login_required
@require_POST
@refusals_shown(_desk_again)
def table_code(request, section_id: int, table: int):
    """A new access code for one table; its cards are printed again from the desk."""
    section = _section(request, section_id)
    code = services.renew_table_code(section, table)
    messages.success(request, f"Table {table} has a new code, {code.shown}: print its cards again.")
    return redirect("direct-section", section.id)


@login_required
@require_POST
@refusals_shown(_desk_again)
def not_played(request, section_id: int):
    """The director marks a missing result not played, with a reason (kept in the result's version)."""
    section = _section(request, section_id)
    where = NotPlayedForm(request.POST).checked()
    seating = get_object_or_404(
        Seating.objects.select_related("ns", "ew"),
        section=section,
        round=where["round"],
        table=where["table"],
    )
    game_services.mark_not_played(section, seating, where["board"], request.user, where["reason"])
    messages.success(
        request, f"Board {where['board']}, table {seating.table}, round {seating.round}: not played."
    )
    return redirect("direct-section", section.id)


@login_required
@require_POST
@refusals_shown(_desk_again)
def ranking(request, section_id: int):
    """The director changes how the standings rank, with a reason (a SectionVersion); the standings follow."""
    section = _section(request, section_id)
    section = services.change_settings(
        section, {"ranking": request.POST.get("ranking", "")}, request.user, request.POST.get("reason", "")
    )
    messages.success(request, f"{section_ranking(section).label}: the standings follow.")
    return redirect("direct-section", section.id)


MAX_DEAL_FILE = 1 << 20
"""An upload larger than this is no hand-record file (99 boards of the largest format take 16 kB)."""


@login_required
@refusals_shown(_desk_again)
def deals_download(request, section_id: int):
    """The section's deals as a file for the dealing machine, in the format chosen (directors only: hidden boards
    too)."""
    section = _section(request, section_id)
    data, name, kind = services.hand_record_file(section, request.GET.get("format", ""))
    return download(data, name, kind.media_type)


@login_required
@require_POST
@refusals_shown(_desk_again)
def deals_upload(request, section_id: int):
    """The dealing machine's file as the section's deals: all boards or none."""
    section = _section(request, section_id)
    upload = request.FILES.get("file")
    if upload is None:
        raise Refused("choose the dealing machine's file to upload")
    if upload.size > MAX_DEAL_FILE:
        raise Refused(f"{upload.name} is over 1 MB: not a hand-record file")
    count = services.import_hand_records(
        section, upload.read(), upload.name, request.POST.get("format") or None
    )
    messages.success(request, f"{count} boards dealt from {upload.name}.")
    return redirect("direct-section", section.id)


def _counts(pairs) -> list[tuple]:
    counted: dict = {}
    for key in pairs:
        counted[key] = counted.get(key, 0) + 1
    return [(*key, n) for key, n in counted.items()]


ACTIONS = {
    "start": lambda s, u, confirm: services.set_status(s, Status.RUNNING, u),
    "next-round": lambda s, u, confirm: services.next_round(s, u, confirm=confirm),
    "finish": lambda s, u, confirm: services.set_status(s, Status.FINISHED, u, confirm=confirm),
    "publish": lambda s, u, confirm: services.set_status(s, Status.PUBLISHED, u, _published_early(s, confirm)),
    "reopen": lambda s, u, confirm: services.set_status(s, Status.RUNNING if s.status == Status.FINISHED else Status.FINISHED, u),
}  # fmt: skip
"""The desk's buttons; `confirm` is the director's yes to the question asked first (results missing, or
publishing before the rest of the field)."""


def _published_early(section: Section, confirm: bool) -> str:
    """The reason to record when publishing before the rest of the field; PublishedEarly until confirmed."""
    in_play = rounds.field_in_play(section) if section.status == Status.FINISHED else {}
    if not in_play:
        return ""
    if not confirm:
        raise PublishedEarly(in_play)
    named = ", ".join(f"{s.name} ({still})" for s, still in in_play.items())
    return f"Published before the rest of the field: section{pluralize(len(in_play))} {named}"


JOBS = {"analyse": Kind.ANALYSE, "audit": Kind.AUDIT}
"""Jobs a director starts from the desk; their progress bars show there."""


def _to_desk(request, error: Refused, section_id: int) -> HttpResponse:
    """Back to the desk after a Refused (said by refusals_shown)."""
    return redirect("direct-section", section_id)


@login_required
@require_POST
@refusals_shown(_to_desk)
def section_action(request, section_id: int):
    section = _section(request, section_id)
    name = request.POST.get("action", "")
    action = ACTIONS.get(name)
    if name in JOBS:
        job = start_job(JOBS[name], section, {}, request.user)
        messages.success(request, f"{job.get_kind_display()} started: its progress shows below.")
    elif action is None:
        messages.error(request, "unknown action")
    else:
        try:
            section = action(section, request.user, request.POST.get("confirm") == "yes")
            messages.success(
                request, f"{section}: {section.get_status_display().lower()}, {rounds.round_line(section)}."
            )
        except NeedsConfirmation as asked:
            return render(request, "direct/confirm.html", {
                "section": section, "action": name, "label": asked.label, "missing": asked.missing,
                "results": asked.results,
            })  # fmt: skip
        except PublishedEarly as asked:
            return render(
                request, "direct/confirm_field.html", {"section": section, "in_play": asked.in_play}
            )
    return redirect("direct-section", section.id)


@login_required
def entry(request, section_id: int, number: int):
    """Score entry by traveller: every table that plays the board, one row each, keyboard-fast; a refused row keeps
    what was typed, its reason beside it (tournaments.pages.desk.entry)."""
    section = _section(request, section_id)
    board = get_object_or_404(Board, section=section, number=number)
    rows = [
        entry_pages.Row(f"{s.round}-{s.table}", s, board)
        for s in section.seatings.select_related("ns", "ew").order_by("round", "table")
        if number in s.boards and s.ns and s.ew
    ]
    entry_pages.stored(section, rows)
    status = 200
    if request.method == "POST":
        added = entry_pages.enter_rows(request, section, rows)  # nobody's round moves (tournaments.rounds)
        refused = entry_pages.refused_count(rows)
        entry_pages.said(request, added, refused, f"Board {number}")
        if not refused:
            following = Board.objects.filter(section=section, number__gt=number).order_by("number").first()
            return redirect("direct-entry", section.id, following.number if following else number)
        status = 400
    numbers = list(section.boards.values_list("number", flat=True))
    return render(request, "direct/entry.html", {
        "section": section, "board": board, "tricks": range(14), "whist": section.game == Game.WHIST, "rows": rows,
        "previous": max((n for n in numbers if n < number), default=None),
        "next": min((n for n in numbers if n > number), default=None),
    }, status=status)  # fmt: skip


@login_required
def check(request, section_id: int):
    """The engine's verdict on a result as it is typed: its N-S score, or the problem in words (JSON)."""
    section = _section(request, section_id)
    board = get_object_or_404(Board, section=section, number=request.GET.get("board") or 0)
    try:
        line = lines.score_line(section, board, request.GET.get("contract", "").upper(),
                                        request.GET.get("declarer", ""), request.GET.get("tricks", ""),
                                        request.GET.get("lead", ""))  # fmt: skip
    except Refused as error:
        return JsonResponse({"ok": False, "error": error.message})
    return JsonResponse({"ok": True, "score_ns": line.score_ns, "contract": line.contract})


def _result_again(request, error: Refused, result_id: int) -> HttpResponse:
    return redirect("direct-result", result_id)


@login_required
@refusals_shown(_result_again)
def result(request, result_id: int):
    """A result: correct it or adjust it (with a reason), see every version and any conflict on it."""
    found = get_object_or_404(Result.objects.select_related("board", "ns", "ew", "section"), id=result_id)
    section = _section(request, found.section_id)
    if request.method == "POST":
        _change(request, found)
        messages.success(request, f"Board {found.board.number}: the change is saved as a new version.")
        return redirect("direct-result", found.id)
    return render(request, "direct/result.html", {
        "section": section, "result": found, "versions": found.versions.select_related("changed_by"),
        "conflicts": found.conflicts.all(), "tricks": range(14), "honors": counts_honors(section.game, section.rule_set),
        "whist": section.game == Game.WHIST,
    })  # fmt: skip


def _change(request, found: Result) -> None:
    form = ChangeForm(request.POST)
    change = form.checked()
    what, reason = change["what"], change["reason"]
    if what == "correct":
        game_services.correct_result(found, form.correction, request.user, reason)
    elif what == "adjust":
        game_services.adjust_result(found, request.user, reason, change["adjusted"], change["score_ns"])
    else:
        conflict = get_object_or_404(ResultConflict, id=change["conflict"], result=found)
        game_services.resolve_conflict(conflict, what == "accept", request.user, reason)


@require_POST
def log_out(request):
    """Log out and go to the home page of the club this user directs (the site's home when it is not one club)."""
    clubs = list(
        Club.objects.filter(id__in=directed_club_ids(request.user) or []).values_list("slug", flat=True)
    )
    logout(request)
    return redirect("club", slug=clubs[0]) if len(clubs) == 1 else redirect("home")


@login_required
def api_token(request):
    """The director's API token (Authorization: Token <key>): shown, made or replaced by a new one."""
    if request.method == "POST":
        Token.objects.filter(user=request.user).delete()
        Token.objects.create(user=request.user)
        messages.success(request, "A new token is made; the old one no longer works.")
        return redirect("direct-token")
    token = Token.objects.filter(user=request.user).first()
    return render(request, "direct/token.html", {"token": token})
