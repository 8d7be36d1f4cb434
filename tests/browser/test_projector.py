"""The standings on a club's projector or TV (issue 29): a 13-table Mitchell's 26 pairs at 1366×768, large type,
no menu, as many rows as the screen holds, the next ones a few seconds later. Screenshots under tests/artifacts/
(projector-*.png)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import log_in, shot
from tests.club import play_rounds
from tournaments import services
from tournaments.models import Club, Event, Section, Session

pytestmark = pytest.mark.browser

SCREEN = {"width": 1366, "height": 768}


def test_the_projector_pages_through_the_standings_without_a_menu(site, new_page):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    event = Event.objects.create(club=club, name="Thursday Pairs", date="2026-12-03")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    services.install_movement(
        section, services.generate_movement("mitchell", tables=13, boards_per_round=1), None
    )
    services.deal_boards(section)
    section = services.set_status(section, "running", None)
    screen = new_page(SCREEN)
    user = log_in(screen, site, club)  # the director's projector: ranks and scores while play goes on
    play_rounds(section, user, 2, {(1, 1): 11, (2, 2): 9})
    screen.clock.install()
    screen.goto(f"{site}/sections/{section.id}/?projector=1")
    rows = screen.locator("#standings table.standings tbody tr")
    assert rows.count() == 26
    assert screen.locator("header.site").count() == 0 and screen.get_by_text("Log out").count() == 0
    first = rows.filter(visible=True).all_inner_texts()
    assert 6 <= len(first) < 13  # the N-S field does not fit: it pages
    assert screen.locator("table.standings:visible").count() == 1
    assert screen.locator("#pager-page").inner_text() == "· page 1 of 4"
    assert screen.evaluate(
        "document.documentElement.scrollHeight <= window.innerHeight + 1"
    )  # nothing to scroll
    size = screen.locator("table.standings td").first.evaluate(
        "td => parseFloat(getComputedStyle(td).fontSize)"
    )
    assert size >= 24
    shot(screen, "projector-1366-page-1")
    screen.clock.fast_forward(8_000)
    assert screen.locator("#pager-page").inner_text() == "· page 2 of 4"
    second = rows.filter(visible=True).all_inner_texts()
    assert second and not set(second) & set(first) and len(first) + len(second) == 13
    shot(screen, "projector-1366-page-2")
    screen.set_viewport_size({"width": 1920, "height": 1080})
    screen.reload()
    assert screen.locator("header.site").count() == 0
    shot(screen, "projector-1920-page-1")
