"""New rows inserted with SQL built once per model.

Django builds the INSERT again for every save(), which on the score-entry path costs more than running it
(bench/api.py). `insert` stores the same values save() would (defaults, auto_now, each field's own conversion to
the database) but sends no signals, so it is only for models with no signal receivers. `insert_with` stores a row
and one that points at it as a unit: on PostgreSQL in one statement, which needs no transaction of its own.
`upsert` writes many rows of plain values (the standings a recompute makes) in one statement.
"""

from __future__ import annotations

from contextlib import nullcontext

from django.db import DEFAULT_DB_ALIAS, connection, connections, models, transaction

from config.db import prepared_cursor

_SQL: dict[tuple, tuple] = {}
_UPSERTS: dict[tuple, str] = {}


def insert(row: models.Model) -> models.Model:
    """Save a new model instance; it gets its primary key as save() would give it."""
    db = connections[DEFAULT_DB_ALIAS]  # not the proxy: each use of it is a look-up
    key = (type(row), db.vendor)
    if key not in _SQL:
        fields = _fields(row)
        _SQL[key] = (f"{_insert(row, fields)} RETURNING {_quote(row._meta.pk.column)}", fields)
    sql, fields = _SQL[key]
    with prepared_cursor() as cursor:
        cursor.execute(sql, _params(row, fields, db))
        row.pk = cursor.fetchone()[0]
    _saved(row, db)
    return row


def insert_with(row: models.Model, child: models.Model, link: str) -> None:
    """Insert `row`, then `child`, whose ForeignKey `link` points at it; neither or both are stored."""
    db = connections[DEFAULT_DB_ALIAS]
    if db.vendor != "postgresql":
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
    params = _params(row, parent, db) + _params(child, fields, db)
    # In a caller's transaction a savepoint keeps a refused insert (IntegrityError) from spoiling it.
    with transaction.atomic() if db.in_atomic_block else nullcontext(), prepared_cursor() as cursor:
        cursor.execute(sql, params)
        row.pk, child.pk = cursor.fetchone()
    setattr(child, link, row)
    _saved(row, db)
    _saved(child, db)


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


def _params(row: models.Model, fields: list, db) -> list:
    return [field.get_db_prep_save(field.pre_save(row, add=True), db) for field in fields]


def _saved(row: models.Model, db) -> None:
    row._state.adding, row._state.db = False, db.alias


def upsert(
    model: type[models.Model], fields: list[str], rows: list[tuple], unique: str, update: list[str]
) -> None:
    """Store `rows` of `model`, tuples of `fields`' values (each already of the Python type its column takes: int,
    float, str or None); a row whose `unique` field is taken updates that row's `update` fields instead.

    On PostgreSQL one INSERT from arrays (unnest) built once: bulk_create prepared every value of every object
    again, half the time of a standings recompute (bench/api.py). Elsewhere bulk_create."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model.objects.bulk_create([model(**dict(zip(fields, row, strict=True))) for row in rows],
                                  update_conflicts=True, unique_fields=[unique], update_fields=update)  # fmt: skip
        return
    key = (model, tuple(fields), unique, tuple(update))
    if key not in _UPSERTS:
        meta = model._meta
        columns = [meta.get_field(name) for name in fields]
        updated = [_quote(meta.get_field(name).column) for name in update]
        _UPSERTS[key] = (
            f"INSERT INTO {_quote(meta.db_table)} ({_columns(columns)}) "
            f"SELECT * FROM unnest({', '.join(f'%s::{field.db_type(connection)}[]' for field in columns)}) "
            f"ON CONFLICT ({_quote(meta.get_field(unique).column)}) DO UPDATE SET "
            + ", ".join(f"{column} = EXCLUDED.{column}" for column in updated)
        )
    with connection.cursor() as cursor:
        cursor.execute(_UPSERTS[key], [list(column) for column in zip(*rows, strict=True)])
