"""API shapes of standings and scorecards."""

from django.db.models import Q
from rest_framework import serializers

from games.models import Result
from scoring.models import Standing
from tournaments.models import Entry


class StandingSerializer(serializers.ModelSerializer):
    entry = serializers.IntegerField(source="entry.number")
    name = serializers.CharField(source="entry.name")

    class Meta:
        model = Standing
        fields = ["entry", "name", "field", "rank", "place", "total", "percentage", "boards", "prize", "cut"]


class ScorecardLineSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    direction = serializers.CharField()
    opponent = serializers.IntegerField()
    contract = serializers.CharField()
    declarer = serializers.CharField()
    lead = serializers.CharField()
    tricks = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField(allow_null=True, help_text="From this entry's side.")
    adjusted = serializers.CharField()
    points = serializers.FloatField(allow_null=True, help_text="Matchpoints or IMPs of this entry.")
    percentage = serializers.FloatField(allow_null=True)


def scorecard(entry: Entry) -> list[dict]:
    """An entry's results board by board, each from its own side."""
    rows = (
        Result.objects.filter(Q(ns=entry) | Q(ew=entry))
        .select_related("board", "ns", "ew", "line_score")
        .order_by("round", "board__number")
    )
    lines = []
    for result in rows:
        ns = result.ns_id == entry.id
        score = getattr(result, "line_score", None)
        sign = 1 if ns else -1
        lines.append({
            "board": result.board.number, "round": result.round, "table": result.table,
            "direction": "NS" if ns else "EW", "opponent": (result.ew if ns else result.ns).number,
            "contract": result.contract, "declarer": result.declarer, "lead": result.lead, "tricks": result.tricks,
            "score": None if result.score_ns is None else sign * result.score_ns, "adjusted": result.adjusted,
            "points": None if score is None else (score.ns if ns else score.ew),
            "percentage": None if score is None else (score.pct_ns if ns else score.pct_ew),
        })  # fmt: skip
    return lines
