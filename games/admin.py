from django.contrib import admin

from .models import Board, PlayRecord, Result, ResultConflict, ResultVersion


@admin.register(Board)
class BoardAdmin(admin.ModelAdmin):
    list_display = ["section", "number", "dealer", "vulnerability", "deal"]


class VersionInline(admin.TabularInline):
    """Versions are read, never edited here."""

    extra = 0
    can_delete = False
    readonly_fields = ["number", "kind", "before", "after", "changed_by_label", "changed_at", "reason"]
    fields = readonly_fields


class ResultVersionInline(VersionInline):
    model = ResultVersion


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    """Read-mostly: corrections go through the API so that each gets its version and a reason."""

    list_display = ["section", "board", "round", "table", "ns", "ew", "contract", "declarer", "tricks", "score_ns",
                    "adjusted", "status"]  # fmt: skip
    list_filter = ["status"]
    inlines = [ResultVersionInline]


@admin.register(ResultVersion)
class ResultVersionAdmin(admin.ModelAdmin):
    list_display = ["result", "number", "kind", "changed_by_label", "changed_at", "reason"]


@admin.register(ResultConflict)
class ResultConflictAdmin(admin.ModelAdmin):
    list_display = ["result", "sent_by_label", "sent_at", "resolved", "resolution"]


@admin.register(PlayRecord)
class PlayRecordAdmin(admin.ModelAdmin):
    list_display = ["result", "claim"]
