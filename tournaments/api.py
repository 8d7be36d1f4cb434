"""The director's API: events, sessions, sections (movement, deal, status, rounds, standings, scorecards) and entries.

Views are thin: check who is asking (tournaments.permissions), call tournaments/games/scoring services, serialize.
A service's Refused becomes a 4xx naming the problem (config.refusals.api_exception_handler), never a 500.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, mixins, viewsets
from rest_framework.decorators import action
from rest_framework.fields import empty
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import list_filters, number_param, require_director
from config.downloads import download
from config.refusals import Conflict, Refused
from games.exchange.csv import results_csv, standings_csv
from games.exchange.pbn import export_pbn, read_pbn
from games.exchange.store import store
from games.exchange.usebio import export_usebio, read_usebio
from tournaments import membership, services, upkeep
from tournaments.models import Club, Entry, Event, Section, Session, Status
from tournaments.permissions import IsDirectorOrReadOnly, directed_club_ids, is_director, sees_members
from tournaments.selectors import visible_sections
from tournaments.serializers import (
    ClubSerializer,
    DealSerializer,
    DirectorMemberSerializer,
    EntrySerializer,
    EventSerializer,
    ExportSerializer,
    HandRecordSerializer,
    ImportSerializer,
    MemberSerializer,
    MovementSerializer,
    NextRoundSerializer,
    SeatingSerializer,
    SectionSerializer,
    SectionVersionSerializer,
    SessionSerializer,
    StatusSerializer,
    TableCodeSerializer,
)
from tournaments.visibility import Viewer

EXPORTS = {
    "pbn": (export_pbn, "application/x-pbn; charset=utf-8", ".pbn"),
    "usebio": (export_usebio, "application/xml; charset=utf-8", ".xml"),
    "csv": (results_csv, "text/csv; charset=utf-8", "-results.csv"),
    "standings-csv": (standings_csv, "text/csv; charset=utf-8", "-standings.csv"),
}


class ImportView(APIView):
    """Import a session from a PBN or USEBIO file as a new event of the director's club (all or nothing)."""

    @extend_schema(request=ImportSerializer, responses=SectionSerializer)
    def post(self, request):
        data = ImportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        club = values["club"]
        require_director(request, club.id)
        upload = values.get("file")
        content = upload.read() if upload else values.get("data", "")
        if not content:
            raise Refused('give the file ("file") or its text ("data")')
        name = upload.name if upload else f"the {values['format'].upper()} file"
        read = read_pbn if values["format"] == "pbn" else read_usebio
        imported = read(content, name)
        section = store(imported, club, name, user=request.user)
        return Response(
            SectionSerializer(section, context={"request": request}).data | {"warnings": imported.warnings},
            status=201,
        )


class MeView(APIView):
    """Who is logged in: the clubs they direct and, for a player, the sections they play in."""

    @extend_schema(responses={200: dict})
    def get(self, request):
        user = request.user
        if not user.is_authenticated:
            return Response({"user": None, "directs": [], "entries": []})
        clubs = directed_club_ids(user)
        directs = Club.objects.all() if clubs is None else Club.objects.filter(id__in=clubs)
        entries = Entry.objects.filter(players__user=user).select_related("section__session__event")
        return Response({
            "user": user.get_username(),
            "directs": ClubSerializer(directs, many=True).data,
            "entries": [{"section": e.section_id, "section_name": str(e.section), "status": e.section.status,
                         "entry": e.number, "name": e.name} for e in entries],
        })  # fmt: skip


class ClubViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Club.objects.all()
    serializer_class = ClubSerializer

    @extend_schema(responses=DirectorMemberSerializer(many=True))
    @action(detail=True, methods=["get"])
    def members(self, request, pk=None):
        """The club's members and walk-in guests by surname, with their ids (an entry's players) and member
        numbers: for its directors (with contact details), and its members signed in where the club lets them.
        Nobody else: a club may not publish its member list."""
        club = self.get_object()
        if not sees_members(request.user, club):
            raise exceptions.PermissionDenied(
                "only the club's directors (or its members signed in, where the club lets them) may read its "
                "member list"
            )
        serializer = DirectorMemberSerializer if is_director(request.user, club) else MemberSerializer
        return Response(serializer(membership.by_surname(club.players.all()), many=True).data)


