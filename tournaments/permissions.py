"""Who may see and do what (issue 6, "Access").

- Director: club staff (Club.directors, or a superuser): everything in their club, nothing in another club.
- Table scorer: a table's access code (header X-Table-Code, or the session after POST /api/table/login/):
  only the boards that table has been seated for up to the director's round of a running Section.
- Player: a login linked to a Player: their own scorecards, and what the public sees.
- Public: events and Sections once running; live standings while running; boards and results when published.

Hidden boards: what a viewer may see of a board (its hand, its results) and of the seeds is one rule, in
tournaments.visibility.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser
from django.core.cache import caches
from django.db import connection
from django.utils.cache import patch_cache_control, patch_vary_headers
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions, permissions, throttling

from config.db import prepared_cursor
from tournaments import guesses
from tournaments.models import Club, Section, Status, TableCode, read_code

CODE_WINDOW = 600
"""Wrong table codes are counted in windows of this many seconds, the limits holding over this window and the one
before (tournaments.guesses)."""
SAME_CODE_LIMIT = 5
"""Wrong tries of one code in a window before that code is answered "wait": a phone that keeps sending a wrong
code."""
SITE_CODE_LIMIT = 200
"""Wrong codes in a window across the site before every wrong code is answered "wait": someone guessing. Only
wrong codes wait: a right one always opens its table, since guessing one is hopeless anyway
(tournaments.models.CODE_LENGTH), so nobody's wrong codes can lock a room out."""


def is_director(user, club: Club | int) -> bool:
    if not user or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    club_id = club if isinstance(club, int) else club.id
    return user.directed_clubs.filter(id=club_id).exists()


def sees_members(user, club: Club) -> bool:
    """Whether a user may read the club's member list and numbers: its directors, and its members signed in where
    the club lets them (Club.members_see_members). Names on results are public either way; a list of members
    with their numbers is personal data a club may not publish."""
    if is_director(user, club):
        return True
    return club.members_see_members and user.is_authenticated and club.players.filter(user=user).exists()


def directed_club_ids(user) -> list[int] | None:
    """The clubs a user directs; None means every club (superuser)."""
    if not user or not user.is_authenticated:
        return []
    if user.is_superuser:
        return None
    return list(user.directed_clubs.values_list("id", flat=True))


def section_club_id(section: Section) -> int:
    return Section.objects.filter(id=section.id).values_list("session__event__club_id", flat=True).get()


class IsDirectorOrReadOnly(permissions.BasePermission):
    """Reads for anyone (the views filter what is visible); writes for directors of the object's club only."""

    message = "only a director of this club may change this"

    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return is_director(request.user, view.club_of(obj))


class TableCodeAuthentication(authentication.BaseAuthentication):
    """A table scorer: the code in the X-Table-Code header, or the one the session signed in with."""

    keyword = "X-Table-Code"

    def authenticate(self, request):
        header = request.META.get("HTTP_X_TABLE_CODE")
        if header is not None:
            read_beside = getattr(request.parser_context.get("view"), "read_beside_code", None)
            return (
                AnonymousUser(),
                check_code(request, header, read_beside(request) if read_beside else None),
            )
        if not hasattr(request._request, "session") or SESSION_KEY not in request._request.session:
            return None
        code = session_code(request._request)
        if code is None:
            raise exceptions.AuthenticationFailed(
                "this phone is signed out: its table has a new code, or its section has finished"
            )
        check = authentication.CSRFCheck(lambda req: None)
        check.process_request(request._request)
        reason = check.process_view(request._request, None, (), {})
        if reason:
            raise exceptions.PermissionDenied(f"CSRF failed: {reason}")
        return (AnonymousUser(), code)

    def authenticate_header(self, request) -> str:
        return self.keyword


SESSION_KEY = "table_code"
"""The session's key for the code a phone signed in with: the code itself, so that a new code signs it out."""


