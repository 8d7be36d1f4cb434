"""Wrong guesses (table codes, passwords) counted in the shared cache (settings.CACHES), so that every web process
of a site sees the same counts. They are kept per window of time, and a count is that of the current window and
the one before it: a limit holds over the last one to two windows, and never starts again from 0 at once.

What is counted decides who waits, and only the one guessing waits: wrong table codes are counted per code tried
and across the site, never per client address (every phone in a club shares one), and only wrong codes wait
(tournaments.permissions.check_code); wrong passwords are counted per user name from each address, so the
guessing address waits, never the director (tournaments.signin).
"""

from __future__ import annotations

import base64
import hashlib
import pickle
import time
from typing import NamedTuple

from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import DEFAULT_DB_ALIAS, connections, router
from django.utils import timezone

from config.db import prepared_cursor


def _keys(name: str, value: str, window: int) -> tuple[str, str]:
    """The cache keys of `name`=`value` in this window and the one before."""
    digest = hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    now = int(time.time() // window)
    return f"guesses:{name}:{digest}:{now}", f"guesses:{name}:{digest}:{now - 1}"


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


def _wanted(window: int, keys: dict[str, str]) -> dict[str, tuple[str, str]]:
    """Each name's cache keys: this window's and the one before."""
    return {name: _keys(name, value, window) for name, value in keys.items()}


def counts(window: int, **keys: str) -> dict[str, Tries]:
    """The wrong tries under each key (name=value), in one trip to the cache."""
    wanted = _wanted(window, keys)
    found = cache.get_many([key for pair in wanted.values() for key in pair])
    return {
        name: Tries(int(found.get(now) or 0), int(found.get(before) or 0))
        for name, (now, before) in wanted.items()
    }


def counts_beside(window: int, sql: str, params: list, **keys: str) -> tuple[dict[str, Tries], tuple | None]:
    """counts(window, **keys) and the first row of `sql` (None if it has none; its first column is never NULL).
    When the shared cache is a table of the same database (no Redis), one statement reads both: every scorer's
    request checks its table code, and the cache's own round trip cost as much as the rest of the check
    (bench/api.py)."""
    shared, db = caches["default"], connections[DEFAULT_DB_ALIAS]
    if not (isinstance(shared, DatabaseCache) and router.db_for_read(shared.cache_model_class) == db.alias):
        tries = counts(window, **keys)
        with prepared_cursor() as cursor:
            cursor.execute(sql, params)
            return tries, cursor.fetchone()
    wanted = _wanted(window, keys)
    stored = [
        shared.make_key(key) for pair in wanted.values() for key in pair
    ]  # hex digests: nothing to validate
    quote = db.ops.quote_name
    read = (
        f"(SELECT {quote('value')} FROM {quote(shared._table)} WHERE {quote('cache_key')} = %s "
        f"AND {quote('expires')} >= %s)"
    )
    now = db.ops.adapt_datetimefield_value(timezone.now())
    with prepared_cursor() as cursor:
        cursor.execute(
            f"SELECT {', '.join([read] * len(stored))}, q.* FROM (SELECT 1 AS one) one LEFT JOIN ({sql}) q ON 1 = 1",
            [value for key in stored for value in (key, now)] + list(params),
        )
        row = cursor.fetchone()
    found = [
        0 if value is None else int(pickle.loads(base64.b64decode(value.encode())))
        for value in row[: len(stored)]
    ]
    rest = row[len(stored) :]
    tries = {name: Tries(found[2 * i], found[2 * i + 1]) for i, name in enumerate(wanted)}
    return tries, None if rest[0] is None else rest


def count_wrong(window: int, **keys: str) -> None:
    """Count one wrong try under each key (name=value) in this window."""
    for name, value in keys.items():
        key = _keys(name, value, window)[0]
        if not cache.add(key, 1, 3 * window):
            try:
                cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.add(key, 1, 3 * window)
