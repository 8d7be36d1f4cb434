"""Pages for players and the public: clubs, a session's results with live standings, travellers, scorecards, hand
records, the replay audit, progressive party standings; and the table-entry page for scorers' phones.

Views are thin: who may see what is tournaments.visibility's Viewer; entries and confirmations go through
games.services (the engine validates and scores); the numbers shown are the scoring service's stored ones.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse

from config.downloads import download
from games.models import Board, PlayRecord, Publication
from jobs.analysis import hand_record_analysis
from jobs.models import Job, Kind, State
from scoring.serializers import scorecard
from tournaments import page_data, printables, team_data
from tournaments.membership import by_surname
from tournaments.models import Club, Entry, Status
from tournaments.permissions import sees_members
from tournaments.rounds import most_rounds
from tournaments.signin import first_run


def home(request):
    """The clubs; for a logged-in player, the sessions they play in with their scorecards. A new installation (no
    user at all) goes to the first-run page."""
    if first_run():
        return redirect("welcome")
    mine = []
    if request.user.is_authenticated:
        mine = Entry.objects.filter(players__user=request.user).select_related("section__session__event")
        mine = mine.exclude(section__status=Status.SETUP).order_by("-section__session__event__date")
    return render(request, "tournaments/home.html", {"clubs": Club.objects.all(), "mine": mine})


def club(request, slug: str):
    """The club's public home: its latest published results first (last night one click away), then every
    session; its member list only to whom tournaments.permissions.sees_members lets read it."""
    club = get_object_or_404(Club, slug=slug)
    sections = page_data.sections_of_club(club)
    latest = [s for s in sections if s.status == Status.PUBLISHED][:LATEST]
    players = (
        by_surname(club.players.filter(guest=False, archived=False))
        if sees_members(request.user, club)
        else None
    )
    return render(request, "tournaments/club.html", {
        "club": club, "latest": latest, "sections": sections, "players": players,
    })  # fmt: skip


LATEST = 5  # published sections the club's home puts first


def standings_context(request, section) -> dict:
    viewer = page_data.viewer(request, section)
    party = section.is_party
    context = {
        "section": section,
        "viewer": viewer,
        "live": section.status == Status.RUNNING,
        "is_party": party,
        "figures": viewer.sees_standings,
        "last_round": most_rounds(section),  # as the desk counts: a Swiss's planned rounds, not those drawn
    }
    if party:
        context["party"] = page_data.party_rows(section)
        context["party_summary"] = page_data.party_summary(section)
    elif team_data.is_teams(section):
        context.update(team_data.standings_context(section, viewer))
    else:
        context["fields"] = page_data.standings(section, ranked=context["figures"])
        context["across"] = page_data.field_label(section)
        context["ranking"] = page_data.ranking_note(section, context["fields"])
    return context


def section(request, section_id: int):
    """A session's results: standings (live while it runs), and the boards the viewer may open. `?projector=1`:
    the standings alone in large type for a projector or TV, paging through themselves; ranks and scores as this
    viewer may see them (tournaments.visibility), like the page."""
    section = page_data.page_section(request, section_id)
    context = standings_context(request, section)
    if request.GET.get("projector") == "1":
        return render(request, "pages/projector.html", context)
    viewer = context["viewer"]
    boards = list(Board.objects.filter(section=section).only("id", "number"))
    context["boards"] = [(b.number, viewer.sees_board(b.id)) for b in boards]
    context["hidden_boards"] = sum(1 for _, seen in context["boards"] if not seen)
    context["publications"] = page_data.publications(section)
    return render(request, "pages/section.html", context)


def published(request, section_id: int, number: int):
    """A published version of the results as it was: its standings and each board's results, frozen."""
    section = page_data.page_section(request, section_id)
    version = get_object_or_404(Publication, section=section, number=number)
    later = section.publications.filter(number__gt=number).order_by("number").first()
    return render(request, "pages/published.html", {
        "section": section, "version": version, "later": later, "here": f"Published version {number}",
        "fields": page_data.published_fields(version),
    })  # fmt: skip


