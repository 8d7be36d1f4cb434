"""A cursor whose statements PostgreSQL plans once per connection, for the hand-written SQL of score entry.

Every scorer's entry runs a few statements of several joins (its table code with the Section and the wrong-guess
counts, its seating with the board, its result with the first version). PostgreSQL spent several times more CPU
planning each of them than running it: about 350 µs against 60 µs once prepared (bench/api.py). Django binds
parameters on the client and prepares nothing, because not all of the ORM's SQL can be prepared and a pooler in
transaction mode (PgBouncer) loses prepared statements; this cursor binds on the server and prepares what it runs,
so use it only for SQL written here, with its columns named (a prepared SELECT * would fail once a migration
changes the table's columns), and only on a direct connection to PostgreSQL, as every deployment of ours has.
Elsewhere (SQLite) it is the ordinary cursor.
"""

from __future__ import annotations

import functools
import sys

from django.db import DEFAULT_DB_ALIAS, connections


def prepared_cursor():
    """A cursor of the default database (use it as `with prepared_cursor() as cursor:`)."""
    db = connections[DEFAULT_DB_ALIAS]
    if db.vendor != "postgresql":
        return db.cursor()
    # What BaseDatabaseWrapper.cursor() does, with this cursor class instead of the connection's own.
    db.close_if_health_check_failed()
    db.ensure_connection()
    db.validate_thread_sharing()
    with db.wrap_database_errors:
        if db.connection.prepare_threshold is None:  # Django's "never": then psycopg ignores prepare=True too
            db.connection.prepare_threshold = (
                sys.maxsize
            )  # only what asks (this cursor); ClientCursor never does
        cursor = _prepared_class()(db.connection)
    return db.make_debug_cursor(cursor) if db.queries_logged else db.make_cursor(cursor)


@functools.cache
def _prepared_class() -> type:
    """Django's server-binding cursor, preparing every statement (imported only where PostgreSQL is used)."""
    from django.db.backends.postgresql.base import ServerBindingCursor

    class Prepared(ServerBindingCursor):
        def execute(self, query, params=None, *, prepare=True, binary=None):
            return super().execute(query, params, prepare=prepare, binary=binary)

    return Prepared
