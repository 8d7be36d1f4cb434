"""Write a section as USEBIO 1.2 XML."""

from games.exchange.usebio import export_usebio
from games.management.files import ExportCommand


class Command(ExportCommand):
    help = "Write a section as USEBIO 1.2 XML (pairs, standings, travellers, hand records)."
    export = staticmethod(export_usebio)