def sign_in(request, code: TableCode) -> None:
    """Keep the table's code in this browser's session: a new session, as Django's login makes, so that whoever
    knew the old session's key (or put it there) is not signed in with it."""
    request.session.cycle_key()
    request.session[SESSION_KEY] = code.code


def session_code(request) -> TableCode | None:
    """The table this browser signed in to (sign_in), while its code is unchanged and its Section running; else
    None, and the browser is signed out."""
    text = request.session.get(SESSION_KEY)
    if text is None:
        return None
    code = _read_code(str(text)) if isinstance(text, str) else None
    if code is None or code.section.status != Status.RUNNING:
        request.session.pop(SESSION_KEY, None)
        return None
    return code


@dataclass
class Beside:
    """Columns a view reads in its table code's query, from `joins` (a join tree taking `params`) joined on the code
    (c) and its Section (s) by `on`, so that an entry's request runs one statement where it ran two; check_code
    puts the row read (NULLs where `on` matched nothing) in `row`."""

    columns: str
    joins: str
    on: str
    params: list
    row: tuple | None = None


@functools.cache
def _code_query(columns: str = "", joins: str = "", on: str = "") -> tuple[str, list[str], list]:
    """A table code and its Section in one raw query (and what a view reads beside them: Beside): every scorer's
    request starts here, and the ORM's query (select_related) cost twice as much to build as to run. It reads
    every Section field but the movement (entry does not need it, and a large one would be parsed on every
    request); returned with the fields' names and the conversions from the database of those that have any."""
    quote = connection.ops.quote_name
    fields = [field for field in Section._meta.concrete_fields if field.name != "movement"]
    columns = ", ".join([f"c.id, c.{quote('table')}", *(f"s.{quote(field.column)}" for field in fields),
                         *filter(None, [columns])])  # fmt: skip
    joined = f" LEFT JOIN {joins} ON {on}" if joins else ""
    sql = (
        f"SELECT {columns} "
        f"FROM tournaments_section s JOIN tournaments_tablecode c ON c.section_id = s.id{joined} WHERE c.code = %s"
    )
    converters = []
    for i, field in enumerate(fields):
        column = field.get_col(Section._meta.db_table)
        converting = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if converting:
            converters.append((i, column, converting))
    return sql, [field.attname for field in fields], converters


def _code_of_row(row, names: list[str], converters: list, text: str) -> TableCode:
    """The TableCode of `text` from a row of _code_query."""
    values = list(row[2 : 2 + len(names)])
    for i, column, converting in converters:
        for converter in converting:
            values[i] = converter(values[i], column, connection)
    section = Section.from_db(connection.alias, names, values)
    return TableCode(id=row[0], section=section, table=row[1], code=text)


def _read_code(text: str) -> TableCode | None:
    """The TableCode whose code is `text` (as stored), with its Section, or None."""
    sql, names, converters = _code_query()
    with prepared_cursor() as cursor:
        cursor.execute(sql, [text])
        row = cursor.fetchone()
    return None if row is None else _code_of_row(row, names, converters, text)


def check_code(request, text: str, beside: Beside | None = None) -> TableCode:
    """The TableCode for `text`, as typed or scanned (read_code). A right code always opens its table: nobody's
    wrong tries make it wait, since guessing one is hopeless (tournaments.models.CODE_LENGTH). Wrong codes are
    counted per code tried and across the site, in the shared cache, and past either limit a wrong code is
    answered "wait" instead of "unknown": a phone that keeps sending one slows down, and nothing is counted per
    client address, where every phone of a club shares one."""
    text = read_code(text)
    if beside is None:
        sql, names, converters = _code_query()
        params = [text]
    else:
        sql, names, converters = _code_query(beside.columns, beside.joins, beside.on)
        params = [*beside.params, text]
    tries, row = guesses.counts_beside(CODE_WINDOW, sql, params, code=text, site="all")
    if row is None:
        for name, limit, which in (
            ("code", SAME_CODE_LIMIT, "this code"),
            ("site", SITE_CODE_LIMIT, "table codes on this site"),
        ):
            if tries[name].total >= limit:
                raise exceptions.Throttled(
                    wait=tries[name].wait(CODE_WINDOW, limit),
                    detail=f"too many wrong tries of {which}; wait a few minutes",
                )
        guesses.count_wrong(CODE_WINDOW, code=text, site="all")
        raise exceptions.AuthenticationFailed("unknown table code") from None
    code = _code_of_row(row, names, converters, text)
    if code.section.status != Status.RUNNING:
        raise exceptions.PermissionDenied(f"{code.section} is not running: its table codes are closed")
    if beside is not None:
        beside.row = tuple(row[2 + len(names) :])
    return code


