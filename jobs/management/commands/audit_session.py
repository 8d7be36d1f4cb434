"""`python manage.py audit_session SECTION` or `--file FILE`: the replay audit as a job, with a progress bar."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.engine.bridge import RULE_SETS
from jobs import services
from jobs.management.progress import run
from tournaments.models import Section


class Command(BaseCommand):
    help = "Replay every play record of a section (or every game of a .pbn, .egn or .deal.json file) and report irregularities."

    def add_arguments(self, parser):
        parser.add_argument("section", type=int, nargs="?", help="the section's id")
        parser.add_argument(
            "--file", help="a .pbn, .egn or .deal.json file instead of a section (readable by the workers)"
        )
        parser.add_argument("--rules", choices=sorted(RULE_SETS), default="duplicate-2017")
        parser.add_argument("--timeout", type=float, default=3600, help="seconds to wait for the job")

    def handle(self, *args, **options):
        if (options["section"] is None) == (options["file"] is None):
            raise CommandError("give a section id or --file, one of the two")
        if options["file"]:
            path = Path(options["file"]).resolve()
            if not path.is_file():
                raise CommandError(f"{path}: no such file")
            start = lambda: services.start("audit", None, {"path": str(path), "rules": options["rules"]})  # noqa: E731
        else:
            section = Section.objects.filter(id=options["section"]).first()
            if section is None:
                raise CommandError(f"no section {options['section']}")
            start = lambda: services.start("audit", section)  # noqa: E731
        job = run(start, "audit", options["timeout"], options["verbosity"] > 0)
        summary = job.result
        kinds = ", ".join(f"{kind} {n}" for kind, n in summary["irregularities"].items()) or "none"
        self.stdout.write(
            f"{summary['games']} games, {summary['with_play']} with play, {summary['irregular']} irregular "
            f"(job {job.id}); irregularities: {kinds}"
        )
