"""The shapes of the parties API: a tally, a host's correction of one and its versions, the bell's options."""

from __future__ import annotations

from rest_framework import serializers

from games.formats.numbers import COUNT, POSITIVE
from games.serializers import Number

from .models import Tally, TallyVersion
from .tallies import VERSION


class TallySerializer(serializers.ModelSerializer):
    class Meta:
        model = Tally
        fields = ["round", "table", "hands", "ns_points", "ew_points", "winners", "lone_hands", "punches", "flags",
                  "hearts", "deals", "frozen", "version"]  # fmt: skip
        read_only_fields = ["round", "table", "winners", "punches", "frozen"]
        extra_kwargs = {
            "hearts": {"help_text": 'Progressive hearts, by seat: {"N": 3, "E": 0, "S": 6, "W": 4}'}
        }


class TallyCorrectionSerializer(serializers.Serializer):
    round = Number(POSITIVE)
    table = Number(POSITIVE)
    hands = Number(COUNT, default=0)
    ns_points = Number(COUNT, required=False, help_text="Euchre and bridge: needed with E-W's.")
    ew_points = Number(COUNT, required=False)
    lone_hands = serializers.DictField(child=Number(COUNT), required=False, help_text='By seat: {"N": 1}')
    hearts = serializers.DictField(
        child=Number(COUNT),
        required=False,
        help_text='Progressive hearts, by seat: {"N": 3, "E": 0, "S": 6, "W": 4}',
    )
    reason = serializers.CharField()
    version = Number(
        VERSION,
        required=False,
        help_text="The version corrected, as read: refused (409) if it changed since.",
    )


class TallyVersionSerializer(serializers.ModelSerializer):
    class Meta:
        model = TallyVersion
        fields = ["number", "kind", "before", "after", "changed_by_label", "changed_at", "reason"]


class BellSerializer(serializers.Serializer):
    seating = serializers.ListField(
        child=serializers.DictField(), required=False,
        help_text='The next round: [{"table": 1, "seats": {"N": "3", "E": "7", "S": "1", "W": "12"}}, ...]',
    )  # fmt: skip
    sitting_out = serializers.ListField(
        child=Number(POSITIVE), required=False,
        help_text="With a seating: the players who sit the next round out (every other player seated once).",
    )  # fmt: skip
    round = Number(POSITIVE, required=False,
                   help_text="The round this bell ends: refused (409) if another round is in play.")  # fmt: skip
    last = serializers.BooleanField(required=False, default=False, help_text="End the party with this bell.")
    confirm = serializers.BooleanField(
        required=False, default=False,
        help_text="Ring although tables have sent no tally (without it, a 409 lists them: needs_confirmation and "
                  "missing); the list is recorded as a section version",
    )  # fmt: skip
    method = serializers.ChoiceField(choices=["together", "split"], required=False,
                                     help_text="Without a seating: how winners move (Hoyle 1940 L11401-11408)")  # fmt: skip
    head = serializers.ChoiceField(choices=["stay", "wrap"], required=False,
                                   help_text="Without a seating: what the head table's winners do")  # fmt: skip
    tied = serializers.DictField(child=serializers.ChoiceField(choices=["NS", "EW"]), required=False,
                                 help_text='Winners of the cut at tied tables: {"3": "NS"}')  # fmt: skip
