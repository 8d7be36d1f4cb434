"""Speed of the replay auditor: games per second for parsing a PBN archive and replaying every game in it.

    .venv/bin/python bench/replay.py [FILE ...] [--games N] [--large N | --messy N] [--repeat R] [--json]

Without FILE it uses the synthetic archive of bench/pbn.py (N played games, default 7,600: the ACBL session in
../shared/data/pbn/ repeated with seats rotated, or random deals played out when ../shared/ is missing).
Issue 3's target: about 7,600 played games (2 MB) parsed and replayed in under 2 s on one core.

With FILEs, the figures are for those files as written; with --large N, for a large real archive of N games built
from them: their games with a deal and play, repeated with seats rotated and boards renumbered, claims kept as
written. Either way endplay's PBN reader parses the same text in the same run, and `ratio` is our parse and full
audit over endplay's parse alone (issue 16's target: below 0.5).

With --messy N, the large archive (from the FILEs, else the shared PBN files) carries the faults real converters
make (issue 31): a vugraph second table written without its Deal (every other game), whole plays written in play
order (one game in seven of those with a deal), records that do not fit their deal (two cards swapped between hands,
one in twenty), and claims of all the tricks left whatever the holdings (one claimed game in twelve), so that the
bench measures what a real archive costs; the figures add how many games were read in play order and how many
claims the search left "not settled".
Times are the best of --repeat runs (wall and CPU), the same number for our parse and audit as for endplay's parse,
taken in --turns turns each (default 5), endplay's and ours in turn, so that a busy spell of a shared machine falls
on both (--turns 1: all of endplay's runs, then all of ours; as many turns as runs: one run each in turn); by
default as many as fill about a second and a half of ours (3 to 100): a small file's best of five was mostly
the machine's noise. With --cold, the module-level caches of pure functions (see `COLD`) are emptied before each
of our runs, as in a process that reads one file. With --json the last line is the figures.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from endplay.parsers import pbn as endplay_pbn  # noqa: E402

from games.engine.bridge import rules  # noqa: E402
from games.engine.bridge.calls import Contract  # noqa: E402
from games.engine.bridge.play import TOKEN_INDEX, winning_index  # noqa: E402
from games.engine.cards import Deal  # noqa: E402
from games.formats import pbn  # noqa: E402
from games.formats.pbn.audit import replay_games  # noqa: E402

# Caches that outlive a run: a contract's score and its declarer's copy (replay), contracts and column specs as
# spelled before (the reader and Contract.parse).
COLD = (
    sys.modules["games.engine.bridge.replay"]._scored.cache_clear,
    sys.modules["games.engine.bridge.replay"]._declared.cache_clear,
    sys.modules["games.formats.pbn.tables"].normal_contract.cache_clear,
    pbn.parse_columns.cache_clear,
    sys.modules["games.engine.bridge.calls"]._CONTRACTS.clear,
)


def _bench_pbn():
    spec = importlib.util.spec_from_file_location("bench_pbn", ROOT / "bench" / "pbn.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def synthetic_archive(count: int) -> tuple[str, str]:
    """The PBN reader's bench archive (bench/pbn.py), so both benches time the same text."""
    return _bench_pbn().synthetic_archive(count)


