"""The transactional outbox: tasks are written as rows with the change that needs them and sent after commit.

`send_later` is called inside the transaction (the row commits or rolls back with the result it is for) and
flushes once on commit. `flush` claims what is waiting (rows never sent, or sent more than RESEND_AFTER ago and
still not done: a broker restarted without persistence drops its queue), sends one message per key, and puts
back what it could not send. A broker that is down is logged, never raised: the user's change is already saved,
and the rows go out on the next flush (the next change's commit, or the beat task every few seconds).
The task deletes its rows when its work is done (`done`), so a row outlives a lost message.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from datetime import timedelta

import kombu.exceptions
import redis
from celery import current_app
from celery.exceptions import Retry as TriedAgain
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from redis.backoff import NoBackoff
from redis.retry import Retry

from .models import Outbox

log = logging.getLogger(__name__)

BROKER_DOWN = (kombu.exceptions.OperationalError, redis.RedisError, ConnectionError, OSError)


def resend_after() -> timedelta:
    """How long a sent row may wait for its task to finish before it is sent again (OUTBOX_RESEND_AFTER, s)."""
    return timedelta(seconds=getattr(settings, "OUTBOX_RESEND_AFTER", 300))


def send_later(task: str, key: str, args: list, apart: bool = False) -> None:
    """Send `task(*args)` once the current transaction commits, surviving a broker that is down. An `apart` task
    that runs eagerly (no broker) runs in a thread of its own, so that the request that sent it answers at once."""
    Outbox.objects.create(task=task, key=key, args=args)
    if apart and current_app.conf.task_always_eager:
        transaction.on_commit(_flush_apart)
        return
    waiting = transaction.get_connection().run_on_commit
    if not any(f is flush for _, f, _ in waiting):
        transaction.on_commit(flush)


def broker_answers() -> bool:
    """Whether the broker answers a PING at once (eager: there is none to ask). Asked before sending, because a
    publish to a Redis that is down is retried for seconds inside kombu, and the scorer would wait for it."""
    global _client
    if not settings.REDIS_URL:
        return True
    if _client is None:
        _client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=0.5, socket_timeout=0.5, retry=Retry(NoBackoff(), 0)
        )
    try:
        return bool(_client.ping())
    except redis.RedisError:
        return False


_client: redis.Redis | None = None


def flush(limit: int = 500) -> int:
    """Send what is waiting; the number of messages sent."""
    if not broker_answers():
        log.warning("broker unavailable: the outbox waits for the next flush")
        return 0
    now = timezone.now()
    with transaction.atomic():
        rows = list(
            Outbox.objects.select_for_update(skip_locked=True)
            .filter(Q(sent=None) | Q(sent__lt=now - resend_after()))
            .order_by("id")[:limit]
        )
        Outbox.objects.filter(id__in=[row.id for row in rows]).update(sent=now)
    first: dict[str, Outbox] = {}
    for row in rows:
        first.setdefault(row.key, row)
    sent = 0
    for key, row in first.items():
        try:
            current_app.tasks[row.task].apply_async(args=row.args, retry=False, ignore_result=True)
        except BROKER_DOWN as exc:
            unsent = list(first)[sent:]
            Outbox.objects.filter(key__in=unsent, sent=now).update(sent=None)
            log.warning("broker unavailable, %d outbox keys wait for the next flush: %s", len(unsent), exc)
            break
        except TriedAgain:  # an eager task that was tried again in place (and has ended since)
            pass
        except Exception:  # an eager task that failed: its job row says why; the user's change stands
            log.exception("task %s for %s failed", row.task, key)
        sent += 1
    return sent


APART_NICENESS = 15
"""The niceness of the thread that runs an `apart` task without a broker."""


def _flush_apart() -> None:
    threading.Thread(target=_flush_and_close, name="outbox-apart", daemon=True).start()


def _flush_and_close() -> None:
    """The thread's flush at a low priority (Linux: a thread's own nice value, which the solver's threads inherit),
    so that the requests it shares the machine with answer first; its database connection closed after."""
    with contextlib.suppress(AttributeError, OSError):  # not Linux: the thread runs at the process's priority
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), APART_NICENESS)
    try:
        flush()
    finally:
        connection.close()


def waiting(key: str) -> list[int]:
    """The rows for `key` committed now: a task that starts covers the changes they were written with."""
    return list(Outbox.objects.filter(key=key).values_list("id", flat=True))


def done(key: str, ids: list[int] | None = None) -> None:
    """The work for `key` is done for the rows `ids` (all its rows when None)."""
    rows = Outbox.objects.filter(key=key)
    (rows if ids is None else rows.filter(id__in=ids)).delete()
