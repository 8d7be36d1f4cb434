"""Speed of the PBN reader (games.formats.pbn): games and megabytes per second; and of the writer.

    .venv/bin/python bench/pbn.py [FILE] [--games N] [--repeat R] [--endplay] [--json]

Without FILE it reads a synthetic archive of N played games (default 7,600, the size issue 3 names):
the ACBL session in ../shared/data/pbn/ repeated with its seats rotated and its boards renumbered, so no
two neighbouring copies are alike, or (--random, or without ../shared/) random deals played out card by
card, every deal different. The archive is made with our own writer, so the bench also shows that what
we write we read. --endplay also times endplay's reader on the same text, for comparison. Times are the
best of --repeat runs, wall and CPU. With --json the last line is the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.engine.cards import SEATS, STANDARD_DECK, Deal, Seat  # noqa: E402
from games.formats import pbn  # noqa: E402

ACBL = ROOT.parent / "shared" / "data" / "pbn" / "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn"
KEPT_TAGS = tuple(name for name in pbn.MANDATORY_TAGS if name not in ("Site", "Date", "Deal", "Scoring"))
SWAPPED_VULNERABILITY = {"NS": "EW", "EW": "NS"}


def rotated(game: pbn.Game, steps: int, board: int) -> pbn.Game:
    """The same game with every seat moved `steps` places clockwise (hands, players, calls, cards)."""
    tags = {name: game.tags[name] for name in KEPT_TAGS if name in game.tags}
    for k, seat in enumerate(SEATS):
        tags[seat.name.title()] = game.tags.get(SEATS[(k - steps) % 4].name.title(), "")
    for name in ("Dealer", "Declarer"):
        if tags.get(name):
            tags[name] = Seat.parse(tags[name]).rotate(steps).value
    if steps % 2:
        tags["Vulnerable"] = SWAPPED_VULNERABILITY.get(tags.get("Vulnerable", ""), tags.get("Vulnerable", ""))
    tags["Board"] = str(board)
    deal = Deal({seat.rotate(steps): hand for seat, hand in game.deal.hands.items()})
    auction = game.auction and pbn.Auction(
        game.auction.first.rotate(steps),
        game.auction.calls,
        game.auction.annotations,
        game.auction.notes,
        game.auction.ended,
    )
    play = pbn.Play(
        game.play.first.rotate(steps),
        game.play.tokens,
        game.play.annotations,
        game.play.notes,
        game.play.ended,
    )
    return pbn.Game.build(tags, deal=deal, auction=auction, play=play)


def random_game(rng: random.Random, board: int) -> pbn.Game:
    """A random deal played out in no-trumps following suit: for when ../shared/ is not here."""
    cards = list(STANDARD_DECK)
    rng.shuffle(cards)
    hands = {seat: cards[13 * k : 13 * k + 13] for k, seat in enumerate(SEATS)}
    deal = Deal({seat: frozenset(hand) for seat, hand in hands.items()})
    declarer = SEATS[board % 4]
    leader = first = declarer.next
    tricks = []
    for _ in range(13):
        played = {}
        seat = leader
        for _ in range(4):
            hand = hands[seat]
            led = played[leader].suit if played else None
            choices = [c for c in hand if c.suit == led] or hand
            card = rng.choice(choices)
            hand.remove(card)
            played[seat] = card
            seat = seat.next
        suit = played[leader].suit
        leader = max((s for s in played if played[s].suit == suit), key=lambda s: played[s].rank)
        tricks.append(tuple(str(played[first.rotate(k)]) for k in range(4)))
    tags = {"Event": "Synthetic", "Board": str(board), "Dealer": declarer.value, "Vulnerable": "None",
            "Declarer": declarer.value, "Contract": "3NT", "Result": "9"}  # fmt: skip
    auction = pbn.Auction(declarer, ("3NT", "Pass", "Pass", "Pass"))
    return pbn.Game.build(tags, deal=deal, auction=auction, play=pbn.Play.of(first, tricks))


def synthetic_archive(count: int, *, random_deals: bool = False) -> tuple[str, str]:
    """PBN text of `count` played games, and what they are."""
    if ACBL.exists() and not random_deals:
        played = [g for g in pbn.parse_file(ACBL) if g.play is not None and g.deal is not None]
        games = [
            rotated(
                played[i % len(played)],
                (i // len(played)) % 4,
                1 + i // len(played) * 36 + played[i % len(played)].board,
            )
            for i in range(count)
        ]
        origin = f"{ACBL.name} x{count / len(played):.1f}, seats rotated"
    else:
        rng = random.Random(1607)
        games = [random_game(rng, i + 1) for i in range(count)]
        origin = "random deals played out"
    return pbn.write(games, export=False), origin


def best_time(fn, repeat: int) -> tuple[float, float]:
    """Best wall and best CPU seconds of `repeat` runs (CPU time is steadier on a shared machine)."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(wall), min(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="a PBN file (default: a synthetic archive)")
    parser.add_argument("--games", type=int, default=7600, help="games in the synthetic archive")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is reported")
    parser.add_argument("--random", action="store_true", help="random deals, every one different")
    parser.add_argument("--endplay", action="store_true", help="also time endplay's PBN reader")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    if args.file:
        data = Path(args.file).read_bytes()
        origin = Path(args.file).name
    else:
        text, origin = synthetic_archive(args.games, random_deals=args.random)
        data = text.encode("utf-8")
    megabytes = len(data) / 1e6
    games = pbn.parse(data)
    seconds, cpu_seconds = best_time(lambda: pbn.parse(data), args.repeat)
    figures = {
        "source": origin,
        "games": len(games),
        "played_games": sum(g.play is not None for g in games),
        "megabytes": round(megabytes, 3),
        "parse_seconds": round(seconds, 4),
        "parse_cpu_seconds": round(cpu_seconds, 4),
        "games_per_second": round(len(games) / seconds),
        "megabytes_per_second": round(megabytes / seconds, 2),
        "seconds_per_7600_games": round(seconds * 7600 / len(games), 4),
        "write_seconds": round(best_time(lambda: pbn.write(games), args.repeat)[0], 4),  # export format
    }
    if args.endplay:
        from endplay.parsers import pbn as endplay_pbn

        text = pbn.decode(data)
        figures["endplay_parse_seconds"] = round(
            best_time(lambda: endplay_pbn.loads(text), min(args.repeat, 2))[0], 4
        )
    for name, value in figures.items():
        print(f"{name:>24}: {value}")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
