"""Browser tests: Playwright driving Debian's chromium (never a downloaded browser) against pytest-django's live
server. They skip with the reason when chromium or Playwright is missing (a developer's laptop); `.ci/run`
installs chromium."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import caches
from django.test import override_settings

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip(
            f"no chromium at {CHROMIUM}: install Debian's chromium (apt-get install chromium) to run browser tests"
        )
    playwright_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is not installed (dev extras)"
    )
    # Playwright's sync API keeps an event loop in this thread, which Django would take for async code; the
    # test's ORM calls are plain synchronous ones (the documented way out for Playwright with Django).
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with playwright_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            yield browser
            browser.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(scope="session")
def plain_http_start():
    """The HTTPS redirect and HSTS off while the live server loads its middleware (which reads them once)."""
    override = override_settings(SECURE_SSL_REDIRECT=False, SECURE_HSTS_SECONDS=0)
    override.enable()
    return override


@pytest.fixture(scope="session")
def live_server(plain_http_start, live_server):
    """pytest-django's live server, serving plain HTTP; the settings go back as they were for the other tests."""
    plain_http_start.disable()
    return live_server


@pytest.fixture
def site(live_server, settings, transactional_db):
    """The live server over plain HTTP (no redirect, cookies without the secure flag), with an empty cache."""
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False
    for cache in caches.all():
        cache.clear()
    ARTIFACTS.mkdir(exist_ok=True)
    return live_server.url


@pytest.fixture
def new_page(browser):
    """Pages in contexts of their own (separate cookies: a director, a table's phone, a player), closed after."""
    contexts = []

    def make(viewport=DESKTOP):
        context = browser.new_context(viewport=viewport, accept_downloads=True)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def bells_rung(section) -> None:
    """Wait up to a minute for the section's bell jobs: a worker runs them when a broker is configured, and the
    next seating and the standings follow a job's commit, so a job is done only once they are stored."""
    from jobs.models import Job  # as running_mitchell: models load after this module

    deadline = time.monotonic() + 60
    while Job.objects.filter(section=section, kind="bell").exclude(state="done").exists():
        assert time.monotonic() < deadline, "the bell's job did not finish within a minute"
        time.sleep(0.1)


def running_mitchell(club, name: str = "Wednesday Pairs"):
    """A running 3-table Mitchell (6 boards, 2 a round) of `club`, dealt from a secret seed, set up by the services."""
    from tournaments import services
    from tournaments.models import Event, Section, Session

    event = Event.objects.create(club=club, name=name, date="2026-11-25")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    services.install_movement(
        section, services.generate_movement("mitchell", tables=3, boards_per_round=2), None
    )
    services.deal_boards(section)
    return services.set_status(section, "running", None)


def open_table(phone, address: str) -> None:
    """What a table's phone does with the QR code on its card: open the address and say yes to the table."""
    phone.goto(address)
    phone.get_by_role("button", name="Enter results for table").click()


def shot(page, name: str) -> Path:
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def no_overflow(page) -> bool:
    """Nothing wider than the window: the page works at a phone's width without scrolling sideways."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def axe_violations(page) -> list[str]:
    """axe-core's serious problems on the page (labels, contrast, headings and the rest of WCAG A/AA), bundled
    with axe-playwright-python (no CDN)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(
        page, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "best-practice"]}}
    )
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])}x, e.g. {v['nodes'][0]['target']})"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical", "moderate")
    ]


@pytest.fixture
def jobs_run(request):
    """Jobs the pages start (the bell, the analysis) run eagerly without a broker; with one (CI on PostgreSQL), a
    real worker process runs them."""
    return request.getfixturevalue("worker") if settings.REDIS_URL else None


PASSWORD = "correct horse battery staple"


def log_in(page, site: str, club):
    """A director of `club` signed in on `page` through the login page; the user."""
    from django.contrib.auth.models import User  # as running_mitchell: models load after this module

    user = User.objects.create_user("dora", password=PASSWORD)
    club.directors.add(user)
    page.goto(f"{site}/login/")
    page.get_by_label("User name").fill("dora")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="Director").wait_for()
    return user


def fill(page, boxes: dict[str, str]) -> None:
    """Each box with that label given its value, in order: a select's option chosen, any other box typed in."""
    for label, value in boxes.items():
        box = page.get_by_label(label, exact=True)
        if box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)


def preview_members_import(page, folder: Path, names: list[str]) -> None:
    """On the members page: a CSV of `names` (numbered from 3000) chosen and previewed, not yet imported."""
    from tests.club import members_csv  # as running_mitchell: models load after this module

    page.get_by_label("CSV file").set_input_files(str(members_csv(folder, names)))
    page.get_by_role("button", name="Preview the import").click()
    page.get_by_role("heading", name=f"Import {len(names)} members").wait_for()


def correct(page, table: int, contract: str, declarer: str, tricks: str, reason: str) -> None:
    """On a board's entry page: the result at `table` corrected, with the reason kept in a new version."""
    page.get_by_label(f"Correct table {table}").click()
    fill(page, {"Contract": contract, "Declarer": declarer, "Tricks": tricks, "Reason": reason})
    page.get_by_role("button", name="Save the correction").click()
    page.get_by_text("the change is saved as a new version").wait_for()


STRAIN_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades", "NT": "No trumps"}


def press_result(entry, contract: str, declarer: str, tricks) -> None:
    """On a table phone's entry form: the contract, declarer and result pressed as its buttons ("4SX", "N", 9:
    level 4, spades, doubled, N, one down)."""
    level, rest = contract[0], contract[1:]
    double = "XX" if rest.endswith("XX") else "X" if rest.endswith("X") else ""
    strain = rest[: len(rest) - len(double)]
    over = int(tricks) - int(level) - 6
    entry.get_by_role("radio", name=level, exact=True).check()
    entry.get_by_role("radio", name=STRAIN_NAMES[strain], exact=True).check()
    entry.get_by_role(
        "radio", name={"": "Not doubled", "X": "Doubled", "XX": "Redoubled"}[double], exact=True
    ).check()
    entry.get_by_role("group", name="Declarer").get_by_role("radio", name=declarer, exact=True).check()
    name = "Made exactly" if over == 0 else f"+{over} over" if over > 0 else f"{-over} down"
    entry.get_by_role("radio", name=name, exact=True).check()
