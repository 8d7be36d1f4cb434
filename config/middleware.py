"""Request checks that hold for every view."""

from __future__ import annotations

from django.http import HttpResponseBadRequest, JsonResponse


class RefuseNul:
    """A NUL character in a query parameter or a form field is refused with a 400 naming the field: PostgreSQL's
    text columns cannot hold one, so a filter or a row holding it fails in the database (a 500). A JSON body's is
    refused by the API's parser (config.json_input), with its other checks."""

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
        return None
