"""`python manage.py rotate --players P --rounds R [--seconds S]`: a fixed-rotation progressive party searched for
as a job within a time budget, with a progress bar; the best schedule found is printed as JSON (or --out FILE)."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand

from jobs import services
from jobs.management.progress import run


class Command(BaseCommand):
    help = "Search a progressive party's seating (no partner twice, few repeated opponents) on the workers."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument("--seconds", type=float, default=10, help="the search's time budget")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--out", help="write the movement's JSON here instead of printing it")

    def handle(self, *args, **options):
        arguments = {name: options[name] for name in ("players", "rounds", "seconds", "seed")}
        job = run(
            lambda: services.start("rotate", None, arguments),
            "rotate",
            options["seconds"] * 3 + 60,
            options["verbosity"] > 0,
        )
        quality = job.result["quality"]
        text = json.dumps(job.result["movement"], indent=1)
        if options["out"]:
            Path(options["out"]).write_text(text)
        else:
            self.stdout.write(text)
        self.stderr.write(
            f"job {job.id}: {quality['partner_repeats']} partner, {quality['opponent_repeats']} opponent and "
            f"{quality['table_repeats']} table repeats in {job.result['seconds']} s"
        )
