"""Boards, results, play records and conflicts as stored rows (a party's tallies are parties.models).

The rules live in games.engine; these rows keep what the engine accepted. A Result is the current state of one
board played by one N-S and one E-W entry; every change to it (entry, correction, adjustment, resolution of a
conflict) adds a ResultVersion holding who, when, why and what the result was before. Two different results sent
for the same board and pairs are never merged silently: the second is kept as a ResultConflict for the director.
"""

from django.conf import settings
from django.db import models

from tournaments.models import Entry, Section


class Board(models.Model):
    """One board of a Section: number, dealer and vulnerability (Law 2 unless imported otherwise), and its deal."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1)
    vulnerability = models.CharField(max_length=4, help_text="None, NS, EW or All (PBN spelling).")
    deal = models.CharField(
        max_length=80, blank=True, help_text="PBN deal string, N first; blank when not known."
    )
    analysis = models.JSONField(null=True, blank=True, help_text="Double-dummy table and par, when analysed.")

    class Meta:
        ordering = ["section_id", "number"]
        constraints = [models.UniqueConstraint(fields=["section", "number"], name="unique_board_number")]

    def __str__(self) -> str:
        return f"board {self.number}"


class LeadRefusal(models.Model):
    """How many entries a table sent for a board that the board's hands refuse (an opening lead not in the leader's
    hand, honors the hands do not hold). Each refusal tells the table something of a hand, so past a few
    (games.services.LEAD_TRIES) its entry of the board goes to the director: a phone cannot read a hidden hand
    card by card out of the refusals."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="lead_refusals")
    table = models.PositiveSmallIntegerField()
    count = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["board", "table"], name="unique_lead_refusal")]

    def __str__(self) -> str:
        return f"{self.board}, table {self.table}: {self.count} leads refused"


class ResultStatus(models.TextChoices):
    ENTERED = "entered", "Entered"
    CONFIRMED = "confirmed", "Confirmed by the opponents"


