"""Leases: each running task of a job holds one and beats on it, so the work of a worker that dies is sent again
within seconds, and a second delivery of work that is still running does nothing.

A task of a job takes the lease of its (job, task, arguments) when it starts and beats on it every
JOB_LEASE_BEAT seconds from a thread (the double-dummy solver and the searches release the GIL or yield it, so
the beat goes on while they work); the beat also keeps the job's outbox rows from being sent again. The lease is
given back when the task ends, however it ends. A worker killed outright (SIGKILL, the machine gone) leaves its
lease behind with a beat that has stopped: `recover`, which beat runs every 10 s with the outbox and every live
task's beat runs too, sends the task again once its lease has not beaten for JOB_LEASE_TIMEOUT seconds (15), so
the step is running again within about 30 s of the death. Its unacknowledged message comes back from the broker later (visibility timeout); by then the
step is done (`jobs.services.step` counts it once) or its lease is held by a live worker, and it does nothing.

A job whose lost work is sent again is pending ("waiting for a worker") until a worker takes it up.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from .models import Job, Lease, Outbox, State
from .outbox import BROKER_DOWN, broker_answers, resend_after

log = logging.getLogger(__name__)


def beat_every() -> float:
    return float(getattr(settings, "JOB_LEASE_BEAT", 3))


def timeout() -> timedelta:
    """How long a lease may go without a beat before its work is taken to be lost with its worker."""
    return timedelta(seconds=float(getattr(settings, "JOB_LEASE_TIMEOUT", 15)))


class Busy(Exception):
    """The same work is running on a live worker: this delivery is a duplicate and does nothing."""


class Held:
    """The lease of one running task: taken on entry (Busy when a live worker holds it), beaten on from a thread,
    given back on exit."""

    def __init__(self, job_id: int, task: str, args: list, every: float | None = None) -> None:
        self.job_id, self.task, self.args = job_id, task, list(args)
        self.key = _key(task, self.args)
        self.every = beat_every() if every is None else every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beat, name=f"lease {self.key}", daemon=True)

    def __enter__(self) -> Held:
        now = timezone.now()
        with transaction.atomic():
            lease = Lease.objects.select_for_update().filter(job_id=self.job_id, key=self.key).first()
            if (
                lease is not None
                and lease.holder not in ("", holder())
                and lease.beat > now - timeout()
                and alive(lease)
            ):
                raise Busy(f"{self.key} is running on {lease.holder}")
            if lease is None:
                try:
                    with transaction.atomic():
                        Lease.objects.create(
                            job_id=self.job_id, key=self.key, task=self.task, args=self.args, beat=now,
                            holder=holder(),
                        )  # fmt: skip
                except IntegrityError as exc:  # another worker took it at the same moment
                    raise Busy(f"{self.key} was taken by another worker") from exc
            else:
                Lease.objects.filter(id=lease.id).update(beat=now, holder=holder(), resent=None)
            Job.objects.filter(id=self.job_id, state=State.PENDING).update(state=State.RUNNING)
        self._thread.start()
        return self

    def __exit__(self, *_) -> None:
        self._stop.set()
        self._thread.join()
        Lease.objects.filter(job_id=self.job_id, key=self.key, holder=holder()).delete()

    def _beat(self) -> None:
        try:
            while not self._stop.wait(self.every):
                now = timezone.now()
                try:
                    Lease.objects.filter(job_id=self.job_id, key=self.key).update(beat=now)
                    Outbox.objects.filter(key=f"job:{self.job_id}", sent__isnull=False).update(sent=now)
                    recover()
                except Exception:  # the database away: the task itself will find out and retry
                    log.warning("lease %s missed a beat", self.key, exc_info=True)
        finally:
            connection.close()


def queue(job_id: int, task: str, arguments: list[list]) -> None:
    """Leases for tasks about to be sent, held by nobody yet: a message lost with a worker that had received it but
    not yet begun is sent again like the work of a worker that died. None in-process: no worker to lose."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    now = timezone.now()
    Lease.objects.bulk_create(
        [
            Lease(job_id=job_id, key=_key(task, args), task=task, args=args, holder="", beat=now)
            for args in arguments
        ],
        ignore_conflicts=True,
    )


def _key(task: str, args: list) -> str:
    return ":".join([task, *map(str, args)])[:120]


def holder() -> str:
    """This thread, as a lease names its holder: host, process and thread."""
    return f"{socket.gethostname()}:{os.getpid()}:{threading.get_native_id()}"


def alive(lease: Lease) -> bool:
    """Whether the lease's holder may still be at work: on another host, as far as we know; on this one, while its
    process lives (a pool process killed under a live worker is replaced, and the message comes back at once)."""
    if not lease.holder:  # queued: nobody at work on it yet
        return False
    host, pid = lease.holder.split(":")[:2]
    if host != socket.gethostname():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def recover() -> int:
    """Send again each task whose lease stopped beating (its worker died), once per OUTBOX_RESEND_AFTER while
    nobody takes it; give back the leases of jobs that have ended. The number of tasks sent again. Beat calls it
    every 10 s, and so does every running task's beat (so a lost board is seen even while every worker is busy
    and beat's own message waits behind them); each stale lease is claimed by one caller under a row lock."""
    now = timezone.now()
    Lease.objects.filter(job__state__in=(State.DONE, State.FAILED)).delete()
    if not broker_answers():
        return 0
    with transaction.atomic():
        stale = list(
            Lease.objects.select_for_update(skip_locked=True)
            .filter(beat__lt=now - timeout())
            .exclude(resent__gte=now - resend_after())
        )
        Lease.objects.filter(id__in=[lease.id for lease in stale]).update(resent=now)
    sent = 0
    for lease in stale:
        try:
            current_app.tasks[lease.task].apply_async(args=lease.args, retry=False, ignore_result=True)
        except BROKER_DOWN as exc:
            unsent = [later.id for later in stale[sent:]]
            Lease.objects.filter(id__in=unsent, resent=now).update(resent=None)
            log.warning("broker unavailable: %d lost tasks wait for the next recovery: %s", len(unsent), exc)
            break
        except Exception:  # an eager task that failed: its job row says why
            log.exception("task %s failed", lease.key)
        Job.objects.filter(id=lease.job_id, state=State.RUNNING).update(state=State.PENDING)
        log.warning("%s lost its worker (no beat since %s): sent again", lease.key, lease.beat)
        sent += 1
    return sent
