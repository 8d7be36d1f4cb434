"""A section's standings and an entry's scorecard: GET /api/sections/<id>/standings/ and
/api/sections/<id>/scorecard/<number>/, routed by scoring.urls beside the tournaments API's sections.

Who may see what is tournaments.visibility's: while play goes on the standings give each entry and its boards
played, their ranks and scores only to the section's directors (a live total moves by a result's matchpoints on a
board others have still to play); a scorecard is its own players' until publication, and shows only the boards the
viewer may see.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from scoring.serializers import ScorecardLineSerializer, StandingSerializer, scorecard
from tournaments.models import Entry
from tournaments.permissions import IsDirectorOrReadOnly
from tournaments.selectors import visible_sections
from tournaments.visibility import Viewer


class SectionScoresViewSet(viewsets.GenericViewSet):
    """The standings and scorecards of the sections a user may know of (reads only, as the sections' own API)."""

    permission_classes = [IsDirectorOrReadOnly]

    def get_queryset(self):
        return visible_sections(self.request.user).select_related("session__event")

    @extend_schema(responses=StandingSerializer(many=True))
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        """Standings as last computed (live for the section's directors while it runs; for anyone else, until the
        field has finished, each entry with its boards played, in entry order, and no rank, place, score or prize)."""
        section = self.get_object()
        rows = section.standings.select_related("entry")
        if Viewer.of(request, section).sees_standings:
            return Response(StandingSerializer(rows, many=True).data)
        hidden = dict.fromkeys(("rank", "place", "total", "percentage", "prize", "cut"))
        data = StandingSerializer(rows.order_by("entry__number"), many=True).data
        return Response([{**row, **hidden} for row in data])

    @extend_schema(responses=ScorecardLineSerializer(many=True))
    @action(detail=True, methods=["get"], url_path=r"scorecard/(?P<number>\d+)")
    def scorecard(self, request, pk=None, number=None):
        """One entry's scorecard: board by board, opponents, contract, score, matchpoints."""
        section = self.get_object()
        entry = get_object_or_404(Entry, section=section, number=number)
        viewer = Viewer.of(request, section)
        if not viewer.sees_scorecard(entry.id):
            raise exceptions.PermissionDenied(
                "a scorecard is shown to its own players until the results are published"
            )
        return Response(ScorecardLineSerializer(scorecard(entry, viewer.shown_boards), many=True).data)