class Result(models.Model):
    """The result of one board between one N-S and one E-W entry (a traveller line)."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="results")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results")
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    ns = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="ns_results")
    ew = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="ew_results")
    contract = models.CharField(
        max_length=8, blank=True, help_text='"4SX", "3NT" or "Pass"; blank for not played.'
    )
    declarer = models.CharField(max_length=1, blank=True)
    lead = models.CharField(max_length=3, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Tricks taken by declarer.")
    score_ns = models.IntegerField(
        null=True, blank=True, help_text="N-S score; null for an artificial, weighted or split score."
    )
    honors = models.CharField(
        max_length=8, blank=True,
        help_text='Honors as the players claimed them ("N-S 30"), for a board not dealt here (Hoyle 1940 L5336–5344).',
    )  # fmt: skip
    adjusted = models.CharField(
        max_length=200, blank=True,
        help_text='An adjusted score: artificial "A6040" (Law 12C2), weighted "60% +420, 40% -50" (Law 12C1(c)) or '
                  'split "N-S +420 / E-W -50" (Law 12C1(b)); scores in N-S view.',
    )  # fmt: skip
    assigned = models.BooleanField(
        default=False,
        help_text="An assigned score (Law 12C1), not played: score_ns, or the weighted or split adjusted.",
    )
    status = models.CharField(max_length=10, choices=ResultStatus.choices, default=ResultStatus.ENTERED)
    confirmed_by = models.CharField(max_length=2, blank=True)
    version = models.PositiveIntegerField(default=1)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["section_id", "board_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["board", "ns"], name="one_result_per_board_ns"),
            models.UniqueConstraint(fields=["board", "ew"], name="one_result_per_board_ew"),
        ]
        indexes = [models.Index(fields=["section", "round", "table"])]

    def __str__(self) -> str:
        return f"board {self.board.number}: {self.ns.number} v {self.ew.number}"


class Version(models.Model):
    """What every version row holds: the values after the change, before it (null when first written), who, when
    and why. A row is never changed once written."""

    number = models.PositiveIntegerField()
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField()
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    changed_by_label = models.CharField(
        max_length=80, help_text='"director alice", "table 3 scorer", "import".'
    )
    changed_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)

    class Meta:
        abstract = True


class ResultVersion(Version):
    """One change to a Result."""

    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="versions")
    kind = models.CharField(max_length=12, help_text="entered, confirmed, corrected, adjusted or resolved.")

    class Meta:
        ordering = ["result_id", "number"]
        constraints = [models.UniqueConstraint(fields=["result", "number"], name="unique_result_version")]

    def __str__(self) -> str:
        return f"{self.result} version {self.number} ({self.kind})"


class ResultConflict(models.Model):
    """A different result sent for a board already entered: kept, shown with the stored one, for the director."""

    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="conflicts")
    proposed = models.JSONField()
    sent_by_label = models.CharField(max_length=80)
    sent_at = models.DateTimeField(auto_now_add=True)
    resolved = models.BooleanField(default=False)
    resolution = models.CharField(max_length=12, blank=True, help_text="accepted or dismissed")

    class Meta:
        ordering = ["sent_at"]

    def __str__(self) -> str:
        return f"conflict on {self.result}"


class PlayRecord(models.Model):
    """The auction, the play and a claim of a Result, as recorded (calls and cards as text, as in PBN)."""

    result = models.OneToOneField(Result, on_delete=models.CASCADE, related_name="play_record")
    auction = models.JSONField(
        default=list, blank=True, help_text='Calls from the dealer: ["1NT", "Pass", ...].'
    )
    play = models.JSONField(
        default=dict, blank=True,
        help_text='As PBN lays it out: {"first": "W", "tricks": [["SK", "S2", "SA", "S5"], ...]}, seat columns.',
    )  # fmt: skip
    claim = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Tricks declarer claimed in all."
    )
    audit = models.JSONField(null=True, blank=True, help_text="The replay auditor's report.")

    def __str__(self) -> str:
        return f"play record of {self.result}"


class Publication(models.Model):
    """A published version of a Section's results, frozen: the standings and each board's results as the club
    saw them. Number 1 is the first publishing; each correction after it publishes an amended version naming the
    board, the table and the reason, so the earlier ranking stays a click away."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="publications")
    number = models.PositiveIntegerField()
    published_at = models.DateTimeField(auto_now_add=True)
    published_by = models.CharField(max_length=80)
    board = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The board amended; none at first."
    )
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.TextField(blank=True)
    standings = models.JSONField(
        default=list, help_text="The standings as published: place, rank, entry, score."
    )
    results = models.JSONField(default=list, help_text="Each board's results as published.")

    class Meta:
        ordering = ["section_id", "number"]
        constraints = [models.UniqueConstraint(fields=["section", "number"], name="unique_publication")]

    def __str__(self) -> str:
        return f"{self.section} published version {self.number}"


class ImportedFile(models.Model):
    """What an imported results file carried that Traveller neither computes nor models: the club's and event's
    fields (USEBIO's CLUB_ID_NUMBER, MASTER_POINT_TYPE, TITLE ...), each pair's masterpoints as its publisher
    awarded them, each player's CLUB_ID_NUMBER. The exports write it back, so a session imported and exported
    again loses nothing its publisher wrote (the figures Traveller computes come from the standings)."""

    section = models.OneToOneField(Section, on_delete=models.CASCADE, related_name="imported_file")
    club = models.JSONField(
        default=list, help_text="The file's club fields: [[tag, text], ...] in its order."
    )
    event = models.JSONField(
        default=list, help_text="The file's event fields: [[tag, text], ...] in its order."
    )
    pairs = models.JSONField(
        default=dict,
        help_text='By entry number: {"fields": [[tag, text], ...] (MASTER_POINTS_AWARDED, MASTER_POINT_TYPE ...),'
        ' "club_ids": {national id or name: CLUB_ID_NUMBER}}.',
    )

    def __str__(self) -> str:
        return f"{self.section}: what its file carried"
