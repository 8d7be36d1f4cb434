"""The shared frame of the import and export commands: report an import, find a section, write a file or stdout."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Section


def report_import(command: BaseCommand, section: Section, warnings: list[str]) -> None:
    """Print an import's warnings (to stderr) and what it made."""
    for warning in warnings:
        command.stderr.write(f"warning: {warning}")
    command.stdout.write(f"Imported {section} (id {section.id}): {section.entries.count()} pairs, "
                         f"{section.boards.count()} boards, {section.results.count()} results.")  # fmt: skip


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
