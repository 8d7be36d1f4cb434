"""Speed of importing a session: a shared PBN or USEBIO file read and stored as a new event, on SQLite and PostgreSQL.

    .venv/bin/python bench/imports.py [--repeat R] [--json]

Each file (../shared/data: test_set.pbn, the ACBL session, two USEBIO Mitchells; a file not there is skipped,
saying so) is read (games.exchange.pbn, games.exchange.usebio) and stored (games.exchange.store: event, pairs,
players, boards, results and their versions) inside a transaction that is then rolled back, so every run starts
from the same database and none leaves a row behind. The reference, timed in the same process in turn with each
import, is the pure format's parse of the same bytes (games.formats.pbn.parse, games.formats.usebio.loads),
which the import does first: `ratio` is the import's best wall time over the parse's, `cpu_ratio` the same by
this process's CPU time (steadier on a busy machine; on PostgreSQL it leaves out the server's work, which the
wall time holds). Both carry over between machines and between versions of the code where seconds do not.

The figures are taken on SQLite (a new file in a temporary directory) and, when DATABASE_URL is set, on that
PostgreSQL database (migrated first; the imports leave nothing in it), each in a process of its own, as Django
takes one database per process. Times are the best of --repeat runs. With --json the last line is one JSON
object: per database, per file, `lines`, `import_seconds`, `import_cpu_seconds`, `parse_seconds`, `ratio` and
`cpu_ratio`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.pbn import best_time  # noqa: E402 - best wall and CPU of runs, as the PBN bench takes them

DATA = ROOT.parent / "shared" / "data"
FILES = (
    "pbn/test_set.pbn",
    "pbn/acbl_1607_pairs_acbl_sat_1pm_speedball.pbn",
    "usebio/mp_pairs_mitchell.xml",
    "usebio/butler_mitchell.xml",
)


class RolledBack(Exception):
    """Raised at the end of a timed import so that its transaction leaves nothing."""


def figures(repeat: int) -> dict:
    """Time each file's import and parse on the database of this process (DATABASE_URL)."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.core.management import call_command
    from django.db import transaction

    from games.exchange.pbn import read_pbn
    from games.exchange.store import store
    from games.exchange.usebio import read_usebio
    from games.formats import pbn, usebio
    from tournaments.models import Club

    call_command("migrate", verbosity=0)
    out: dict = {}
    for name in FILES:
        path = DATA / name
        if not path.exists():
            out[name] = {"skipped": f"{path} is not here (the shared data sits beside the checkout)"}
            continue
        data = path.read_bytes()
        read, parse = (read_pbn, pbn.parse) if name.endswith(".pbn") else (read_usebio, usebio.loads)
        held: dict = {}

        def imported(data=data, read=read, name=path.name, held=held) -> None:
            try:
                with transaction.atomic():
                    club = Club.objects.create(name="Bench club", slug="bench-imports")
                    held["file"] = read(data, name)
                    store(held["file"], club, name)
                    raise RolledBack
            except RolledBack:
                pass

        imports, parses = [], []
        for _ in range(repeat):  # in turn, so that a change of the machine's load touches both alike
            imports.append(best_time(imported, 1))
            parses.append(
                best_time(lambda data=data, parse=parse: parse(data), 5)
            )  # a few ms: its best of more
        wall, cpu = min(t[0] for t in imports), min(t[1] for t in imports)
        parse_wall, parse_cpu = min(t[0] for t in parses), min(t[1] for t in parses)
        out[name] = {
            "lines": len(held["file"].lines),
            "import_seconds": round(wall, 4),
            "import_cpu_seconds": round(cpu, 4),
            "parse_seconds": round(parse_wall, 4),
            "ratio": round(wall / parse_wall, 1),
            "cpu_ratio": round(cpu / parse_cpu, 1),
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is reported")
    parser.add_argument("--json", action="store_true")
    # one database, in this process (the parent runs one such child for each database)
    parser.add_argument("--here", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.here:
        print(json.dumps(figures(args.repeat)))
        return
    databases = {}
    with tempfile.TemporaryDirectory() as folder:
        urls = {"sqlite": f"sqlite:///{folder}/imports.sqlite3"}
        if os.environ.get("DATABASE_URL", "").startswith("postgres"):
            urls["postgresql"] = os.environ["DATABASE_URL"]
        for vendor, url in urls.items():
            child = subprocess.run(
                [sys.executable, __file__, "--here", "--repeat", str(args.repeat)],
                env=os.environ | {"DATABASE_URL": url},
                capture_output=True,
                text=True,
            )
            if child.returncode:
                raise SystemExit(f"{vendor}: {child.stderr}")
            databases[vendor] = json.loads(child.stdout.splitlines()[-1])
    for vendor, files in databases.items():
        for name, values in files.items():
            shown = ", ".join(f"{key} {value}" for key, value in values.items())
            print(f"{vendor:>10} {Path(name).name:>44}: {shown}")
    if args.json:
        print(json.dumps(databases))


if __name__ == "__main__":
    main()
