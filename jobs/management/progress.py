"""What the job commands share: start a job and show its progress as a bar until it ends.

Without a broker the job runs in this process as its transaction commits, so the bar follows it through
jobs.services.listen; with one, the bar follows the job's row while a worker runs it."""

from __future__ import annotations

import sys
from collections.abc import Callable

from django.core.management.base import CommandError
from tqdm import tqdm

from jobs import services
from jobs.models import Job, State
from jobs.tasks import wait


def run(start: Callable[[], Job], label: str, timeout: float, show: bool = True) -> Job:
    bar = tqdm(total=100, desc=label, unit="%", file=sys.stderr, disable=not show, leave=True)

    def seen(job: Job) -> None:
        bar.n = job.progress
        bar.refresh()

    stop = services.listen(seen)
    try:
        job = wait(start().id, timeout=timeout, seen=seen)
    finally:
        stop()
        bar.close()
    if job.state == State.FAILED:
        raise CommandError(f"{job.get_kind_display()} job {job.id} failed: {job.error}")
    if job.state != State.DONE:
        raise CommandError(
            f"job {job.id} is still {job.state} after {timeout:.0f} s; follow it at /api/jobs/{job.id}/"
        )
    return job
