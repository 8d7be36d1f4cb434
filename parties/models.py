"""A progressive party's own rows: each table's tally for a round and every change to it.

The games app made these tables (games_tally, games_tallyversion) before the party had models of its own; the rows
moved here in state only (parties migration 0001), so the tables keep their names and their rows.
"""

from django.db import models

from games.models import Version
from tournaments.models import Section


class Tally(models.Model):
    """A progressive party's table tally for one round: hands, points, winners, lone hands, punches, flags.

    Per-player figures are keyed by the entry number as text ({"3": 1}); frozen when the bell rings.
    """

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="tallies")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    hands = models.PositiveSmallIntegerField(default=0)
    ns_points = models.SmallIntegerField(default=0)
    ew_points = models.SmallIntegerField(default=0)
    winners = models.CharField(max_length=2, blank=True, help_text="NS or EW once decided.")
    lone_hands = models.JSONField(default=dict, blank=True)
    punches = models.JSONField(default=dict, blank=True)
    flags = models.JSONField(default=dict, blank=True, help_text="Military euchre: flags won per side.")
    hearts = models.JSONField(
        default=dict,
        blank=True,
        help_text='Progressive hearts: hearts taken this hand per player ({"3": 4}).',
    )
    deals = models.JSONField(
        default=list,
        blank=True,
        help_text='Progressive contract: each deal\'s score per side, in order ([{"ns": 420, "ew": 0}, ...]).',
    )
    frozen = models.BooleanField(default=False)
    version = models.PositiveIntegerField(
        default=0,
        help_text="The number of its last TallyVersion: a phone saves over the version it read, or is told.",
    )
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "games_tally"  # made by the games app, kept when the model moved (parties 0001)
        ordering = ["section_id", "round", "table"]
        constraints = [models.UniqueConstraint(fields=["section", "round", "table"], name="unique_tally")]
        verbose_name_plural = "tallies"

    def __str__(self) -> str:
        return f"round {self.round} table {self.table} tally"


class TallyVersion(Version):
    """One change to a Tally."""

    tally = models.ForeignKey(Tally, on_delete=models.CASCADE, related_name="versions")
    kind = models.CharField(max_length=12, help_text="entered, frozen or corrected.")

    class Meta:
        db_table = "games_tallyversion"
        ordering = ["tally_id", "number"]
        constraints = [models.UniqueConstraint(fields=["tally", "number"], name="unique_tally_version")]

    def __str__(self) -> str:
        return f"{self.tally} version {self.number} ({self.kind})"
