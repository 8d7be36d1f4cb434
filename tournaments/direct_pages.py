"""Pages for directors and party hosts: set up a session (movement preview and check), run it (rounds, table
codes, status), enter results by traveller, correct and adjust with the version history, and host a progressive
party (tallies, the bell, the next seating, the prizes, corrections of frozen tallies).

Views are thin: the director check is tournaments.permissions.is_director; every change goes through the services
(tournaments.services, games.services), which validate with the engine and keep the versions.
"""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games import services as game_services
from games.models import Board, Result, ResultConflict, Tally
from games.services import Refused
from jobs.models import Job, Kind
from jobs.rotation import start_bell
from jobs.services import start as start_job
from scoring.services import decide_table
from tournaments import page_data, services
from tournaments.models import Club, Entry, Event, Game, ScoringMethod, Seating, Section, Session, Status
from tournaments.movements.cards import table_cards
from tournaments.permissions import directed_club_ids, is_director
from tournaments.printables import movement_of

MOVEMENTS = {
    "mitchell": ("Mitchell (two fields, N-S stay)", "tables"),
    "howell": ("Howell (everyone meets everyone)", "pairs"),
    "three-quarter-howell": ("Three-quarter Howell", "pairs"),
}
"""The movement kinds offered on the set-up page and the size each generator takes (services.GENERATORS)."""


def _section(request, section_id: int) -> Section:
    section = get_object_or_404(Section.objects.select_related("session__event__club"), id=section_id)
    if not is_director(request.user, section.session.event.club_id):
        raise PermissionDenied("only a director of this club may do this")
    return section


@login_required
def home(request):
    """The clubs this user directs, each with its sessions."""
    clubs = directed_club_ids(request.user)
    clubs = Club.objects.all() if clubs is None else Club.objects.filter(id__in=clubs)
    sections = Section.objects.filter(session__event__club__in=clubs).select_related("session__event__club")
    return render(
        request, "direct/home.html", {"clubs": clubs, "sections": sections.order_by("-session__event__date")}
    )


def _movement_request(data) -> tuple[str, dict]:
    kind = data.get("kind", "mitchell")
    if kind not in MOVEMENTS:
        raise Refused(f"movement {kind!r} is not one of {', '.join(MOVEMENTS)}")
    try:
        size = int(data.get("size", ""))
        per_round = int(data.get("boards_per_round", ""))
    except ValueError:
        raise Refused("give the size and the boards per round as whole numbers") from None
    return kind, {MOVEMENTS[kind][1]: size, "boards_per_round": per_round}


@login_required
def new_session(request, slug: str):
    """Set up a session: a movement chosen from a list, previewed (table cards and check) before it is made."""
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("only a director of this club may do this")
    data = request.POST if request.method == "POST" else request.GET
    context = {
        "club": club, "movements": MOVEMENTS, "methods": ScoringMethod.choices[:-1], "values": data,
        "today": datetime.date.today().isoformat(),
    }  # fmt: skip
    if "kind" in data:
        try:
            kind, sizes = _movement_request(data)
            movement = services.generate_movement(kind, **sizes)
        except Refused as error:
            context["problem"] = error.message
            return render(request, "direct/new_session.html", context, status=400)
        context["movement"] = movement
        context["cards"] = table_cards(movement_of(movement))
        if request.method == "POST" and movement["check"]["ok"]:
            section = _create(request, club, data, movement)
            if section is not None:
                messages.success(request, f"{section} is set up: {len(section.boards.all())} boards dealt.")
                return redirect("direct-section", section.id)
    return render(request, "direct/new_session.html", context)


def _create(request, club: Club, data, movement: dict) -> Section | None:
    name = data.get("name", "").strip() or "Pairs"
    try:
        date = datetime.date.fromisoformat(data.get("date", ""))
    except ValueError:
        date = datetime.date.today()
    method = data.get("scoring_method", ScoringMethod.MATCHPOINTS)
    try:
        with transaction.atomic():
            event = Event.objects.create(club=club, name=name, date=date)
            session = Session.objects.create(event=event, number=1)
            section = Section.objects.create(session=session, name="A", scoring_method=method)
            section = services.install_movement(section, movement, request.user)
            return services.deal_boards(section)
    except Refused as error:
        messages.error(request, error.message)
        return None


@login_required
def section(request, section_id: int):
    """The director's desk for one section: status and rounds, table codes, boards, conflicts, printables."""
    section = _section(request, section_id)
    entered = {
        (r, t): n for r, t, n in _counts(Result.objects.filter(section=section).values_list("round", "table"))
    }
    seatings = section.seatings.filter(round=section.current_round).select_related("ns", "ew")
    tables = [
        {"seating": s, "entered": entered.get((s.round, s.table), 0), "expected": len(s.boards)}
        for s in seatings
    ]
    conflicts = ResultConflict.objects.filter(result__section=section, resolved=False).select_related(
        "result__board", "result__ns", "result__ew"
    )
    return render(request, "direct/section.html", {
        "section": section, "tables": tables, "codes": section.table_codes.all(),
        "boards": section.boards.all(), "conflicts": conflicts, "party": page_data.is_party(section),
        "last_round": max(section.seatings.values_list("round", flat=True), default=0),
        "jobs": _jobs(section),
    })  # fmt: skip


