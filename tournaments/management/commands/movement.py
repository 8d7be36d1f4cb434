"""`manage.py movement KIND ...`: generate a movement, check it, print it as cards, JSON or PDF."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from tournaments.movements import MovementError, check
from tournaments.movements.cards import cards_pdf, cards_text, guide_cards, table_cards
from tournaments.movements.jsonout import movement_data
from tournaments.movements.mitchell import EVEN_TABLE_METHODS
from tournaments.movements.registry import KINDS, Kind


def usage(kind: Kind) -> str:
    """How to ask for a kind on the command line, from its sizes and options."""
    size = " or ".join(f"--{s} N" for s in kind.sizes) or "(no size)"
    options = "".join(f" [--{o.replace('_', '-')}]" for o in kind.options)
    return f"{size}{options}: {kind.description}"


class Command(BaseCommand):
    help = "Generate and check a movement. Kinds: " + "; ".join(f"{k} {usage(v)}" for k, v in KINDS.items())

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
        kind = KINDS[o["kind"]]
        values = {name: o[name] for name in kind.options}
        if kind.size is not None:
            size = next((o[s] for s in kind.sizes if o[s] is not None), None)
            if size is None:
                raise MovementError(f"{kind.name} needs --{kind.size} (usage: {kind.name} {usage(kind)})")
            values[kind.size] = size
        return kind.generate(**values)

    def _write(self, content, path):
        if path:
            with open(path, "wb" if isinstance(content, bytes) else "w") as handle:
                handle.write(content)
        elif isinstance(content, bytes):
            sys.stdout.buffer.write(content)
            sys.stdout.buffer.flush()
        else:
            self.stdout.write(content, ending="")
