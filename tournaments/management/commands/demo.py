"""Load the demo club. Idempotent: a second run changes nothing."""

from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments.models import Club, Player

DEMO_CLUB = {"slug": "demo", "name": "Traveller Demo Bridge Club", "city": "Riverton"}

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


class Command(BaseCommand):
    help = "Load the demo club (28 players). Safe to run again: it only adds what is missing."

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
