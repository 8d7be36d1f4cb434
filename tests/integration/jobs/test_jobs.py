"""Jobs end to end: the job record through the API, double-dummy analysis (checked against the file's own
[DoubleDummyTricks]), replay audits, rotations and the progressive party's bell. Each test runs its jobs on the
real Celery worker when REDIS_URL is set, and eagerly in-process otherwise (`run_jobs`)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from collections import Counter
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import OperationalError

from config.celery import app
from config.refusals import NeedsConfirmation
from games.engine.bridge import rules
from games.exchange.pbn import read_pbn
from games.exchange.store import store
from games.formats import pbn
from games.formats.pbn.audit import replay_games
from games.models import Board, PlayRecord
from jobs import analysis, services
from jobs.models import Job, Outbox, State, Step
from jobs.tasks import analyse_board, flush_outbox, wait
from parties.bell import start_bell
from parties.management.commands.demo import EUCHRE
from parties.models import Tally
from parties.tallies import record_tally
from scoring.services import recompute_standings
from tests.conftest import start_worker, stop_worker
from tests.integration.api_helpers import make_director
from tests.integration.jobs.helpers import dd_as_file_writes, dealt_section, example2_section, until
from tests.shared import shared_path
from tournaments import services as sections
from tournaments.models import Section, TableCode


def test_the_job_record_through_the_api(client, db):
    alice, club = make_director("alice", "riverton")
    bob, _ = make_director("bob", "lakeside")
    section = dealt_section(alice, club)
    job = Job.objects.create(kind="analyse", section=section, arguments={"boards": "all"}, progress=40)
    url = f"/api/jobs/{job.id}/"
    assert client.get(url).status_code == 403, "anonymous users see no jobs"
    client.force_login(bob)
    assert client.get(url).status_code == 404, "another club's director does not see the job"
    client.force_login(alice)
    answer = client.get(url).json()
    assert set(answer) == {"id", "kind", "section", "arguments", "state", "progress", "started", "finished",
                           "error", "result", "created"}  # fmt: skip
    assert (answer["kind"], answer["state"], answer["progress"], answer["section"]) == (
        "analyse", "pending", 40, section.id)  # fmt: skip
    assert [j["id"] for j in client.get(f"/api/jobs/?section={section.id}&kind=analyse").json()] == [job.id]
    assert client.get("/api/jobs/?kind=audit").json() == []
    assert client.post("/api/jobs/", {"kind": "rotate", "section": section.id}).status_code == 400
    started = client.post("/api/jobs/", {"kind": "analyse", "section": section.id})
    assert started.status_code == 202 and started.json()["kind"] == "analyse"
    client.force_login(bob)
    assert client.post("/api/jobs/", {"kind": "analyse", "section": section.id}).status_code == 403


def test_double_dummy_analysis_matches_the_file(run_jobs):
    user, club = make_director()
    section, reference = example2_section(user, club)
    job = wait(services.start("analyse", section, user=user).id, timeout=120)
    assert (job.state, job.progress, job.error) == ("done", 100, "")
    boards = {b.number: b.analysis for b in Board.objects.filter(section=section)}
    assert {n: dd_as_file_writes(boards[n]) for n in reference} == {n: t for n, (_, t) in reference.items()}
    assert job.result["boards"] == 10 and Step.objects.filter(job=job).count() == 10
    assert job.result["par"]["11"] == boards[11]["par"]["score"]


def test_analysis_of_a_section_without_deals_fails_saying_what_to_do(run_jobs):
    user, club = make_director()
    section = dealt_section(user, club)
    job = wait(services.start("analyse", section, user=user).id, timeout=60)
    assert job.state == State.FAILED
    assert job.error.endswith("no board has a deal yet; deal the boards or import the hand records, "
                              "then start the analysis again")  # fmt: skip


# Faults: a worker killed in the middle of a job, and the broker stopped while results are entered. These need the
# real broker and worker (the `worker` fixture skips, saying why, when REDIS_URL is unset).


def pool_children(pid: int) -> list[int]:
    """The worker's pool processes (the ones that run tasks), from /proc."""
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


