"""POST /api/parties/: a director sets up a party of one of the books' kinds and gets its first seating."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.services import Refused
from tournaments.models import Club
from tournaments.permissions import is_director

from . import services
from .core import KINDS, ROUND_ENDS


class PartyEntrySerializer(serializers.Serializer):
    name = serializers.CharField(max_length=160)
    side = serializers.ChoiceField(
        choices=list(services.SIDES), required=False, default="", allow_blank=True,
        help_text="Lady or gentleman, where the kind partners them.",
    )  # fmt: skip


class PartySerializer(serializers.Serializer):
    club = serializers.CharField(help_text="The club's id or slug.")
    name = serializers.CharField(max_length=160, required=False, allow_blank=True)
    kind = serializers.ChoiceField(choices=list(KINDS))
    players = serializers.IntegerField(min_value=1, max_value=400)
    forts = serializers.IntegerField(required=False, min_value=1, help_text="Military euchre: the forts.")
    method = serializers.ChoiceField(
        choices=["together", "split"], required=False, help_text="How winners move."
    )
    ends = serializers.ChoiceField(choices=list(ROUND_ENDS), default="bell")
    deals = serializers.IntegerField(required=False, min_value=1)
    minutes = serializers.IntegerField(required=False, min_value=1)
    prizes = serializers.IntegerField(required=False, min_value=0, default=0)
    lone_hand_prize = serializers.BooleanField(required=False, default=False)
    seed = serializers.CharField(
        required=False, max_length=40, help_text="The draw's seed (secrets if not given)."
    )
    date = serializers.DateField(required=False)
    entries = PartyEntrySerializer(
        many=True, required=False, help_text="Each player's name and side, numbered in this order."
    )


class PartySeatingSerializer(serializers.Serializer):
    party = serializers.IntegerField(help_text="The party's section id.")
    kind = serializers.CharField()
    round = serializers.IntegerField()
    tables = serializers.ListField(child=serializers.DictField())


def _club(text: str) -> Club:
    club = (
        Club.objects.filter(slug=text).first() if not text.isdigit() else Club.objects.filter(id=text).first()
    )
    if club is None:
        raise Refused(f"no club {text!r}", 404)
    return club


class PartyView(APIView):
    """Set up a party: `{"club", "name", "kind", "players"}` answers 201 with round 1's seating."""

    @extend_schema(request=PartySerializer, responses={201: PartySeatingSerializer})
    def post(self, request):
        data = PartySerializer(data=request.data)
        if not data.is_valid():
            named = "; ".join(
                f"{field}: {' '.join(map(str, errors))}" for field, errors in data.errors.items()
            )
            return Response({"detail": named, "errors": data.errors}, status=400)
        values = dict(data.validated_data)
        values["entries"] = tuple((e["name"], e["side"]) for e in values.get("entries", ()))
        try:
            club = _club(values.pop("club"))
            if not is_director(request.user, club):
                raise exceptions.PermissionDenied("only a director of this club may set up a party")
            section = services.create_party(club, services.PartyRequest(**values), request.user)
        except Refused as error:
            return Response({"detail": error.message}, status=error.status)
        body = {
            "party": section.id,
            "kind": section.movement_kind,
            "round": 1,
            "tables": services.first_seating(section),
        }
        return Response(body, status=status.HTTP_201_CREATED)
