"""Who may see and do what (issue 6, "Access").

- Director: club staff (Club.directors, or a superuser): everything in their club, nothing in another club.
- Table scorer: a table's access code (header X-Table-Code, or the session after POST /api/table/login/):
  only that table's boards in the current round of a running Section.
- Player: a login linked to a Player: their own scorecards, and what the public sees.
- Public: events and Sections once running; live standings while running; boards and results when published.

Hidden boards: a Board's hand record and the other tables' results on it are shown to nobody who has still to
play it in the Section, that is to a player or table only after their own result on it is in.
"""

from __future__ import annotations

from functools import cached_property

from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db.models import Q
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions, permissions, throttling

from tournaments.models import Club, Entry, Section, Status, TableCode

FAILED_CODE_LIMIT = 20
"""Wrong table codes allowed per client address in FAILED_CODE_WINDOW seconds before it is throttled."""
FAILED_CODE_WINDOW = 600


def is_director(user, club: Club | int) -> bool:
    if not user or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    club_id = club if isinstance(club, int) else club.id
    return user.directed_clubs.filter(id=club_id).exists()


def directed_club_ids(user) -> list[int] | None:
    """The clubs a user directs; None means every club (superuser)."""
    if not user or not user.is_authenticated:
        return []
    if user.is_superuser:
        return None
    return list(user.directed_clubs.values_list("id", flat=True))


def section_club_id(section: Section) -> int:
    return Section.objects.filter(id=section.id).values_list("session__event__club_id", flat=True).get()


def player_entries(user, section: Section) -> list[int]:
    """The entries of a Section a logged-in player plays in."""
    if not user or not user.is_authenticated:
        return []
    return list(Entry.objects.filter(section=section, players__user=user).values_list("id", flat=True))


class Viewer:
    """Who is asking about one Section, and what of it they may see."""

    def __init__(self, request, section: Section):
        self.section = section
        self.code = request.auth if isinstance(request.auth, TableCode) else None
        if self.code is not None and self.code.section_id != section.id:
            self.code = None
        self.director = is_director(request.user, section_club_id(section))
        self.entries = player_entries(request.user, section)
        if self.code is not None and section.status == Status.RUNNING:
            seating = section.seatings.filter(round=section.current_round, table=self.code.table).first()
            self.entries += [e for e in (seating.ns_id, seating.ew_id) if e] if seating else []

    @property
    def sees_all(self) -> bool:
        return self.director or self.section.status == Status.PUBLISHED

    @cached_property
    def played(self) -> set[int]:
        """Board ids that every entry this viewer speaks for has played (result in)."""
        from games.models import Result

        if not self.entries:
            return set()
        boards: set[int] | None = None
        for entry in self.entries:
            mine = set(
                Result.objects.filter(Q(ns_id=entry) | Q(ew_id=entry), section=self.section).values_list(
                    "board_id", flat=True
                )
            )
            boards = mine if boards is None else boards & mine
        return boards or set()

    def sees_board(self, board_id: int) -> bool:
        return self.sees_all or board_id in self.played


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
    """A table scorer: the code in the X-Table-Code header, or the one the session logged in with."""

    keyword = "X-Table-Code"

    def authenticate(self, request):
        header = request.META.get("HTTP_X_TABLE_CODE")
        if header is not None:
            return (AnonymousUser(), check_code(request, header))
        code_id = request._request.session.get("table_code") if hasattr(request._request, "session") else None
        if code_id is None:
            return None
        code = TableCode.objects.select_related("section").filter(id=code_id).first()
        if code is None:
            return None
        check = authentication.CSRFCheck(lambda req: None)
        check.process_request(request._request)
        reason = check.process_view(request._request, None, (), {})
        if reason:
            raise exceptions.PermissionDenied(f"CSRF failed: {reason}")
        return (AnonymousUser(), code)

    def authenticate_header(self, request) -> str:
        return self.keyword


def _client(request) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


_CODE_AND_SECTION = """
    SELECT s.*, c.id AS code_id, c."table" AS code_table
    FROM tournaments_section s JOIN tournaments_tablecode c ON c.section_id = s.id
    WHERE c.code = %s
"""
"""A table code and its Section in one raw query: every scorer's request starts here, and the ORM's query
(select_related) cost twice as much to build as to run."""


def check_code(request, text: str) -> TableCode:
    """The TableCode for `text`; wrong codes are counted per client address and throttled past the limit."""
    key = f"table-code-failures:{_client(request)}"
    if (cache.get(key) or 0) >= FAILED_CODE_LIMIT:
        raise exceptions.Throttled(detail="too many wrong table codes from this address; wait a few minutes")
    text = text.strip().upper()
    section = next(iter(Section.objects.raw(_CODE_AND_SECTION, [text])), None)
    if section is None:
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, FAILED_CODE_WINDOW)
        raise exceptions.AuthenticationFailed("unknown table code") from None
    if section.status != Status.RUNNING:
        raise exceptions.PermissionDenied(f"{section} is not running: its table codes are closed")
    return TableCode(id=section.code_id, section=section, table=section.code_table, code=text)


class IsTableScorer(permissions.BasePermission):
    message = "a table access code is needed"

    def has_permission(self, request, view) -> bool:
        return isinstance(request.auth, TableCode)


class TableLoginThrottle(throttling.AnonRateThrottle):
    """Logging in: a club's phones share one address, so a whole room of tables may log in at once."""

    scope = "table-login"
    rate = "30/min"


class TableThrottle(throttling.SimpleRateThrottle):
    """Per table code: far above what a table enters, far below a runaway script."""

    scope = "table"
    rate = "1200/min"

    def get_cache_key(self, request, view):
        if isinstance(request.auth, TableCode):
            return self.cache_format % {"scope": self.scope, "ident": request.auth.id}
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class TableCodeScheme(OpenApiAuthenticationExtension):
    """How the OpenAPI schema describes a table code."""

    target_class = "tournaments.permissions.TableCodeAuthentication"
    name = "tableCode"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "header", "name": TableCodeAuthentication.keyword}
