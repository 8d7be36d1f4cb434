"""`python manage.py analyse_boards SECTION`: double-dummy analysis of a Section's boards as a job, with a bar."""

from django.core.management.base import BaseCommand, CommandError

from jobs import services
from jobs.management.progress import run
from tournaments.models import Section


class Command(BaseCommand):
    help = (
        "Analyse every dealt board of a section double dummy (table, par, played cards' cost) on the workers."
    )

    def add_arguments(self, parser):
        parser.add_argument("section", type=int, help="the section's id")
        parser.add_argument("--timeout", type=float, default=3600, help="seconds to wait for the job")

    def handle(self, *args, **options):
        section = Section.objects.filter(id=options["section"]).first()
        if section is None:
            raise CommandError(f"no section {options['section']}")
        job = run(
            lambda: services.start("analyse", section),
            "analyse",
            options["timeout"],
            options["verbosity"] > 0,
        )
        par = ", ".join(f"{board}: {score:+d}" for board, score in job.result["par"].items())
        self.stdout.write(f"{job.result['boards']} boards analysed (job {job.id}); par N-S {par}")
