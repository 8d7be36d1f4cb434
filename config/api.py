"""What every app's API shares: query parameters read as numbers that name themselves when wrong, list filters
stated in the schema, a read-only field refused when sent changed, the director check. (A service's Refused is
answered by config.refusals.api_exception_handler, for every view.)"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import exceptions, serializers

from games.formats.numbers import ID, Column, whole_number
from tournaments.permissions import is_director


class RefuseReadOnly:
    """A ModelSerializer mixin: a read-only field named in Meta.read_only_reasons, sent with a value other than the
    row's, is refused with a 400 giving the reason, where DRF would ignore it and answer 200 having changed
    nothing. Sent unchanged (a PUT of what a GET answered) it is no change, and accepted."""

    def to_internal_value(self, data):
        values = super().to_internal_value(data)
        errors = {}
        for name, reason in self.Meta.read_only_reasons.items():
            if not hasattr(data, "get") or name not in data:
                continue
            current = (
                getattr(self.instance, name)
                if self.instance is not None
                else self.Meta.model._meta.get_field(name).get_default()
            )
            try:
                same = self.fields[name].to_internal_value(data[name]) == current
            except serializers.ValidationError:
                same = False
            if not same:
                errors[name] = [reason]
        if errors:
            raise serializers.ValidationError(errors)
        return values


def number_param(request, name: str, column: Column = ID) -> int | None:
    """A query parameter's number (`?section=12`), None when it is not given; NumberError (a 400) naming it
    when it is not a whole number that fits `column`."""
    value = request.query_params.get(name)
    return None if value is None else whole_number(value, f"?{name}", column)


def list_filters(**params: type):
    """A viewset's list filters (`?section=<id>`) stated in the schema, for clients and for the schema fuzzing."""
    return extend_schema_view(
        list=extend_schema(parameters=[OpenApiParameter(name, kind) for name, kind in params.items()])
    )


def require_director(request, club_id: int) -> None:
    if not is_director(request.user, club_id):
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated("log in as a director of this club")
        raise exceptions.PermissionDenied("only a director of this club may do this")
