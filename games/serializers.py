"""API shapes of boards, results, versions, conflicts and table entry."""

import copy

from rest_framework import serializers

from config.json_input import JSONField
from games.formats.numbers import ID, INTEGER, POSITIVE, SMALL, Column, NumberError, whole_number
from games.models import Board, PlayRecord, Result, ResultConflict, ResultVersion
from games.services import snapshot


class Number(serializers.IntegerField):
    """A whole number given in a request, parsed by games.formats.numbers: ASCII digits (or a JSON integer)
    within the range of the column it goes to; the schema states the range."""

    def __init__(self, column: Column = SMALL, **kwargs) -> None:
        super().__init__(min_value=column.low, max_value=column.high, **kwargs)
        self.column = column

    def to_internal_value(self, data) -> int:
        try:
            return whole_number(data, "", self.column)  # the answer names the field
        except NumberError as error:
            raise serializers.ValidationError(str(error)) from None


class BoardSerializer(serializers.ModelSerializer):
    deal = serializers.SerializerMethodField(help_text="PBN deal, N first; null while hidden from the asker.")
    hidden = serializers.SerializerMethodField()

    class Meta:
        model = Board
        fields = ["id", "section", "number", "dealer", "vulnerability", "deal", "hidden"]

    def _hidden(self, board) -> bool:
        viewer = self.context.get("viewer")
        return viewer is None or not viewer.sees_board(board.id)

    def get_deal(self, board) -> str | None:
        return None if self._hidden(board) else (board.deal or None)

    def get_hidden(self, board) -> bool:
        return self._hidden(board)


class ResultSerializer(serializers.ModelSerializer):
    board = serializers.IntegerField(source="board.number")
    ns = serializers.IntegerField(source="ns.number")
    ew = serializers.IntegerField(source="ew.number")
    mp_ns = serializers.FloatField(
        read_only=True, allow_null=True, help_text="N-S score on the board; null until scored."
    )
    mp_ew = serializers.FloatField(read_only=True, allow_null=True)
    pct_ns = serializers.FloatField(read_only=True, allow_null=True)
    pct_ew = serializers.FloatField(read_only=True, allow_null=True)

    class Meta:
        model = Result
        fields = ["id", "section", "board", "round", "table", "ns", "ew", "contract", "declarer", "lead", "tricks",
                  "score_ns", "honors", "adjusted", "assigned", "status", "confirmed_by", "version", "mp_ns", "mp_ew", "pct_ns",
                  "pct_ew"]  # fmt: skip

    def to_representation(self, result) -> dict:
        """Meta.fields written out: this is the answer to every score entry, and building DRF's fields for each
        answer cost more than the rest of the request (bench/api.py). The declared fields still give the schema."""
        line = getattr(result, "line_score", None)
        scored = (None, None, None, None) if line is None else (line.ns, line.ew, line.pct_ns, line.pct_ew)
        return dict(
            zip(self.Meta.fields, (
                result.id, result.section_id, result.board.number, result.round, result.table, result.ns.number,
                result.ew.number, result.contract, result.declarer, result.lead, result.tricks, result.score_ns,
                result.honors, result.adjusted, result.assigned, result.status, result.confirmed_by, result.version, *scored,
            ), strict=True)
        )  # fmt: skip


class PlainFields(serializers.Serializer):
    """A serializer of plain fields (no nested serializer), each copied shallowly for a new instance: DRF builds
    every declared field again for each one (a deep copy), which cost a twentieth of a score entry (bench/api.py).
    A declared field is never bound, and binding sets only the copy's own attributes."""

    def get_fields(self) -> dict:
        return {name: copy.copy(field) for name, field in self._declared_fields.items()}


class ResultEntrySerializer(PlainFields):
    """A result as a scorer or director enters it; the score is computed by the engine."""

    board = Number(POSITIVE)
    contract = serializers.CharField(
        required=False, allow_blank=True,
        help_text='"4SX", "3NT" or "Pass"; none for a duplicate whist board (Section game "whist")',
    )  # fmt: skip
    declarer = serializers.CharField(required=False, allow_blank=True)
    tricks = Number(
        required=False, allow_null=True,
        help_text="Tricks taken by declarer; on a duplicate whist board, the tricks N-S took",
    )  # fmt: skip
    lead = serializers.CharField(required=False, allow_blank=True)
    honors = serializers.CharField(
        required=False, allow_blank=True, max_length=8,
        help_text='Honors claimed ("N-S 30", "E-W 100") under a rule set that counts them, for a board not dealt '
                  "here; a dealt board's hands decide them.",
    )  # fmt: skip


