"""The shared frame of the export commands: find the section, write the text to a file or stdout."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Section


class ExportCommand(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument("section", type=int, help="the section's id")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def export(self, section: Section, **options) -> str:
        raise NotImplementedError

    def handle(self, *args, section, output, **options):
        target = Section.objects.select_related("session__event__club").filter(id=section).first()
        if target is None:
            raise CommandError(f"no section {section}")
        text = self.export(target, **{k: v for k, v in options.items() if k == "standings"})
        if output:
            Path(output).write_text(text, encoding="utf-8")
            self.stdout.write(f"Wrote {output}.")
        else:
            self.stdout.write(text, ending="")
