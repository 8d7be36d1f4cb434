"""What the analysis and audit jobs compute for stored rows: the pure engines called on a Board's deal and its
play records (games.engine.bridge.dd, games.engine.bridge.replay), shaped as the JSON kept on the rows."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from django.db import transaction

from games.engine.bridge import dd, rules
from games.engine.bridge.calls import Vulnerability
from games.engine.bridge.play import ColumnPlay
from games.engine.bridge.replay import Auction, replay
from games.engine.cards import SEATS, Deal, DealError, Seat
from games.engine.report import GameReport, Report
from games.formats import deal_record
from games.formats.egn import replay_file as replay_egn
from games.formats.pbn.audit import replay_file as replay_pbn
from games.models import Board, PlayRecord
from tournaments.models import Section
from tournaments.permissions import is_director, section_club_id

from . import services
from .models import Job, Kind, State
from .services import JobFailed


def board_analysis(board: Board) -> dict:
    """A Board's double-dummy table, par, and the cost of each played card of every play record on it:
    {"table": {"N": {"S": 9, ...}, ...}, "par": {"score": 420, "contracts": [...]}, "costs": {result id: [...]}}."""
    where = f"board {board.number}"
    try:
        deal = Deal.from_pbn(board.deal)
        table = dd.dd_table(deal)
        found = dd.par(deal, Vulnerability(board.vulnerability), Seat.parse(board.dealer))
    except (DealError, dd.DoubleDummyError, ValueError) as exc:
        raise JobFailed(f"{where}: {exc}; correct the hand record, then start the analysis again") from None
    costs = {}
    for record in PlayRecord.objects.filter(result__board=board).select_related("result"):
        if record.play.get("tricks"):
            figures = replay_record(record, board, dd_figures=True).extra.get("dd", {})
            costs[str(record.result_id)] = figures.get("costs", [])
    return {
        "table": {seat.value: {d.value: table[d][seat] for d in table} for seat in SEATS},
        "par": {"score": found.score, "contracts": list(found.contracts)},
        "costs": costs,
    }


def hand_record_analysis(section: Section, user=None) -> Job | None:
    """The analysis the hand records wait for, so that no page or PDF solves a deal in its request: the Section's
    analysis job under way, or one started now when a dealt board has none stored yet; None when there is none.

    Only a director of the section's club starts it by looking (the job is theirs, and so is its result: the par
    of every board, played or not). A look by anyone else (the public, a player, a table's phone, another club's
    director) starts nothing: a GET must not set a worker solving deals for a stranger, and a job started in a
    viewer's name would show them its result. A failed analysis is left as it is (its reason shown) rather than
    started again on every look: the director starts it again from the desk once the deal is put right. Without a
    broker the job runs in a thread of this process: the page or PDF that started it answers at once (26 boards
    take half a minute to solve)."""
    if not is_director(user, section_club_id(section)):
        return _under_way(section)
    with transaction.atomic():
        Section.objects.select_for_update(no_key=True).filter(id=section.id).first()  # one new job at a time
        latest = _under_way(section)
        if latest is not None:
            return latest
        if not Board.objects.filter(section=section, analysis__isnull=True).exclude(deal="").exists():
            return None
        job = services.start(Kind.ANALYSE, section, user=user, apart=True)
    return Job.objects.get(id=job.id)


def _under_way(section: Section) -> Job | None:
    """The Section's latest analysis when it is still to run, running, or failed (its reason for the desk)."""
    latest = Job.objects.filter(section=section, kind=Kind.ANALYSE).order_by("-id").first()
    return (
        latest
        if latest is not None and latest.state in (State.PENDING, State.RUNNING, State.FAILED)
        else None
    )


def analysis_summary(section_id: int) -> dict:
    """What an analysis job reports: how many boards it analysed and each one's par score."""
    boards = Board.objects.filter(section=section_id).exclude(analysis=None).order_by("number")
    par = {
        str(number): figures["par"]["score"] for number, figures in boards.values_list("number", "analysis")
    }
    return {"boards": len(par), "par": par}


def replay_record(record: PlayRecord, board: Board, dd_figures: bool = False) -> GameReport:
    """One play record through the bridge replay (its auction, play and claim against the stored result)."""
    result = record.result
    section = result.section
    play = record.play or {}
    return replay(
        rules(section.rule_set),
        board.deal or None,
        Auction.of(board.dealer, record.auction) if record.auction else None,
        ColumnPlay.of(play["first"], play["tricks"]) if play.get("tricks") else None,
        record.claim,
        result.tricks,
        contract=result.contract or None,
        declarer=result.declarer or None,
        vulnerability=Vulnerability(board.vulnerability),
        recorded_score=result.score_ns,
        dealer=Seat.parse(board.dealer),
        board=str(board.number),
        dd=dd_figures,
    )


def _summary(report: Report) -> dict:
    """The report's own summary and how many irregularities of each kind it found."""
    kinds = Counter(str(i.kind) for game in report.games for i in game.irregularities)
    return {**report.to_json()["summary"], "irregularities": dict(sorted(kinds.items()))}


def audit_section(job) -> dict:
    """Every play record of the job's Section replayed; each report stored on its record; the summary returned."""
    records = list(
        PlayRecord.objects.filter(result__section=job.section_id)
        .select_related("result", "result__board", "result__section")
        .order_by("result__board__number", "result_id")
    )
    if not records:
        raise JobFailed(
            f"{job.section}: no result has a play record to audit; import a PBN file with the play, "
            "or record the play at the tables"
        )
    services.set_total(job, len(records))
    reports = []
    for record in records:
        report = replay_record(record, record.result.board)
        data = report.to_json()
        services.step(job.id, f"record:{record.id}", lambda r=record, d=data: _store_audit(r.id, d))
        reports.append(report)
    return _summary(Report(tuple(reports)))


def _store_audit(record_id: int, data: dict) -> None:
    PlayRecord.objects.filter(id=record_id).update(audit=data)


def audit_file(job, path: str, rule_set: str) -> dict:
    """An imported file's games replayed (a .pbn through the bridge auditor, an .egn through euchre's, a
    .deal.json deal record of whist, hearts or Five Hundred through theirs)."""
    file = Path(path)
    if not file.is_file():
        raise JobFailed(f"{path}: no such file where the worker runs; put it where the workers can read it")
    if file.suffix.lower() == ".pbn":
        report = replay_pbn(file, rules(rule_set))
    elif file.suffix.lower() == ".egn":
        report = Report(tuple(replay_egn(file)))
    elif deal_record.is_deal_record(file):
        report = Report(tuple(deal_record.replay_file(file)))
    else:
        raise JobFailed(f"{path}: expected a .pbn, .egn or {deal_record.SUFFIX} file")
    services.set_total(job, 1)
    services.step(job.id, "file")
    return {**_summary(report), "games_report": report.to_json()["games"]}
