"""Wrong guesses (table codes, passwords) counted in the shared cache (settings.CACHES), so that every web process
of a site sees the same counts. They are kept per window of time, and a count is that of the current window and
the one before it: a limit holds over the last one to two windows, and never starts again from 0 at once.

What is counted decides who waits: table codes are counted per code tried and across the site, never per client
address, because every phone in a club shares one address and one bad phone must not lock a room out.
"""

from __future__ import annotations

import hashlib
import time
from typing import NamedTuple

from django.core.cache import cache


def _key(name: str, value: str, window: int, back: int = 0) -> str:
    digest = hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return f"guesses:{name}:{digest}:{int(time.time() // window) - back}"


class Tries(NamedTuple):
    """Wrong tries under one key in the current window (`now`) and the one before (`before`)."""

    now: int
    before: int

    @property
    def total(self) -> int:
        return self.now + self.before

    def wait(self, window: int, limit: int) -> int:
        """Seconds until the count is under `limit` again, if no more wrong tries come."""
        left = max(1, int(window - time.time() % window))
        return left + window if self.now >= limit else left


def counts(window: int, **keys: str) -> dict[str, Tries]:
    """The wrong tries under each key (name=value), in one trip to the cache."""
    wanted = {
        name: (_key(name, value, window), _key(name, value, window, back=1)) for name, value in keys.items()
    }
    found = cache.get_many([key for pair in wanted.values() for key in pair])
    return {
        name: Tries(int(found.get(now) or 0), int(found.get(before) or 0))
        for name, (now, before) in wanted.items()
    }


def count_wrong(window: int, **keys: str) -> None:
    """Count one wrong try under each key (name=value) in this window."""
    for name, value in keys.items():
        key = _key(name, value, window)
        if not cache.add(key, 1, 3 * window):
            try:
                cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.add(key, 1, 3 * window)