def _counts(pairs) -> list[tuple]:
    counted: dict = {}
    for key in pairs:
        counted[key] = counted.get(key, 0) + 1
    return [(*key, n) for key, n in counted.items()]


def _jobs(section: Section) -> list[Job]:
    """The section's latest background jobs (standings recomputes left out: they are many and quick)."""
    return list(Job.objects.filter(section=section).exclude(kind=Kind.STANDINGS).order_by("-id")[:5])


ACTIONS = {
    "start": lambda s, u: services.set_status(s, Status.RUNNING, u),
    "next-round": lambda s, u: services.next_round(s, u),
    "finish": lambda s, u: services.set_status(s, Status.FINISHED, u),
    "publish": lambda s, u: services.set_status(s, Status.PUBLISHED, u),
    "reopen": lambda s, u: services.set_status(s, Status.RUNNING if s.status == Status.FINISHED else Status.FINISHED, u),
}  # fmt: skip
JOBS = {"analyse": Kind.ANALYSE, "audit": Kind.AUDIT}
"""Jobs a director starts from the desk; their progress bars show there."""


@login_required
@require_POST
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
            section = action(section, request.user)
            messages.success(
                request, f"{section}: {section.get_status_display().lower()}, round {section.current_round}."
            )
        except Refused as error:
            messages.error(request, error.message)
    return redirect("direct-section", section.id)


@login_required
def entry(request, section_id: int, number: int):
    """Score entry by traveller: every table that plays the board, one row each, keyboard-fast."""
    section = _section(request, section_id)
    board = get_object_or_404(Board, section=section, number=number)
    rows = [
        s
        for s in section.seatings.select_related("ns", "ew").order_by("round", "table")
        if number in s.boards
    ]
    if request.method == "POST":
        added, refused = _enter_rows(request, section, board, rows)
        if added:
            messages.success(request, f"Board {number}: {added} result(s) entered.")
        for message in refused:
            messages.error(request, message)
        if not refused:
            following = Board.objects.filter(section=section, number__gt=number).order_by("number").first()
            return redirect("direct-entry", section.id, following.number if following else number)
        return redirect("direct-entry", section.id, number)
    results = {(r.ns_id, r.ew_id): r for r in board.results.select_related("line_score")}
    numbers = list(section.boards.values_list("number", flat=True))
    return render(request, "direct/entry.html", {
        "section": section, "board": board, "tricks": range(14),
        "rows": [{"seating": s, "result": results.get((s.ns_id, s.ew_id))} for s in rows if s.ns and s.ew],
        "previous": max((n for n in numbers if n < number), default=None),
        "next": min((n for n in numbers if n > number), default=None),
    })  # fmt: skip


def _enter_rows(request, section, board, rows) -> tuple[int, list[str]]:
    added, refused = 0, []
    by = f"director {request.user.get_username()}"
    for seating in rows:
        key = f"{seating.round}-{seating.table}"
        contract = request.POST.get(f"contract-{key}", "").strip().upper()
        if not contract or seating.ns is None or seating.ew is None:
            continue
        try:
            line = game_services.score_line(section, board, contract, request.POST.get(f"declarer-{key}", ""),
                                            request.POST.get(f"tricks-{key}", ""), request.POST.get(f"lead-{key}", ""))  # fmt: skip
            _, created = game_services.enter_result(section, board, seating.ns, seating.ew, line, round=seating.round,
                                                    table=seating.table, by=by, user=request.user)  # fmt: skip
            added += created
        except Refused as error:
            refused.append(f"Table {seating.table}, round {seating.round}: {error.message}")
    return added, refused


@login_required
def check(request, section_id: int):
    """The engine's verdict on a result as it is typed: its N-S score, or the problem in words (JSON)."""
    section = _section(request, section_id)
    board = get_object_or_404(Board, section=section, number=request.GET.get("board") or 0)
    try:
        line = game_services.score_line(section, board, request.GET.get("contract", "").upper(),
                                        request.GET.get("declarer", ""), request.GET.get("tricks", ""),
                                        request.GET.get("lead", ""))  # fmt: skip
    except Refused as error:
        return JsonResponse({"ok": False, "error": error.message})
    return JsonResponse({"ok": True, "score_ns": line.score_ns, "contract": line.contract})


@login_required
def result(request, result_id: int):
    """A result: correct it or adjust it (with a reason), see every version and any conflict on it."""
    found = get_object_or_404(Result.objects.select_related("board", "ns", "ew", "section"), id=result_id)
    section = _section(request, found.section_id)
    if request.method == "POST":
        try:
            _change(request, found)
        except Refused as error:
            messages.error(request, error.message)
        else:
            messages.success(request, f"Board {found.board.number}: the change is saved as a new version.")
        return redirect("direct-result", found.id)
    return render(request, "direct/result.html", {
        "section": section, "result": found, "versions": found.versions.select_related("changed_by"),
        "conflicts": found.conflicts.all(), "tricks": range(14),
    })  # fmt: skip


