"""Fixtures shared by the whole suite: the real Celery worker and what the run is using."""

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
WORKER_TESTS: list[str] = []


def pytest_report_header(config):
    db = settings.DATABASES["default"]
    where = f"{db['HOST']}:{db['PORT']}" if db.get("HOST") else "memory (SQLite test database)"
    broker = settings.REDIS_URL or "none (Celery tasks run eagerly in-process)"
    return [f"traveller: database {db['ENGINE'].rsplit('.', 1)[-1]} at {where}; broker {broker}"]


@pytest.fixture
def client():
    """A test client that arrives over HTTPS (through a TLS proxy), as production requests do."""
    from django.test import Client

    return Client(headers={"X-Forwarded-Proto": "https"})


def pytest_terminal_summary(terminalreporter):
    if WORKER_TESTS:
        terminalreporter.write_line(
            f"traveller: {len(WORKER_TESTS)} tests ran against a real Celery worker process"
        )


@pytest.fixture
def worker(celery_worker, request):
    """The session's real Celery worker, counted in the run's summary."""
    WORKER_TESTS.append(request.node.nodeid)
    return celery_worker


def database_url_for_worker() -> str:
    """The URL of the test database, for a worker process to share it with the tests."""
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        pytest.skip(
            "a worker process cannot share SQLite's in-memory test database: set DATABASE_URL to PostgreSQL"
        )
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def start_worker(queue: str, log: Path, concurrency: int = 1, name: str = "") -> subprocess.Popen:
    """A real `celery worker` process reading `queue` and the test database, answering pings once it returns. A
    second worker on one queue needs a `name` of its own: the ping asks a node by name, and under the first's name
    the first would answer while the second still starts."""
    name = name or queue
    from config.celery import app

    env = {**os.environ, "DATABASE_URL": database_url_for_worker(), "CELERY_QUEUE": queue}
    with open(log, "w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=INFO",
             f"--concurrency={concurrency}", "-Q", queue, "-n", f"{name}@%h", "--without-gossip", "--without-mingle"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    deadline = time.monotonic() + 60
    while not app.control.ping(destination=[f"{name}@{os.uname().nodename}"], timeout=0.5):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"the Celery worker did not start: see {log}")
    return process


def stop_worker(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture(scope="session")
def celery_worker(django_db_setup, django_db_blocker):
    """A real `celery worker` process on the real broker, reading a queue of its own and the test database.

    Tests that use it must use `transactional_db` so that what they write is committed and the worker sees it.
    `start_worker` and `stop_worker` start and stop another one (a test of a worker lost with its work).
    """
    if not settings.REDIS_URL:
        pytest.skip("needs a real broker: set REDIS_URL (CI does) to run tests against a real Celery worker")
    from config.celery import app

    queue = f"test-{uuid.uuid4().hex[:10]}"
    log = ROOT / "var" / f"celery-{queue}.log"
    process = start_worker(queue, log)
    previous_queue = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    try:
        yield {"queue": queue, "process": process, "log": log}
    finally:
        app.conf.task_default_queue = previous_queue
        stop_worker(process)