@pytest.mark.worker
def test_a_worker_killed_during_a_double_dummy_job_leaves_it_done_once_and_right(transactional_db, worker):
    user, club = make_director()
    section, reference = example2_section(user, club)
    started = len(worker["log"].read_text())
    job = services.start("analyse", section, user=user)
    deadline = time.monotonic() + 60
    while Step.objects.filter(job=job).count() < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.1)  # into the next board's solve (0.1-1.5 s each)
    killed = pool_children(worker["process"].pid)
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    job = wait(job.id, timeout=120)
    assert (job.state, job.progress, job.error) == ("done", 100, "")
    assert Step.objects.filter(job=job).count() == 10, "each board counted once"
    boards = {b.number: b.analysis for b in Board.objects.filter(section=section)}
    assert {n: dd_as_file_writes(boards[n]) for n in reference} == {n: t for n, (_, t) in reference.items()}
    log = worker["log"].read_text()[started:]
    assert "signal 9 (SIGKILL)" in log, f"the kill hit a running task (pool processes {killed})"
    assert job.result["boards"] == 10 and job.attempts == 1, "the job ended once"


@pytest.mark.worker
def test_a_whole_worker_killed_with_its_queue_leaves_the_job_to_another(transactional_db, worker, settings):
    """Worker B (main process and pool) is SIGKILLed halfway through a job that only B was reading: its messages
    are stranded with it. The job's outbox row is sent again (by beat, here by hand) to worker A, which finishes
    the boards B had not done, each once."""
    settings.OUTBOX_RESEND_AFTER = 1
    user, club = make_director()
    section, reference = example2_section(user, club)
    queue = f"{worker['queue']}-b"
    b = start_worker(queue, worker["log"].with_name(f"celery-{queue}.log"))
    try:
        app.conf.task_default_queue = queue
        job = services.start("analyse", section, user=user)
        assert until(lambda: Step.objects.filter(job=job).count() >= 3, 60, every=0.02)
        for pid in [b.pid, *pool_children(b.pid)]:
            os.kill(pid, signal.SIGKILL)
        b.wait(timeout=10)
        done_by_b = Step.objects.filter(job=job).count()
        assert done_by_b < 10, "B was killed halfway"
    finally:
        app.conf.task_default_queue = worker["queue"]
        stop_worker(b)
        app.connection_for_write().default_channel.client.delete(queue)  # what B left in its queue
    assert until(lambda: wait(job.id, timeout=0).state == "done", 90, every=0.5, then=flush_outbox), (
        f"{Step.objects.filter(job=job).count()} boards done; B had done {done_by_b}"
    )
    job.refresh_from_db()
    assert (job.progress, Step.objects.filter(job=job).count()) == (100, 10), "each board counted once"
    assert job.attempts >= 2, (
        "sent again (more than once if A took longer than a resend: it skips what is done)"
    )
    boards = {b.number: b.analysis for b in Board.objects.filter(section=section)}
    assert {n: dd_as_file_writes(boards[n]) for n in reference} == {n: t for n, (_, t) in reference.items()}


def redis(*args: str) -> None:
    subprocess.run(args, check=False, capture_output=True, timeout=30)


def redis_up(timeout: float = 30) -> None:
    redis("redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "--port", "6379", "--save", "",
          "--appendonly", "no")  # fmt: skip
    deadline = time.monotonic() + timeout
    while subprocess.run(["redis-cli", "-p", "6379", "ping"], capture_output=True).stdout.strip() != b"PONG":
        if time.monotonic() > deadline:
            raise RuntimeError("Redis did not come back")
        time.sleep(0.1)


def caught_up(section: Section) -> bool:
    section.refresh_from_db()
    played = sum(section.standings.values_list("boards", flat=True))
    return (
        not Outbox.objects.exists()
        and section.standings_computed == section.standings_requested
        and played == 2 * section.results.count()
    )


