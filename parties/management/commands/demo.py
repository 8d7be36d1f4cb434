"""Load the demo club and its events. Idempotent: a second run changes nothing. It lives in the parties app, the top
of the stack, because it sets up one of everything, a party too.

The events: a finished 7-table Mitchell pairs session (dealt boards, every result entered, standings published),
a 5-table Howell in its fourth round, and a progressive euchre party in its second round (three prizes and the
lone-hand prize, ties cut from a secret seed drawn at the first recompute; every deal from a secret seed too). Results are made up but plausible: the side with more high-card
points declares, in its longest fit (or no-trumps) at the level its points suggest, and makes it give or take a
trick; the engine scores every one through the same services as the API.
"""

import random
from datetime import date

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from config.refusals import Refused
from games.engine.cards import Deal, Rank, Side, Suit
from games.lines import Line, score_line
from games.models import Board
from games.services import enter_result
from parties.bell import ring_bell
from parties.tallies import record_tally
from scoring.services import recompute_standings
from tournaments import rounds, services
from tournaments.models import Club, Entry, Event, Player, Section, Session

DEMO_CLUB = {"slug": "demo", "name": "Traveller Demo Bridge Club", "city": "Riverton"}
DEMO_DIRECTOR = ("director", "traveller-demo")
"""The demo club's director login (user name, password): fixed, as the demo runs on the user's own machine only;
real clubs' directors are made by `manage.py createdirector`."""

# 28 players: seven full tables of four, the size of a small club's weekly game.
DEMO_PLAYERS = [
    ("Ada", "Abbott"), ("Basil", "Barker"), ("Clara", "Culbertson"), ("Desmond", "Dalton"),
    ("Edith", "Ely"), ("Felix", "Foster"), ("Grace", "Goren"), ("Hugo", "Hale"),
    ("Iris", "Irwin"), ("Jasper", "Jacoby"), ("Kitty", "Keller"), ("Leo", "Lenz"),
    ("Mabel", "Moyse"), ("Nigel", "Nash"), ("Olive", "Oakley"), ("Percy", "Parker"),
    ("Queenie", "Quinn"), ("Rupert", "Reese"), ("Sylvia", "Sims"), ("Tobias", "Truscott"),
    ("Una", "Upton"), ("Victor", "Vanderbilt"), ("Winifred", "Work"), ("Xavier", "Xu"),
    ("Yvonne", "Young"), ("Zachary", "Zeller"), ("Agnes", "Ames"), ("Bernard", "Bell"),
]  # fmt: skip

MITCHELL = "Monday Pairs"
HOWELL = "Thursday Howell"
EUCHRE = "Saturday Euchre Party"

# The party's second round, seated by the host after the first bell (winners split up, as the book moves them).
EUCHRE_ROUND_2 = [
    {"table": 1, "seats": {"N": "1", "E": "6", "S": "3", "W": "8"}},
    {"table": 2, "seats": {"N": "2", "E": "9", "S": "5", "W": "12"}},
    {"table": 3, "seats": {"N": "4", "E": "10", "S": "7", "W": "11"}},
]
EUCHRE_ROUND_1 = [
    {
        "table": t,
        "seats": dict(zip("NESW", (str(4 * t - 3), str(4 * t - 2), str(4 * t - 1), str(4 * t)), strict=True)),
    }
    for t in (1, 2, 3)
]
_HCP = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def plausible(board: Board, rng: random.Random) -> dict:
    """A result a club might see on this deal (see the module docstring)."""
    hands = Deal.from_pbn(board.deal).hands
    points = {side: sum(_HCP.get(c.rank, 0) for seat in side.seats for c in hands[seat]) for side in Side}
    side = max(Side, key=lambda s: (points[s], s is Side.NS))
    if points[side] < 20 and rng.random() < 0.3:
        return {"contract": "Pass"}
    fits = {suit: sum(1 for seat in side.seats for c in hands[seat] if c.suit is suit) for suit in Suit}
    suit = max(fits, key=lambda s: (fits[s], s.order))
    strain = suit.value if fits[suit] >= 8 else "NT"
    total = points[side] + rng.choice((-1, 0, 0, 1))
    game = {"NT": 3, "S": 4, "H": 4}.get(strain, 5)
    level = (
        7 if total >= 37 else 6 if total >= 33 else game if total >= 25 else 2 if total < 23 else min(3, game)
    )
    declarer = max(side.seats, key=lambda seat: (sum(1 for c in hands[seat] if c.suit is suit), seat.index))
    leader = declarer.next
    tricks = min(13, max(0, 6 + level + rng.choice((-2, -1, 0, 0, 0, 1, 1))))
    lead = sorted(hands[leader])[rng.randrange(13)]
    return {"contract": f"{level}{strain}", "declarer": declarer.value, "tricks": tricks, "lead": str(lead)}


def _event(club: Club, name: str, when: date, section_name: str, **section) -> tuple[Section, bool]:
    event, created = Event.objects.get_or_create(club=club, name=name, defaults={"date": when})
    session, _ = Session.objects.get_or_create(event=event, number=1)
    found, new = Section.objects.get_or_create(session=session, name=section_name, defaults=section)
    return found, created or new


