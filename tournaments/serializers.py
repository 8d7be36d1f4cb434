"""API shapes of clubs, events, sessions, sections, entries and seating."""

from rest_framework import serializers

from config.api import RefuseReadOnly
from games.engine.rule_sets import check_rule_set, check_scoring, default_rule_set
from scoring.methods.registry import METHODS
from tournaments.models import (
    Club,
    Entry,
    Event,
    Player,
    Seating,
    Section,
    SectionVersion,
    Session,
    TableCode,
)
from tournaments.visibility import sees_seeds


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "slug", "city", "address", "website", "colour", "text_colour"]


class MemberSerializer(serializers.ModelSerializer):
    """A member as a fellow member may read them: no contact details (DirectorMemberSerializer has them)."""

    member_number = serializers.CharField(source="federation_number", read_only=True)

    class Meta:
        model = Player
        fields = ["id", "first_name", "last_name", "member_number", "guest"]


class DirectorMemberSerializer(MemberSerializer):
    class Meta(MemberSerializer.Meta):
        fields = [*MemberSerializer.Meta.fields, "email", "phone", "archived"]


class EventSerializer(serializers.ModelSerializer):
    class Meta:
        model = Event
        fields = ["id", "club", "name", "date", "description", "archived"]


class SessionSerializer(RefuseReadOnly, serializers.ModelSerializer):
    class Meta:
        model = Session
        fields = ["id", "event", "number", "name", "starts", "scored_across", "archived"]
        read_only_fields = ["scored_across"]
        read_only_reasons = {
            "scored_across": "a session is scored across the field when it is set up with its sections on the "
            "new-session page (they are dealt the same boards then); it cannot change afterwards",
        }


class SectionSerializer(RefuseReadOnly, serializers.ModelSerializer):
    reason = serializers.CharField(write_only=True, required=False, help_text="Why a setting changes (kept).")
    tables = serializers.SerializerMethodField()
    rounds = serializers.IntegerField(read_only=True)
    deal_seed = serializers.CharField(
        read_only=True, allow_null=True,
        help_text="The secret the boards were dealt from: null unless you direct the section, until it is published.",
    )  # fmt: skip
    cut_seed = serializers.CharField(
        read_only=True, allow_null=True,
        help_text="The secret prize ties are cut with: null unless you direct the section, until it is published.",
    )  # fmt: skip

    class Meta:
        model = Section
        fields = ["id", "session", "name", "game", "movement_kind", "boards_per_round", "scoring_method", "ranking",
                  "rule_set", "conventions", "two_winners", "prizes", "lone_hand_prize", "status", "current_round", "rounds",
                  "tables", "deal_seed", "cut_seed", "reason"]  # fmt: skip
        read_only_fields = [
            "movement_kind",
            "conventions",
            "status",
            "current_round",
            "deal_seed",
            "cut_seed",
        ]
        read_only_reasons = {
            "movement_kind": "set by installing a movement (POST /api/sections/<id>/movement/)",
            "status": "changed with POST /api/sections/<id>/status/ (running, finished, published)",
            "current_round": "moved on with POST /api/sections/<id>/next-round/",
        }

    def validate(self, data: dict) -> dict:
        """A new Section takes its game's rule set and its scoring method's ranking rule unless it names them; a
        rule set of another game, a scoring method its boards' scores do not allow, or a ranking rule the method
        does not allow, is refused (a change: change_settings)."""
        game = data.get("game", self.instance.game if self.instance else "bridge")
        if self.instance is None and "rule_set" not in data:
            data["rule_set"] = default_rule_set(game)
        try:
            check_rule_set(game, data.get("rule_set", self.instance.rule_set if self.instance else ""))
        except ValueError as error:
            raise serializers.ValidationError({"rule_set": str(error)}) from None
        try:
            check_scoring(
                game, data.get("scoring_method", self.instance.scoring_method if self.instance else "mp")
            )
        except ValueError as error:
            raise serializers.ValidationError({"scoring_method": str(error)}) from None
        scoring = METHODS.get(data.get("scoring_method", "mp"))
        if self.instance is None and scoring is not None:
            try:
                data["ranking"] = scoring.ranking(data.get("ranking", "")).name
            except ValueError as error:
                raise serializers.ValidationError({"ranking": str(error)}) from None
        return data

    def to_representation(self, section: Section) -> dict:
        """The seeds only for who may read them (tournaments.visibility): with the deal seed, every hidden deal can
        be rebuilt."""
        data = super().to_representation(section)
        request = self.context.get("request")
        if not sees_seeds(getattr(request, "user", None), section):
            data["deal_seed"] = data["cut_seed"] = None
        return data

    def get_tables(self, section: Section) -> int:
        plan = section.plan
        return len({t.number for r in plan.rounds for t in r.tables}) if plan else 0


class SectionVersionSerializer(serializers.ModelSerializer):
    changed_by = serializers.StringRelatedField()

    class Meta:
        model = SectionVersion
        fields = ["number", "before", "after", "changed_by", "changed_at", "reason"]


class EntrySerializer(serializers.ModelSerializer):
    class Meta:
        model = Entry
        fields = ["id", "section", "number", "label", "kind", "direction", "name", "players"]
        read_only_fields = ["section", "number", "label", "kind", "direction"]


class SeatingSerializer(serializers.ModelSerializer):
    ns = serializers.IntegerField(source="ns.number", allow_null=True, read_only=True)
    ew = serializers.IntegerField(source="ew.number", allow_null=True, read_only=True)

    class Meta:
        model = Seating
        fields = ["round", "table", "ns", "ew", "seats", "boards"]


class TableCodeSerializer(serializers.ModelSerializer):
    class Meta:
        model = TableCode
        fields = ["table", "code"]


class MovementSerializer(serializers.Serializer):
    """Either the movement itself (issue 4's JSON) or a kind and its sizes for the movements package."""

    movement = serializers.JSONField(required=False)
    kind = serializers.CharField(required=False)
    sizes = serializers.DictField(required=False, help_text='e.g. {"tables": 7, "boards_per_round": 3}')
    options = serializers.DictField(
        child=serializers.CharField(), required=False,
        help_text='The set-up page\'s options of the kind (movements.registry), e.g. {"odd_pairs": "rover"}',
    )  # fmt: skip
    two_winners = serializers.BooleanField(required=False, allow_null=True, default=None)


CONFIRM_HELP = (
    "Go on although results are missing (without it, a 409 lists them: needs_confirmation and missing); the list "
    "is recorded as a section version"
)


class StatusSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["running", "finished", "published"])
    reason = serializers.CharField(required=False, allow_blank=True)
    confirm = serializers.BooleanField(required=False, default=False, help_text=CONFIRM_HELP)


class NextRoundSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True)
    confirm = serializers.BooleanField(required=False, default=False, help_text=CONFIRM_HELP)


class DealSerializer(serializers.Serializer):
    seed = serializers.CharField(
        required=False, allow_blank=True, help_text="Deal again from a recorded seed."
    )


class HandRecordSerializer(serializers.Serializer):
    pbn = serializers.CharField(help_text="A PBN file's text with a [Deal] for each board.")


class ExportSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["pbn", "usebio", "csv", "standings-csv"], default="pbn")


class ImportSerializer(serializers.Serializer):
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all())
    format = serializers.ChoiceField(choices=["pbn", "usebio"])
    file = serializers.FileField(required=False)
    data = serializers.CharField(
        required=False, trim_whitespace=False, help_text="The file's text, instead of a file."
    )
