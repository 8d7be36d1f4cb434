"""One INSERT per new row, with its SQL built once per model.

Django builds the INSERT again for every save(), which on the score-entry path costs more than running it
(bench/api.py). `insert` stores the same values save() would (defaults, auto_now, each field's own conversion to
the database) but sends no signals, so it is only for models with no signal receivers.
"""

from __future__ import annotations

from django.db import connection, models

_SQL: dict[tuple[type, str], tuple[str, list]] = {}


def insert(row: models.Model) -> models.Model:
    """Save a new model instance; it gets its primary key as save() would give it."""
    model = type(row)
    key = (model, connection.vendor)
    if key not in _SQL:
        fields = [field for field in model._meta.concrete_fields if not field.primary_key]
        quote = connection.ops.quote_name
        columns = ", ".join(quote(field.column) for field in fields)
        values = ", ".join(["%s"] * len(fields))
        _SQL[key] = (
            f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({values}) "
            f"RETURNING {quote(model._meta.pk.column)}",
            fields,
        )
    sql, fields = _SQL[key]
    params = [field.get_db_prep_save(field.pre_save(row, add=True), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row.pk = cursor.fetchone()[0]
    row._state.adding, row._state.db = False, connection.alias
    return row
