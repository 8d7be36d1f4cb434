"""Re-score a .pbn or USEBIO .xml session from its raw scores; optionally compare with the file's own answers."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from scoring.methods import rescore


def _cut(message: str, keep: int = 200) -> str:
    """A message that quotes a line of a file keeps its beginning and end: what is wrong, not a 30 MB line."""
    if len(message) <= 2 * keep + 40:
        return message
    return f"{message[:keep]} ... ({len(message) - 2 * keep} characters cut) ... {message[-keep:]}"


class Command(BaseCommand):
    help = (
        "Re-compute a session (.pbn ScoreTables or USEBIO .xml) from its raw scores and adjustments, ignoring the "
        "file's answers. --compare lists every published figure that differs and exits 1 if any does."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--method", choices=[m.value for m in rescore.Method], default="auto")
        parser.add_argument("--format", choices=["text", "json"], default="text")
        parser.add_argument(
            "--compare", action="store_true", help="print the differences from the file's answers"
        )

    def handle(self, *args, **options):
        try:
            result = rescore.rescore(rescore.read(options["file"]), rescore.Method(options["method"]))
        except (OSError, ValueError, LookupError) as error:
            raise CommandError(f"{options['file']}: {_cut(str(error))}") from None
        differences = result.differences if options["compare"] else []
        if options["format"] == "json":
            self.stdout.write(json.dumps(result.as_json(), ensure_ascii=False))
            for difference in differences:
                self.stderr.write(difference)
        else:
            self.stdout.write(rescore.text_report(result, differences))
        if options["compare"]:
            if differences:
                self.stderr.write(f"{len(differences)} difference(s) from the file's published answers")
                sys.exit(1)
            self.stderr.write("no difference from the file's published answers")