def _name_entries(section: Section, players: list[Player]) -> None:
    """Pairs get two demo players each (pair n: players 2n-1 and 2n); individuals one."""
    for entry in section.entries.all():
        if entry.kind == "player":
            chosen = [players[entry.number - 1]]
        else:
            chosen = players[2 * entry.number - 2 : 2 * entry.number]
        entry.players.clear()  # then added in order: the through rows keep the order the name gives
        through = Entry.players.through
        through.objects.bulk_create([through(entry=entry, player=player) for player in chosen])
        entry.name = " & ".join(str(p) for p in chosen)
        entry.save(update_fields=["name"])


def _play(section: Section, rounds, rng: random.Random, upto_table: int | None = None) -> int:
    """Enter a plausible result for every board of the given rounds (the last round up to `upto_table`)."""
    entered = 0
    boards = {b.number: b for b in section.boards.all()}
    last = max(rounds)
    for seating in (
        section.seatings.filter(round__in=rounds).select_related("ns", "ew").order_by("round", "table")
    ):
        if (
            seating.ns is None
            or seating.ew is None
            or (seating.round == last and upto_table and seating.table > upto_table)
        ):
            continue
        for number in seating.boards:
            values = plausible(boards[number], rng)
            line: Line = score_line(section, boards[number], values["contract"], values.get("declarer", ""),
                                    values.get("tricks"), values.get("lead", ""))  # fmt: skip
            enter_result(section, boards[number], seating.ns, seating.ew, line, round=seating.round,
                         table=seating.table, by=f"table {seating.table} scorer")  # fmt: skip
            entered += 1
    return entered


class Command(BaseCommand):
    help = "Load the demo club and its events. Safe to run again: it only adds what is missing."

    @transaction.atomic
    def handle(self, *args, **options):
        club, created = Club.objects.get_or_create(
            slug=DEMO_CLUB["slug"], defaults={"name": DEMO_CLUB["name"], "city": DEMO_CLUB["city"]}
        )
        added = 0
        for number, (first, last) in enumerate(DEMO_PLAYERS, start=1):
            _, new = Player.objects.get_or_create(
                club=club,
                federation_number=f"D{number:04d}",
                defaults={"first_name": first, "last_name": last},
            )
            added += new
        verb = "created" if created else "kept"
        self.stdout.write(
            f"Demo club {club.name!r} {verb}; {added} players added, {club.players.count()} in all."
        )
        self.stdout.write(self.director(club))
        players = list(club.players.order_by("federation_number"))
        for build in (self.mitchell, self.howell, self.euchre):
            try:
                with transaction.atomic():  # an event is loaded whole or not at all
                    self.stdout.write(build(club, players))
            except Refused as error:
                self.stderr.write(f"Demo event not loaded: {error}")

    def director(self, club: Club) -> str:
        username, password = DEMO_DIRECTOR
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            user = get_user_model().objects.create_user(username, password=password)
        club.directors.add(user)
        return f"Director login for the demo club: user {username!r}, password {password!r} (at /login/)."

    def mitchell(self, club: Club, players: list[Player]) -> str:
        section, new = _event(club, MITCHELL, date(2026, 11, 16), "A")
        if not new:
            return f"{MITCHELL!r} kept."
        movement = services.generate_movement("mitchell", tables=7, boards_per_round=3)
        services.install_movement(section, movement, None)
        _name_entries(section, players)
        services.deal_boards(section)
        section = services.set_status(section, "running", None)
        entered = _play(section, range(1, 8), random.Random(1))
        rounds.advance(section, 7)
        services.set_status(section, "finished", None)
        services.set_status(section, "published", None)
        recompute_standings(section.id)
        return f"{MITCHELL!r}: a 7-table Mitchell, {entered} results, published."

    def howell(self, club: Club, players: list[Player]) -> str:
        section, new = _event(club, HOWELL, date(2026, 11, 19), "A")
        if not new:
            return f"{HOWELL!r} kept."
        services.install_movement(
            section, services.generate_movement("howell", pairs=10, boards_per_round=3), None
        )
        _name_entries(section, players[8:])
        services.deal_boards(section)
        section = services.set_status(section, "running", None)
        entered = _play(section, range(1, 5), random.Random(2), upto_table=3)
        rounds.advance(section, 4)
        recompute_standings(section.id)
        return f"{HOWELL!r}: a 5-table Howell running, round 4 of 9, {entered} results."

    def euchre(self, club: Club, players: list[Player]) -> str:
        section, new = _event(club, EUCHRE, date(2026, 11, 21), "A", game="euchre", scoring_method="progressive",
                              prizes=3, lone_hand_prize=True)  # fmt: skip
        if not new:
            return f"{EUCHRE!r} kept."
        movement = {"kind": "progressive", "rounds": [{"round": 1, "tables": EUCHRE_ROUND_1}]}
        services.install_movement(section, movement, None)
        _name_entries(section, players)
        section = services.set_status(section, "running", None)
        for table, (ns, ew, lone) in {1: (5, 3, {}), 2: (2, 7, {"S": 1}), 3: (6, 4, {"W": 1})}.items():
            record_tally(section, table, {"hands": 8, "ns_points": ns, "ew_points": ew, "lone_hands": lone})
        ring_bell(section, None, EUCHRE_ROUND_2)
        for table, (ns, ew) in {1: (3, 2), 2: (4, 4)}.items():
            record_tally(
                Section.objects.get(id=section.id), table, {"hands": 5, "ns_points": ns, "ew_points": ew}
            )
        recompute_standings(section.id)
        return f"{EUCHRE!r}: a 3-table progressive euchre party in round 2, three prizes and the lone-hand prize."