@pytest.mark.worker
def test_results_entered_while_redis_is_down_are_kept_and_the_standings_catch_up(
    transactional_db, worker, client, settings
):
    settings.STANDINGS_REFRESH = "jobs"
    user, club = make_director()
    section = dealt_section(user, club, tables=3, per_round=2)
    sections.deal_boards(section)
    section = sections.set_status(section, "running", user)
    codes = dict(TableCode.objects.filter(section=section).values_list("table", "code"))
    results = [
        (table, board) for table in (1, 2, 3) for board in section.seatings.get(round=1, table=table).boards
    ]

    def enter(table, board):
        body = {"board": board, "contract": "3NT", "declarer": "N", "tricks": 9}
        return client.post("/api/table/results/", body, content_type="application/json",
                           headers={"X-Table-Code": codes[table]})  # fmt: skip

    assert enter(*results[0]).status_code == 201
    assert until(lambda: caught_up(section), 30), "standings through the worker while the broker is up"
    redis("redis-cli", "-p", "6379", "shutdown", "nosave")
    try:
        for table, board in results[1:]:
            began = time.monotonic()
            answer = enter(table, board)
            assert answer.status_code == 201, answer.content
            assert time.monotonic() - began < 2, "the scorer is not kept waiting for the broker"
        assert section.results.count() == len(results), "every result saved"
        assert Outbox.objects.filter(key=f"standings:{section.id}").count() == len(results) - 1
        assert not caught_up(section)
    finally:
        redis_up()
    # What beat does every few seconds: send what the outbox holds (the worker reconnects on its own).
    assert until(lambda: caught_up(section), 60, every=0.5, then=flush_outbox), "standings caught up"
    expected = dict(section.standings.values_list("entry_id", "total"))
    recompute_standings(section.id)
    assert dict(section.standings.values_list("entry_id", "total")) == expected
    assert Job.objects.filter(kind="standings", section=section).count() == 2, "one recompute for the backlog"


# The progressive euchre party of the demo, played to the end with the bell as a job.


def table_of(section: Section, round_number: int) -> dict[int, dict[str, int]]:
    return {
        s.table: {k: int(v) for k, v in s.seats.items()} for s in section.seatings.filter(round=round_number)
    }


