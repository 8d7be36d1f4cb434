"""Print a member's one-time sign-in link, for scripts and for clubs without mail."""

from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from config.refusals import Refused
from players import services
from tournaments.models import Player


class Command(BaseCommand):
    help = "Print a one-time sign-in link for a club's member: manage.py invite CLUB MEMBER_NUMBER"

    def add_arguments(self, parser):
        parser.add_argument("club", help="The club's address name (its slug, as in /clubs/<slug>/).")
        parser.add_argument("member_number", help="The member's number in that club.")
        parser.add_argument(
            "--base", default="http://localhost:8000", help="The site's address the link starts with."
        )

    def handle(self, *args, club, member_number, base, **options):
        player = Player.objects.filter(club__slug=club, federation_number=member_number).first()
        if player is None:
            raise CommandError(f"the club {club!r} has no member numbered {member_number!r}")
        try:
            token = services.make_link(player)
        except Refused as error:
            raise CommandError(error.message) from None
        link = base.rstrip("/") + reverse("sign-in-link", args=[token])
        self.stdout.write(
            f"Sign-in link for {player} ({player.club}), good once within {services.LINK_DAYS} days:"
        )
        self.stdout.write(link)
