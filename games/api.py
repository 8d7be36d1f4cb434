"""Boards, results, corrections, conflicts, and the table scorer's endpoints (what Bridgemate does, on any phone).

Table endpoints authenticate only by table code (tournaments.permissions.TableCodeAuthentication), so a code opens
nothing else; every other endpoint ignores codes, so a code cannot reach another table or section.
"""

from __future__ import annotations

import json

from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import exceptions, mixins, viewsets
from rest_framework.decorators import action
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import list_filters, number_param, require_director
from config.refusals import NotFound, Refused
from games import lines, services
from games.formats.numbers import POSITIVE, NumberError, whole_number
from games.models import Board, PlayRecord, Result, ResultConflict
from games.serializers import (
    AdjustmentSerializer,
    BoardSerializer,
    CodeSerializer,
    ConfirmSerializer,
    ConflictSerializer,
    CorrectionSerializer,
    DirectorEntrySerializer,
    PlayRecordSerializer,
    ResolveSerializer,
    ResultEntrySerializer,
    ResultSerializer,
    ResultVersionSerializer,
    entry_values,
)
from tournaments.models import Entry, Section
from tournaments.permissions import (
    Beside,
    TableCodeAccess,
    TableLoginThrottle,
    check_code,
    directed_club_ids,
    private,
    sign_in,
)
from tournaments.rounds import table_seating
from tournaments.selectors import visible_sections
from tournaments.visibility import Viewer, results_seen_by


def _section_param(request) -> Section | None:
    section = number_param(request, "section")
    return None if section is None else get_object_or_404(visible_sections(request.user), id=section)


@list_filters(section=int)
class BoardViewSet(viewsets.ReadOnlyModelViewSet):
    """A section's boards; the deal and the traveller only for those who may see them (hidden boards)."""

    serializer_class = BoardSerializer

    def get_queryset(self):
        section = _section_param(self.request)
        boards = Board.objects.filter(section__in=visible_sections(self.request.user))
        return boards.filter(section=section) if section else boards

    def get_serializer_context(self):
        context = super().get_serializer_context()
        section = _section_param(self.request)
        if section is not None:
            context["viewer"] = Viewer.of(self.request, section)
        elif self.kwargs.get("pk"):
            board = self.get_object()
            context["viewer"] = Viewer.of(self.request, board.section)
        return context

    def list(self, request, *args, **kwargs):
        if _section_param(request) is None:
            raise Refused("give ?section=<id>: boards are listed per section")
        return super().list(request, *args, **kwargs)

    @extend_schema(responses=ResultSerializer(many=True))
    @action(detail=True, methods=["get"])
    def traveller(self, request, pk=None):
        """Every result on the board with its matchpoints or IMPs."""
        board = self.get_object()
        if not Viewer.of(request, board.section).sees_board(board.id):
            raise exceptions.PermissionDenied(f"board {board.number} is hidden until you have played it")
        rows = board.results.select_related("board", "ns", "ew", "line_score")
        return Response(ResultSerializer(rows, many=True).data)


