"""Import a PBN file: a session with its results as a new event, or (--section) the hand records of a section."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from config.refusals import Refused
from games.exchange.pbn import read_pbn
from games.exchange.store import store
from games.management.files import report_import
from tournaments.models import Club, Section
from tournaments.services import import_hand_records


class Command(BaseCommand):
    help = "Import a PBN file: results (ScoreTable or one game per table) as a new event, or hand records."

    def add_arguments(self, parser):
        parser.add_argument("file")
        where = parser.add_mutually_exclusive_group(required=True)
        where.add_argument("--club", help="the club's slug: import the file's session as a new event")
        where.add_argument("--section", type=int, help="a section's id: set its deals from the file")

    def handle(self, *args, file, club, section, **options):
        path = Path(file)
        try:
            data = path.read_bytes()
            if section is not None:
                target = Section.objects.filter(id=section).first()
                if target is None:
                    raise CommandError(f"no section {section}")
                count = import_hand_records(target, data, path.name, "pbn")
                self.stdout.write(f"Dealt {count} boards of {target} from {path.name}.")
                return
            owner = Club.objects.filter(slug=club).first()
            if owner is None:
                raise CommandError(f"no club {club!r}")
            imported = read_pbn(data, path.name)
            target = store(imported, owner, path.name)
        except (OSError, Refused) as error:
            raise CommandError(str(error)) from None
        report_import(self, target, imported.warnings)
