"""Write a section's results (or, with --standings, its standings) as CSV."""

from games.exchange.csv import results_csv, standings_csv
from games.management.files import ExportCommand


class Command(ExportCommand):
    help = "Write a section's results as CSV, or its standings with --standings."

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--standings", action="store_true", help="the standings instead of the results")

    def export(self, section, standings=False, **options):
        return standings_csv(section) if standings else results_csv(section)
