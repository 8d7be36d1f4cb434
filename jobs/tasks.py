"""The Celery tasks: thin. Each loads rows, calls a pure core, stores what it found (jobs.services counts it).

Every task is safe to run twice: acknowledged late (settings), a task whose worker dies is delivered again, and
whatever it writes is keyed (a Board's analysis, a PlayRecord's audit, a job's steps and its end) so a second run
writes the same thing once. Transient failures (the database unreachable) are retried with back-off; anything
else fails the job with a reason for the director (JobTask.on_failure).
"""

from __future__ import annotations

import logging
import time

from celery import Task, group, shared_task
from celery.exceptions import Retry
from celery.signals import worker_process_init
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.utils import timezone

from games.models import Board
from scoring.services import refresh_standings
from tournaments.models import Section

from . import analysis, leases, outbox, services
from .models import Job, Kind, State, Step
from .rotation import rotate_job
from .services import JobFailed

log = logging.getLogger(__name__)

TRANSIENT = (OperationalError, InterfaceError)
RETRIES = 5


@worker_process_init.connect
def one_solver_thread(**_) -> None:
    """Each pool process solves on one core. DDS by itself spreads one deal's table over every core, so a worker
    of N processes on N cores would run N x cores threads fighting for the cores; one thread a process lets the
    analysis scale with the processes and the workers, which is how it is meant to grow."""
    from endplay._dds import SetMaxThreads  # the DDS call endplay leaves unexported

    SetMaxThreads(1)


def reason(exc: BaseException) -> str:
    """Why a job failed, in words a director can act on."""
    if isinstance(exc, TRANSIENT):
        return (
            f"the database could not be reached after {RETRIES + 1} tries ({exc}); "
            "check that the database server is running, then start the job again"
        )
    if isinstance(exc, (JobFailed, ValueError)):
        return str(exc)
    return (
        f"an unexpected error stopped the job ({exc.__class__.__name__}: {exc}); start it again, "
        "and report it to the club's administrator if it happens again"
    )


class JobTask(Task):
    """A task whose first argument is a Job id: retried with back-off on transient failures, and the job marked
    failed (with the reason) when it fails for good. The failure is recorded here, not in on_failure, because
    an eager task (no broker) propagates its exception before on_failure would run."""

    autoretry_for = TRANSIENT
    max_retries = RETRIES
    retry_backoff = 2
    retry_backoff_max = 60
    retry_jitter = False

    def __call__(self, *args, **kwargs):
        try:
            if settings.CELERY_TASK_ALWAYS_EAGER:  # in-process: no worker to lose, nothing to beat on
                return super().__call__(*args, **kwargs)
            with leases.Held(args[0], self.name, list(args)):
                return super().__call__(*args, **kwargs)
        except leases.Busy as busy:  # delivered again while it still runs elsewhere
            log.info("job %s: %s", args[0], busy)
        except Retry:
            raise
        except TRANSIENT as exc:
            if self.request.retries < self.max_retries:
                raise
            self._fail(args[0], exc)
        except Exception as exc:
            if not isinstance(exc, (JobFailed, ValueError)):
                log.exception("job %s: %s failed", args[0], self.name)
            self._fail(args[0], exc)
        return None

    @staticmethod
    def _fail(job_id: int, exc: BaseException) -> None:
        try:
            services.fail(job_id, reason(exc))
        except TRANSIENT:  # the database is still away: the job's outbox row sends it again later
            log.exception("job %s failed and could not be marked failed", job_id)


# Double-dummy analysis: one task per Board, as a group, so that more workers finish sooner. The last Board's
# step ends the job (jobs.services.step), not a chord callback: a chord's counter misses a part whose worker is
# killed between storing its result and counting it, and then the callback never comes.


@shared_task(name="jobs.analyse", base=JobTask)
def analyse(job_id: int) -> None:
    job = services.begin(job_id)
    if job is None:
        return
    boards = list(Board.objects.filter(section=job.section_id).exclude(deal="").values_list("id", flat=True))
    if not boards:
        raise JobFailed(
            f"{job.section}: no board has a deal yet; deal the boards or import the hand records, "
            "then start the analysis again"
        )
    services.set_total(job, len(boards))
    done = set(Step.objects.filter(job=job).values_list("key", flat=True))  # sent again: only what is left
    left = [board for board in boards if f"board:{board}" not in done]
    leases.queue(job_id, analyse_board.name, [[job_id, board] for board in left])
    group(analyse_board.si(job_id, board) for board in left).apply_async(ignore_result=True)


@shared_task(name="jobs.analyse_board", base=JobTask)
def analyse_board(job_id: int, board_id: int) -> None:
    if Step.objects.filter(job=job_id, key=f"board:{board_id}").exists():
        return  # delivered again after it was done
    board = Board.objects.get(id=board_id)
    figures = analysis.board_analysis(board)
    log.info("job %s: board %s solved", job_id, board_id)
    services.step(
        job_id,
        f"board:{board_id}",
        lambda: Board.objects.filter(id=board_id).update(analysis=figures),
        last=lambda: analysis.analysis_summary(board.section_id),
    )


# Replay audit of a session's play records, or of a file.


@shared_task(name="jobs.audit", base=JobTask)
def audit(job_id: int) -> None:
    job = services.begin(job_id)
    if job is None:
        return
    if job.section_id is not None:
        summary = analysis.audit_section(job)
    else:
        summary = analysis.audit_file(
            job, job.arguments.get("path", ""), job.arguments.get("rules", "duplicate-2017")
        )
    services.finish(job_id, summary)


# Seating rotations: a search under a time budget, the best so far saved as it improves.


@shared_task(name="jobs.rotate", base=JobTask)
def rotate(job_id: int) -> None:
    job = services.begin(job_id)
    if job is None:
        return
    services.finish(job_id, rotate_job(job))


# Standings, coalesced, and the outbox.


@shared_task(name="jobs.standings", base=Task, autoretry_for=TRANSIENT, max_retries=RETRIES, retry_backoff=2)
def standings(section_id: int) -> bool:
    """Recompute a Section's standings for every change committed before the task started, unless an earlier run
    covered them all (then nothing to do): a burst of entries gives one recompute. True when it recomputed."""
    key = f"standings:{section_id}"
    covered = outbox.waiting(key)
    if (
        not covered or not Section.objects.filter(id=section_id).exists()
    ):  # done, or the section deleted since
        outbox.done(key, covered)
        return False
    started = timezone.now()
    refresh_standings(section_id)
    outbox.done(key, covered)
    Job.objects.create(
        kind=Kind.STANDINGS, section_id=section_id, state=State.DONE, progress=100, started=started,
        finished=timezone.now(), attempts=1, result={"changes": len(covered)},
    )  # fmt: skip
    return True


@shared_task(name="jobs.flush_outbox")
def flush_outbox() -> int:
    """The beat task: send what the outbox still holds (changes saved while the broker was down), and again the
    work of tasks whose worker died (their leases stopped beating)."""
    return outbox.flush() + leases.recover()


def wait(job_id: int, timeout: float = 600, every: float = 0.2, seen=None):
    """The job once it has ended (for commands and tests), polling its row; `seen(job)` after each look."""
    deadline = time.monotonic() + timeout
    while True:
        job = Job.objects.get(id=job_id)
        if seen is not None:
            seen(job)
        if job.state in (State.DONE, State.FAILED) or time.monotonic() > deadline:
            return job
        time.sleep(every)
