from django.contrib import admin

from .models import Club, Entry, Event, Player, Seating, Section, SectionVersion, Session, TableCode


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "city"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "city"]
    filter_horizontal = ["directors"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "federation_number", "club"]
    list_filter = ["club"]
    search_fields = ["last_name", "first_name", "federation_number"]


class SessionInline(admin.TabularInline):
    model = Session
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "club"]
    list_filter = ["club"]
    search_fields = ["name"]
    inlines = [SessionInline]


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "name", "starts"]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ["number", "kind", "direction", "name"]


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ["session", "name", "game", "movement_kind", "scoring_method", "status", "current_round"]
    list_filter = ["status", "game", "scoring_method"]
    inlines = [EntryInline]
    readonly_fields = ["deal_seed", "cut_seed"]  # drawn with secrets by the services, never typed (issue 12)


@admin.register(SectionVersion)
class SectionVersionAdmin(admin.ModelAdmin):
    list_display = ["section", "number", "changed_by", "changed_at", "reason"]
    readonly_fields = ["section", "number", "before", "after", "changed_by", "changed_at", "reason"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["section", "number", "kind", "direction", "name"]
    list_filter = ["kind"]
    filter_horizontal = ["players"]


@admin.register(Seating)
class SeatingAdmin(admin.ModelAdmin):
    list_display = ["section", "round", "table", "ns", "ew", "boards"]


@admin.register(TableCode)
class TableCodeAdmin(admin.ModelAdmin):
    list_display = ["section", "table", "code"]
