"""What every app's API shares: a service's Refused (and a model's ValidationError) answered as a 4xx naming the
problem, never a 500; query parameters read as numbers that name themselves when wrong; list filters stated in the
schema; the director check."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import ProtectedError, RestrictedError
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import exceptions, serializers
from rest_framework.response import Response

from games.formats.numbers import ID, Column, NumberError, whole_number
from games.services import Refused
from tournaments.permissions import is_director


class RefusedMixin:
    """Turn a service's Refused (and a model's ValidationError) into an answer naming the problem."""

    def handle_exception(self, exc):
        if isinstance(exc, Refused):
            return Response({"detail": exc.message, **exc.extra}, status=exc.status)
        if isinstance(exc, NumberError):
            return Response({"detail": str(exc)}, status=400)
        if isinstance(exc, ProtectedError | RestrictedError):
            return Response(
                {"detail": f"cannot delete it: it still holds {len(exc.args[1])} protected rows"}, 409
            )
        if isinstance(exc, DjangoValidationError):
            return Response({"detail": "; ".join(exc.messages)}, status=400)
        if isinstance(exc, exceptions.ValidationError) and isinstance(exc.detail, dict):
            named = "; ".join(
                f"{field}: {' '.join(map(str, errors))}" for field, errors in exc.detail.items()
            )
            return Response({"detail": named, "errors": exc.detail}, status=400)
        return super().handle_exception(exc)


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