def standings_fragment(request, section_id: int):
    """The standings table alone, for the page's live update; 304 while nothing has changed."""
    section = page_data.page_section(request, section_id)
    tag = page_data.live_tag(section)
    if request.headers.get("If-None-Match") == tag:
        return HttpResponseNotModified(headers={"ETag": tag})
    response = render(request, "pages/_standings.html", standings_context(request, section))
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


def _board(request, section_id: int, number: int):
    section = page_data.page_section(request, section_id)
    board = get_object_or_404(Board, section=section, number=number)
    return section, board, page_data.viewer(request, section)


def traveller(request, section_id: int, number: int):
    """A board's traveller: the hand, its double-dummy table and par, every result with its score."""
    section, board, viewer = _board(request, section_id, number)
    seen = viewer.sees_board(board.id)
    shown = [
        n
        for i, n in Board.objects.filter(section=section).values_list("id", "number")
        if viewer.sees_board(i)
    ]
    context = {
        "section": section,
        "board": board,
        "seen": seen,
        "here": f"Board {number}",
        "director": viewer.director,
        "previous": max((n for n in shown if n < number), default=None),
        "next": min((n for n in shown if n > number), default=None),
    }
    if seen:
        figures = page_data.analysis(board)
        context.update(
            diagram=page_data.hand_diagram(board.deal), dd_rows=page_data.dd_rows(figures),
            par=(figures or {}).get("par"), results=page_data.traveller(board),
            rooms=team_data.board_rooms(section, board) if team_data.is_teams(section) else None,
            audited=PlayRecord.objects.filter(result__board=board).exists(),
        )  # fmt: skip
    return render(request, "pages/traveller.html", context, status=200 if seen else 403)


def audit(request, section_id: int, number: int):
    """The replay audit of a board's recorded play: each table's auction, play and the auditor's report."""
    section, board, viewer = _board(request, section_id, number)
    if not viewer.sees_board(board.id):
        return render(request, "pages/traveller.html", {"section": section, "board": board, "seen": False},
                      status=403)  # fmt: skip
    records = PlayRecord.objects.filter(result__board=board).select_related("result__ns", "result__ew")
    return render(request, "pages/audit.html", {"section": section, "board": board, "records": records})


NOT_STARTED = (
    "No double-dummy analysis yet: the director starts it from the desk or by opening the hand records."
)


def _analysis(request, section) -> Job | None:
    """The analysis the hand records wait for (started if it has not run and the viewer directs the section), its
    reason for failing left to the director's desk: it may quote a deal."""
    job = hand_record_analysis(section, request.user)
    if job is not None:
        job.error = ""
    return job


def hand_records(request, section_id: int):
    """Every board the viewer may see, with its double-dummy table once the analysis job has solved it: started
    here when it has not run and the viewer directs the section, its progress shown, the page reloaded when it is
    done."""
    section = page_data.page_section(request, section_id)
    job = _analysis(request, section)
    boards = page_data.hand_records(section, page_data.viewer(request, section))
    unanalysed = sum(1 for entry in boards if entry["diagram"] and not entry["dd_rows"])
    return render(request, "pages/hand_records.html", {
        "section": section, "boards": boards, "unanalysed": unanalysed, "jobs": [job] if unanalysed and job else [],
        "job_url": reverse("page-hands-analysis", args=[section.id]), "not_started": NOT_STARTED,
    })  # fmt: skip


def hand_records_analysis(request, section_id: int):
    """How far the hand records' analysis has got, for the page's progress bar: its state and progress only
    (the job's result names boards this viewer may still have to play)."""
    section = page_data.page_section(request, section_id)
    job = Job.objects.filter(section=section, kind=Kind.ANALYSE).order_by("-id").first()
    if job is None:
        raise Http404("no analysis of this section")
    return JsonResponse({"id": job.id, "state": job.state, "progress": job.progress, "error": ""})


