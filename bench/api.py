"""Score entry through the API under load: gunicorn against PostgreSQL, many table scorers at once.

    .venv/bin/python bench/api.py [--sections 4] [--tables 15] [--boards 24] [--clients 12] [--workers 3]
                                  [--threads 2] [--database postgres://postgres@127.0.0.1:5432/traveller_bench]
                                  [--standings background|inline] [--json]

It makes a bench database (dropped and made again each run), a club and `sections` running sections of `tables`
tables, each table with `boards` boards to play in round 1 (one round: the load of a whole session's results
on one standings per section), and starts gunicorn on it. `clients` threads then play the table scorers: each
posts results (one in twenty sent twice, as a second phone would; one in fifty followed by a different result,
a conflict) as fast as the server answers. Printed: accepted results per second, all requests per second, the
50th and 99th percentile latency of the entries, and how long after the last answer every section's standings
were current (each count of standings equals the results entered; given up after 10 s). The server refreshes
standings as STANDINGS_REFRESH says (`--standings`, default background, as docker-compose runs it). First, on the
same server and with the same clients, the floor of the stack (bench/floor_urls.py: one row read and one inserted
through the ORM, no DRF) is timed: `floor_per_second` and `ratio_to_floor`, the share of it score entry reaches
(target 0.6), a figure that carries over between machines where results per second do not; and the same share by
gunicorn's CPU per request (`cpu_ratio_to_floor`), which a busy machine disturbs less, since the floor and score
entry run one after the other and other processes' load can change between them. Each is warmed up before it is
timed, on a tenth of the tables (score entry on one more section, whose results are not counted), with its
standings current before score entry's timing starts. With --json the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sections", type=int, default=4)
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--clients", type=int, default=12)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--database", default="postgres://postgres@127.0.0.1:5432/traveller_bench")
    parser.add_argument("--standings", choices=["background", "inline"], default="background")
    parser.add_argument("--json", action="store_true")
    return parser.parse_args()


def fresh_database(url: str) -> None:
    import psycopg

    base, _, name = url.split("?")[0].rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def setup(args) -> tuple[list[tuple[int, str, list[int]]], list[tuple[int, str, list[int]]]]:
    """The club and its running sections, and one more to warm score entry up on; returns each table's (section
    id, code, boards) of the timed sections, and of the warm-up one."""
    import django

    django.setup()
    from django.core.management import call_command

    from tournaments import services
    from tournaments.models import Club, Event, Section, Session

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench Club", slug="bench")
    event = Event.objects.create(club=club, name="Bench night", date="2026-11-21")
    tables = []
    for s in range(args.sections + 1):
        section = Section.objects.create(session=Session.objects.create(event=event, number=s + 1), name="A")
        rows = [{"table": t, "ns": str(t), "ew": str(args.tables + t),
                 "boards": list(range(1, args.boards + 1))} for t in range(1, args.tables + 1)]  # fmt: skip
        services.install_movement(section, {"kind": "bench", "rounds": [{"round": 1, "tables": rows}]}, None)
        services.deal_boards(section)
        services.set_status(section, "running", None)
        for code in section.table_codes.all():
            tables.append((section.id, code.code, list(range(1, args.boards + 1))))
    return tables[: -args.tables], tables[-args.tables :]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(args, env: dict, port: int) -> subprocess.Popen:
    command = [str(Path(sys.executable).parent / "gunicorn"), "config.wsgi", "--config", "config/gunicorn.py",
               "-b", f"127.0.0.1:{port}", "--workers", str(args.workers), "--threads", str(args.threads),
               "--log-level", "warning"]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not start")


def cpu_seconds(match) -> float:
    """CPU time (user + system) of the processes whose command line `match` accepts: gunicorn's workers, or
    PostgreSQL's backends, so the bench can say what one result costs whatever else the machine is doing."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            if match(command):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            continue
    return total


def result(rng: random.Random, board: int) -> dict:
    contract = rng.choice(["3NT", "4S", "4H", "2S", "3C", "1NT"])
    return {"board": board, "contract": contract, "declarer": rng.choice("NESW"),
            "tricks": 6 + int(contract[0]) + rng.choice((-1, 0, 0, 1))}  # fmt: skip


def run_clients(
    args, port: int, tables, url: str = "/api/table/results/"
) -> tuple[list[float], dict[int, int], float]:
    work = [(code, board) for _, code, boards in tables for board in boards]
    random.Random(1).shuffle(work)
    lock = threading.Lock()
    latencies: list[float] = []
    statuses: dict[int, int] = {}

    def client(i: int) -> None:
        rng = random.Random(i)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine = work[i :: args.clients]
        for code, board in mine:
            values = result(rng, board)
            sends = [values] + ([values] if rng.random() < 0.05 else [])
            if rng.random() < 0.02:
                sends.append(values | {"tricks": values["tricks"] - 1})
            for body in sends:
                started = time.perf_counter()
                connection.request("POST", url, json.dumps(body),
                                   {"Content-Type": "application/json", "X-Table-Code": code})  # fmt: skip
                answer = connection.getresponse()
                answer.read()
                elapsed = time.perf_counter() - started
                with lock:
                    statuses[answer.status] = statuses.get(answer.status, 0) + 1
                    latencies.append(elapsed)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, statuses, time.perf_counter() - started


def standings_current() -> bool:
    from django.db.models import Sum

    from games.models import Result
    from tournaments.models import Section

    for section in Section.objects.all():
        played = section.standings.aggregate(boards=Sum("boards"))["boards"] or 0
        if (
            section.standings_computed != section.standings_requested
            or played != 2 * Result.objects.filter(section=section).count()
        ):
            return False
    return True