@list_filters(section=int)
class ResultViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Results: directors enter them by traveller, correct and adjust them (each change a version)."""

    serializer_class = ResultSerializer

    def get_queryset(self):
        rows = Result.objects.select_related("board", "ns", "ew", "line_score")
        section = _section_param(self.request)
        if section is not None:
            viewer = Viewer.of(self.request, section)
            rows = rows.filter(section=section)
            return rows if viewer.sees_all else rows.filter(board_id__in=viewer.played)
        return results_seen_by(self.request.user, rows)

    def _director_result(self, request) -> Result:
        result = self.get_object()
        require_director(request, result.section.session.event.club_id)
        return result

    @extend_schema(request=DirectorEntrySerializer, responses={201: ResultSerializer, 200: ResultSerializer})
    def create(self, request):
        """Enter a result by traveller (directors): board, pairs and the result; the engine scores it."""
        data = DirectorEntrySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        section = get_object_or_404(Section.objects.select_related("session__event"), id=values["section"])
        require_director(request, section.session.event.club_id)
        board = Board.objects.filter(section=section, number=values["board"]).first()
        if board is None:
            raise NotFound(f"board {values['board']} is not in {section}")
        ns = Entry.objects.filter(section=section, number=values["ns"]).first()
        ew = Entry.objects.filter(section=section, number=values["ew"]).first()
        if ns is None or ew is None:
            raise NotFound(f"pair {values['ns'] if ns is None else values['ew']} is not in {section}")
        seating = next(
            (row for row in section.seatings.filter(ns=ns, ew=ew) if board.number in row.boards), None
        )
        if seating is None and section.seatings.exists():
            raise Refused(
                f"pairs {ns.number} and {ew.number} do not play board {board.number} in this movement"
            )
        line = lines.score_line(section, board, values.get("contract", ""), values.get("declarer", ""),
                                   values.get("tricks"), values.get("lead", ""), values.get("honors", ""))  # fmt: skip
        result, created = services.enter_result(
            section, board, ns, ew, line, round=seating.round if seating else None,
            table=seating.table if seating else None, by=f"director {request.user.get_username()}", user=request.user,
        )  # fmt: skip
        return Response(ResultSerializer(result).data, status=201 if created else 200)

    @extend_schema(request=CorrectionSerializer, responses=ResultSerializer)
    @action(detail=True, methods=["post"])
    def correct(self, request, pk=None):
        """Correct a result (a reason is required; the old values are kept as a version)."""
        result = self._director_result(request)
        data = CorrectionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        result = services.correct_result(result, values, request.user, values.pop("reason"))
        return Response(ResultSerializer(result).data)

    @extend_schema(
        request=AdjustmentSerializer, responses=ResultSerializer,
        examples=[OpenApiExample(name, value, request_only=True) for name, value in (
            ("artificial", {"adjusted": "A6040", "reason": "board fouled at table 3"}),
            ("assigned", {"score_ns": 420, "reason": "misinformation: 4S would have made"}),
            ("weighted", {"adjusted": "60% +420, 40% -50", "reason": "misinformation: 4S makes 60 % of the time"}),
            ("split", {"adjusted": "N-S +420 / E-W -50", "reason": "Law 12C1(b): the scores need not balance"}),
        )],
    )  # fmt: skip
    @action(detail=True, methods=["post"])
    def adjust(self, request, pk=None):
        """Give an adjusted score: artificial (A6040, A+), weighted (60% +420, 40% -50), split
        (N-S +420 / E-W -50) or assigned (a N-S score)."""
        result = self._director_result(request)
        data = AdjustmentSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        result = services.adjust_result(result, request.user, values["reason"], values.get("adjusted", ""),
                                        values.get("score_ns"))  # fmt: skip
        return Response(ResultSerializer(result).data)

    @extend_schema(request=PlayRecordSerializer, responses=PlayRecordSerializer)
    @action(detail=True, methods=["get", "post"], url_path="play")
    def play_record(self, request, pk=None):
        """The result's auction, play and claim (directors attach them; shown with the result's visibility)."""
        if request.method == "GET":
            record = PlayRecord.objects.filter(result=self.get_object()).first()
            return Response(PlayRecordSerializer(record).data if record else {})
        result = self._director_result(request)
        data = PlayRecordSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        record = services.record_play(result, values.get("auction"), values.get("play"), values.get("claim"))
        return Response(PlayRecordSerializer(record).data)

    @extend_schema(responses=ResultVersionSerializer(many=True))
    @action(detail=True, methods=["get"])
    def versions(self, request, pk=None):
        """Every version of the result: who, when, why, what it was before."""
        result = self._director_result(request)
        return Response(ResultVersionSerializer(result.versions.all(), many=True).data)


@list_filters(section=int)
class ConflictViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Different results sent for a board already entered, for the director to resolve."""

    serializer_class = ConflictSerializer

    def get_queryset(self):
        clubs = directed_club_ids(self.request.user)
        rows = ResultConflict.objects.select_related("result__board", "result__ns", "result__ew")
        if clubs is not None:
            rows = rows.filter(result__section__session__event__club_id__in=clubs)
        section = number_param(self.request, "section")
        return rows if section is None else rows.filter(result__section_id=section)

    @extend_schema(request=ResolveSerializer, responses=ConflictSerializer)
    @action(detail=True, methods=["post"])
    def resolve(self, request, pk=None):
        conflict = self.get_object()
        require_director(request, conflict.result.section.session.event.club_id)
        data = ResolveSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        conflict = services.resolve_conflict(conflict, data.validated_data["accept"], request.user,
                                             data.validated_data["reason"])  # fmt: skip
        return Response(ConflictSerializer(conflict).data)


class PhoneNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, answered at once for what a scorer's phone asks (any type, or JSON; no ?format=): the
    first renderer, as DRF's own matching would pick it, which cost a twentieth of a score entry (bench/api.py)."""

    def select_renderer(self, request, renderers, format_suffix=None):
        accept = request.META.get("HTTP_ACCEPT", "*/*")
        if (
            format_suffix
            or request.META.get("QUERY_STRING")
            or accept not in ("*/*", renderers[0].media_type)
        ):
            return super().select_renderer(request, renderers, format_suffix)
        return renderers[0], renderers[0].media_type


