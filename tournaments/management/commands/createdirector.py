"""Make a director of a real club: `manage.py createdirector CLUB USERNAME` (CLUB is the club's slug or name).

The password comes from --password, else the TRAVELLER_PASSWORD variable, else it is asked for twice; Django's
password rules apply. An existing user keeps their password unless a new one is given, and becomes a director.
"""

import getpass
import os
import sys

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.db.models import Q

from tournaments.models import Club


class Command(BaseCommand):
    help = "Make USERNAME a director of CLUB (slug or name), creating the user with a password if new."

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's slug or name")
        parser.add_argument("username")
        parser.add_argument("--password", help="the password (else TRAVELLER_PASSWORD, else asked for)")

    def _password(self, options, needed: bool) -> str | None:
        password = options["password"] or os.environ.get("TRAVELLER_PASSWORD")
        if password or not needed:
            return password or None
        if not sys.stdin.isatty():
            raise CommandError(
                f"{options['username']} is a new user: give a password with --password or TRAVELLER_PASSWORD"
            )
        password = getpass.getpass("Password: ")
        if password != getpass.getpass("Password (again): "):
            raise CommandError("the two passwords differ")
        return password

    def handle(self, *args, club, username, **options):
        found = Club.objects.filter(Q(slug=club) | Q(name__iexact=club)).first()
        if found is None:
            known = ", ".join(Club.objects.order_by("slug").values_list("slug", flat=True)) or "none yet"
            raise CommandError(f"no club {club!r} (clubs: {known})")
        User = get_user_model()
        user = User.objects.filter(username=username).first()
        password = self._password({**options, "username": username}, needed=user is None)
        candidate = user or User(username=username)
        if password is not None:
            try:
                validate_password(password, candidate)
            except ValidationError as error:
                raise CommandError(f"password for {username}: {' '.join(error.messages)}") from None
            candidate.set_password(password)
        with transaction.atomic():
            candidate.save()
            found.directors.add(candidate)
        verb = "made" if user is None else "kept"
        self.stdout.write(f"User {username!r} {verb}; a director of {found.name}. Sign in at /login/.")
