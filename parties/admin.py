from django.contrib import admin

from games.admin import VersionInline

from .models import Tally, TallyVersion


class TallyVersionInline(VersionInline):
    model = TallyVersion


@admin.register(TallyVersion)
class TallyVersionAdmin(admin.ModelAdmin):
    list_display = ["tally", "number", "kind", "changed_by_label", "changed_at", "reason"]


@admin.register(Tally)
class TallyAdmin(admin.ModelAdmin):
    inlines = [TallyVersionInline]
    list_display = ["section", "round", "table", "hands", "ns_points", "ew_points", "winners", "frozen"]
