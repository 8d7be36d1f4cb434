"""`python manage.py check_pbn FILE [--format text|json]`: PBN 2.1's check mode, every problem of every game.

Ordinary imports read a file leniently where the standard lets a program (games.formats.pbn); this lists
everything the PBN Verifier would (games.formats.pbn.checker), game by game, and exits non-zero on an error.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.formats.pbn import check


class Command(BaseCommand):
    help = "Check a PBN file against PBN 2.1 game by game, as the PBN Verifier does."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a .pbn file")
        parser.add_argument("--format", choices=("text", "json"), default="text")

    def handle(self, *args, **options):
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path}: no such file")
        reports = check(path.read_bytes(), source=path.name)
        if options["format"] == "json":
            self.stdout.write(json.dumps({"games": [
                {"game": r.label, "line": r.first_line, "ok": r.ok,
                 "problems": [{"kind": p.kind, "message": p.message, "line": p.line, "warning": p.warning}
                              for p in r.problems]}
                for r in reports
            ]}, indent=1))  # fmt: skip
        else:
            for report in reports:
                for problem in report.problems:
                    self.stdout.write(f"{path.name}, {report.label} (line {report.first_line}): {problem}")
        bad = sum(not r.ok for r in reports)
        summary = f"{len(reports)} games, {bad} with errors"
        if bad:
            raise CommandError(summary)
        self.stdout.write(summary)