def test_the_demo_euchre_party_played_through_with_the_bell(run_jobs):
    call_command("demo", stdout=StringIO())
    party = Section.objects.get(session__event__name=EUCHRE)
    assert party.current_round == 2 and table_of(party, 2)[2] == {"N": 2, "E": 9, "S": 5, "W": 12}

    # Table 3 has sent no tally: the bell asks first, as the desk's next round does.
    with pytest.raises(
        NeedsConfirmation, match="Ring the bell[?] 1 tally missing: table 3 round 2: no tally"
    ):
        start_bell(party)
    # The demo's head table is at 3-2, its game not won, and table 2 is tied 4-4: the bell stops and says why.
    job = wait(start_bell(party, confirm=True).id, timeout=60)
    assert job.state == State.FAILED and job.error.startswith("round 2 table 1 has no winner at 3–2")
    read = dict(
        Tally.objects.filter(section=party, round=2).values_list("table", "version")
    )  # as a phone read them
    record_tally(party, 1, {"hands": 7, "ns_points": 5, "ew_points": 2, "version": read.get(1, 0)})
    record_tally(
        party,
        3,
        {"hands": 7, "ns_points": 2, "ew_points": 5, "lone_hands": {"W": 1}, "version": read.get(3, 0)},
    )
    job = wait(start_bell(party).id, timeout=60)
    assert job.state == State.FAILED and job.error.startswith("round 2 table 2 is tied 4–4")
    assert not Tally.objects.filter(section=party, round=2, frozen=True).exists(), "nothing frozen"

    # A cut at table 2: E-W (9, 12) move as its winners (but win no game); table 1 N-S (1, 3), table 3 E-W (10, 11).
    bell = start_bell(Section.objects.get(id=party.id), tied={"2": "EW"})
    job = wait(bell.id, timeout=60)
    assert job.state == State.DONE, job.error
    assert job.result["winners"] == {"1": "NS", "2": "EW", "3": "EW"}, "the cut's winners are kept (issue 15)"
    assert Tally.objects.get(section=party, round=2, table=2).punches == {}, "the cut wins no game"
    # Hoyle 1940 L11401-11411, method 1: the winners go up a table and separate, each partnering a loser there;
    # the head table's winners go round to the booby table, so that no winner partners a winner (issue 28: they
    # stayed and each partnered a winner from table 2), and its losers keep the table.
    stay_arrive = {1: ({6, 8}, {9, 12}), 2: ({2, 5}, {10, 11}), 3: ({4, 7}, {1, 3})}
    round_3 = table_of(Section.objects.get(id=party.id), 3)
    for table, (stay, arrive) in stay_arrive.items():
        seats = round_3[table]
        assert set(seats.values()) == stay | arrive, f"table {table}"
        for a, b in ("NS", "EW"):
            assert len({seats[a], seats[b]} & stay) == 1, (
                f"table {table}: a winner partners a loser, not a winner"
            )

    # The last round, and the standings: games won over the three rounds (L11413-11416).
    party = Section.objects.get(id=party.id)
    for table, (ns, ew) in {1: (5, 2), 2: (1, 5), 3: (3, 3)}.items():
        record_tally(party, table, {"hands": ns + ew, "ns_points": ns, "ew_points": ew})
    job = wait(start_bell(party, last=True).id, timeout=60)
    assert job.state == State.DONE and job.result["finished"], job.error
    won = Counter([1, 3, 6, 8, 9, 11] + [1, 3, 10, 11])  # rounds 1 and 2
    won.update([round_3[1]["N"], round_3[1]["S"], round_3[2]["E"], round_3[2]["W"]])  # table 3 tied: nobody
    party.refresh_from_db()
    assert party.status == "finished"
    standings = {s.entry.number: s.total for s in party.standings.select_related("entry")}
    assert standings == {n: won[n] for n in range(1, 13)}


# Replay audits and rotations.


def test_audit_of_an_imported_session_stores_each_report(run_jobs):
    user, club = make_director()
    path = shared_path("data", "pbn", "example2.pbn")
    section = store(read_pbn(path.read_bytes(), "example2.pbn"), club, "example2.pbn")
    job = wait(services.start("audit", section, user=user).id, timeout=120)
    assert job.state == State.DONE, job.error
    records = PlayRecord.objects.filter(result__section=section)
    assert job.result["games"] == records.count() and not records.filter(audit=None).exists()
    assert job.result["with_play"] == 278, "example2.pbn: 278 of its 299 tables have [Play]"
    file_job = wait(services.start("audit", None, {"path": str(path)}).id, timeout=120)
    assert file_job.result["with_play"] == 278 and len(file_job.result["games_report"]) == 299


def test_audit_of_deal_records_of_whist_hearts_and_five_hundred(run_jobs):
    """The demo's deal records (games.formats.deal_record) audited as files; the Five Hundred one is Hoyle 1940's
    example, the bidder at 360 counting out first (L11635-11641)."""
    folder = Path(__file__).resolve().parents[3] / "tournaments" / "demo_data"
    for game in ("whist", "hearts", "five-hundred"):
        job = wait(services.start("audit", None, {"path": str(folder / f"{game}.deal.json")}).id, timeout=120)
        assert job.state == State.DONE, job.error
        assert (job.result["games"], job.result["irregular"]) == (1, 0), game
    (five_hundred,) = job.result["games_report"]
    assert (five_hundred["score"], five_hundred["game_won_by"]) == ([520, 510, 0], 0)


