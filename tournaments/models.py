"""Clubs, players and the events they run: Event → Session → Section, with its Entries, Seating and table codes.

A Section is where play happens: one game, one movement, one scoring method. Its movement is kept as the JSON
the movements package prints (issue 4) and materialised into Seating rows, so that score entry can check "this
board at this table in this round" with one indexed lookup. Every change to a setting that affects the standings
is a SectionVersion row (who, when, why, what it was before).
"""

import secrets
import unicodedata

from django.conf import settings
from django.db import models
from django.urls import reverse

from tournaments.movements.jsonout import movement_from_json
from tournaments.movements.model import Movement


def collation_key(text: str) -> str:
    """A name as a list sorts it, accents and case set aside ("Åström" as "astrom")."""
    letters = unicodedata.normalize("NFKD", text)
    return "".join(c for c in letters if not unicodedata.combining(c)).casefold()


class Club(models.Model):
    """A card club: it owns its players, events and directors."""

    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=60, unique=True)
    city = models.CharField(max_length=120, blank=True)
    address = models.TextField(blank=True, help_text="Where the club plays, shown on its public pages.")
    website = models.URLField(blank=True)
    logo_type = models.CharField(
        max_length=20, blank=True, help_text="The media type of its ClubLogo; blank: it has none."
    )
    colour = models.CharField(
        max_length=7, blank=True, help_text="The public pages' header colour, as #rrggbb; blank: Traveller's."
    )
    text_colour = models.CharField(
        max_length=7, blank=True, help_text="The header's text colour, as #rrggbb."
    )
    created = models.DateTimeField(auto_now_add=True)
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="directed_clubs",
        help_text="Club staff: everything in the club.",
    )
    members_see_members = models.BooleanField(
        default=False,
        help_text="Members signed in may see the member list and numbers; otherwise only the club's directors "
        "may (names on results are shown either way).",
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club", args=[self.slug])


class ClubLogo(models.Model):
    """A club's logo: a small PNG, JPEG, GIF or WebP image (tournaments.upkeep.read_logo), in a row of its own so
    that no page loading its club loads the image too."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, primary_key=True, related_name="logo")
    image = models.BinaryField()

    def __str__(self) -> str:
        return f"logo of {self.club_id}"


class Player(models.Model):
    """A person who plays; the federation number (ACBL, EBU, ABF ...) identifies them across clubs."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players")
    first_name = models.CharField(max_length=60)
    last_name = models.CharField(max_length=60)
    federation_number = models.CharField("member number", max_length=20, blank=True)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=30, blank=True)
    guest = models.BooleanField(default=False, help_text="A walk-in visitor, not a member: no member number.")
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player",
        help_text="The login that may see this player's own scorecards.",
    )  # fmt: skip
    archived = models.BooleanField(
        default=False,
        help_text="No longer a member: kept for the results they played, left out of the list and the entry forms.",
    )

    class Meta:
        ordering = ["last_name", "first_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "federation_number"],
                condition=~models.Q(federation_number=""),
                name="unique_federation_number_per_club",
            )
        ]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    @property
    def sort_key(self) -> tuple[str, str]:
        """Surname first, without accents or case: "Åström" sorts with the A's, not after "Young"."""
        return collation_key(self.last_name), collation_key(self.first_name)

    @property
    def choice(self) -> str:
        """How the entry forms' list offers the player, and reads the choice back: "Ann Smith (1234)"."""
        tag = "guest" if self.guest else self.federation_number
        return f"{self} ({tag})" if tag else str(self)


class Event(models.Model):
    """A competition a club runs: one evening's duplicate, a championship over several sessions, a party."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="events")
    name = models.CharField(max_length=160)
    date = models.DateField()
    description = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    archived = models.TextField(
        blank=True,
        help_text="Why it was archived (hidden from the public pages, kept with its results); blank: shown.",
    )

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"


class Session(models.Model):
    """One sitting of an event (afternoon, evening); it holds one or more Sections played at the same time."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sessions")
    number = models.PositiveSmallIntegerField(default=1)
    name = models.CharField(max_length=120, blank=True)
    starts = models.DateTimeField(null=True, blank=True)
    scored_across = models.BooleanField(
        default=False,
        help_text="Its sections play the same deals and are matchpointed and ranked as one field.",
    )
    archived = models.TextField(
        blank=True,
        help_text="Why it was archived (hidden from the public pages, kept with its results); blank: shown.",
    )

    class Meta:
        ordering = ["event_id", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="unique_session_number")]

    def __str__(self) -> str:
        return f"{self.event.name}, session {self.number}"


class Game(models.TextChoices):
    BRIDGE = "bridge", "Duplicate bridge"
    EUCHRE = "euchre", "Progressive euchre"
    HEARTS = "hearts", "Progressive hearts"
    WHIST = "whist", "Duplicate whist"


