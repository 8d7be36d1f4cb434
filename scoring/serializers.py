"""API shapes of standings and scorecards."""

from django.db.models import Q, QuerySet
from rest_framework import serializers

from games.models import Result
from scoring.models import Standing
from tournaments.models import Entry, EntryKind, Seating, Section


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


def _by_round(results: QuerySet[Result]) -> QuerySet[Result]:
    """Results in scorecard order, with what a line shows (not the boards' deals and analyses: large JSON)."""
    return (
        results.select_related("board", "ns", "ew", "line_score")
        .defer("board__deal", "board__analysis")
        .order_by("round", "board__number")
    )


def _line(result: Result, entry_id: int, ns: bool | None = None) -> dict:
    """A result on the scorecard of one of its entries (or players, `ns` saying their side), from that side."""
    ns = result.ns_id == entry_id if ns is None else ns
    score = getattr(result, "line_score", None)
    sign = 1 if ns else -1
    return {
        "board": result.board.number, "round": result.round, "table": result.table,
        "direction": "NS" if ns else "EW", "opponent": (result.ew if ns else result.ns).number,
        "contract": result.contract, "declarer": result.declarer, "lead": result.lead, "tricks": result.tricks,
        "score": None if result.score_ns is None else sign * result.score_ns, "adjusted": result.adjusted,
        "points": None if score is None else (score.ns if ns else score.ew),
        "percentage": None if score is None else (score.pct_ns if ns else score.pct_ew),
    }  # fmt: skip


def scorecard(entry: Entry, boards: set[int] | None = None) -> list[dict]:
    """An entry's results board by board, each from its own side; only the boards with ids in `boards` when given
    (those the viewer may see: tournaments.visibility)."""
    if entry.kind == EntryKind.PLAYER:
        return _player_card(entry, boards)
    rows = Result.objects.filter(Q(ns=entry) | Q(ew=entry))
    if boards is not None:
        rows = rows.filter(board_id__in=boards)
    return [_line(result, entry.id) for result in _by_round(rows)]


def _player_card(entry: Entry, boards: set[int] | None) -> list[dict]:
    """An individual's scorecard: the results of the tables they sat at (a result is kept as North's and East's;
    South and West share it), each from their side."""
    sides = {
        (s.round, s.table): "NS" if seat in "NS" else "EW"
        for s in Seating.objects.filter(section_id=entry.section_id)
        for seat, number in s.seats.items()
        if number == entry.number
    }
    if not sides:
        return []
    where = Q()
    for rnd, table in sides:
        where |= Q(round=rnd, table=table)
    rows = Result.objects.filter(where, section_id=entry.section_id)
    if boards is not None:
        rows = rows.filter(board_id__in=boards)
    return [
        _line(result, entry.id, sides[(result.round, result.table)] == "NS") for result in _by_round(rows)
    ]


def scorecards(section: Section) -> dict[int, list[dict]]:
    """Every entry's scorecard (by entry id) from one query: the printed scorecards of a whole event."""
    cards: dict[int, list[dict]] = {}
    ids = dict(section.entries.filter(kind=EntryKind.PLAYER).values_list("number", "id"))
    seats = {(s.round, s.table): s.seats for s in section.seatings.all()} if ids else {}
    for result in _by_round(Result.objects.filter(section=section)):
        if ids:  # an individual: the four players at the table, each from their side
            for seat, number in seats.get((result.round, result.table), {}).items():
                cards.setdefault(ids[number], []).append(_line(result, ids[number], seat in "NS"))
            continue
        for entry_id in (result.ns_id, result.ew_id):
            cards.setdefault(entry_id, []).append(_line(result, entry_id))
    return cards
