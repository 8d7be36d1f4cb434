"""New rows inserted with SQL built once per model.

Django builds the INSERT again for every save(), which on the score-entry path costs more than running it
(bench/api.py). `insert` stores the same values save() would (defaults, auto_now, each field's own conversion to
the database) but sends no signals, so it is only for models with no signal receivers. `insert_with` stores a row
and one that points at it as a unit: on PostgreSQL in one statement, which needs no transaction of its own.
"""

from __future__ import annotations

from contextlib import nullcontext

from django.db import connection, models, transaction

_SQL: dict[tuple, tuple] = {}


def insert(row: models.Model) -> models.Model:
    """Save a new model instance; it gets its primary key as save() would give it."""
    key = (type(row), connection.vendor)
    if key not in _SQL:
        fields = _fields(row)
        _SQL[key] = (f"{_insert(row, fields)} RETURNING {_quote(row._meta.pk.column)}", fields)
    sql, fields = _SQL[key]
    with connection.cursor() as cursor:
        cursor.execute(sql, _params(row, fields))
        row.pk = cursor.fetchone()[0]
    _saved(row)
    return row


def insert_with(row: models.Model, child: models.Model, link: str) -> None:
    """Insert `row`, then `child`, whose ForeignKey `link` points at it; neither or both are stored."""
    if connection.vendor != "postgresql":
        with transaction.atomic():
            insert(row)
            setattr(child, link, row)
            insert(child)
        return
    key = (type(row), type(child), link)
    if key not in _SQL:
        pointer = child._meta.get_field(link)
        parent, fields = _fields(row), [field for field in _fields(child) if field != pointer]
        _SQL[key] = (
            f"WITH parent AS ({_insert(row, parent)} RETURNING {_quote(row._meta.pk.column)}) "
            f"INSERT INTO {_quote(child._meta.db_table)} ({_quote(pointer.column)}, {_columns(fields)}) "
            f"SELECT parent.{_quote(row._meta.pk.column)}, {_placeholders(fields)} FROM parent "
            f"RETURNING {_quote(pointer.column)}, {_quote(child._meta.pk.column)}",
            (parent, fields),
        )
    sql, (parent, fields) = _SQL[key]
    params = _params(row, parent) + _params(child, fields)
    # In a caller's transaction a savepoint keeps a refused insert (IntegrityError) from spoiling it.
    with transaction.atomic() if connection.in_atomic_block else nullcontext(), connection.cursor() as cursor:
        cursor.execute(sql, params)
        row.pk, child.pk = cursor.fetchone()
    setattr(child, link, row)
    _saved(row)
    _saved(child)


def _fields(row: models.Model) -> list:
    return [field for field in row._meta.concrete_fields if not field.primary_key]


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _columns(fields: list) -> str:
    return ", ".join(_quote(field.column) for field in fields)


def _placeholders(fields: list) -> str:
    return ", ".join(["%s"] * len(fields))


def _insert(row: models.Model, fields: list) -> str:
    return f"INSERT INTO {_quote(row._meta.db_table)} ({_columns(fields)}) VALUES ({_placeholders(fields)})"


def _params(row: models.Model, fields: list) -> list:
    return [field.get_db_prep_save(field.pre_save(row, add=True), connection) for field in fields]


def _saved(row: models.Model) -> None:
    row._state.adding, row._state.db = False, connection.alias