class ScoringMethod(models.TextChoices):
    """How a Section is scored: the board-by-board methods of scoring.methods.registry.METHODS (same names and
    descriptions), the books' compass game (each direction over the session) and a progressive party's tally."""

    MATCHPOINTS = "mp", "Matchpoints (2 per result beaten, Neuberg)"
    MATCHPOINTS_ACBL = "mp-acbl", "Matchpoints (ACBL: 1 per result beaten)"
    BUTLER = "butler", "Butler IMPs"
    CROSS_IMPS = "cross-imp", "Cross-IMPs"
    COMPASS = "compass", "Compass (Hoyle 1940: each pair plus or minus its direction's average)"
    VICTORY_POINTS = "vp", "Teams: IMPs board by board, VPs by the WBF 2013 scale"
    PROGRESSIVE = "progressive", "Progressive party (games won, lone hands)"


class Conventions(models.TextChoices):
    """Whose conventions a Section is scored by: ours, or those of the program that published an imported session
    (scoring.methods.publishers.PUBLISHERS: same names), so that its figures are the ones the file published."""

    OURS = "", "Traveller's"
    COMPSCORE = "compscore", "Compscore3"
    MAGIC_CONTEST = "magic", "Magic Contest"


class Status(models.TextChoices):
    SETUP = "setup", "Setting up"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"
    PUBLISHED = "published", "Published"


class Section(models.Model):
    """A group of tables playing one movement with one set of boards; the unit of scoring."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(max_length=20, default="A")
    game = models.CharField(max_length=20, choices=Game.choices, default=Game.BRIDGE)
    movement_kind = models.CharField(max_length=40, blank=True)
    movement = models.JSONField(
        null=True, blank=True, help_text="The movement as the movements package prints it."
    )
    boards_per_round = models.PositiveSmallIntegerField(default=0)
    scoring_method = models.CharField(
        max_length=20, choices=ScoringMethod.choices, default=ScoringMethod.MATCHPOINTS
    )
    rule_set = models.CharField(max_length=40, default="duplicate-2017")
    conventions = models.CharField(
        max_length=20,
        choices=Conventions.choices,
        blank=True,
        default=Conventions.OURS,
        help_text="An imported session's publisher: its lines, totals and places are shown as it published them.",
    )
    two_winners = models.BooleanField(
        default=False, help_text="N-S and E-W ranked apart (a Mitchell without arrow switch)."
    )
    ranking = models.CharField(
        max_length=20,
        blank=True,
        help_text="How pairs who played different numbers of boards are ranked: percentage, factored or total "
        "(scoring.methods.registry.RANKINGS); blank: the scoring method's default.",
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.SETUP)
    current_round = models.PositiveSmallIntegerField(default=0)
    round_started = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the round in play began (a timed party's countdown runs from it).",
    )
    deal_seed = models.CharField(
        max_length=40, blank=True, help_text="The seed random deals were made from (secrets)."
    )
    prizes = models.PositiveSmallIntegerField(
        default=0,
        help_text="Progressive party: how many prizes go by games won, ties cut for (Hoyle 1940 L11413–11430).",
    )
    lone_hand_prize = models.BooleanField(
        default=False,
        help_text="Progressive party: a special prize for the most lone hands won (L11417–11418).",
    )
    cut_seed = models.CharField(
        max_length=40,
        blank=True,
        help_text="The seed prize ties are cut with (secrets), so a recompute cuts alike.",
    )
    standings_requested = models.PositiveIntegerField(default=0)
    standings_computed = models.PositiveIntegerField(default=0)
    standings_at = models.DateTimeField(
        null=True, blank=True, help_text="When the standings were last recomputed."
    )
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["session_id", "name"]
        constraints = [models.UniqueConstraint(fields=["session", "name"], name="unique_section_name")]

    def __str__(self) -> str:
        return f"{self.session}, section {self.name}"

    @property
    def club(self) -> Club:
        return self.session.event.club

    @property
    def plan(self) -> Movement | None:
        """The movement as its typed value (tournaments.movements.jsonout.movement_from_json), None before one is
        installed; read once per movement this row holds (a new one assigned is read again). The apps read this,
        not the raw dict; a stored movement the reader refuses raises its MovementError."""
        cached = self.__dict__.get("_plan")
        if cached is None or cached[0] is not self.movement:
            cached = (self.movement, movement_from_json(self.movement) if self.movement else None)
            self.__dict__["_plan"] = cached
        return cached[1]

    @property
    def planned_rounds(self) -> int | None:
        """A Swiss's rounds as planned at set-up (tournaments.services.plan_swiss, kept beside its movement, as its
        later rounds are drawn as play goes); None when not planned."""
        planned = (self.movement or {}).get("planned_rounds")
        return planned if isinstance(planned, int) else None

    @property
    def rounds(self) -> int:
        """The movement's rounds, counted without reading it whole (lists of sections show it)."""
        return len((self.movement or {}).get("rounds", []))

    @property
    def title(self) -> str:
        """How pages name it: the event, and "section B" when its session has more than one section."""
        event = self.session.event.name
        return f"{event}, section {self.name}" if self.session.sections.count() > 1 else event

    @property
    def is_party(self) -> bool:
        """A progressive party (the parties app's): tallies and the bell instead of boards and travellers."""
        return self.scoring_method == ScoringMethod.PROGRESSIVE


