"""Print the first-run page's address with its setup token (tournaments.pages.club.welcome), while the database has nobody to
sign in as; `make run` and the compose file's web service run it at start (with -v0: silent once set up)."""

from django.core.management.base import BaseCommand

from tournaments.signin import first_run, setup_address


class Command(BaseCommand):
    help = "Print the address that sets up a new installation (its club and first director), while it has no user."

    def add_arguments(self, parser):
        parser.add_argument("--base", default="http://127.0.0.1:8000/", help="the site's address")

    def handle(self, *args, **options):
        if first_run():
            self.stdout.write(
                f"Set up Traveller (its club and first director) at {setup_address(options['base'])}"
            )
        elif options["verbosity"]:
            self.stdout.write(
                "Traveller is set up: directors sign in at /login/ (more: manage.py createdirector)."
            )
