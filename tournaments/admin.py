from django.contrib import admin

from .models import Club, Player


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "city"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "city"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "federation_number", "club"]
    list_filter = ["club"]
    search_fields = ["last_name", "first_name", "federation_number"]
