"""`manage.py export_deals SECTION --format dlm|dup|pbn|lin|lin-hands|... [-o FILE]`: a section's deals for a dealing machine."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from config.refusals import Refused
from games.formats.handrecords import FORMATS
from tournaments.models import Section
from tournaments.services import hand_record_file


class Command(BaseCommand):
    help = "Write a section's deals as a hand-record file (dealing machines, BBO, other programs)."

    def add_arguments(self, parser):
        parser.add_argument("section", type=int, help="the section's id")
        parser.add_argument(
            "--format",
            required=True,
            choices=list(FORMATS),
            help="; ".join(f"{f.name}: {f.title}" for f in FORMATS.values()),
        )
        parser.add_argument(
            "-o", "--output", help="file to write (default: the section's name and the format's extension)"
        )

    def handle(self, *args, section, format, output, **options):
        target = Section.objects.select_related("session__event").filter(id=section).first()
        if target is None:
            raise CommandError(f"no section {section}")
        try:
            data, name, kind = hand_record_file(target, format)
            path = Path(output or name)
            path.write_bytes(data)
        except (Refused, OSError) as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Wrote {target.boards.count()} boards of {target} to {path} ({kind.title}).")
