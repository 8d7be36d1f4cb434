"""A member's results for programs: `GET /api/me/sessions/` (every session they played, newest first) and
`GET /api/me/sessions/<section>/` (its boards and where their matchpoints went). A director of the member's club
adds ?member=<id>; nobody else reads another's (players.services.subject)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from . import services

MEMBER = OpenApiParameter(
    "member", int, description="A member's id: their club's directors read that member's results; others 403."
)


class MySessionSerializer(serializers.Serializer):
    section = serializers.IntegerField()
    date = serializers.DateField()
    event = serializers.CharField()
    partners = serializers.ListField(child=serializers.CharField())
    percentage = serializers.FloatField(
        allow_null=True, help_text="Null where the session is not in percentages."
    )
    rank = serializers.CharField(
        help_text='As the standings show it ("3="); blank until the field has played.'
    )
    of = serializers.IntegerField(allow_null=True, help_text="Entries ranked in the member's field.")


class VerdictSerializer(serializers.Serializer):
    bidding = serializers.FloatField(
        help_text="Matchpoints lost (−) or gained (+): contract double dummy vs par."
    )
    lead = serializers.FloatField(help_text="After the opening lead vs the contract double dummy.")
    play = serializers.FloatField(help_text="Tricks taken vs double dummy after the lead.")
    said = serializers.CharField()


class MyBoardSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    contract = serializers.CharField()
    declarer = serializers.CharField()
    lead = serializers.CharField()
    tricks = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField(allow_null=True, help_text="From the member's side.")
    mp = serializers.FloatField(
        allow_null=True, help_text="Matchpoints (or IMPs) as the scorecard shows them."
    )
    par = serializers.IntegerField(allow_null=True, help_text="Par from the member's side.")
    dd_tricks = serializers.IntegerField(allow_null=True, help_text="Declarer's double-dummy tricks.")
    lead_cost = serializers.IntegerField(allow_null=True, help_text="Tricks the opening lead gave declarer.")
    verdict = VerdictSerializer(allow_null=True)


class PhasesSerializer(serializers.Serializer):
    bidding = serializers.FloatField()
    lead = serializers.FloatField()
    play = serializers.FloatField()


class MySummarySerializer(serializers.Serializer):
    boards = serializers.IntegerField()
    bidding = serializers.FloatField(
        allow_null=True, help_text="Matchpoints lost in the bidding (0 or less)."
    )
    lead = serializers.FloatField(allow_null=True, help_text="Lost on the opening lead.")
    play = serializers.FloatField(
        allow_null=True, help_text="Lost in the play (declarer's or the defence's)."
    )
    gained = PhasesSerializer(allow_null=True, help_text="Matchpoints gained in each phase.")
    said = serializers.CharField(
        help_text='"bidding −3 MPs, lead −1, play −2.5"; blank where not matchpointed.'
    )


class MySessionBoardsSerializer(serializers.Serializer):
    boards = MyBoardSerializer(many=True)
    summary = MySummarySerializer()


def _verdict(verdict) -> dict | None:
    if verdict is None:
        return None
    return {"bidding": verdict.bidding, "lead": verdict.lead, "play": verdict.play, "said": verdict.said}


class MySessionsView(APIView):
    """Every session the member played, newest first; rank and percentage once the field has played."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(parameters=[MEMBER], responses=MySessionSerializer(many=True))
    def get(self, request):
        player = services.subject(request.user, request.query_params.get("member"))
        return Response([{
            "section": row.section.id, "date": row.date, "event": row.event, "partners": row.partners,
            "percentage": row.percentage, "rank": row.rank, "of": row.of,
        } for row in services.history(player, request.user)])  # fmt: skip


class MySessionView(APIView):
    """The member's boards of one session they may see, with par, double dummy and the verdict."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(parameters=[MEMBER], responses=MySessionBoardsSerializer)
    def get(self, request, section_id: int):
        player = services.subject(request.user, request.query_params.get("member"))
        found = services.session_analysis(player, section_id, request.user)
        boards = [{
            "board": b.board, "contract": b.contract, "declarer": b.declarer, "lead": b.lead, "tricks": b.tricks,
            "score": b.score, "mp": b.mp, "par": b.par, "dd_tricks": b.dd_tricks, "lead_cost": b.lead_cost,
            "verdict": _verdict(b.verdict),
        } for b in found.boards]  # fmt: skip
        lost, gained = found.lost, found.gained
        summary = {
            "boards": len(boards), "bidding": lost and lost.bidding, "lead": lost and lost.lead,
            "play": lost and lost.play, "said": found.said,
            "gained": gained and {"bidding": gained.bidding, "lead": gained.lead, "play": gained.play},
        }  # fmt: skip
        return Response(MySessionBoardsSerializer({"boards": boards, "summary": summary}).data)