class DirectorViewSet(viewsets.ModelViewSet):
    permission_classes = [IsDirectorOrReadOnly]
    parent = ""
    """The field naming the row above (an event's club, a session's event): moving a row there takes the director
    of the club it goes to as well."""

    def club_of(self, obj) -> int:
        raise NotImplementedError

    def sections_of(self, obj):
        raise NotImplementedError

    def perform_destroy(self, instance):
        upkeep.check_deletable(instance, self.sections_of(instance))
        instance.delete()

    def create(self, request, *args, **kwargs):
        self._require_parent_director(request)
        return super().create(request, *args, **kwargs)

    def update(self, request, *args, **kwargs):
        if hasattr(request.data, "get") and self.parent in request.data:
            self._require_parent_director(request)
        return super().update(request, *args, **kwargs)

    def _require_parent_director(self, request) -> None:
        """The director check on the row a new or moved row goes under, before the body's other checks: a
        session's number and a section's name are unique there, and a 400 for a taken one answered before the
        403 told another club's director which were taken."""
        if not hasattr(request.data, "get"):
            return  # not an object: the serializer names that
        field = self.get_serializer().fields[self.parent]
        parent = field.run_validation(request.data.get(self.parent, empty))
        require_director(request, self.club_of_data({self.parent: parent}))


class EventViewSet(DirectorViewSet):
    queryset = Event.objects.all()
    serializer_class = EventSerializer
    parent = "club"

    def club_of(self, obj) -> int:
        return obj.club_id

    def sections_of(self, obj):
        return Section.objects.filter(session__event=obj)

    def club_of_data(self, data) -> int:
        return data["club"].id


class SessionViewSet(DirectorViewSet):
    queryset = Session.objects.select_related("event")
    serializer_class = SessionSerializer
    parent = "event"

    def club_of(self, obj) -> int:
        return obj.event.club_id

    def sections_of(self, obj):
        return obj.sections.all()

    def club_of_data(self, data) -> int:
        return data["event"].club_id


