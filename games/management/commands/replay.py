"""`python manage.py replay FILE [--dd] [--format text|json] [--rules NAME]`: audit every played hand in a file.

A .pbn file goes through the bridge auditor (games.engine.bridge.archive), an .egn file through the euchre one
(games.formats.egn). The JSON is the shape of issue 3: {"games": [...], "summary": {...}}.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.engine.bridge import RULE_SETS, rules
from games.engine.bridge.archive import replay_file as replay_pbn
from games.engine.report import Report
from games.formats.egn import replay_file as replay_egn


class Command(BaseCommand):
    help = "Replay every game in a .pbn or .egn file card by card and report each irregularity."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a .pbn (bridge) or .egn (euchre) file")
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
        suffix = path.suffix.lower()
        if suffix == ".pbn":
            report = replay_pbn(path, rules(options["rules"]), dd=options["dd"])
        elif suffix == ".egn":
            if options["dd"]:
                raise CommandError(
                    "--dd is double-dummy analysis of bridge deals; it does not apply to euchre"
                )
            report = Report(tuple(replay_egn(path)))
        else:
            raise CommandError(f"{path}: expected a .pbn or .egn file, not {suffix or 'no extension'}")
        if options["format"] == "json":
            self.stdout.write(json.dumps(report.to_json(), ensure_ascii=False))
        else:
            self.stdout.write(report.to_text())
