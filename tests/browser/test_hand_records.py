"""The hand records follow the analysis a director's look started (issues 17 and 26): its progress bar while no
worker has taken it, then the page reloaded by itself with every double-dummy table once the job is done."""

from __future__ import annotations

import re
import uuid

import pytest

from config.celery import app
from jobs.models import Job
from jobs.tasks import analyse
from tests.browser.conftest import axe_violations, log_in, running_mitchell, shot
from tournaments.models import Club, Section, Status

pytestmark = pytest.mark.browser


@pytest.fixture
def published(site) -> Section:
    section = running_mitchell(
        Club.objects.create(name="Riverton Bridge Club", slug="riverton"), "Thursday Pairs"
    )
    Section.objects.filter(id=section.id).update(status=Status.PUBLISHED)
    return section


def test_the_page_shows_the_analysis_under_way_and_its_tables_once_done(
    site, new_page, published, monkeypatch
):
    # Every worker busy elsewhere: the job waits in a broker queue that no worker reads.
    monkeypatch.setitem(app.conf, "task_always_eager", False)
    monkeypatch.setitem(app.conf, "task_default_queue", f"nobody-{uuid.uuid4().hex[:10]}")
    page = new_page()
    log_in(page, site, published.club)
    page.goto(f"{site}/sections/{published.id}/hands/")
    assert page.get_by_role("progressbar", name=re.compile("Double-dummy analysis")).is_visible()
    page.get_by_text("waiting for a worker").wait_for()
    assert page.get_by_text(
        "Double-dummy tables show here once the analysis is done (6 boards to go)."
    ).is_visible()
    assert page.get_by_role("link", name="Print now, without the double-dummy tables (PDF)").is_visible()
    assert page.locator("table.dd").count() == 0
    assert axe_violations(page) == []
    shot(page, "hand-records-pending")

    # A worker takes the job (here: this process runs it at once); the page reloads with the tables.
    job = Job.objects.get(section=published, kind="analyse")
    monkeypatch.setitem(app.conf, "task_always_eager", True)
    analyse.delay(job.id)
    page.locator("section.card:nth-child(6) table.dd").wait_for(timeout=30_000)
    assert page.locator("table.dd").count() == 6 and page.locator("progress").count() == 0
    assert page.get_by_role(
        "link", name="Print: four boards a page, with the double-dummy tables (PDF)"
    ).is_visible()
    shot(page, "hand-records-analysed")
