"""Standings refreshed by a thread of the web process (STANDINGS_REFRESH=background).

A scorer's phone should get its answer without waiting for a recompute, and a burst of entries should not cost
one recompute each. So a committed change only names its Section here; one daemon thread per process then runs
scoring.services.refresh_standings for it, at most once per STANDINGS_REFRESH_INTERVAL per Section. A change
that arrives while a Section waits joins that wait, and a change during a recompute asks for one more, so the
standings always end up covering every committed result. Across processes the interval holds too: a Section
another process recomputed less than an interval ago waits for that process's next recompute, and is done if
that one covered its changes (scoring.services.refresh_spaced); the advisory locks in refresh_standings keep two
recomputes from running at once. A process that stops refreshes what it owes first. The thread ends, closing its database connection, once nothing has come for IDLE
seconds; the next change starts another.
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
import time

from django.conf import settings
from django.db import close_old_connections, connection

from scoring.services import refresh_spaced

log = logging.getLogger(__name__)

IDLE = 30.0


class Refresher:
    def __init__(self) -> None:
        self._due: dict[int, float] = {}  # Section id -> when its refresh may start
        self._last: dict[int, float] = {}  # Section id -> when its last refresh started
        # Section id -> the count of its request while it waits for another process's recompute
        self._tickets: dict[int, int] = {}
        self._busy = 0
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._pid = 0
        self._stopping = False

    def request(self, section_id: int) -> None:
        """Refresh this Section's standings soon (call after the change has committed)."""
        with self._changed:
            if self._thread is None or self._pid != os.getpid():
                self._pid = os.getpid()  # a forked web worker needs its own thread
                self._thread = threading.Thread(target=self._run, name="standings-refresher", daemon=True)
                self._thread.start()
            self._tickets.pop(section_id, None)  # a change after the count: count again
            if section_id not in self._due:
                interval = settings.STANDINGS_REFRESH_INTERVAL
                last = self._last.get(section_id, -interval)
                self._due[section_id] = max(time.monotonic(), last + interval)
                self._changed.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Block until nothing waits or runs (for tests); False if time ran out."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while self._due or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(left)
        return True

    def stop(self) -> None:
        """Refresh what is owed now and end the thread, closing its database connection (shutdown, tests)."""
        with self._changed:
            thread = self._thread if self._pid == os.getpid() else None
            if thread is None:
                return
            self._stopping = True
            self._changed.notify_all()
        thread.join()

    def _next(self) -> list[int]:
        """Wait for the Sections whose time has come and take them; none when idle too long or stopped."""
        with self._changed:
            idle_since = time.monotonic()
            while True:
                now = time.monotonic()
                due = [section for section, at in self._due.items() if at <= now or self._stopping]
                if due:
                    for section in due:
                        del self._due[section]
                        self._last[section] = now
                    self._busy = len(due)
                    return due
                if not self._due and (self._stopping or now - idle_since >= IDLE):
                    self._thread, self._stopping = None, False
                    self._changed.notify_all()
                    return []
                self._changed.wait(min(self._due.values()) - now if self._due else IDLE)

    def _run(self) -> None:
        while sections := self._next():
            for section in sections:
                wait = 0.0
                try:
                    interval = 0.0 if self._stopping else settings.STANDINGS_REFRESH_INTERVAL
                    ticket, wait = refresh_spaced(section, self._tickets.pop(section, None), interval)
                except Exception:
                    log.exception("standings of section %s were not refreshed", section)
                finally:
                    close_old_connections()  # a broken or expired connection is not kept for the next one
                    with self._changed:
                        self._busy -= 1
                        if wait > 0 and section not in self._due:  # another process recomputed just now
                            self._tickets[section] = ticket
                            self._due[section] = time.monotonic() + wait
                        self._changed.notify_all()
        connection.close()


refresher = Refresher()


@atexit.register
def _finish() -> None:
    """A web process that stops refreshes the standings it owes first."""
    refresher.stop()
