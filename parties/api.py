"""The parties API: a director sets up a party of one of the books' kinds and gets its first seating
(POST /api/parties/), rings the bell, reads and corrects the tallies; a table's phone enters its tally."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import require_director
from config.refusals import Conflict, NotFound, Refused
from tournaments.models import Club, Section, Status
from tournaments.permissions import TableCodeAccess, is_director
from tournaments.rounds import table_seating
from tournaments.selectors import visible_sections
from tournaments.serializers import SectionSerializer

from . import bell, players, services, tallies
from .core import KINDS, ROUND_ENDS
from .models import Tally
from .serializers import BellSerializer, TallyCorrectionSerializer, TallySerializer, TallyVersionSerializer


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
    fort_names = serializers.ListField(
        child=serializers.CharField(max_length=services.FORT_NAME), required=False, max_length=12,
        help_text='Military euchre: the forts\' names, fort 1 first ("Fort 1", "Fort 2", ... if not given).',
    )  # fmt: skip
    method = serializers.ChoiceField(
        choices=["together", "split"], required=False, help_text="How winners move."
    )
    ends = serializers.ChoiceField(choices=list(ROUND_ENDS), default="bell")
    deals = serializers.IntegerField(required=False, min_value=1)
    minutes = serializers.IntegerField(required=False, min_value=1)
    prizes = serializers.IntegerField(required=False, min_value=0, default=0)
    lone_hand_prize = serializers.BooleanField(required=False, default=False)
    seed = serializers.CharField(
        required=False, max_length=services.SEED_LENGTH, help_text="The draw's seed (secrets if not given)."
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
    sitting_out = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The players who sit round 1 out (the spares of the draw).",
    )


def _club(text: str) -> Club:
    club = (
        Club.objects.filter(slug=text).first() if not text.isdigit() else Club.objects.filter(id=text).first()
    )
    if club is None:
        raise NotFound(f"no club {text!r}")
    return club


class PartyView(APIView):
    """Set up a party: `{"club", "name", "kind", "players"}` answers 201 with round 1's seating and who sits it out
    (any number of players from 5: the spares the tables cannot seat sit out in turn, parties.core.reseat)."""

    @extend_schema(request=PartySerializer, responses={201: PartySeatingSerializer})
    def post(self, request):
        data = PartySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        values["entries"] = tuple((e["name"], e["side"]) for e in values.get("entries", ()))
        values["fort_names"] = tuple(values.get("fort_names", ()))
        club = _club(values.pop("club"))
        if not is_director(request.user, club):
            raise exceptions.PermissionDenied("only a director of this club may set up a party")
        section = services.create_party(club, services.PartyRequest(**values), request.user)
        body = {
            "party": section.id,
            "kind": section.movement_kind,
            "round": 1,
            "tables": services.first_seating(section),
            "sitting_out": players.sitting_out(section, 1),
        }
        return Response(body, status=status.HTTP_201_CREATED)


def _section(request, section_id: int, director: bool = True) -> Section:
    """A section this user may know of (else 404); with `director`, only its club's directors (else 401 or 403)."""
    section = get_object_or_404(
        visible_sections(request.user).select_related("session__event"), id=section_id
    )
    if director:
        require_director(request, section.session.event.club_id)
    return section


class BellView(APIView):
    """POST /api/sections/<id>/bell/: freeze every table's tally, decide the winners, seat the next round (or end).

    With the next seating given (or last), at once; without it, the bell job computes the seating by the book's
    movement (parties.bell) and the answer is the job (202), to follow at /api/jobs/<id>/."""

    @extend_schema(request=BellSerializer, responses=SectionSerializer)
    def post(self, request, section_id: int):
        section = _section(request, section_id)
        data = BellSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if values.get("seating") or values.get("last"):
            section = bell.ring_bell(section, request.user, values.get("seating"), values.get("last", False),
                                     confirm=values["confirm"], round_number=values.get("round"),
                                     sitting_out=values.get("sitting_out", []))  # fmt: skip
            return Response(SectionSerializer(section, context={"request": request}).data)
        if section.status != Status.RUNNING or not section.is_party:
            raise Conflict(f"{section} is not a running progressive party")
        options = {k: values[k] for k in ("method", "head", "tied") if values.get(k)}
        job = bell.start_bell(
            section, request.user, confirm=values["confirm"], round_number=values.get("round"), **options
        )
        return Response({"job": job.id, "kind": job.kind, "state": job.state}, status=202)


