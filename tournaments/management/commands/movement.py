"""`manage.py movement KIND ...`: generate a movement, check it, print it as cards, JSON or PDF."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from tournaments.movements import (
    MovementError,
    check,
    eight_players,
    howell,
    individual,
    mitchell,
    pivot,
    three_quarter_howell,
)
from tournaments.movements.cards import cards_pdf, cards_text, guide_cards, table_cards
from tournaments.movements.golfer import progressive_fixed
from tournaments.movements.jsonout import movement_data
from tournaments.movements.mitchell import EVEN_TABLE_METHODS
from tournaments.movements.teams import military, round_robin

KINDS = {
    "mitchell": "--tables N [--rounds R] [--even skip|relay|carry] [--arrow-switch R ...] [--missing P] [--rover]",
    "howell": "--pairs N [--rounds R]",
    "three-quarter-howell": "--pairs N",
    "individual": "--players N: a whist tournament Wh(N), or the best schedule with sit-outs",
    "eight-players": "Hoyle's eight individual players (no size)",
    "pivot": "four players, one table (no size)",
    "military": "--tables N: military euchre forts",
    "progressive-fixed": "--players N --rounds R [--seconds S]: a progressive party, no repeated partner",
    "round-robin": "--teams N (or --pairs N)",
}


class Command(BaseCommand):
    help = "Generate and check a movement. Kinds: " + "; ".join(f"{k} {v}" for k, v in KINDS.items())

    def add_arguments(self, parser):
        parser.add_argument("kind", choices=sorted(KINDS))
        size = parser.add_mutually_exclusive_group()
        size.add_argument("--tables", type=int)
        size.add_argument("--pairs", type=int)
        size.add_argument("--players", type=int)
        size.add_argument("--teams", type=int)
        parser.add_argument("--rounds", type=int)
        parser.add_argument("--boards-per-round", type=int, default=2)
        parser.add_argument("--even", choices=list(EVEN_TABLE_METHODS), default="skip")
        parser.add_argument("--arrow-switch", type=int, nargs="*", default=[])
        parser.add_argument("--missing", type=int)
        parser.add_argument("--rover", action="store_true")
        parser.add_argument("--seconds", type=float, default=5.0, help="search budget for progressive-fixed")
        parser.add_argument("--format", choices=["text", "json", "pdf"], default="text")
        parser.add_argument("--cards", choices=["guide", "table", "both"], default="both")
        parser.add_argument("--output", help="write to this file instead of stdout (PDF bytes or text)")

    def handle(self, *args, **options):
        try:
            movement = self._build(options)
        except MovementError as error:
            raise CommandError(str(error)) from None
        if options["format"] == "json":
            self._write(json.dumps(movement_data(movement), indent=2) + "\n", options["output"])
            return
        cards = []
        if options["cards"] in ("guide", "both"):
            cards += guide_cards(movement)
        if options["cards"] in ("table", "both"):
            cards += table_cards(movement)
        if options["format"] == "pdf":
            self._write(cards_pdf(cards), options["output"])
            return
        problems = check(movement)
        verdict = "check: ok" if not problems else "check: " + "; ".join(map(str, problems))
        self._write(cards_text(cards) + "\n" + verdict + "\n", options["output"])

    def _build(self, o):
        kind, rounds, boards = o["kind"], o["rounds"], o["boards_per_round"]

        def need(name):
            if o[name] is None:
                raise MovementError(f"{kind} needs --{name} (usage: {kind} {KINDS[kind]})")
            return o[name]

        if kind == "mitchell":
            return mitchell(
                need("tables"), rounds, boards, o["even"], o["arrow_switch"], o["missing"], o["rover"]
            )
        if kind == "howell":
            return howell(need("pairs"), rounds, boards)
        if kind == "three-quarter-howell":
            return three_quarter_howell(need("pairs"), boards)
        if kind == "individual":
            return individual(need("players"), boards)
        if kind == "eight-players":
            return eight_players(boards)
        if kind == "pivot":
            return pivot()
        if kind == "military":
            return military(need("tables"))
        if kind == "progressive-fixed":
            return progressive_fixed(need("players"), rounds or 1, seconds=o["seconds"])[0]
        return round_robin(o["teams"] or need("pairs"))

    def _write(self, content, path):
        if path:
            with open(path, "wb" if isinstance(content, bytes) else "w") as handle:
                handle.write(content)
        elif isinstance(content, bytes):
            sys.stdout.buffer.write(content)
            sys.stdout.buffer.flush()
        else:
            self.stdout.write(content, ending="")
