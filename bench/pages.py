"""Server time of every page that lists the results of a large event: 60 tables, 36 boards (2,160 results,
120 pairs in two fields), all boards analysed double-dummy. Target: each under 200 ms. And the printables,
above all the hand records (36 boards, nine pages) and the scorecards (120 pairs): each under 2 s here once the
analysis exists (issue 17), given also as a ratio to reportlab's own floor in the same run: a document of as many
pages holding one line each. The server is this one process (SQLite in it), so its CPU time is what a request
costs; on a shared, loaded machine the wall time is longer by the wait for a core, so the targets of the
printables are judged on CPU time (a quiet machine's wall time).

    .venv/bin/python bench/pages.py [--json] [--runs N] [--configured-db]

The data set is built in a temporary SQLite database (or, with --configured-db, in DATABASE_URL's database,
where the bench's club is deleted again at the end). Each page is rendered through Django's test client,
once to warm up and then --runs times; the median and the worst are printed.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TABLES, BOARDS, PER_ROUND = 60, 36, 3
TARGET_MS = 200.0
PRINT_TARGET_S = 2.0
PRINTED = ("hand records PDF", "scorecards PDF")  # the printables with a target


def round_of(board: int) -> int:
    """Every table plays the same three boards in a round (duplicated boards, as large events deal them)."""
    return (board - 1) // PER_ROUND + 1


def build():
    """A published 60-table section: boards dealt and analysed, 1,620 plausible results, standings computed."""
    import random

    from django.contrib.auth.models import User
    from django.db import transaction

    from games.lines import score_line
    from games.models import Board, Result
    from jobs.analysis import board_analysis
    from parties.management.commands.demo import plausible
    from scoring.services import recompute_standings
    from tournaments.models import Club, Entry, Event, Seating, Section, Session
    from tournaments.services import deal_from_seed

    rng = random.Random(60)
    leftover = Club.objects.filter(slug="bench-congress").first()
    if leftover is not None:  # an earlier run stopped before it cleaned up
        remove(leftover)
    club = Club.objects.create(name="Bench Congress", slug="bench-congress")
    user = User.objects.create_superuser("bench", "bench@example.org", None)
    event = Event.objects.create(club=club, name="Bench Congress Pairs", date="2026-11-21")
    section = Section.objects.create(
        session=Session.objects.create(event=event), name="A", status="published", two_winners=True
    )
    with transaction.atomic():
        ns = [Entry.objects.create(section=section, number=t, direction="NS", name=f"North {t} & South {t}")
              for t in range(1, TABLES + 1)]  # fmt: skip
        ew = [Entry.objects.create(section=section, number=TABLES + t, direction="EW", name=f"East {t} & West {t}")
              for t in range(1, TABLES + 1)]  # fmt: skip
        boards = []
        for number in range(1, BOARDS + 1):
            board = Board(section=section, number=number, dealer="NESW"[(number - 1) % 4],
                          vulnerability=["None", "NS", "EW", "All"][((number - 1) + (number - 1) // 4) % 4],
                          deal=deal_from_seed("bench-pages", number).to_pbn())  # fmt: skip
            boards.append(board)
        Board.objects.bulk_create(boards)
        for board in boards:
            board.analysis = board_analysis(board)
        Board.objects.bulk_update(boards, ["analysis"])
        results = []
        for board in boards:
            for t in range(TABLES):
                values = plausible(board, rng)
                line = score_line(section, board, values["contract"], values.get("declarer", ""),
                                  values.get("tricks"), values.get("lead", ""))  # fmt: skip
                results.append(Result(
                    section=section, board=board, round=round_of(board.number), table=t + 1, ns=ns[t],
                    ew=ew[(t + round_of(board.number)) % TABLES], contract=line.contract, declarer=line.declarer,
                    lead=line.lead, tricks=line.tricks, score_ns=line.score_ns,
                ))  # fmt: skip
        Result.objects.bulk_create(results, batch_size=500)
        Seating.objects.bulk_create(
            Seating(section=section, round=r, table=t + 1, ns=ns[t], ew=ew[(t + r) % TABLES],
                    boards=list(range(PER_ROUND * (r - 1) + 1, PER_ROUND * r + 1)))
            for r in range(1, BOARDS // PER_ROUND + 1)
            for t in range(TABLES)
        )  # fmt: skip
    recompute_standings(section.id)
    return club, section, user


def remove(club) -> None:
    """The bench's club, its director and everything in it (results first: they protect their entries)."""
    from django.contrib.auth.models import User

    from games.models import Result
    from tournaments.models import Event

    Result.objects.filter(section__session__event__club=club).delete()
    Event.objects.filter(club=club).delete()
    club.delete()
    User.objects.filter(username="bench").delete()


def timed(client, url: str, runs: int) -> dict:
    answer = client.get(url)
    if answer.status_code != 200:
        raise SystemExit(f"{url} answered {answer.status_code}")
    times, cpu = [], []
    for _ in range(runs):
        start, started_cpu = time.perf_counter(), time.process_time()
        answer = client.get(url)
        if hasattr(answer, "streaming_content"):
            b"".join(answer.streaming_content)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    return {"median_ms": round(statistics.median(times), 1), "max_ms": round(max(times), 1),
            "cpu_ms": round(statistics.median(cpu), 1), "bytes": len(answer.content),
            "pdf_pages": pages_of(answer.content)}  # fmt: skip