class FortNamesSerializer(serializers.Serializer):
    names = serializers.ListField(
        child=serializers.CharField(max_length=services.FORT_NAME, allow_blank=True), max_length=12,
        help_text='Fort 1 first; a blank reads "Fort 2" and so on.',
    )  # fmt: skip


class FortNamesView(APIView):
    """POST /api/sections/<id>/forts/: name military euchre's forts (each keeps its number, flag and players);
    answers the section."""

    @extend_schema(request=FortNamesSerializer, responses=SectionSerializer)
    def post(self, request, section_id: int):
        section = _section(request, section_id)
        data = FortNamesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        section = services.name_forts(section, data.validated_data["names"])
        return Response(SectionSerializer(section, context={"request": request}).data)


class TallyCorrectionView(APIView):
    """POST /api/sections/<id>/correct-tally/: correct a tally the bell froze (a reason is required); answers with
    the tally's versions."""

    @extend_schema(request=TallyCorrectionSerializer, responses=TallyVersionSerializer(many=True))
    def post(self, request, section_id: int):
        section = _section(request, section_id)
        data = TallyCorrectionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        tally = tallies.correct_tally(
            section, values.pop("round"), values.pop("table"), values, request.user, values.pop("reason")
        )
        return Response(TallyVersionSerializer(tally.versions.all(), many=True).data)


class TalliesView(APIView):
    """GET /api/sections/<id>/tallies/: a party's tallies, round by round and table by table."""

    @extend_schema(responses=TallySerializer(many=True))
    def get(self, request, section_id: int):
        section = _section(request, section_id, director=False)
        return Response(TallySerializer(section.tallies.all(), many=True).data)


class TableTallyView(TableCodeAccess, APIView):
    """GET/POST /api/table/tally/: a party table's tally for the current round: hands, points, lone hands (by
    seat)."""

    @extend_schema(responses=TallySerializer)
    def get(self, request):
        section = self.code.section
        seating = table_seating(section, self.code.table)
        tally = Tally.objects.filter(section=section, round=seating.round, table=self.code.table).first()
        return Response(TallySerializer(tally or Tally(round=seating.round, table=self.code.table)).data)

    @extend_schema(request=TallySerializer, responses=TallySerializer)
    def post(self, request):
        tally = tallies.record_tally(self.code.section, self.code.table, request.data)
        return Response(TallySerializer(tally).data)


class PlayerChangeSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=["add", "withdraw", "substitute"])
    player = serializers.IntegerField(
        required=False, min_value=1, help_text="withdraw, substitute: the player who leaves, by number."
    )
    name = serializers.CharField(
        required=False, max_length=160, help_text="add, substitute: the new player's name."
    )
    side = serializers.ChoiceField(
        choices=list(services.SIDES), required=False, default="", allow_blank=True,
        help_text="add, substitute: lady or gentleman, where the kind partners them.",
    )  # fmt: skip


class PlayerChangeView(APIView):
    """POST /api/sections/<id>/players/: a late arrival added, a player withdrawn, or a substitute in a player's
    seat (parties.players); answers the player, the round it takes effect and that round's seating."""

    @extend_schema(request=PlayerChangeSerializer, responses={200: PartySeatingSerializer})
    def post(self, request, section_id: int):
        section = _section(request, section_id)
        data = PlayerChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        action = values["action"]
        if action != "add" and "player" not in values:
            raise Refused(f"{action}: give the player, by number")
        if action != "withdraw" and not values.get("name", "").strip():
            raise Refused(f"{action}: give the new player's name")
        if action == "add":
            entry, when = players.add_player(section, values["name"], values["side"])
        elif action == "withdraw":
            entry, when = players.withdraw_player(section, values["player"])
        else:
            entry, when = players.substitute_player(section, values["player"], values["name"], values["side"])
        section.refresh_from_db()
        number = max(section.current_round, 1)
        return Response({
            "party": section.id, "player": entry.number, "name": entry.name, "from": when, "round": number,
            "tables": [{"table": s.table, "seats": s.seats} for s in section.seatings.filter(round=number)],
            "sitting_out": players.sitting_out(section, number),
        })  # fmt: skip