def scorecard_page(request, section_id: int, number: int):
    """An entry's scorecard, board by board, with its percentage round by round."""
    section = page_data.page_section(request, section_id)
    entry = get_object_or_404(Entry.objects.prefetch_related("players"), section=section, number=number)
    viewer = page_data.viewer(request, section)
    if not viewer.sees_scorecard(entry.id):
        return render(request, "pages/scorecard.html",
                      {"section": section, "entry": entry, "seen": False, "here": f"Scorecard {entry.tag}"}, status=403)  # fmt: skip
    lines = scorecard(entry, viewer.shown_boards)
    names = dict(section.entries.values_list("number", "name"))
    for line in lines:
        line["opponent_name"] = names.get(line["opponent"], "")
    standing = getattr(entry, "standing", None) if viewer.sees_standings else None
    return render(request, "pages/scorecard.html", {
        "section": section, "entry": entry, "seen": True, "lines": lines, "standing": standing,
        "here": f"Scorecard {entry.tag}",
        "chart": page_data.round_chart(lines),
    })  # fmt: skip


def pdf_response(data: bytes, name: str) -> HttpResponse:
    return download(data, name, "application/pdf", inline=True)


def cards_pdf(request, section_id: int, kind: str):
    """Guide cards (kind "guide") or table cards ("table") of the section's movement."""
    section = page_data.page_section(request, section_id)
    if kind not in ("guide", "table") or section.plan is None:
        raise Http404("no such cards")
    links = None
    if page_data.viewer(request, section).director:  # the table codes are the director's to hand out
        links = {
            c.table: (c.shown, request.build_absolute_uri(reverse("page-table-open", args=[c.code])))
            for c in section.table_codes.all()
        }
    table = request.GET.get("table", "")
    if table and (not table.isdigit() or not section.table_codes.filter(table=int(table)).exists()):
        raise Http404(f"{section} has no table {table}")
    data = printables.movement_cards(section, kind, links, int(table) if table else None)
    return pdf_response(data, f"{kind}-cards-{section.id}{f'-table-{table}' if table else ''}.pdf")


def hand_records_pdf(request, section_id: int):
    """The hand records at once: with the double-dummy tables the analysis job stored, and while it still runs
    (started here when it has not and the viewer directs the section), without them and saying so."""
    section = page_data.page_section(request, section_id)
    job = _analysis(request, section)
    boards = page_data.hand_records(section, page_data.viewer(request, section))
    unanalysed = sum(1 for entry in boards if entry["diagram"] and not entry["dd_rows"])
    note = ""
    if unanalysed and job is not None and job.state == State.FAILED:
        note = "The double-dummy analysis failed: the director can start it again from the desk."
    elif unanalysed and job is None:
        note = NOT_STARTED
    elif unanalysed:
        note = (f"The double-dummy analysis is under way ({unanalysed} board{pluralize(unanalysed)} to go): "
                "print again when it is done for the double-dummy tables.")  # fmt: skip
    response = pdf_response(printables.hand_records(section, boards, note), f"hand-records-{section.id}.pdf")
    if note:
        response["Cache-Control"] = "no-store"
    return response


def _published(request, section_id: int):
    section = page_data.page_section(request, section_id)
    if not page_data.viewer(request, section).sees_all:
        raise PermissionDenied("printed results and scorecards come once the results are published")
    return section


def results_pdf(request, section_id: int):
    section = _published(request, section_id)
    return pdf_response(printables.results(section, list(section.boards.all())), f"results-{section.id}.pdf")


def scorecards_pdf(request, section_id: int):
    section = _published(request, section_id)
    entries = list(section.entries.select_related("standing"))
    return pdf_response(printables.scorecards(section, entries), f"scorecards-{section.id}.pdf")
