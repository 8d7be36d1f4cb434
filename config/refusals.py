"""Refusals: a request the rules or the state forbid, said in words a director can act on, and answered the same
way wherever it is made. Every app's services raise them (so this module imports no app); the API answers them
through one DRF exception handler (`api_exception_handler`, settings REST_FRAMEWORK) and the pages through one
decorator (`refusals_shown`), so that no view catches them by hand.

The kinds: `Refused(message, status)` (a 400 unless told), `NotFound` (404), `Forbidden` (403), `Conflict` (409)
and the two questions asked first, `NeedsConfirmation` (moving on with results missing) and `PublishedEarly`
(publishing before the rest of the field).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import wraps
from typing import Any, Protocol

from django.contrib import messages
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import ProtectedError, RestrictedError
from django.template.defaultfilters import pluralize
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler, set_rollback

from games.formats.numbers import NumberError


class Refused(ValueError):
    """A request the rules or the state forbid. `status` is the HTTP answer (400, 403, 404, 409); `extra` goes
    into the answer's body (the two versions of a conflict)."""

    def __init__(self, message: str, status: int = 400, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.extra = extra


class NotFound(Refused):
    """What was asked for does not exist (or may not be known to the one asking): a 404."""

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message, 404, **extra)


class Forbidden(Refused):
    """Known, but not for the one asking (a table code outside its table, a board not yet its to play): a 403."""

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message, 403, **extra)


class Conflict(Refused):
    """The state forbids it now (a result already entered otherwise, a section already closed): a 409."""

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message, 409, **extra)


class Asked(Protocol):
    """What a question lists as missing (tournaments.rounds.Missing): one table of one round."""

    @property
    def boards(self) -> list[int]: ...
    @property
    def count(self) -> int: ...
    @property
    def text(self) -> str: ...
    def as_dict(self) -> dict[str, Any]: ...


MOVING_ON = {
    "next-round": "Go on to the next round",
    "finish": "Close the session",
    "bell": "Ring the bell",
}
"""The ways of moving on that ask first when results are missing, as the question and the record name them."""


class NeedsConfirmation(Conflict):
    """Moving on with results missing: a 409 that lists them (`missing`, as the desk's poll does). Asked again
    with confirmation, the move goes on and `reason` is recorded as a SectionVersion."""

    def __init__(self, action: str, missing: Sequence[Asked]) -> None:
        self.action = action
        self.label = MOVING_ON[action]
        self.missing = missing
        self.count = sum(m.count for m in missing)
        super().__init__(
            f"{self.label}? {self.results}: {'; '.join(m.text for m in missing)}. "
            "Send it again with confirm to go on anyway.",
            needs_confirmation=True,
            missing=[m.as_dict() for m in missing],
        )

    @property
    def results(self) -> str:
        """ "5 results missing", or at a party "2 tallies missing"."""
        party = not any(m.boards for m in self.missing)
        noun = "tall" + pluralize(self.count, "y,ies") if party else "result" + pluralize(self.count)
        return f"{self.count} {noun} missing"

    @property
    def reason(self) -> str:
        """What the record keeps when the director goes on anyway."""
        return f"{self.label} with {self.results} ({'; '.join(m.text for m in self.missing)})"


class PublishedEarly(Conflict):
    """Publishing while other sections of the field are still to come (`in_play`: each section and what it still
    plays): asked first on the desk."""

    def __init__(self, in_play: Mapping[Any, str]) -> None:
        super().__init__("publish before the rest of the field?")
        self.in_play = in_play


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, after answering what DRF does not know as a 4xx naming the problem: a Refused, a number
    parameter that is no number, a delete of protected rows, a model's ValidationError, and a serializer's
    errors (named in `detail`, each field's in `errors`)."""
    if isinstance(exc, Refused):
        answer = Response({"detail": exc.message, **exc.extra}, status=exc.status)
    elif isinstance(exc, NumberError):
        answer = Response({"detail": str(exc)}, status=400)
    elif isinstance(exc, ProtectedError | RestrictedError):
        answer = Response(
            {"detail": f"cannot delete it: it still holds {len(exc.args[1])} protected rows"}, 409
        )
    elif isinstance(exc, DjangoValidationError):
        answer = Response({"detail": "; ".join(exc.messages)}, status=400)
    elif isinstance(exc, exceptions.ValidationError) and isinstance(exc.detail, dict):
        named = "; ".join(f"{field}: {' '.join(map(str, errors))}" for field, errors in exc.detail.items())
        answer = Response({"detail": named, "errors": exc.detail}, status=400)
    else:
        return exception_handler(exc, context)
    set_rollback()
    return answer


def refusals_shown(again: Callable[..., Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A page view whose Refused is shown as the page's error: its message said (django.contrib.messages), then
    `again(request, error, **url_kwargs)` answers (the form again with `error.status`, or a redirect)."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(view)
        def shown(request: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return view(request, *args, **kwargs)
            except Refused as error:
                messages.error(request, error.message)
                return again(request, error, *args, **kwargs)

        return shown

    return decorate