def _change(request, found: Result) -> None:
    data = request.POST
    reason = data.get("reason", "")
    what = data.get("what")
    if what == "correct":
        values = {name: data.get(name, "").strip() for name in ("contract", "declarer", "tricks", "lead")}
        values["contract"] = values["contract"].upper()
        game_services.correct_result(found, values, request.user, reason)
    elif what == "adjust":
        assigned = data.get("score_ns", "").strip()
        game_services.adjust_result(found, request.user, reason, data.get("adjusted", "").strip().upper(),
                                    assigned if assigned else None)  # fmt: skip
    elif what in ("accept", "dismiss"):
        conflict = get_object_or_404(ResultConflict, id=data.get("conflict"), result=found)
        game_services.resolve_conflict(conflict, what == "accept", request.user, reason)
    else:
        raise Refused("choose correct, adjust, accept or dismiss")


@login_required
def party(request, section_id: int):
    """The host's view of a progressive party: tallies per table, the bell, the standings."""
    section = _section(request, section_id)
    if not page_data.is_party(section):
        return redirect("direct-section", section.id)
    if request.method == "POST":
        if section.status != Status.RUNNING:
            messages.error(request, f"{section} is not running: there is no round to end")
        else:
            tied = {
                key.removeprefix("cut-"): value
                for key, value in request.POST.items()
                if key.startswith("cut-") and value in ("NS", "EW")
            }
            start_bell(section, request.user, last=request.POST.get("last") == "1", tied=tied)
            messages.success(
                request,
                f"The bell rings for round {section.current_round}: every table is frozen as it stands.",
            )
        return redirect("direct-party", section.id)
    tallies = {(t.round, t.table): t for t in section.tallies.all()}
    playing = [
        tallies.get((section.current_round, s.table))
        for s in section.seatings.filter(round=section.current_round)
    ]
    tied = [t.table for t in playing if t is not None and not t.frozen and not decide_table(section, t)[0]]
    names = {e.number: e.name or f"Player {e.number}" for e in Entry.objects.filter(section=section)}
    rounds = []
    for number in sorted(set(section.seatings.values_list("round", flat=True)), reverse=True):
        rows = []
        for seating in section.seatings.filter(round=number).order_by("table"):
            rows.append({"seating": seating, "tally": tallies.get((number, seating.table)),
                         "players": [(seat, names.get(seating.seats.get(seat), "")) for seat in "NESW"]})  # fmt: skip
        rounds.append((number, rows))
    return render(request, "direct/party.html", {
        "section": section, "rounds": rounds, "party": page_data.party_rows(section),
        "running": section.status == Status.RUNNING, "codes": section.table_codes.all(),
        "euchre": section.game == Game.EUCHRE, "jobs": _jobs(section), "tied": tied, "players": len(names),
    })  # fmt: skip


@login_required
@require_POST
def party_prizes(request, section_id: int):
    """The host's prizes: how many go by games won and whether the most lone hands win one (Hoyle 1940
    L11413–11418); a setting changed with a reason, kept as a SectionVersion; the standings follow."""
    section = _section(request, section_id)
    players = section.entries.count()
    text = request.POST.get("prizes", "").strip()
    lone = request.POST.get("lone_hand_prize") == "1"
    reason = request.POST.get("reason", "")
    try:
        if not text.isdigit() or int(text) > players:
            raise Refused(f"give the number of prizes as a whole number from 0 to {players} (the players)")
        services.change_settings(
            section, {"prizes": int(text), "lone_hand_prize": lone}, request.user, reason
        )
    except Refused as error:
        messages.error(request, error.message)
    else:
        extra = " and the lone-hand prize" if lone else ""
        messages.success(request, f"{int(text)} prize(s) by games won{extra}: the standings follow.")
    return redirect("direct-party", section.id)


@login_required
def party_tally(request, section_id: int, round_number: int, table: int):
    """A table's tally for a round with its versions; once the bell froze it, the host corrects it with a reason
    (games.services.correct_tally: a TallyVersion, the winners decided again, the standings follow)."""
    section = _section(request, section_id)
    seating = get_object_or_404(Seating, section=section, round=round_number, table=table)
    tally = get_object_or_404(Tally, section=section, round=round_number, table=table)
    if request.method == "POST":
        try:
            game_services.correct_tally(section, round_number, table, page_data.tally_form(request.POST),
                                        request.user, request.POST.get("reason", ""))  # fmt: skip
        except Refused as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request, f"Round {round_number}, table {table}: the correction is saved as a new version."
            )
        return redirect("direct-tally", section.id, round_number, table)
    names = dict(Entry.objects.filter(section=section).values_list("number", "name"))
    seats = [
        (seat, number, names.get(number) or f"Player {number}", tally.lone_hands.get(str(number), 0))
        for seat, number in ((seat, seating.seats.get(seat)) for seat in "NESW")
    ]
    return render(request, "direct/tally.html", {
        "section": section, "tally": tally, "seats": seats, "versions": tally.versions.select_related("changed_by"),
    })  # fmt: skip