@list_filters(session=int)
class SectionViewSet(DirectorViewSet):
    serializer_class = SectionSerializer
    parent = "session"

    def get_queryset(self):
        queryset = visible_sections(self.request.user).select_related("session__event")
        session = number_param(self.request, "session")
        return queryset if session is None else queryset.filter(session_id=session)

    def club_of(self, obj) -> int:
        return obj.session.event.club_id

    def club_of_data(self, data) -> int:
        return data["session"].event.club_id

    def perform_create(self, serializer):
        serializer.validated_data.pop("reason", None)
        serializer.save()

    def perform_update(self, serializer):
        section = serializer.instance
        data = dict(serializer.validated_data)
        reason = data.pop("reason", "")
        if "session" in data and data["session"].id != section.session_id:
            raise Refused("a section cannot move to another session")
        settings = {k: data.pop(k) for k in list(data) if k in services.SETTINGS}
        for name, value in data.items():
            setattr(section, name, value)
        section.save()
        serializer.instance = services.change_settings(section, settings, self.request.user, reason)

    def perform_destroy(self, section):
        if section.status != Status.SETUP:
            raise Conflict(
                f"{section} is {section.get_status_display().lower()}: only a section in setup can be deleted"
            )
        section.delete()

    def _director_section(self, request) -> Section:
        section = self.get_object()
        require_director(request, self.club_of(section))
        return section

    def _director_asks(self, request, shape) -> tuple[Section, dict]:
        """The section its director acts on and the request's body read as `shape` (a 400 naming what is wrong)."""
        section = self._director_section(request)
        data = shape(data=request.data)
        data.is_valid(raise_exception=True)
        return section, data.validated_data

    @staticmethod
    def _answer(request, section: Section) -> Response:
        return Response(SectionSerializer(section, context={"request": request}).data)

    @extend_schema(request=MovementSerializer, responses=SectionSerializer)
    @action(detail=True, methods=["post"])
    def movement(self, request, pk=None):
        """Install a movement: entries, seating, boards and table codes are made from it."""
        section, values = self._director_asks(request, MovementSerializer)
        if values.get("movement") is not None:
            movement = values["movement"]
        elif values.get("kind"):
            movement = services.generate_movement(
                values["kind"], values.get("options"), **values.get("sizes", {})
            )
        else:
            raise Refused('give "movement" (the movement itself) or "kind" and "sizes"')
        return self._answer(
            request, services.install_movement(section, movement, request.user, values.get("two_winners"))
        )

    @extend_schema(request=DealSerializer, responses=SectionSerializer)
    @action(detail=True, methods=["post"])
    def deal(self, request, pk=None):
        """Deal every board at random (seed from `secrets`, recorded) or again from a given seed."""
        section, values = self._director_asks(request, DealSerializer)
        return self._answer(request, services.deal_boards(section, values.get("seed") or None))

    @extend_schema(request=HandRecordSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="hand-records")
    def hand_records(self, request, pk=None):
        """Set the deals from a PBN hand record file (all boards or none)."""
        section, values = self._director_asks(request, HandRecordSerializer)
        count = services.import_hand_records(section, values["pbn"], "the PBN file", "pbn")
        return Response({"boards": count})

    @extend_schema(request=StatusSerializer, responses=SectionSerializer)
    @action(detail=True, methods=["post"])
    def status(self, request, pk=None):
        """Start (running), close (finished) or publish a section. Closing with results missing answers 409 with
        the list (needs_confirmation, missing) unless `confirm` is given; then the list is recorded."""
        section, values = self._director_asks(request, StatusSerializer)
        return self._answer(request, services.set_status(section, values["status"], request.user,
                                                         values.get("reason", ""), values["confirm"]))  # fmt: skip

    @extend_schema(request=NextRoundSerializer, responses=SectionSerializer)
    @action(detail=True, methods=["post"], url_path="next-round")
    def next_round(self, request, pk=None):
        """Move the section on to its next round (the director's: results entered never move it). With results
        missing it answers 409 with the list (needs_confirmation, missing) unless `confirm` is given; then the list
        is recorded as a section version."""
        section, values = self._director_asks(request, NextRoundSerializer)
        return self._answer(request, services.next_round(section, request.user, values.get("reason", ""),
                                                         values["confirm"]))  # fmt: skip

    @extend_schema(parameters=[ExportSerializer], responses={(200, "text/plain"): str})
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):
        """The section as a file: PBN, USEBIO XML, or CSV of the results or the standings (published, or
        directors)."""
        section = self.get_object()
        if not Viewer.of(request, section).sees_all:
            raise exceptions.PermissionDenied("a section is exported once its results are published")
        data = ExportSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        kind = data.validated_data["kind"]
        writer, content_type, suffix = EXPORTS[kind]
        return download(writer(section), f"section-{section.id}{suffix}", content_type)

    @extend_schema(responses=SeatingSerializer(many=True))
    @action(detail=True, methods=["get"])
    def seating(self, request, pk=None):
        """The movement as seating: round, table, pairs (or seats) and boards."""
        section = self.get_object()
        rows = section.seatings.select_related("ns", "ew")
        return Response(SeatingSerializer(rows, many=True).data)

    @extend_schema(responses=TableCodeSerializer(many=True))
    @action(detail=True, methods=["get"])
    def tables(self, request, pk=None):
        """The table access codes (directors only)."""
        section = self._director_section(request)
        return Response(TableCodeSerializer(section.table_codes.all(), many=True).data)

    @extend_schema(responses=SectionVersionSerializer(many=True))
    @action(detail=True, methods=["get"])
    def versions(self, request, pk=None):
        """The history of the section's standing-affecting settings."""
        section = self._director_section(request)
        return Response(SectionVersionSerializer(section.versions.all(), many=True).data)


@list_filters(section=int)
class EntryViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.UpdateModelMixin,
                   viewsets.GenericViewSet):  # fmt: skip
    """A section's entries (made by its movement); directors name them and give their players."""

    serializer_class = EntrySerializer
    permission_classes = [IsDirectorOrReadOnly]

    def get_queryset(self):
        queryset = Entry.objects.filter(section__in=visible_sections(self.request.user)).prefetch_related(
            "players"
        )
        section = number_param(self.request, "section")
        return queryset if section is None else queryset.filter(section_id=section)

    def club_of(self, obj) -> int:
        return obj.section.session.event.club_id

    def perform_update(self, serializer):
        entry = serializer.instance
        if "players" in serializer.validated_data:
            players = list(serializer.validated_data.pop("players"))
            membership.name_entries(entry.section, {entry.number: players})
            entry.refresh_from_db()
        serializer.save()
