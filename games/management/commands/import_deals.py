"""`manage.py import_deals SECTION FILE [--format dlm|dup|pbn|lin|...]`: a dealing machine's file as a section's
deals, all boards or none; boards that already have results are refused by number."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from config.refusals import Refused
from games.formats.handrecords import FORMATS
from tournaments.models import Section
from tournaments.services import import_hand_records


class Command(BaseCommand):
    help = "Set a section's deals from a hand-record file (dealing machines, BBO, other programs)."

    def add_arguments(self, parser):
        parser.add_argument("section", type=int, help="the section's id")
        parser.add_argument("file")
        parser.add_argument(
            "--format", choices=list(FORMATS), help="the file's format (default: by its extension)"
        )

    def handle(self, *args, section, file, format, **options):
        target = Section.objects.filter(id=section).first()
        if target is None:
            raise CommandError(f"no section {section}")
        path = Path(file)
        try:
            count = import_hand_records(target, path.read_bytes(), path.name, format)
        except (Refused, OSError) as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Dealt {count} boards of {target} from {path.name}.")
