"""What the standings service stores: each entry's standing and each traveller line's matchpoints or IMPs.

Both are computed (scoring.services.recompute_standings) from the stored results by calling scoring.methods;
nothing here is entered by hand, so nothing here is versioned: the versions are on the results and settings.
"""

from django.db import models

from games.models import Result
from tournaments.models import Entry, Section


class Standing(models.Model):
    """An entry's place in its Section after the last recompute."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="standings")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="standing")
    total = models.FloatField(null=True)
    percentage = models.FloatField(null=True)
    boards = models.PositiveSmallIntegerField(default=0)
    place = models.PositiveSmallIntegerField(default=0)
    rank = models.CharField(max_length=8, blank=True, help_text='"3=" where the place is shared.')
    field = models.CharField(max_length=2, blank=True, help_text="NS or EW for a two-winner movement.")
    computed = models.PositiveIntegerField(
        default=0, help_text="The Section's standings_requested it reflects."
    )
    prize = models.CharField(
        max_length=80, blank=True, help_text='Progressive party: "1st prize", "lone-hand prize".'
    )
    cut = models.TextField(blank=True, help_text="How a tie for a prize was cut, in words.")

    class Meta:
        ordering = ["section_id", "field", "place", "entry_id"]

    def __str__(self) -> str:
        return f"{self.entry}: {self.rank}"


class LineScore(models.Model):
    """One traveller line's matchpoints (or IMPs) for each side and its percentages, as published."""

    result = models.OneToOneField(
        Result, on_delete=models.CASCADE, primary_key=True, related_name="line_score"
    )
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="line_scores")
    ns = models.FloatField(null=True)
    ew = models.FloatField(null=True)
    pct_ns = models.FloatField(null=True)
    pct_ew = models.FloatField(null=True)

    def __str__(self) -> str:
        return f"{self.result}: {self.ns} / {self.ew}"
