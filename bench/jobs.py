"""Double-dummy analysis as a job, on 1 Celery worker process and then on 2: the time for `deals` deals and the
speed-up.

    .venv/bin/python bench/jobs.py [--deals 32] [--database postgres://postgres@127.0.0.1:5432/traveller_bench_jobs]
                                   [--json]

With REDIS_URL set it makes a bench database (dropped and made again each run), a section of `deals` boards dealt
from a fresh seed, and for 1 and then 2 processes starts `celery worker --concurrency=N` on a queue of its own,
waits until it answers, and times the analysis job from start to done (so the time is the job's: boards split
over the processes, each stored with its board). Both runs analyse the same deals, each in fresh processes.
Without REDIS_URL there is no broker: it says so and times the same per-board solving (no database) in a
process pool of 1 and of 2 instead. The machine's load average is printed with the figures: other work on the
machine's 2 cores takes from the speed-up, and the cores the worker had (its CPU seconds over the time) say how
much. Then, as in a deployment, two workers of one process read one queue with beat running, and one of them is
SIGKILLed while it solves a board: the seconds until its board is taken up again (target: within 30 s) and until
the job is done. With --json the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import subprocess
import sys
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import fresh_database  # noqa: E402


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=32)
    parser.add_argument("--database", default="postgres://postgres@127.0.0.1:5432/traveller_bench_jobs")
    parser.add_argument("--json", action="store_true")
    return parser.parse_args()


def section_of(deals: int) -> int:
    """A section with `deals` boards dealt from a fresh seed (its id)."""
    from games.engine.bridge import board_dealer, board_vulnerability
    from games.models import Board
    from tournaments.models import Club, Event, Section, Session
    from tournaments.services import deal_from_seed

    tag = uuid.uuid4().hex[:8]
    club = Club.objects.create(name=f"Bench Club {tag}", slug=f"bench-{tag}")
    event = Event.objects.create(club=club, name="Bench analysis", date="2026-11-21")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    seed = secrets.token_hex(8)
    Board.objects.bulk_create(
        Board(section=section, number=n, dealer=board_dealer(n).value, vulnerability=board_vulnerability(n).value,
              deal=deal_from_seed(seed, n).to_pbn())
        for n in range(1, deals + 1)
    )  # fmt: skip
    return section.id


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a worker and its pool processes."""
    tick = os.sysconf("SC_CLK_TCK")
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    total = 0
    for process in [str(pid), *children]:
        fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / tick


@contextmanager
def celery(command: str, queue: str, env: dict, *options: str):
    """A `celery worker` (answering pings when entered) or `celery beat` process on `queue`, ended on exit."""
    from config.celery import app

    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", command, "--loglevel=WARNING", *options],
        cwd=ROOT, env={**env, "CELERY_QUEUE": queue}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        name = next((option.split("=", 1)[1] for option in options if option.startswith("--hostname=")), None)
        while name and not app.control.ping(
            destination=[name.replace("%h", os.uname().nodename)], timeout=0.5
        ):
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the Celery {command} did not start")
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=30)


def worker(queue: str, env: dict, processes: int = 1, name: str = ""):
    return celery("worker", queue, env, f"--concurrency={processes}", "-Q", queue,
                  f"--hostname={name or queue}@%h", "--without-gossip", "--without-mingle")  # fmt: skip


def on_workers(section_id: int, processes: int, env: dict) -> tuple[float, float]:
    """Seconds from starting the analysis job to its end, on one worker of `processes` pool processes, and the
    CPU seconds the worker spent meanwhile."""
    from config.celery import app
    from jobs import services
    from jobs.tasks import wait
    from tournaments.models import Section

    queue = f"bench-{uuid.uuid4().hex[:10]}"
    app.conf.task_default_queue = queue
    with worker(queue, env, processes) as process:
        cpu, began = cpu_seconds(process.pid), time.perf_counter()
        job = wait(services.start("analyse", Section.objects.get(id=section_id)).id, timeout=600, every=0.02)
        seconds, cpu = time.perf_counter() - began, cpu_seconds(process.pid) - cpu
    if job.state != "done":
        raise SystemExit(f"the analysis job ended {job.state}: {job.error}")
    return seconds, cpu


