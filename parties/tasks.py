"""The party's Celery task: the bell, as a job with a record the host can watch (jobs.tasks.JobTask: retried on
transient failures, failed with a reason otherwise)."""

from __future__ import annotations

from celery import shared_task

from jobs import services
from jobs.tasks import JobTask

from .bell import bell_job

BELL = "parties.bell"


@shared_task(name=BELL, base=JobTask)
def bell(job_id: int) -> None:
    job = services.begin(job_id)
    if job is None:
        return
    services.finish(job_id, bell_job(job))