def pages_of(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page[^s]", pdf))


def blank_pages_ms(count: int, runs: int) -> tuple[float, float]:
    """reportlab's floor for a document of `count` pages, one line on each: median wall and CPU ms of `runs`."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate

    style = getSampleStyleSheet()["Normal"]
    times, cpu = [], []
    for _ in range(runs):
        start, started_cpu = time.perf_counter(), time.process_time()
        story = []
        for page in range(count):
            story += [Paragraph(f"Page {page + 1}", style), PageBreak()]
        SimpleDocTemplate(io.BytesIO(), pagesize=A4).build(story[:-1])
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    return statistics.median(times), statistics.median(cpu)


def python_loop_s() -> float:
    """The machine's speed as issue 17 gives it: ten million additions in a plain Python loop."""
    start = time.perf_counter()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object of the figures last")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--configured-db", action="store_true", help="use DATABASE_URL's database")
    options = parser.parse_args()
    temporary = None
    if not options.configured_db:
        temporary = tempfile.TemporaryDirectory(prefix="bench-pages-")
        os.environ["DATABASE_URL"] = f"sqlite:///{temporary.name}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["HTTPS"] = "false"
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ.pop("REDIS_URL", None)  # jobs run in-process: the bench measures pages, not a broker
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    club, section, user = build()
    built = time.perf_counter() - started
    public, director = Client(), Client()
    director.force_login(user)
    result = section.results.order_by("id").first()
    s = section.id
    pages = {
        "results and standings": (public, f"/sections/{s}/"),
        "live standings fragment": (public, f"/sections/{s}/standings/"),
        "traveller (60 results)": (public, f"/sections/{s}/boards/1/"),
        f"scorecard ({BOARDS} boards)": (public, f"/sections/{s}/scorecards/1/"),
        f"hand records ({BOARDS} boards)": (public, f"/sections/{s}/hands/"),
        "club home": (public, f"/clubs/{club.slug}/"),
        "director's desk": (director, f"/direct/sections/{s}/"),
        "traveller entry grid (60 rows)": (director, f"/direct/sections/{s}/boards/1/"),
        "result with versions": (director, f"/direct/results/{result.id}/"),
    }
    printables = {
        "results PDF": (public, f"/sections/{s}/results.pdf"),
        "scorecards PDF": (public, f"/sections/{s}/scorecards.pdf"),
        "hand records PDF": (public, f"/sections/{s}/hands.pdf"),
    }
    figures = {"database": connection.vendor, "tables": TABLES, "boards": BOARDS,
               "results": section.results.count(), "build_s": round(built, 1), "target_ms": TARGET_MS,
               "pages": {}, "printables": {}}  # fmt: skip
    print(
        f"{TABLES} tables, {BOARDS} boards, {figures['results']} results on {connection.vendor}; built in {built:.1f} s"
    )
    print(f"{'page':34} {'median ms':>10} {'max ms':>8}")
    for name, (client, url) in pages.items():
        figures["pages"][name] = found = timed(client, url, options.runs)
        flag = "" if found["median_ms"] < TARGET_MS else "  OVER TARGET"
        print(f"{name:34} {found['median_ms']:10.1f} {found['max_ms']:8.1f}{flag}")
    print(f"{'printable':34} {'median ms':>10} {'max ms':>8} {'CPU ms':>8} {'pages':>6} {'x floor':>8}")
    for name, (client, url) in printables.items():
        figures["printables"][name] = found = timed(client, url, max(3, options.runs // 2))
        floor, floor_cpu = blank_pages_ms(found["pdf_pages"], 3)
        found["floor_ms"], found["floor_cpu_ms"] = round(floor, 1), round(floor_cpu, 1)
        found["ratio_to_floor"] = round(found["cpu_ms"] / floor_cpu, 1)
        over = name in PRINTED and found["cpu_ms"] >= PRINT_TARGET_S * 1000
        print(f"{name:34} {found['median_ms']:10.1f} {found['max_ms']:8.1f} {found['cpu_ms']:8.1f} "
              f"{found['pdf_pages']:6d} {found['ratio_to_floor']:8.1f}{'  OVER TARGET' if over else ''}")  # fmt: skip
    figures["print_target_s"] = PRINT_TARGET_S
    for name in PRINTED:
        found, key = figures["printables"][name], name.lower().replace(" ", "_")
        figures[f"{key}_s"], figures[f"{key}_cpu_s"] = (
            round(found["median_ms"] / 1000, 2),
            round(found["cpu_ms"] / 1000, 2),
        )
        figures[f"{key}_ratio_to_floor"] = found["ratio_to_floor"]
    figures["printed_under_target"] = all(
        figures["printables"][name]["cpu_ms"] < PRINT_TARGET_S * 1000 for name in PRINTED
    )
    figures["python_loop_s"] = round(python_loop_s(), 2)
    figures["load_average"] = round(os.getloadavg()[0], 2)
    print(
        f"hand records PDF ({BOARDS} boards) {figures['hand_records_pdf_cpu_s']:.2f} s CPU, scorecards PDF "
        f"({2 * TABLES} pairs) {figures['scorecards_pdf_cpu_s']:.2f} s CPU (target {PRINT_TARGET_S:.0f} s each): "
        f"{'met' if figures['printed_under_target'] else 'NOT met'}; ten million additions "
        f"{figures['python_loop_s']:.2f} s, load average {figures['load_average']}"
    )
    worst = max(p["median_ms"] for p in figures["pages"].values())
    figures["worst_page_ms"] = worst
    figures["all_under_target"] = worst < TARGET_MS
    print(
        f"slowest page: {worst:.1f} ms (target {TARGET_MS:.0f} ms): {'met' if worst < TARGET_MS else 'NOT met'}"
    )
    if options.configured_db:
        remove(club)
    if options.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
