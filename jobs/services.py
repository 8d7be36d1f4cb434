"""A job's life: started (a row and an outbox message in the caller's transaction), running, its steps counted
once each, done or failed with a reason a director can act on.

Progress listeners: a management command that starts a job in-process (no broker: tasks run eagerly) sees
progress through `listen`, since its own thread is the one running the job; with a broker it polls the row.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.utils import timezone

from . import outbox
from .models import Job, Kind, State, Step

_LISTENERS: list[Callable[[Job], None]] = []

TASKS = {
    "analyse": "jobs.analyse",
    "audit": "jobs.audit",
    "rotate": "jobs.rotate",
}
"""The Celery task that runs each kind of job, by name (the outbox rows hold names). An app above adds its own
kinds in its AppConfig.ready (parties: the bell), so that jobs does not import it."""


def on_job(kind: str, task: str) -> None:
    """Register the task (by its Celery name) that runs jobs of `kind`."""
    TASKS[kind] = task


def refresh_standings_later(section_id: int) -> None:
    """STANDINGS_REFRESH=jobs (registered in JobsConfig.ready): the standings job, sent through the outbox inside
    the transaction that changed the results, so it is not lost when the broker is down."""
    outbox.send_later("jobs.standings", f"standings:{section_id}", [section_id])


class JobFailed(Exception):
    """A job that cannot succeed however often it is tried; the message is for the director."""


def start(kind: str, section=None, arguments: dict | None = None, user=None, apart: bool = False) -> Job:
    """Record a job and send it to a worker once the caller's transaction commits (`apart`: without a broker, in a
    thread of this process rather than in the request, outbox.send_later)."""
    with transaction.atomic():
        job = Job.objects.create(kind=kind, section=section, arguments=arguments or {}, created_by=user)
        outbox.send_later(TASKS[kind], f"job:{job.id}", [job.id], apart=apart)
    return job


def latest_jobs(section) -> list[Job]:
    """A section's latest jobs for its pages (standings recomputes left out: they are many and quick)."""
    return list(Job.objects.filter(section=section).exclude(kind=Kind.STANDINGS).order_by("-id")[:5])


def begin(job_id: int) -> Job | None:
    """The job, marked running (one more attempt); None when it has already ended (a message delivered twice)."""
    with transaction.atomic():
        job = Job.objects.select_for_update().get(id=job_id)
        if job.state in (State.DONE, State.FAILED):
            return None
        job.state = State.RUNNING
        job.attempts += 1
        job.started = job.started or timezone.now()
        job.save(update_fields=["state", "attempts", "started"])
    return job


def set_total(job: Job, total: int) -> None:
    Job.objects.filter(id=job.id).update(total=total)
    job.total = total


def step(
    job_id: int, key: str, write: Callable[[], None] | None = None, last: Callable[[], dict] | None = None
) -> bool:
    """Do one step's `write` and count it, in one transaction, unless it was done before (False then).

    The step that completes the job also ends it, in the same transaction, with `last()` as its result: a worker
    killed at any moment leaves either the step undone (its task is delivered again) or the step and the end."""
    with transaction.atomic():
        if Step.objects.filter(job_id=job_id, key=key).exists():
            return False
        if write is not None:
            write()
        try:
            with transaction.atomic():
                Step.objects.create(job_id=job_id, key=key)
        except IntegrityError:  # another worker did the same step at the same moment: its write stands
            transaction.set_rollback(True)
            return False
        done = Step.objects.filter(job_id=job_id).count()
        total = Job.objects.filter(id=job_id).values_list("total", flat=True).get()
        if last is not None and done >= total:
            finish(job_id, last())
        else:
            running = Job.objects.filter(id=job_id, state=State.RUNNING)
            running.update(progress=min(99, done * 100 // max(total, 1)))
    _tell(job_id)
    return True


def progress(job: Job, percent: int) -> None:
    """Progress of a job measured otherwise than by steps (a search against its time budget)."""
    Job.objects.filter(id=job.id, state=State.RUNNING).update(progress=max(0, min(99, percent)))
    _tell(job.id)


def finish(job_id: int, result: dict) -> bool:
    """Done, once: a second delivery of the last task changes nothing (False then)."""
    ended = Job.objects.filter(id=job_id).exclude(state__in=(State.DONE, State.FAILED))
    changed = ended.update(state=State.DONE, progress=100, result=result, finished=timezone.now(), error="")
    outbox.done(f"job:{job_id}")
    _tell(job_id)
    return bool(changed)


def fail(job_id: int, error: str) -> None:
    Job.objects.filter(id=job_id).exclude(state=State.DONE).update(
        state=State.FAILED, error=error, finished=timezone.now()
    )
    outbox.done(f"job:{job_id}")
    _tell(job_id)


def listen(callback: Callable[[Job], None]) -> Callable[[], None]:
    """Call `callback(job)` whenever a job in this process moves on; returns the function that stops it."""
    _LISTENERS.append(callback)
    return lambda: _LISTENERS.remove(callback)


def _tell(job_id: int) -> None:
    if _LISTENERS:
        job = Job.objects.get(id=job_id)
        for callback in list(_LISTENERS):
            callback(job)
