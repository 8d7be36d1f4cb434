"""Pages for directors and party hosts: set up a session (movement preview and check), run it (rounds, table
codes, status), enter results by traveller, correct and adjust with the version history, and host a progressive
party (tallies, the bell, the next seating, the prizes, corrections of frozen tallies).

Views are thin: the director check is tournaments.permissions.is_director; every change goes through the services
(tournaments.services, games.services), which validate with the engine and keep the versions.
"""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from games import lines
from games import services as game_services
from games.engine.bridge import rules
from games.formats import handrecords
from games.formats.numbers import Column, NumberError, whole_number
from games.models import Board, Result, ResultConflict, Tally
from games.services import Refused
from jobs.models import Job, Kind
from jobs.rotation import start_bell
from jobs.services import start as start_job
from parties.core import lone_hands_allowed, party_kind, round_deals
from tournaments import member_pages, membership, page_data, room, services
from tournaments.models import Club, Entry, Event, ScoringMethod, Seating, Section, Session, Status
from tournaments.movements.cards import table_cards
from tournaments.movements.registry import SECTION_KINDS
from tournaments.permissions import directed_club_ids, is_director
from tournaments.printables import movement_of
from tournaments.selectors import directed_section

MOVEMENTS = {name: (kind.description, kind.size) for name, kind in SECTION_KINDS.items()}
"""The movement kinds offered on the set-up page (movements.registry): description and the size it takes."""


def _section(request, section_id: int) -> Section:
    return directed_section(request.user, section_id)


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
    return kind, {
        MOVEMENTS[kind][1]: data.get("size", ""),
        "boards_per_round": data.get("boards_per_round", ""),
    }


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
        context["entries"] = member_pages.entry_rows(member_pages.movement_entries(movement), data)
        context["members"] = member_pages.member_choices(club)
        if request.method == "POST" and movement["check"]["ok"]:
            try:
                players = member_pages.typed_players(club, data)
                section = _create(request, club, data, movement, players)
            except Refused as error:
                context["problem"] = error.message
                return render(request, "direct/new_session.html", context, status=400)
            messages.success(request, f"{section} is set up: {len(section.boards.all())} boards dealt.")
            return redirect("direct-section", section.id)
    return render(request, "direct/new_session.html", context)


@transaction.atomic
def _create(request, club: Club, data, movement: dict, players: dict) -> Section:
    """The event, its session and section, the movement, the entries' players and the deal: all or nothing."""
    name = data.get("name", "").strip() or "Pairs"
    try:
        date = datetime.date.fromisoformat(data.get("date", ""))
    except ValueError:
        date = datetime.date.today()
    method = data.get("scoring_method", ScoringMethod.MATCHPOINTS)
    event = Event.objects.create(club=club, name=name, date=date)
    session = Session.objects.create(event=event, number=1)
    section = Section.objects.create(session=session, name="A", scoring_method=method)
    section = services.install_movement(section, movement, request.user)
    membership.name_entries(section, players)
    return services.deal_boards(section)


@login_required
def section(request, section_id: int):
    """The director's desk for one section: status and rounds, table codes, boards, conflicts, printables."""
    return section_page(request, section_id)


def section_page(request, section_id: int, status: int = 200, typed=None):
    section = _section(request, section_id)
    entered = {
        (r, t): n for r, t, n in _counts(Result.objects.filter(section=section).values_list("round", "table"))
    }
    section.current_round = room.round_in_play(section)
    seatings = section.seatings.filter(round=section.current_round).select_related("ns", "ew")
    tables = [
        {"seating": s, "entered": entered.get((s.round, s.table), 0), "expected": len(s.boards)}
        for s in seatings
    ]
    if page_data.is_party(section):  # a party's table: its four players and its tally, not pairs and boards
        names = dict(section.entries.values_list("number", "name"))
        tallies = {t.table: t for t in section.tallies.filter(round=section.current_round)}
        for row in tables:
            row["players"] = [
                (seat, n, names.get(n, "")) for seat, n in page_data.seat_numbers(row["seating"])
            ]
            row["tally"] = tallies.get(row["seating"].table)
    return render(request, "direct/section.html", {
        "section": section, "tables": tables, "codes": section.table_codes.all(),
        "boards": section.boards.all(), "conflicts": _conflicts(section), "party": page_data.is_party(section),
        "last_round": room.most_rounds(section), "missing": _missing(section),
        "jobs": _jobs(section), "deal_formats": handrecords.FORMATS.values(),
        "entries": member_pages.section_entry_rows(section, typed),
        "members": member_pages.member_choices(section.club),
    }, status=status)  # fmt: skip


