"""Speed of the replay auditor: games per second for parsing a PBN archive and replaying every game in it.

    .venv/bin/python bench/replay.py [FILE] [--games N] [--repeat R] [--json]

Without FILE it uses the synthetic archive of bench/pbn.py (N played games, default 7,600: the ACBL session in
../shared/data/pbn/ repeated with seats rotated, or random deals played out when ../shared/ is missing).
Issue 3's target: about 7,600 played games (2 MB) parsed and replayed in under 2 s on one core.
Times are the best of --repeat runs (wall and CPU). With --json the last line is the figures.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.engine.bridge import rules  # noqa: E402
from games.engine.bridge.archive import replay_games  # noqa: E402
from games.formats import pbn  # noqa: E402


def synthetic_archive(count: int) -> tuple[str, str]:
    """The PBN reader's bench archive (bench/pbn.py), so both benches time the same text."""
    spec = importlib.util.spec_from_file_location("bench_pbn", ROOT / "bench" / "pbn.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.synthetic_archive(count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="a PBN file (default: a synthetic archive)")
    parser.add_argument("--games", type=int, default=7600, help="games in the synthetic archive")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is reported")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    if args.file:
        data = Path(args.file).read_bytes()
        origin = Path(args.file).name
    else:
        text, origin = synthetic_archive(args.games)
        data = text.encode("utf-8")
    rule_set = rules("duplicate-2017")
    best = parse_best = cpu_best = float("inf")
    for _ in range(args.repeat):
        gc.collect()
        cpu = time.process_time()
        start = time.perf_counter()
        games = pbn.parse(data, strict=False)
        parsed = time.perf_counter()
        report = replay_games(games, rule_set)
        end = time.perf_counter()
        cpu_best = min(cpu_best, time.process_time() - cpu)
        if end - start < best:
            best, parse_best = end - start, parsed - start
    summary = report.summary()
    kinds = Counter(i.kind.value for game in report.games for i in game.irregularities)
    figures = {
        "source": origin,
        "megabytes": round(len(data) / 1e6, 3),
        "games": summary["games"],
        "played_games": summary["with_play"],
        "irregular_games": summary["irregular"],
        "irregularities": dict(kinds),
        "parse_seconds": round(parse_best, 4),
        "replay_seconds": round(best - parse_best, 4),
        "seconds": round(best, 4),
        "cpu_seconds": round(cpu_best, 4),  # steadier than wall time when other work shares the machine
        "games_per_second": round(summary["games"] / best),
        "seconds_per_7600_games": round(best * 7600 / max(summary["games"], 1), 4),
    }
    for name, value in figures.items():
        print(f"{name:>24}: {value}")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
