"""Request checks that hold for every view."""

from __future__ import annotations

import json

from django.http import HttpResponseBadRequest, JsonResponse


def _nul_in(value, path: str = "") -> str | None:
    """The path of the first key or text in a JSON value holding a NUL character, or None."""
    if isinstance(value, str):
        return path if "\x00" in value else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        here = f"{path}.{key}" if path else str(key)
        if isinstance(key, str) and "\x00" in key:
            return here.replace("\x00", "")
        found = _nul_in(item, here)
        if found is not None:
            return found
    return None


class RefuseNul:
    """A NUL character in a query parameter, a form field or a JSON body is refused with a 400 naming the field:
    PostgreSQL's text columns cannot hold one, so a filter or a row holding it fails in the database (a 500)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        message = self._problem(request)
        if message is None:
            return self.get_response(request)
        if request.path.startswith("/api/"):
            return JsonResponse({"detail": message}, status=400)
        return HttpResponseBadRequest(message)

    @staticmethod
    def _problem(request) -> str | None:
        for where, data in (("query parameter", request.GET), ("form field", request.POST)):
            for name, values in data.lists():
                if "\x00" in name or any("\x00" in value for value in values):
                    return f"{where} {name.replace(chr(0), '')!r} holds a NUL character"
        # JSON writes NUL as \u0000: a substring search first, so an ordinary body is not parsed twice.
        if request.content_type == "application/json" and b"\\u0000" in request.body:
            try:
                path = _nul_in(json.loads(request.body))
            except ValueError:
                return None  # not JSON: the view's parser names that
            if path is not None:
                return f"JSON field {path!r} holds a NUL character"
        return None