@login_required
@require_POST
def section_entries(request, section_id: int):
    """The desk's entry form: every entry's players at once (all or nothing), refused naming them."""
    section = _section(request, section_id)
    try:
        membership.name_entries(section, member_pages.typed_players(section.club, request.POST))
    except Refused as error:
        messages.error(request, error.message)
        return section_page(request, section.id, status=error.status, typed=request.POST)
    messages.success(request, "The entries' players are saved.")
    return redirect("direct-section", section.id)


def _conflicts(section: Section):
    return ResultConflict.objects.filter(result__section=section, resolved=False).select_related(
        "result__board", "result__ns", "result__ew"
    )


def _missing(section: Section) -> list[room.Missing]:
    """The results missing in the rounds played so far (none before play starts, none at a party)."""
    if section.status == Status.SETUP or page_data.is_party(section):
        return []
    return room.missing_results(section, up_to=room.round_in_play(section))


@login_required
def room_state(request, section_id: int):
    """The desk's live state for its poll (JSON): round, status, the results missing and the open conflicts,
    each conflict with the link that resolves it."""
    section = _section(request, section_id)
    return JsonResponse({
        "round": room.round_in_play(section), "rounds": room.most_rounds(section), "status": section.status,
        "missing": [m.as_dict() for m in _missing(section)],
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
def table_code(request, section_id: int, table: int):
    """A new access code for one table; its cards are printed again from the desk."""
    section = _section(request, section_id)
    try:
        code = services.renew_table_code(section, table)
    except Refused as error:
        return _refused(request, section, error.message, error.status)
    messages.success(request, f"Table {table} has a new code, {code.code}: print its cards again.")
    return redirect("direct-section", section.id)


@login_required
@require_POST
def not_played(request, section_id: int):
    """The director marks a missing result not played, with a reason (kept in the result's version)."""
    section = _section(request, section_id)
    try:
        seating = get_object_or_404(
            Seating.objects.select_related("ns", "ew"), section=section,
            round=int(request.POST.get("round", 0)), table=int(request.POST.get("table", 0)),
        )  # fmt: skip
        number = int(request.POST.get("board", 0))
        game_services.mark_not_played(section, seating, number, request.user, request.POST.get("reason", ""))
    except Refused as error:  # before ValueError, which it is
        return _refused(request, section, error.message, error.status)
    except ValueError:
        return _refused(request, section, "give the round, the table and the board as whole numbers")
    messages.success(request, f"Board {number}, table {seating.table}, round {seating.round}: not played.")
    return redirect("direct-section", section.id)


def _refused(request, section: Section, problem: str, status: int = 400):
    """The desk again, saying what was wrong, with a 4xx."""
    messages.error(request, problem)
    return section_page(request, section.id, status=status)


MAX_DEAL_FILE = 1 << 20
"""An upload larger than this is no hand-record file (99 boards of the largest format take 16 kB)."""


@login_required
def deals_download(request, section_id: int):
    """The section's deals as a file for the dealing machine, in the format chosen (directors only: hidden boards
    too)."""
    section = _section(request, section_id)
    try:
        data, name, kind = services.hand_record_file(section, request.GET.get("format", ""))
    except Refused as error:
        return _refused(request, section, error.message, error.status)
    response = HttpResponse(data, content_type=kind.media_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@require_POST
def deals_upload(request, section_id: int):
    """The dealing machine's file as the section's deals: all boards or none."""
    section = _section(request, section_id)
    upload = request.FILES.get("file")
    if upload is None:
        return _refused(request, section, "choose the dealing machine's file to upload")
    if upload.size > MAX_DEAL_FILE:
        return _refused(request, section, f"{upload.name} is over 1 MB: not a hand-record file")
    try:
        count = services.import_hand_records(
            section, upload.read(), upload.name, request.POST.get("format") or None
        )
    except Refused as error:
        return _refused(request, section, error.message, error.status)
    messages.success(request, f"{count} boards dealt from {upload.name}.")
    return redirect("direct-section", section.id)


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
ACTIONS_WITH_REASON = {
    "next-round": services.next_round,
    "finish": lambda s, u, reason: services.set_status(s, Status.FINISHED, u, reason),
}
ASK_FIRST = {"next-round": "Go on to the next round", "finish": "Close the session"}
"""Actions that first list the results still missing and ask; going on anyway is recorded with that list."""


def _went_on(name: str, missing: list[room.Missing]) -> str:
    lines = "; ".join(f"table {m.seating.table} round {m.seating.round}: boards {', '.join(map(str, m.boards))}"
                      for m in missing)  # fmt: skip
    return f"{ASK_FIRST[name]} with {sum(len(m.boards) for m in missing)} result(s) missing ({lines})"


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
        missing = _missing(section) if name in ASK_FIRST else []
        if missing and request.POST.get("confirm") != "yes":
            return render(request, "direct/confirm.html", {
                "section": section, "action": name, "label": ASK_FIRST[name], "missing": missing,
                "count": sum(len(m.boards) for m in missing),
            })  # fmt: skip
        try:
            section = (
                ACTIONS_WITH_REASON[name](section, request.user, _went_on(name, missing))
                if missing
                else action(section, request.user)
            )
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
        services.follow_results(section)
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
            line = lines.score_line(section, board, contract, request.POST.get(f"declarer-{key}", ""),
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
        line = lines.score_line(section, board, request.GET.get("contract", "").upper(),
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
        "conflicts": found.conflicts.all(), "tricks": range(14), "honors": rules(section.rule_set).honors,
    })  # fmt: skip


def _change(request, found: Result) -> None:
    data = request.POST
    reason = data.get("reason", "")
    what = data.get("what")
    if what == "correct":
        values = {
            name: data.get(name, "").strip() for name in ("contract", "declarer", "tricks", "lead", "honors")
        }
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
    kind = party_kind(section.movement_kind)
    tie = kind.tie
    deals = round_deals((section.movement or {}).get("party"))
    names = {e.number: e.name or f"Player {e.number}" for e in Entry.objects.filter(section=section)}
    rounds, tied = [], []
    for number in sorted(set(section.seatings.values_list("round", flat=True)), reverse=True):
        rows = []
        for seating in section.seatings.filter(round=number).order_by("table"):
            tally = tallies.get((number, seating.table))
            state = None
            if tally is not None and not tally.frozen:
                state = kind.state(
                    seating.table, tally.ns_points, tally.ew_points, bool(tally.hearts), tally.hands, deals
                )
                if state.state == "tied" and number == section.current_round:
                    tied.append(seating.table)
            rows.append({"seating": seating, "tally": tally, "state": state,
                         "players": [(seat, names.get(n, "")) for seat, n in page_data.seat_numbers(seating)]})  # fmt: skip
        rounds.append((number, rows))
    return render(request, "direct/party.html", {
        "section": section, "rounds": rounds, "party": page_data.party_rows(section),
        "running": section.status == Status.RUNNING, "codes": section.table_codes.all(),
        "euchre": lone_hands_allowed(section.game, 2, section.movement_kind), "jobs": _jobs(section), "tied": tied, "tie": tie, "players": len(names), "deals": deals,
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
        try:
            prizes = whole_number(text, "prizes", Column(0, players))
        except NumberError:
            raise Refused(
                f"give the number of prizes as a whole number from 0 to {players} (the players)"
            ) from None
        services.change_settings(section, {"prizes": prizes, "lone_hand_prize": lone}, request.user, reason)
    except Refused as error:
        messages.error(request, error.message)
    else:
        extra = " and the lone-hand prize" if lone else ""
        messages.success(request, f"{prizes} prize(s) by games won{extra}: the standings follow.")
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
