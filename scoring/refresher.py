"""Standings refreshed by a thread of the web process (STANDINGS_REFRESH=background).

A scorer's phone should get its answer without waiting for a recompute, and a burst of entries should not cost
one recompute each. So a committed change only names its Section here; one daemon thread per process then runs
scoring.services.refresh_standings for it: at once for a Section refreshed more than STANDINGS_REFRESH_INTERVAL
ago, else at most once per interval while changes keep coming, and QUIET seconds after the last change once they
stop (the trailing edge: the standings follow the round's last result within a fraction of the interval, not a
whole one later). A change that arrives while a Section waits joins that wait, and a change during a recompute
asks for one more, so the standings always end up covering every committed result. Across processes the interval
holds too: a Section another process recomputed less than an interval ago waits for that process's next
recompute, and is done if that one covered its changes (scoring.services.refresh_spaced); once the Section is
quiet it no longer waits for the interval, since the other processes' next recompute may never come. The advisory
locks in refresh_standings keep two recomputes from running at once. A process that stops refreshes what it owes
first. The thread ends, closing its database connection, once nothing has come for IDLE seconds; the next change
starts another.
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
QUIET = 0.25
"""Seconds without a change after which a Section's waiting refresh starts (never later than its interval)."""


class Refresher:
    def __init__(self) -> None:
        self._due: dict[int, float] = {}  # Section id -> when its refresh may start
        self._last: dict[int, float] = {}  # Section id -> when its last refresh started
        self._changed: dict[int, float] = {}  # Section id -> when its last change came, while it waits
        # Section id -> the count of its request while it waits for another process's recompute
        self._tickets: dict[int, int] = {}
        self._busy = 0
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._pid = 0
        self._stopping = False

    def request(self, section_id: int) -> None:
        """Refresh this Section's standings soon (call after the change has committed)."""
        with self._wake:
            if self._thread is None or self._pid != os.getpid():
                self._pid = os.getpid()  # a forked web worker needs its own thread
                self._thread = threading.Thread(target=self._run, name="standings-refresher", daemon=True)
                self._thread.start()
            self._tickets.pop(section_id, None)  # a change after the count: count again
            self._changed[section_id] = time.monotonic()
            if section_id not in self._due:
                interval = settings.STANDINGS_REFRESH_INTERVAL
                last = self._last.get(section_id, -interval)
                self._due[section_id] = max(time.monotonic(), last + interval)
                self._wake.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Block until nothing waits or runs (for tests); False if time ran out."""
        deadline = time.monotonic() + timeout
        with self._wake:
            while self._due or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._wake.wait(left)
        return True

    def stop(self) -> None:
        """Refresh what is owed now and end the thread, closing its database connection (shutdown, tests)."""
        with self._wake:
            thread = self._thread if self._pid == os.getpid() else None
            if thread is None:
                return
            self._stopping = True
            self._wake.notify_all()
        thread.join()

    def _quiet_at(self, section_id: int) -> float:
        """When the Section's refresh starts if no change comes meanwhile."""
        return self._changed[section_id] + min(QUIET, settings.STANDINGS_REFRESH_INTERVAL)

    def _next(self) -> list[tuple[int, bool]]:
        """Wait for the Sections whose time has come and take them, each with whether it is quiet; none when idle
        too long or stopped."""
        with self._wake:
            idle_since = time.monotonic()
            while True:
                now = time.monotonic()
                starts = {section: min(at, self._quiet_at(section)) for section, at in self._due.items()}
                due = [section for section, at in starts.items() if at <= now or self._stopping]
                if due:
                    taken = []
                    for section in due:
                        del self._due[section]
                        self._last[section] = now
                        taken.append((section, self._stopping or self._quiet_at(section) <= now))
                    self._busy = len(due)
                    return taken
                if not self._due and (self._stopping or now - idle_since >= IDLE):
                    self._thread, self._stopping = None, False
                    self._wake.notify_all()
                    return []
                self._wake.wait(min(starts.values()) - now if starts else IDLE)

    def _run(self) -> None:
        while sections := self._next():
            for section, quiet in sections:
                wait = 0.0
                try:
                    interval = 0.0 if quiet else settings.STANDINGS_REFRESH_INTERVAL
                    ticket, wait = refresh_spaced(section, self._tickets.pop(section, None), interval)
                except Exception:
                    log.exception("standings of section %s were not refreshed", section)
                finally:
                    close_old_connections()  # a broken or expired connection is not kept for the next one
                    with self._wake:
                        self._busy -= 1
                        if section not in self._due:  # else it changed again meanwhile: that wait stands
                            if wait > 0:  # another process recomputed just now
                                self._tickets[section] = ticket
                                self._due[section] = time.monotonic() + wait
                            else:
                                del self._changed[section]
                        self._wake.notify_all()
        connection.close()


refresher = Refresher()


@atexit.register
def _finish() -> None:
    """A web process that stops refreshes the standings it owes first."""
    refresher.stop()