class TableView(TableCodeAccess, APIView):
    """Base of the table scorer's endpoints: code authentication only, throttled per code."""

    content_negotiation_class = PhoneNegotiation

    def state(self) -> dict:
        """The table now: section, its round (the earliest it still has results to enter, tournaments.rounds), the
        director's round ("room_round"), pairs, and the round's boards with what is entered ("entered"; the result
        itself only where every pair at the table since has played the board: tournaments.visibility)."""
        code = self.code
        section = code.section
        seating = table_seating(section, code.table)
        results = {
            r.board.number: r
            for r in Result.objects.filter(
                section=section, round=seating.round, table=code.table
            ).select_related("board", "ns", "ew", "line_score")
        }
        boards = Board.objects.filter(section=section, number__in=seating.boards).order_by("number")
        viewer = Viewer.of(self.request, section)  # a late round's results: what everyone here has played
        return {
            "section": section.id, "section_name": str(section), "table": code.table, "round": seating.round,
            "room_round": section.current_round,
            "ns": seating.ns.number if seating.ns else None, "ew": seating.ew.number if seating.ew else None,
            "boards": [
                {"board": b.number, "dealer": b.dealer, "vulnerability": b.vulnerability, "entered": b.number in results,
                 "result": ResultSerializer(results[b.number]).data
                 if b.number in results and viewer.sees_board(b.id) else None}
                for b in boards
            ],
        }  # fmt: skip


class TableLoginView(APIView):
    """Log a phone in as a table's scorer: the code is kept in the session."""

    authentication_classes = []
    permission_classes = []
    throttle_classes = [TableLoginThrottle]

    @extend_schema(request=CodeSerializer, responses={200: dict})
    def post(self, request):
        data = CodeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        code = check_code(request, data.validated_data["code"])
        sign_in(request._request, code)
        get_token(request._request)  # the csrftoken cookie the phone sends back with its entries
        return private(Response({"section": code.section_id, "table": code.table}))


class TableStateView(TableView):
    @extend_schema(responses={200: dict})
    def get(self, request):
        """This table's round, pairs and boards."""
        return Response(self.state())


class TableResultView(TableView):
    beside: Beside | None = None
    """The board's seating, as the table code's query read it (read_beside_code)."""

    def read_beside_code(self, request) -> Beside | None:
        """The seating and board of the entry's board, read in the table code's query: one statement fewer on
        every scorer's entry (bench/api.py). Only a hint taken from a small JSON body: the entry itself is
        validated as any other, and read again if its board is not the one read here."""
        meta = request.META
        if not meta.get("CONTENT_TYPE", "").startswith("application/json") or not (
            meta.get("CONTENT_LENGTH", "").isdigit() and int(meta["CONTENT_LENGTH"]) <= 4096
        ):
            return None
        try:
            data = json.loads(request._request.body)
            number = whole_number(data["board"], "board", POSITIVE) if type(data) is dict else None
        except (ValueError, KeyError, NumberError, RecursionError):  # not JSON, or no board number
            return None
        if number is None:
            return None
        self.beside = Beside(services.SEATING_COLUMNS, services.SEATING_JOINS, services.SEATING_ON, [number])
        return self.beside

    @extend_schema(request=ResultEntrySerializer, responses={201: ResultSerializer, 200: ResultSerializer})
    def post(self, request):
        """Enter a result for a board this table has been seated for up to the director's round (its round is
        found: tournaments.rounds.entry_round): 201 new, 200 the same again, 409 a different one, 403 a board not
        seated here, naming the table's rounds."""
        values = entry_values(request.data)
        beside = self.beside
        read = (beside.params[0], beside.row) if beside is not None and beside.row is not None else None
        result, created = services.enter_at_table(self.code.section, self.code.table, values, read=read)
        return Response(ResultSerializer(result).data, status=201 if created else 200)


class TableConfirmView(TableView):
    @extend_schema(request=ConfirmSerializer, responses=ResultSerializer)
    def post(self, request):
        """The opponents confirm a result entered at this table."""
        data = ConfirmSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.confirm_at_table(self.code.section, self.code.table, data.validated_data["board"],
                                           data.validated_data["side"])  # fmt: skip
        return Response(ResultSerializer(result).data)


class TableBoardView(TableView):
    @extend_schema(responses={200: dict})
    def get(self, request, number: int):
        """A board once played at this table: its hand and the traveller so far."""
        section = self.code.section
        board = get_object_or_404(Board, section=section, number=number)
        viewer = Viewer.of(request, section)
        if not viewer.sees_board(board.id):
            raise exceptions.PermissionDenied(f"board {number} is hidden until this table has played it")
        rows = board.results.select_related("board", "ns", "ew", "line_score")
        return Response({
            "board": BoardSerializer(board, context={"viewer": viewer}).data,
            "traveller": ResultSerializer(rows, many=True).data,
        })  # fmt: skip