def test_rotation_keeps_the_best_schedule_and_the_commands_show_progress(run_jobs, capsys):
    call_command("rotate", "--players", "12", "--rounds", "3", "--seconds", "0.5", stdout=StringIO())
    job = Job.objects.get(kind="rotate")
    assert (job.state, job.progress) == ("done", 100)
    assert job.result["quality"]["partner_repeats"] == 0, "Wh(12) never repeats a partner"
    assert [len(r["tables"]) for r in job.result["movement"]["rounds"]] == [3, 3, 3]
    assert "rotate: 100%" in capsys.readouterr().err, "a progress bar"


# Transient failures are tried again with back-off; a job that fails for good says why.


def running_job(section: Section) -> tuple[Job, Board]:
    board = Board.objects.filter(section=section).exclude(deal="").first()
    return Job.objects.create(kind="analyse", section=section, state=State.RUNNING, total=1), board


def test_a_transient_failure_is_tried_again_and_one_for_good_says_what_to_do(db, monkeypatch):
    user, club = make_director()
    section, _ = example2_section(user, club)
    job, board = running_job(section)
    real, calls = analysis.board_analysis, []

    def flaky(board):
        calls.append(board.id)
        if len(calls) < 3:
            raise OperationalError("server closed the connection unexpectedly")
        return real(board)

    monkeypatch.setattr(analysis, "board_analysis", flaky)
    monkeypatch.setitem(app.conf, "task_eager_propagates", False)  # as a worker: a retry is not an error
    analyse_board.apply(args=[job.id, board.id], throw=False)  # in this process, whatever the broker
    job.refresh_from_db()
    assert (len(calls), job.state, job.progress) == (3, "done", 100)

    job, board = running_job(section)
    monkeypatch.setattr(analysis, "board_analysis", lambda board: _down())
    analyse_board.apply(args=[job.id, board.id], throw=False)
    job.refresh_from_db()
    assert job.state == "failed" and job.error == (
        "the database could not be reached after 6 tries (the database is down); check that the database "
        "server is running, then start the job again"
    )


def _down():
    raise OperationalError("the database is down")


def test_each_played_card_that_cost_a_trick_is_stored_with_the_board(run_jobs):
    """The first table in example2.pbn whose play gave a trick away, imported with its play: the analysis stores
    what each card cost, as the replay auditor (manage.py replay --dd) finds it."""
    user, club = make_director()
    path = shared_path("data", "pbn", "example2.pbn")
    for game in re.split(r"\n\s*\n(?=\[Event)", path.read_text(encoding="latin-1")):
        if "[Play " in game:
            report = replay_games(pbn.parse(game), rules("duplicate-2017"), dd=True).games[0]
            if report.extra["dd"].get("costs"):
                break
    section = store(read_pbn(game, "one table"), club, "one table")
    job = wait(services.start("analyse", section, user=user).id, timeout=60)
    assert job.state == State.DONE, job.error
    board = Board.objects.get(section=section)
    assert board.analysis["costs"] == {str(board.results.get().id): report.extra["dd"]["costs"]}


def test_standings_as_a_job_follow_every_result(run_jobs, client, settings):
    """STANDINGS_REFRESH=jobs: each result's standings go through the outbox, eagerly or on the worker."""
    settings.STANDINGS_REFRESH = "jobs"
    user, club = make_director()
    section = dealt_section(user, club, tables=3, per_round=2)
    sections.deal_boards(section)
    section = sections.set_status(section, "running", user)
    code = TableCode.objects.get(section=section, table=1).code
    for board in section.seatings.get(round=1, table=1).boards:
        body = {"board": board, "contract": "4S", "declarer": "N", "tricks": 10}
        answer = client.post("/api/table/results/", body, content_type="application/json",
                             headers={"X-Table-Code": code})  # fmt: skip
        assert answer.status_code == 201, answer.content
    assert until(lambda: caught_up(section), 30)
    assert Job.objects.filter(kind="standings", section=section, state="done").exists()