class SectionVersion(models.Model):
    """A change to a standing-affecting setting of a Section: what it was before, who changed it, when and why."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    before = models.JSONField()
    after = models.JSONField()
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    changed_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField()

    class Meta:
        ordering = ["section_id", "number"]
        constraints = [models.UniqueConstraint(fields=["section", "number"], name="unique_section_version")]

    def __str__(self) -> str:
        return f"{self.section} version {self.number}"


class EntryKind(models.TextChoices):
    PAIR = "pair", "Pair"
    TEAM = "team", "Team"
    PLAYER = "player", "Individual"


class Entry(models.Model):
    """A contestant of a Section: a pair, a team or an individual, numbered as the movement numbers them."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=EntryKind.choices, default=EntryKind.PAIR)
    direction = models.CharField(
        max_length=2, blank=True, help_text="NS or EW where the two fields rank apart."
    )
    label = models.CharField(
        max_length=12, blank=True, help_text='The number as an imported file writes it ("12NS").'
    )
    name = models.CharField(max_length=160, blank=True)
    players = models.ManyToManyField(Player, blank=True, related_name="entries")

    class Meta:
        ordering = ["section_id", "number"]
        constraints = [models.UniqueConstraint(fields=["section", "number"], name="unique_entry_number")]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return self.name or f"{self.get_kind_display()} {self.tag}"

    @property
    def tag(self) -> str:
        """How files and pages name the entry: the imported label, else its number."""
        return self.label or str(self.number)


class Seating(models.Model):
    """Who sits at a table in a round and which boards they play there (materialised from the movement)."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="seatings")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    ns = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    ew = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    seats = models.JSONField(
        default=dict, blank=True, help_text='Individuals: {"N": 1, "E": 2, "S": 3, "W": 4}.'
    )
    boards = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["section_id", "round", "table"]
        constraints = [models.UniqueConstraint(fields=["section", "round", "table"], name="unique_seating")]

    def __str__(self) -> str:
        return f"round {self.round} table {self.table}"


CODE_LETTERS = "ACDEFHJKMNPQRTUVWXY3479"
"""The letters of a table code: no look-alikes (0/O, 1/I/L, B/8, S/5, G/6)."""
CODE_LENGTH = 16
"""Letters in a table code, shown in groups of four. Guessing one is hopeless however many try at once, so no
throttle ever has to refuse a right code (tournaments.permissions.check_code):

- the codes: 23^16 = 6.1e21 (72 bits);
- the attacker, at full speed for an evening: 10,000 tries a second (the server answers a few hundred; the probe of
  issue 26 reached 150 a second from one client) for 6 hours, 2.2e8 tries;
- every live code of the site: 10,000 tables (500 sections of 20 tables running at once);
- each try hits one of the live codes with a chance of 1e4 / 6.1e21, so the evening finds one with a chance of at
  most 2.2e8 × 1e4 / 6.1e21 = 3.5e-10: about one in three billion, well under one in a million.

Six letters (23^6 = 1.5e8) would be found in two seconds at this rate: they needed a site-wide lock, which locked
every table out."""


def new_table_code() -> str:
    """A table's access code: CODE_LENGTH random letters (typed from its card or read from its QR code)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def read_code(text: str) -> str:
    """A code as typed or scanned: any case, with or without the spaces and dashes it is shown with."""
    return "".join(text.split()).replace("-", "").upper()


class TableCode(models.Model):
    """The access code a table's scorer enters on a phone (or scans from the table card's QR code): it reaches that
    table's current boards only. A new code is a new row's value: a phone's session keeps the code it signed in
    with, so a changed code signs that phone out (tournaments.permissions.session_code)."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="table_codes")
    table = models.PositiveSmallIntegerField()
    code = models.CharField(max_length=24, unique=True)

    class Meta:
        ordering = ["section_id", "table"]
        constraints = [models.UniqueConstraint(fields=["section", "table"], name="unique_table_code")]

    def __str__(self) -> str:
        return f"{self.section} table {self.table}"

    @property
    def shown(self) -> str:
        """The code as printed and shown: groups of four letters, easier to read out and type."""
        return "-".join(self.code[i : i + 4] for i in range(0, len(self.code), 4))


class FirstRun(models.Model):
    """The one row /welcome/ writes while it makes the first club and director: every first-run request locks it
    before checking that the database is still empty, so that requests at once make one club, not several
    (tournaments.pages.club.welcome)."""

    id = models.PositiveSmallIntegerField(primary_key=True, default=1)
    done = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"first run of {self.done:%Y-%m-%d %H:%M}"