class IsTableScorer(permissions.BasePermission):
    message = "a table access code is needed"

    def has_permission(self, request, view) -> bool:
        return isinstance(request.auth, TableCode)


class TableLoginThrottle(throttling.AnonRateThrottle):
    """Logging in, per address: only a flood guard, far above a room of tables logging in at once (a club's phones
    share one address), counted by each process; wrong codes are bounded by check_code in the shared cache."""

    cache = caches["local"]
    scope = "table-login"
    rate = "300/min"


class Histories:
    """Request times kept by key in this process, read and written as DRF's throttles use a cache (get and set):
    without the local cache's pickling and key checks, a thirtieth of a score entry (bench/api.py). Each get
    returns a copy, so that two threads never change one list at once; expired keys go once there are many."""

    MANY = 1000

    def __init__(self) -> None:
        self._kept: dict[str, tuple[float, list]] = {}

    def get(self, key: str, default: list | None = None) -> list | None:
        kept = self._kept.get(key)
        return default if kept is None or kept[0] <= time.monotonic() else list(kept[1])

    def set(self, key: str, value: list, timeout: float) -> None:
        now = time.monotonic()
        if len(self._kept) >= self.MANY:
            for old, (expires, _) in list(self._kept.items()):
                if expires <= now:
                    self._kept.pop(old, None)
        self._kept[key] = (now + timeout, value)

    def clear(self) -> None:
        self._kept.clear()


class TableThrottle(throttling.SimpleRateThrottle):
    """Per table code: far above what a table enters, far below a runaway script. Counted by each process: it is
    on every scorer's request, where the database cache would cost more queries than the entry itself."""

    cache = Histories()
    scope = "table"
    rate = "1200/min"

    def get_cache_key(self, request, view):
        if isinstance(request.auth, TableCode):
            return self.cache_format % {"scope": self.scope, "ident": request.auth.id}
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class TableCodeAccess:
    """What every table scorer's endpoint has (games' and parties'): code authentication only, throttled per code;
    `code` is the TableCode it logged in with."""

    authentication_classes = [TableCodeAuthentication]
    permission_classes = [IsTableScorer]
    throttle_classes = [TableThrottle]

    @property
    def code(self) -> TableCode:
        return self.request.auth

    def finalize_response(self, request, response, *args, **kwargs):
        """A table's answer is that table's alone: kept by no cache on the way, and told apart by its code."""
        response = super().finalize_response(request, response, *args, **kwargs)
        private(response)
        return response


def private(response):
    """Mark an answer for one table (or one signed-in browser): no shared or stored copy, and a cache that kept one
    anyway tells answers apart by the code header and the session cookie."""
    patch_cache_control(response, private=True, no_store=True)
    patch_vary_headers(response, [TableCodeAuthentication.keyword, "Cookie"])
    return response


class TableCodeScheme(OpenApiAuthenticationExtension):
    """How the OpenAPI schema describes a table code."""

    target_class = "tournaments.permissions.TableCodeAuthentication"
    name = "tableCode"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "header", "name": TableCodeAuthentication.keyword}
