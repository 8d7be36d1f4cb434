from django.contrib import admin

from .models import LineScore, Standing


@admin.register(Standing)
class StandingAdmin(admin.ModelAdmin):
    list_display = ["section", "entry", "field", "rank", "total", "percentage", "boards"]
    list_filter = ["field"]


@admin.register(LineScore)
class LineScoreAdmin(admin.ModelAdmin):
    list_display = ["result", "ns", "ew", "pct_ns", "pct_ew"]
