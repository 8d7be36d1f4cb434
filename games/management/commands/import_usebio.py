"""Import a USEBIO 1.2 XML session as a new event of a club (all or nothing)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from config.refusals import Refused
from games.exchange.store import store
from games.exchange.usebio import read_usebio
from games.management.files import report_import
from tournaments.models import Club


class Command(BaseCommand):
    help = "Import a USEBIO 1.2 XML file (pairs, travellers, hand records) as a new event of a club."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--club", required=True, help="the club's slug")

    def handle(self, *args, file, club, **options):
        owner = Club.objects.filter(slug=club).first()
        if owner is None:
            raise CommandError(f"no club {club!r}")
        path = Path(file)
        try:
            imported = read_usebio(path.read_bytes(), path.name)
            section = store(imported, owner, path.name)
        except (OSError, Refused) as error:
            raise CommandError(str(error)) from None
        report_import(self, section, imported.warnings)