def main() -> None:
    args = arguments()
    fresh_database(args.database)
    env = {
        **os.environ,
        "DATABASE_URL": args.database,
        "DJANGO_SETTINGS_MODULE": "bench.floor",
        "HTTPS": "false",
        "DEBUG": "false",
        "LOG_LEVEL": "WARNING",
        "STANDINGS_REFRESH": args.standings,
    }
    env.pop("REDIS_URL", None)
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "HTTPS", "DEBUG", "LOG_LEVEL")})
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    tables, warm_tables = setup(args)
    port = free_port()
    server = start_server(args, env, port)

    def is_server(command: str) -> bool:
        return "gunicorn" in command and f"127.0.0.1:{port}" in command

    def is_database(command: str) -> bool:
        return command.startswith("postgres:")

    try:
        run_clients(
            args, port, tables[: max(1, len(tables) // 10)], "/bench/floor/"
        )  # warm: connections, code
        floor_before = cpu_seconds(is_server), cpu_seconds(is_database)
        floor_latencies, floor_statuses, floor_wall = run_clients(args, port, tables, "/bench/floor/")
        floor_cpu, floor_database_cpu = (
            cpu_seconds(is_server) - floor_before[0],
            cpu_seconds(is_database) - floor_before[1],
        )
        run_clients(
            args, port, warm_tables[: max(1, len(tables) // 10)]
        )  # warm score entry the same way, apart
        warmed = time.perf_counter()
        while not standings_current() and time.perf_counter() - warmed < 10:  # its refresh done before timing
            time.sleep(0.01)
        before = cpu_seconds(is_server), cpu_seconds(is_database)
        client_before = time.process_time()
        latencies, statuses, wall = run_clients(args, port, tables)
        client_cpu = time.process_time() - client_before
        ended = time.perf_counter()
        while not (current := standings_current()) and time.perf_counter() - ended < 10:
            time.sleep(0.01)
        lag = time.perf_counter() - ended
        after = cpu_seconds(is_server), cpu_seconds(is_database)
    finally:
        server.terminate()
        server.wait(timeout=30)
    accepted = statuses.get(201, 0)
    latencies.sort()
    floor_latencies.sort()
    floor = floor_statuses.get(201, 0) / floor_wall
    figures = {
        "sections": args.sections, "tables": args.sections * args.tables, "results": accepted,
        "requests": len(latencies), "statuses": {str(k): v for k, v in sorted(statuses.items())},
        "seconds": round(wall, 3), "accepted_per_second": round(accepted / wall, 1),
        "floor_per_second": round(floor, 1), "ratio_to_floor": round(accepted / wall / floor, 3),
        "floor_p99_ms": round(floor_latencies[min(len(floor_latencies) - 1, int(len(floor_latencies) * 0.99))] * 1000, 1),
        "requests_per_second": round(len(latencies) / wall, 1),
        "p50_ms": round(latencies[len(latencies) // 2] * 1000, 1),
        "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000, 1),
        "gunicorn": f"{args.workers} workers x {args.threads} threads", "clients": args.clients,
        "server_cpu_ms_per_request": round((after[0] - before[0]) * 1000 / len(latencies), 2),
        "floor_server_cpu_ms_per_request": round(floor_cpu * 1000 / len(floor_latencies), 2),
        "cpu_ratio_to_floor": round(floor_cpu / len(floor_latencies) / ((after[0] - before[0]) / len(latencies)), 3),
        "database_cpu_ms_per_request": round((after[1] - before[1]) * 1000 / len(latencies), 2),
        "floor_database_cpu_ms_per_request": round(floor_database_cpu * 1000 / len(floor_latencies), 2),
        "client_cpu_ms_per_request": round(client_cpu * 1000 / len(latencies), 2),
        "cores": os.cpu_count(), "load_average": round(os.getloadavg()[0], 2),
        "standings": args.standings, "standings_current": current, "standings_lag_ms": round(lag * 1000, 1),
    }  # fmt: skip
    print(f"{accepted} results accepted in {wall:.2f} s: {figures['accepted_per_second']} results/s, "
          f"{figures['requests_per_second']} requests/s ({figures['statuses']})")  # fmt: skip
    print(f"the floor (one row read, one inserted, same server): {figures['floor_per_second']}/s, p99 "
          f"{figures['floor_p99_ms']} ms; score entry at {figures['ratio_to_floor']} of the floor")  # fmt: skip
    print(f"latency p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms; standings ({args.standings}) current: "
          f"{current}, {figures['standings_lag_ms']} ms after the last answer")  # fmt: skip
    print(f"gunicorn CPU per request: the floor {figures['floor_server_cpu_ms_per_request']} ms, score entry "
          f"{figures['server_cpu_ms_per_request']} ms: {figures['cpu_ratio_to_floor']} of the floor by CPU (steadier "
          "than by rate on a shared machine)")  # fmt: skip
    print(f"CPU per request: gunicorn {figures['server_cpu_ms_per_request']} ms, PostgreSQL "
          f"{figures['database_cpu_ms_per_request']} ms (the floor's {figures['floor_database_cpu_ms_per_request']} ms), "
          f"the bench's clients {figures['client_cpu_ms_per_request']} ms "
          f"({figures['cores']} cores, load average "
          f"{figures['load_average']} from everything on the machine)")  # fmt: skip
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