def pool_of(pid: int) -> set[int]:
    """A worker's pool processes (their parent is `pid`), from /proc."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(stat.parent.name))
        except (OSError, IndexError, ValueError):  # ended while we looked
            continue
    return found


def killed_worker(section_id: int, env: dict) -> dict:
    """Two workers of one process each read one queue and beat runs, as in a deployment; worker B (its main
    process and pool) is SIGKILLed while it solves a board. Seconds from the kill until the lost board is taken up
    again and until the job is done, and whether every board was stored once."""
    from config.celery import app
    from jobs import services
    from jobs.models import Job, Lease, Step
    from tournaments.models import Section

    queue = f"bench-{uuid.uuid4().hex[:10]}"
    app.conf.task_default_queue = queue
    schedule = ROOT / "var" / f"{queue}-beat"
    a, b_worker, beat = (
        worker(queue, env, name=f"{queue}-a"),
        worker(queue, env, name=f"{queue}-b"),
        celery("beat", queue, env, "--schedule", str(schedule)),
    )
    with a, b_worker as b, beat:
        job = services.start("analyse", Section.objects.get(id=section_id))
        lost = None
        deadline = time.monotonic() + 120
        while lost is None and time.monotonic() < deadline:
            pool = pool_of(b.pid)
            lost = next((lease for lease in Lease.objects.filter(job=job).exclude(holder="")
                         if int(lease.holder.split(":")[1]) in pool), None)  # fmt: skip
            time.sleep(0.01)
        if lost is None:
            raise SystemExit("worker B took no board")
        for pid in [b.pid, *pool_of(b.pid)]:
            os.kill(pid, signal.SIGKILL)
        killed, resumed = time.perf_counter(), None
        while (
            Job.objects.get(id=job.id).state not in ("done", "failed") and time.perf_counter() - killed < 300
        ):
            if (
                resumed is None and not Lease.objects.filter(id=lost.id, holder=lost.holder).exists()
            ):  # taken up
                resumed = time.perf_counter() - killed
            time.sleep(0.05)
        done = time.perf_counter() - killed
    for path in schedule.parent.glob(f"{schedule.name}*"):
        path.unlink()
    job = Job.objects.get(id=job.id)
    if job.state != "done":
        raise SystemExit(f"the analysis job ended {job.state} after the kill: {job.error}")
    return {
        "kill_to_resumed_seconds": round(resumed if resumed is not None else done, 1),
        "kill_to_done_seconds": round(done, 1),
        "boards_stored_once": Step.objects.filter(job=job).count() == job.total,
    }


def solve(pbn: str) -> None:
    """One board's figures as the job computes them (jobs.analysis.board_analysis without its rows)."""
    from games.engine.bridge import dd
    from games.engine.bridge.calls import Vulnerability
    from games.engine.cards import Deal, Seat

    deal = Deal.from_pbn(pbn)
    dd.dd_table(deal)
    dd.par(deal, Vulnerability.NONE, Seat.NORTH)


def one_solver_thread() -> None:
    from jobs.tasks import one_solver_thread

    one_solver_thread()


def in_pool(deals: list[str], processes: int) -> float:
    from tournaments.services import deal_from_seed

    warm = deal_from_seed("warm-up", 1).to_pbn()
    with ProcessPoolExecutor(processes, initializer=one_solver_thread) as pool:
        list(pool.map(solve, [warm] * processes))  # start the processes and load the solver before the clock
        began = time.perf_counter()
        list(pool.map(solve, deals))
        return time.perf_counter() - began


def main() -> None:
    args = arguments()
    broker = os.environ.get("REDIS_URL", "")
    if broker:
        fresh_database(args.database)
        os.environ["DATABASE_URL"] = args.database
    os.environ.update({"LOG_LEVEL": "WARNING", "DJANGO_SETTINGS_MODULE": "config.settings"})
    import django

    django.setup()
    from django.core.management import call_command

    if broker:
        call_command("migrate", verbosity=0)
        section_id = section_of(args.deals)
        mode = "Celery workers on the broker"
        (one, cpu_one), (two, cpu_two) = (on_workers(section_id, n, dict(os.environ)) for n in (1, 2))
        cpu = {"worker_cpu_seconds_1_process": round(cpu_one, 2), "worker_cpu_seconds_2_processes": round(cpu_two, 2),
               "cores_used_1_process": round(cpu_one / one, 2), "cores_used_2_processes": round(cpu_two / two, 2)}  # fmt: skip
        recovery = killed_worker(section_of(args.deals), dict(os.environ))
    else:
        from tournaments.services import deal_from_seed

        mode = "process pool (REDIS_URL unset: no broker, so no Celery workers)"
        print(f"no broker: timing the same work in a {mode}")
        seed = secrets.token_hex(8)
        deals = [deal_from_seed(seed, n).to_pbn() for n in range(1, args.deals + 1)]
        one, two = (in_pool(deals, n) for n in (1, 2))
        cpu, recovery = {}, {}
    figures = {
        "deals": args.deals, "mode": mode, "seconds_1_process": round(one, 2), "seconds_2_processes": round(two, 2),
        "speedup": round(one / two, 2), "ms_per_deal_1_process": round(one * 1000 / args.deals, 1),
        **cpu, **recovery, "cores": os.cpu_count(), "load_average": round(os.getloadavg()[0], 2),
    }  # fmt: skip
    print(f"double-dummy analysis of {args.deals} deals ({mode}): 1 process {one:.2f} s, 2 processes {two:.2f} s, "
          f"speed-up {one / two:.2f}x ({figures['cores']} cores, load average {figures['load_average']})")  # fmt: skip
    if cpu:
        print(f"cores the worker used: {cpu['cores_used_1_process']} with 1 process, {cpu['cores_used_2_processes']} "
              "with 2 (less than 1 and 2: other work on the machine had the rest)")  # fmt: skip
        print(f"a worker killed mid-board: its board taken up again {recovery['kill_to_resumed_seconds']} s after "
              f"the kill, the job done after {recovery['kill_to_done_seconds']} s, each board stored once: "
              f"{recovery['boards_stored_once']}")  # fmt: skip
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
