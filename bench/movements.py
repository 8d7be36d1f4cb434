"""Movement benchmark: generate and check every Mitchell and Howell for 2..60 tables and every Wh(v) up to 100
players (target: any single movement under 50 ms), and the 32-player progressive party (social golfer 8-4-w):
rounds with no two players at one table twice reached within 60 s (target 9, record 10).

    .venv/bin/python bench/movements.py [--json] [--golfer-seconds 60]

With --json the last line is one JSON object of the figures.
"""

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements import MovementError, check, howell, mitchell, whist  # noqa: E402
from tournaments.movements.golfer import _movement, golfer_search, progressive_fixed, quality  # noqa: E402


def timed(build, repeats=3):
    """The best of a few runs (the machine is shared), generating and checking."""
    best = None
    for _ in range(repeats):
        start = time.perf_counter()
        problems = check(build())
        elapsed = (time.perf_counter() - start) * 1000
        best = elapsed if best is None else min(best, elapsed)
    return best, problems


def sweep(label, builds):
    times, failures = {}, []
    for size, build in builds:
        try:
            ms, problems = timed(build)
        except MovementError as error:
            failures.append(f"{label} {size}: {error}")
            continue
        times[size] = ms
        if problems:
            failures.append(f"{label} {size}: {problems[0]}")
    worst = max(times, key=times.get)
    total = sum(times.values())
    print(f"{label}: {len(times)} sizes, {total:.0f} ms in all, slowest {worst} at {times[worst]:.1f} ms")
    return {
        "count": len(times),
        "total_ms": round(total, 1),
        "max_ms": round(times[worst], 2),
        "slowest": worst,
    }, failures


def golfer(seconds):
    """Design first (cosets of independent planes of GF(2)^5: 9 rounds), then search for 10 from it; and the
    search alone from random tables, one more round each time it succeeds, within the same budget."""
    start = time.perf_counter()
    design, q = progressive_fixed(32, 9, seconds=0)
    design_rounds = 9 if q.table_repeats == 0 else 0
    design_ms = (time.perf_counter() - start) * 1000
    weeks = [[[p - 1 for p in t.players] for t in rnd.tables] for rnd in design.rounds]
    tenth = [list(range(i, i + 4)) for i in range(0, 32, 4)]
    extended = golfer_search(32, 10, seconds=seconds / 2, start=[*weeks, tenth])
    ten_cost = quality(_movement(32, extended, "search")).table_repeats
    reached, deadline = 0, time.monotonic() + seconds / 2
    rounds = 6
    while time.monotonic() < deadline:
        found = golfer_search(32, rounds, seconds=deadline - time.monotonic(), seed=rounds)
        if quality(_movement(32, found, "search")).table_repeats:
            break
        reached, rounds = rounds, rounds + 1
    print(
        f"golfer 32 players: design {design_rounds} rounds in {design_ms:.1f} ms; 10 rounds from the design: "
        f"{ten_cost} repeated meetings left after {seconds / 2:.0f} s; search alone: {reached} rounds "
        f"in {seconds / 2:.0f} s"
    )
    return {
        "rounds_reached": 10 if ten_cost == 0 else max(design_rounds, reached),
        "design_rounds": design_rounds,
        "design_ms": round(design_ms, 2),
        "ten_rounds_repeats_left": ten_cost,
        "search_only_rounds": reached,
        "seconds": seconds,
        "target": 9,
        "record": 10,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--golfer-seconds", type=float, default=60.0)
    args = parser.parse_args()
    figures, failures = {}, []
    mitchells = [
        (f"{t}{e[0]}", lambda t=t, e=e: mitchell(t, even=e)) for t in range(2, 61) for e in ("skip", "relay")
    ]
    mitchells = [
        (s, b) for s, b in mitchells if not (s.endswith("r") and (int(s[:-1]) % 2 or int(s[:-1]) < 4))
    ]
    for label, builds in (
        ("mitchell", mitchells),
        ("howell", [(p, lambda p=p: howell(p)) for p in range(3, 121)]),
        ("whist", [(v, lambda v=v: whist(v)) for v in range(4, 101) if v % 4 in (0, 1)]),
    ):
        figures[label], failed = sweep(label, builds)
        failures += failed
    figures["max_single_ms"] = max(figures[k]["max_ms"] for k in ("mitchell", "howell", "whist"))
    figures["under_50ms"] = figures["max_single_ms"] < 50
    figures["failures"] = failures
    for failure in failures:
        print("FAILED", failure)
    figures["golfer_32"] = golfer(args.golfer_seconds)
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
