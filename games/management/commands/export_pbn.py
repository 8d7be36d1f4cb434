"""Write a section as PBN: hand records, a ScoreTable per board and the TotalScoreTable."""

from games.exchange.pbn import export_pbn
from games.management.files import ExportCommand


class Command(ExportCommand):
    help = "Write a section as PBN (hand records, ScoreTable per board, TotalScoreTable)."
    export = staticmethod(export_pbn)