def large_archive(paths: list[str], count: int) -> tuple[str, str]:
    """`count` games from the files' played games with a deal, repeated with seats rotated (bench/pbn.py)."""
    rotated = _bench_pbn().rotated
    played = [g for path in paths for g in pbn.parse_file(path) if g.play is not None and g.deal is not None]
    games = [
        rotated(played[i % len(played)], (i // len(played)) % 4, 1 + i // len(played) * 100 + i % len(played))
        for i in range(count)
    ]
    names = " + ".join(Path(path).name for path in paths)
    return pbn.write(games, export=False), f"{names} x{count / len(played):.1f}, seats rotated"


SHARED_PBN = ROOT.parent / "shared" / "data" / "pbn"


def messy_archive(paths: list[str], count: int) -> tuple[str, str]:
    """`large_archive`'s games with the faults of a vugraph converter's archive (see the module's docstring),
    placed by a fixed seed so that every run times the same text."""
    rotated = _bench_pbn().rotated
    played = [g for path in paths for g in pbn.parse_file(path) if g.play is not None and g.deal is not None]
    tables: dict[str, list[pbn.Game]] = {}
    for game in played:
        tables.setdefault(game.deal.to_pbn(), []).append(game)
    # Two tables of one board, the second of them written without its Deal (a deal played once: at one table).
    boards = [
        pair for games in tables.values() for pair in zip(games[::2], games[1::2] or games, strict=False)
    ]
    rng = random.Random(31)
    games = []
    claims = 0
    for i in range(count):
        k = i // 2
        game = rotated(boards[k % len(boards)][i % 2], (k // len(boards)) % 4, 1 + k)
        tags = {name: value for name, value in game.tags.items() if name != "Deal"}
        deal: Deal | None = game.deal
        play = game.play
        ordered = _in_play_order(game)
        if i % 2:
            deal = None
        elif ordered is not None and rng.random() < 1 / 7:
            play = pbn.Play.of(play.first, ordered[0], ended=play.ended)
        elif rng.random() < 1 / 20:
            deal = _swapped(deal, rng)
        if ordered is not None and ordered[2] < 13 and deal is not None:
            claims += 1
            if claims % 12 == 0:  # declarer claims every trick left
                tags["Result"] = str(ordered[1] + 13 - ordered[2])
        games.append(pbn.Game.build(tags, deal=deal, auction=game.auction, play=play))
    names = " + ".join(Path(path).name for path in paths)
    return pbn.write(games, export=False), f"{names} x{count / len(played):.1f}, seats rotated, with faults"


def _in_play_order(game: pbn.Game) -> tuple[list[list[str]], int, int] | None:
    """The game's tricks written in the order played (the leader's card first), declarer's tricks among its full
    tricks and how many those are; None without a contract and declarer."""
    contract = Contract.parse(game.tags.get("Contract") or "Pass")
    declarer = game.declarer
    if contract is None or declarer is None:
        return None
    trump = contract.trump.order if contract.trump else -1
    first = game.play.first.index
    leader, won, rows = first, 0, []
    for row in game.play.recorded:
        offset = (leader - first) & 3
        cards = [token for token in (*row[offset:], *row[:offset]) if token != "-"]
        rows.append(cards + ["-"] * (4 - len(cards)))
        if len(cards) < 4:
            break
        leader = (leader + winning_index([TOKEN_INDEX[card] for card in cards], trump)) & 3
        won += (leader & 1) == (declarer.index & 1)
    full = sum("-" not in row for row in rows)
    return rows, won, full


def _swapped(deal: Deal, rng: random.Random) -> Deal:
    """The deal with a card of one hand and a card of another swapped: a record that does not fit its deal."""
    seats = rng.sample(list(deal.hands), 2)
    one, other = (sorted(deal.hands[seat], key=str) for seat in seats)
    a, b = rng.choice(one), rng.choice(other)
    hands = dict(deal.hands)
    hands[seats[0]] = frozenset(hands[seats[0]] - {a} | {b})
    hands[seats[1]] = frozenset(hands[seats[1]] - {b} | {a})
    return Deal(hands)


def endplay_parse(data: bytes) -> tuple[float, float]:
    """The wall and CPU times of one parse by endplay's PBN reader. endplay reads text and has no decoder of its
    own: the bytes are decoded as our reader decodes them, inside the timing as they are for ours. Its boards are
    kept until the clock has stopped, as our games and report are: freeing them is no part of reading."""
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    boards = endplay_pbn.loads(pbn.decode(data))
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    del boards
    return wall, cpu


class Ours:
    """Our parse and full audit of the file, run after run: the best wall time (with its parse time) and CPU
    time, and the last run's report."""

    def __init__(self, data: bytes, cold: bool) -> None:
        self.data, self.cold = data, cold
        self.rule_set = rules("duplicate-2017")
        self.best = self.parse_best = self.cpu_best = float("inf")
        self.games: list | None = None
        self.report = None

    def run(self) -> float:
        self.games = self.report = None  # each run starts without the last one's games, as endplay's runs do
        for clear in COLD if self.cold else ():
            clear()
        gc.collect()
        cpu = time.process_time()
        start = time.perf_counter()
        self.games = pbn.parse(self.data, strict=False)
        parsed = time.perf_counter()
        self.report = replay_games(self.games, self.rule_set)
        end = time.perf_counter()
        self.cpu_best = min(self.cpu_best, time.process_time() - cpu)
        if end - start < self.best:
            self.best, self.parse_best = end - start, parsed - start
        return end - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="*", help="PBN files (default: a synthetic archive)")
    parser.add_argument("--games", type=int, default=7600, help="games in the synthetic archive")
    parser.add_argument(
        "--large", type=int, default=0, help="a large archive of N games built from the FILEs"
    )
    parser.add_argument(
        "--messy",
        type=int,
        default=0,
        help="a large archive of N games with a converter's faults, from the FILEs or the shared PBN files",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=0,
        help="runs of each; the best is reported (default: about 1.5 s of ours)",
    )
    parser.add_argument("--turns", type=int, default=5, help="turns of runs each side takes, in turn")
    parser.add_argument("--cold", action="store_true", help="empty the module-level caches before each run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    if args.messy:
        paths = args.file or sorted(str(path) for path in SHARED_PBN.glob("*.pbn"))
        text, origin = messy_archive(paths, args.messy)
        data = text.encode("utf-8")
    elif args.file and args.large:
        text, origin = large_archive(args.file, args.large)
        data = text.encode("utf-8")
    elif args.file:
        data = b"\n".join(Path(path).read_bytes() for path in args.file)
        origin = " + ".join(Path(path).name for path in args.file)
    else:
        text, origin = synthetic_archive(args.games)
        data = text.encode("utf-8")
    ours = Ours(data, args.cold)
    first = ours.run()
    runs = args.repeat or min(max(math.ceil(1.5 / first), 3), 100)
    # Both sides run in turns of as many runs each, endplay's first: a shared machine's busy spell falls on both
    # alike, and each side's runs after the first of a turn find the caches as its last run left them.
    turn = max(1, math.ceil(runs / max(args.turns, 1)))
    endplay_seconds = endplay_cpu = float("inf")
    done, theirs = 1, 0
    while done < runs or theirs < runs:
        for _ in range(min(turn, runs - theirs)):
            wall, cpu = endplay_parse(data)
            endplay_seconds, endplay_cpu = min(endplay_seconds, wall), min(endplay_cpu, cpu)
            theirs += 1
        for _ in range(min(turn, runs - done)):
            ours.run()
            done += 1
    best, parse_best, cpu_best, report = ours.best, ours.parse_best, ours.cpu_best, ours.report
    summary = report.summary()
    kinds = Counter(i.kind.value for game in report.games for i in game.irregularities)
    notes = [note for game in report.games for note in game.extra.get("notes", ())]
    figures = {
        "source": origin,
        "megabytes": round(len(data) / 1e6, 3),
        "games": summary["games"],
        "played_games": summary["with_play"],
        "irregular_games": summary["irregular"],
        "irregularities": dict(kinds),
        "read_in_play_order": sum("in the order played" in note for note in notes),  # games
        "claims_not_settled": sum("is not settled" in note for note in notes),
        "parse_seconds": round(parse_best, 4),
        "replay_seconds": round(best - parse_best, 4),
        "seconds": round(best, 4),
        "cpu_seconds": round(cpu_best, 4),  # steadier than wall time when other work shares the machine
        "runs": runs,  # of ours and of endplay's, each
        "turns": math.ceil(runs / turn),
        "cold": args.cold,
        "games_per_second": round(summary["games"] / best),
        "seconds_per_7600_games": round(best * 7600 / max(summary["games"], 1), 4),
        "endplay_parse_seconds": round(endplay_seconds, 4),
        "endplay_parse_cpu_seconds": round(endplay_cpu, 4),
        "ratio": round(
            best / endplay_seconds, 3
        ),  # our parse and audit over endplay's parse: target below 0.5
        "cpu_ratio": round(cpu_best / endplay_cpu, 3),  # the same in CPU time, steadier on a shared machine
    }
    for name, value in figures.items():
        print(f"{name:>24}: {value}")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
