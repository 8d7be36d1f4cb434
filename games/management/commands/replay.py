"""`python manage.py replay FILE [--dd] [--format text|json] [--rules NAME]`: audit every played hand in a file.

A .pbn file goes through the bridge auditor (games.formats.pbn.audit), and so does a BBO .lin file once
games.formats.lin has read it as PBN games; an .egn file goes through the euchre one (games.formats.egn), a .deal.json
deal record of whist, hearts or Five Hundred through theirs (games.formats.deal_record). The JSON is the shape of
issue 3: {"games": [...], "summary": {...}}.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.engine.bridge import RULE_SETS, rules
from games.engine.report import Report
from games.formats import deal_record, lin
from games.formats.egn import replay_file as replay_egn
from games.formats.pbn.audit import replay_file as replay_pbn
from games.formats.pbn.audit import replay_games


class Command(BaseCommand):
    help = "Replay every game in a .pbn, .lin, .egn or .deal.json file card by card and report each irregularity."

    def add_arguments(self, parser):
        parser.add_argument(
            "file",
            help="a .pbn or .lin (bridge), .egn (euchre) or .deal.json (whist, hearts, Five Hundred) file",
        )
        parser.add_argument(
            "--dd", action="store_true", help="add double-dummy table, par and card costs (bridge)"
        )
        parser.add_argument("--format", choices=("text", "json"), default="text")
        parser.add_argument(
            "--rules", choices=sorted(RULE_SETS), default="duplicate-2017", help="bridge scoring rule set"
        )

    def handle(self, *args, **options):
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path}: no such file")
        data = path.read_bytes()
        if not data.strip():
            raise CommandError(f"{path}: the file is empty")
        suffix = path.suffix.lower()
        if suffix == ".pbn":
            report = replay_pbn(path, rules(options["rules"]), dd=options["dd"])
        elif suffix == ".lin":
            report = replay_games(lin.games(lin.parse_file(path)), rules(options["rules"]), dd=options["dd"])
        elif suffix == ".egn":
            if options["dd"]:
                raise CommandError(
                    "--dd is double-dummy analysis of bridge deals; it does not apply to euchre"
                )
            report = Report(tuple(replay_egn(path)))
        elif deal_record.is_deal_record(path):
            if options["dd"]:
                raise CommandError(
                    "--dd is double-dummy analysis of bridge deals; it does not apply to a deal record"
                )
            report = Report(tuple(deal_record.replay_file(path)))
        else:
            raise CommandError(
                f"{path}: expected a .pbn, .lin, .egn or {deal_record.SUFFIX} file, not {suffix or 'no extension'}"
            )
        if not report.games:
            why = (
                "it holds NUL bytes: a binary file, or UTF-16 text without a byte-order mark"
                if b"\x00" in data
                else f"nothing in it reads as a {suffix[1:]} game"
            )
            raise CommandError(f"{path}: no games in the file: {why}")
        if options["format"] == "json":
            self.stdout.write(json.dumps(report.to_json(), ensure_ascii=False))
        else:
            self.stdout.write(report.to_text())
