"""A killed worker's work resumes in seconds (jobs.leases): each running task beats on its lease, and beat sends
again the work whose lease stopped beating. The end-to-end test runs a real second worker and real beat on Redis."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from config.celery import app
from games.models import Board
from jobs import leases, services
from jobs.models import Job, Lease, Outbox, Step
from jobs.outbox import flush
from tests.conftest import ROOT, database_url_for_worker, start_worker, stop_worker
from tests.integration.api_helpers import make_director
from tests.integration.jobs.helpers import dd_as_file_writes, example2_section, until


def test_a_task_at_work_keeps_its_outbox_row_from_being_sent_again(transactional_db, settings):
    """A long job (a rotation search of many minutes) beats on its outbox row through its lease, so flush does not
    send it to a second worker; once the beat stops (its worker died), the row goes out again."""
    settings.OUTBOX_RESEND_AFTER = 0.2
    job = Job.objects.create(kind="rotate")
    Outbox.objects.create(
        task="jobs.flush_outbox", key=f"job:{job.id}", args=[], sent=timezone.now() - timedelta(seconds=5)
    )
    with leases.Held(job.id, "jobs.rotate", [job.id], every=0.05):
        time.sleep(0.3)
        assert flush() == 0, "a row beaten on within OUTBOX_RESEND_AFTER is not sent again"
    time.sleep(0.3)
    assert flush() == 1, "no beat for longer than OUTBOX_RESEND_AFTER: sent again"


def test_a_second_delivery_of_running_work_does_nothing_and_a_dead_holder_is_replaced(transactional_db):
    job = Job.objects.create(kind="analyse", state="running")
    with leases.Held(job.id, "jobs.analyse_board", [job.id, 7], every=60):
        lease = Lease.objects.get(job=job)
        assert lease.key == f"jobs.analyse_board:{job.id}:7"
        Lease.objects.filter(id=lease.id).update(holder=f"{lease.holder.split(':')[0]}:{os.getppid()}:1")
        with pytest.raises(leases.Busy):  # a live process of this host holds it
            leases.Held(job.id, "jobs.analyse_board", [job.id, 7]).__enter__()
        dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True)
        Lease.objects.filter(id=lease.id).update(holder=f"{lease.holder.split(':')[0]}:{int(dead.stdout)}:1")
        taken = leases.Held(job.id, "jobs.analyse_board", [job.id, 7], every=60).__enter__()
        taken.__exit__(None, None, None)
    assert not Lease.objects.filter(job=job).exists(), "given back on exit"


def test_a_lease_that_stopped_beating_is_sent_again_once_per_resend_interval(transactional_db, settings):
    queue = f"test-{uuid.uuid4().hex[:10]}"  # with a broker, what is sent again goes to a queue nobody reads
    app.conf.task_default_queue, default = queue, app.conf.task_default_queue
    try:
        resent_once(settings)
    finally:
        app.conf.task_default_queue = default
        if settings.REDIS_URL:
            app.connection_for_write().default_channel.client.delete(queue)


def resent_once(settings) -> None:
    job = Job.objects.create(kind="analyse", state="running")
    stale = timezone.now() - timedelta(seconds=settings.JOB_LEASE_TIMEOUT + 1)
    Lease.objects.create(job=job, key="jobs.flush_outbox", task="jobs.flush_outbox", args=[], holder="x:1:1",
                         beat=stale)  # fmt: skip
    assert leases.recover() == 1
    assert Job.objects.get(id=job.id).state == "pending", "waiting for a worker until one takes the work up"
    assert leases.recover() == 0, "not sent again while the resend waits to be taken"
    Job.objects.filter(id=job.id).update(state="done")
    assert leases.recover() == 0 and not Lease.objects.exists(), "an ended job's leases are given back"


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (a worker's pool), from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended while we looked
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def start_beat(queue: str, log) -> subprocess.Popen:
    """Real `celery beat` sending the schedule (the outbox flush and lease recovery every 10 s) to `queue`."""
    env = {**os.environ, "DATABASE_URL": database_url_for_worker(), "CELERY_QUEUE": queue}
    with open(log, "w") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
             "--schedule", str(log.with_suffix(".schedule"))],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip


@pytest.mark.worker
def test_a_whole_worker_killed_mid_board_has_its_board_done_by_another_within_a_minute(
    transactional_db, worker
):
    """Two workers read the same queue and beat runs, as in a deployment. Worker B (main process and pool) is
    SIGKILLed while it solves a board; its lease stops beating, beat sends the board again within about 30 s, and
    worker A finishes the job: each board solved once, the job done within 60 s of the kill."""
    user, club = make_director()
    section, reference = example2_section(user, club)
    logs = worker["log"].parent
    b = start_worker(
        worker["queue"], logs / f"celery-{worker['queue']}-second.log", name=f"{worker['queue']}-second"
    )
    beat = start_beat(worker["queue"], logs / f"celery-{worker['queue']}-beat.log")
    started = len(worker["log"].read_text())
    try:
        job = services.start("analyse", section, user=user)

        def held_by_b() -> bool:
            pool = children(b.pid)  # read each time: the pool may fork after the worker answers pings
            return any(
                int(holder.split(":")[1]) in pool
                for holder in Lease.objects.filter(job=job)
                .exclude(holder="")
                .values_list("holder", flat=True)
            )

        assert until(held_by_b, 60, every=0.01), "worker B took a board"
        time.sleep(0.05)
        for pid in [b.pid, *children(b.pid)]:
            os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        b.wait(timeout=10)
        assert Step.objects.filter(job=job).count() < 10, "B was killed in the middle of the job"
        assert until(lambda: Job.objects.get(id=job.id).state == "done", 60, every=0.2), (
            f"{Step.objects.filter(job=job).count()} of 10 boards done 60 s after the kill"
        )
        recovered = time.monotonic() - killed
    finally:
        beat.terminate()
        beat.wait(timeout=20)
        stop_worker(b)
    job.refresh_from_db()
    assert (job.progress, Step.objects.filter(job=job).count(), job.error) == (100, 10, "")
    solved = Counter(
        re.findall(rf"job {job.id}: board (\d+) solved", worker["log"].read_text()[started:])
        + re.findall(
            rf"job {job.id}: board (\d+) solved", (logs / f"celery-{worker['queue']}-second.log").read_text()
        )
    )
    assert len(solved) == 10 and sum(solved.values()) <= 11, (
        f"each board solved once, but for the one B may have solved and not stored when it was killed: {solved}"
    )
    boards = {b.number: b.analysis for b in Board.objects.filter(section=section)}
    assert {n: dd_as_file_writes(boards[n]) for n in reference} == {n: t for n, (_, t) in reference.items()}
    assert recovered < 60