_MISSING = object()


def entry_values(data) -> dict:
    """A table's entry validated as ResultEntrySerializer validates it: the usual JSON object of plain values is
    checked here, field by field as those fields check it, since the serializer's own validation cost a seventh of
    every scorer's request (bench/api.py); anything else, and anything these checks would refuse, goes through the
    serializer, so that a refusal is the serializer's own."""
    if type(data) is dict:
        values = {}
        for name, field in ResultEntrySerializer._declared_fields.items():
            value = data.get(name, _MISSING)
            if value is _MISSING and not field.required:
                continue
            if value is None and field.allow_null:
                pass
            elif isinstance(field, Number):
                if type(value) is not int or not field.column.low <= value <= field.column.high:
                    break
            elif type(value) is str and value.isascii() and value.isprintable():  # no NUL, no surrogate
                value = value.strip()
                if not (value or field.allow_blank) or len(value) > (field.max_length or len(value) + 1):
                    break
            else:
                break
            values[name] = value
        else:
            return values
    serializer = ResultEntrySerializer(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class DirectorEntrySerializer(ResultEntrySerializer):
    section = Number(ID)
    ns = Number(POSITIVE)
    ew = Number(POSITIVE)


class CorrectionSerializer(serializers.Serializer):
    contract = serializers.CharField(required=False, allow_blank=True)
    declarer = serializers.CharField(required=False, allow_blank=True)
    tricks = Number(required=False, allow_null=True)
    lead = serializers.CharField(required=False, allow_blank=True)
    honors = serializers.CharField(
        required=False, allow_blank=True, max_length=8,
        help_text='Honors claimed ("N-S 30", "E-W 100") under a rule set that counts them, for a board not dealt '
                  "here; a dealt board's hands decide them.",
    )  # fmt: skip
    reason = serializers.CharField()


class AdjustmentSerializer(serializers.Serializer):
    """One of `adjusted` or `score_ns`. Every score is written from N-S's side, as on the traveller."""

    adjusted = serializers.CharField(
        required=False, allow_blank=True, max_length=200,
        help_text='Artificial (Law 12C2): "A6040", "A+", "A5050". Weighted (Law 12C1(c)): percentages adding up '
                  'to 100 of N-S scores, "60% +420, 40% -50". Split (Law 12C1(b)): N-S scored on one score and '
                  'E-W on another, "N-S +420 / E-W -50", either side may be weighted '
                  '("N-S +420 / E-W 50% -50, 50% -100"). Scores are multiples of 10.',
    )  # fmt: skip
    score_ns = Number(
        INTEGER, required=False, allow_null=True, help_text="Assigned N-S score (Law 12C1), a multiple of 10"
    )
    reason = serializers.CharField()


class ResultVersionSerializer(serializers.ModelSerializer):
    class Meta:
        model = ResultVersion
        fields = ["number", "kind", "before", "after", "changed_by_label", "changed_at", "reason"]


class ConflictSerializer(serializers.ModelSerializer):
    stored = serializers.SerializerMethodField()

    class Meta:
        model = ResultConflict
        fields = ["id", "result", "stored", "proposed", "sent_by_label", "sent_at", "resolved", "resolution"]

    def get_stored(self, conflict) -> dict:
        return snapshot(conflict.result)


class ResolveSerializer(serializers.Serializer):
    accept = serializers.BooleanField(help_text="true: the proposed result replaces the stored one")
    reason = serializers.CharField()


class ConfirmSerializer(serializers.Serializer):
    board = Number(POSITIVE)
    side = serializers.ChoiceField(choices=["NS", "EW"], help_text="The side confirming.")


class CodeSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=40)


class PlayRecordSerializer(serializers.ModelSerializer):
    auction = JSONField(required=False, help_text='Calls from the dealer: ["1NT", "Pass", ...]')
    play = JSONField(required=False, help_text='{"first": "W", "tricks": [["SK", "S2", "SA", "S5"], ...]}')
    claim = JSONField(required=False, allow_null=True, help_text="Tricks declarer claimed in all")

    class Meta:
        model = PlayRecord
        fields = ["auction", "play", "claim", "audit"]
        read_only_fields = ["audit"]
