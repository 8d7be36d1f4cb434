"""Re-score a large matchpoint event in-process: every Board, totals and ranks; then one new result.

    .venv/bin/python bench/scoring.py --tables 500 --boards 26 [--json]

The event is a two-winner Mitchell: `tables` N-S pairs and as many E-W pairs, every Board played at every table,
except that a few Boards miss results (Neuberg-factored at line level to the full count) and a few lines carry
artificial adjusted scores. Timings are the median of --repeat runs. With --json the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from scoring.methods.matchpoints import NOT_PLAYED, Artificial, Traveller  # noqa: E402
from scoring.methods.session import MatchpointMethod, Session  # noqa: E402


def make_event(tables: int, boards: int, seed: int = 7):
    """Travellers as a standings service holds them: per Board the pairs' positions and a columnar Traveller."""
    rng = np.random.default_rng(seed)
    pairs = [f"{t}NS" for t in range(1, tables + 1)] + [f"{t}EW" for t in range(1, tables + 1)]
    common = np.array(
        [-1100, -800, -620, -500, -420, -200, -100, -50, 0, 50, 100, 110, 140, 170, 420, 450, 620, 990]
    )
    travellers = []
    for board in range(1, boards + 1):
        ns = np.arange(tables)
        ew = tables + (ns + board) % tables
        special: dict = {}
        if board % 5 == 0:  # a few results missing: Neuberg on this Board
            special |= {int(t): NOT_PLAYED for t in rng.choice(tables, 3, replace=False)}
        if board % 7 == 0:  # an adjusted score or two
            special |= {
                int(rng.integers(tables)): Artificial(60, 40),
                int(rng.integers(tables)): Artificial(50, 50),
            }
        travellers.append((str(board), ns, ew, Traveller(rng.choice(common, tables), special)))
    return pairs, travellers


def new_session(pairs, tables: int) -> Session:
    fields = ["NS" if p.endswith("NS") else "EW" for p in pairs]
    return Session(pairs, MatchpointMethod(neuberg_to_session=True), expected=tables, fields=fields)


def full_rescore(session: Session, travellers):
    for board, ns, ew, traveller in travellers:
        session.set_board(board, ns, ew, traveller)
    return session.standings()


def timed(fn, repeat: int) -> tuple[float, object]:
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), value


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    pairs, travellers = make_event(args.tables, args.boards)
    results = sum(len(t[3]) - sum(r is NOT_PLAYED for r in t[3].special.values()) for t in travellers)
    full_ms, standings = timed(lambda: full_rescore(new_session(pairs, args.tables), travellers), args.repeat)

    session = new_session(pairs, args.tables)
    full_rescore(session, travellers)
    board, ns, ew, old = travellers[0]
    scores = old.scores.copy()

    def one_result():
        scores[0] = 630 if scores[0] != 630 else 600  # a result arrives (or is corrected) at table 1
        session.set_board(board, ns, ew, Traveller(scores, old.special))
        return session.standings()

    incremental_ms, _ = timed(one_result, args.repeat)
    figures = {
        "tables": args.tables,
        "boards": args.boards,
        "results": results,
        "pairs": len(pairs),
        "full_rescore_ms": round(full_ms, 3),
        "one_result_ms": round(incremental_ms, 3),
        "leader": f"{standings.pairs[int(np.argmax(standings.total))]} {np.nanmax(standings.percentage):.2f}%",
    }
    print(f"{results} results, {len(pairs)} pairs, {args.boards} boards")
    print(f"full re-score (all boards, totals, ranks): {full_ms:.2f} ms (median of {args.repeat})")
    print(f"one new result (its board and the totals): {incremental_ms:.2f} ms")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
