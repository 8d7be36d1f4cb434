"""A 3-table Mitchell driven through the pages in a real browser: the director sets it up (movement preview and
check), every result is entered from the table-entry page on phones, a second window watches the live standings
change, a traveller and a scorecard are opened, a result is corrected, and the PDFs are downloaded."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import User
from pypdf import PdfReader

from games.models import Result, ResultVersion
from scoring.models import Standing
from tests.browser.conftest import (
    DESKTOP,
    PHONE,
    axe_violations,
    correct,
    fill,
    no_overflow,
    press_result,
    shot,
)
from tournaments.models import Club, Section

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery staple"


def contract_for(round_number: int, table: int, board: int) -> tuple[str, str, str]:
    """A result that differs from table to table, so the matchpoints spread: 3NT by N making 7 to 10."""
    return "3NT", "N", str(7 + table * (board + 1) % 4)


def pdf(page, url: str) -> PdfReader:
    answer = page.request.get(url)
    assert answer.status == 200, url
    assert answer.headers["content-type"] == "application/pdf"
    body = answer.body()
    assert body.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(body))


def text_of(reader: PdfReader) -> str:
    return "\n".join(p.extract_text() for p in reader.pages)


@pytest.mark.usefixtures("jobs_run")
def test_three_table_session(site, new_page):
    director = User.objects.create_user("dora", password=PASSWORD)
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    club.directors.add(director)

    # The director logs in and sets the session up: Mitchell, 3 tables, 2 boards a round, previewed first.
    desk = new_page()
    desk.goto(f"{site}/login/")
    desk.get_by_label("User name").fill("dora")
    desk.get_by_label("Password").fill(PASSWORD)
    desk.get_by_role("button", name="Log in").click()
    desk.get_by_role("link", name="Set up a new session").click()
    fill(desk, {"Event name": "Tuesday Pairs", "Movement": "mitchell", "Size": "3", "Boards per round": "2"})
    desk.get_by_role("button", name="Preview the movement").click()
    desk.get_by_text("The movement check passed").wait_for()
    assert desk.locator("table.card-table").count() == 3  # one table card per table
    assert "Table 1" in desk.locator("table.card-table caption").first.inner_text()
    assert axe_violations(desk) == []
    shot(desk, "director-setup-preview")
    desk.get_by_role("button", name="Create the session and deal the boards").click()
    desk.get_by_text("6 boards dealt").wait_for()
    section = Section.objects.get(session__event__name="Tuesday Pairs")
    assert section.boards.exclude(deal="").count() == 6
    codes = {
        int(code.get_attribute("data-table")): code.inner_text()
        for code in desk.locator("code.table-code").all()
    }
    assert sorted(codes) == [1, 2, 3]
    desk.get_by_role("button", name="Start play").click()
    desk.get_by_text("Running").first.wait_for()

    # A player's window on the session: the live standings, not yet any result.
    watcher = new_page()
    watcher.goto(f"{site}/sections/{section.id}/")
    assert watcher.get_by_role("heading", name="Live standings").is_visible()
    assert "No results yet" in watcher.locator("#standings").inner_text()

    # Every table enters its boards from a phone, round by round; the opponents confirm.
    phones = {}
    for table, code in codes.items():
        phone = new_page(PHONE)
        phone.goto(f"{site}/table/")
        phone.get_by_label("Table code").fill(code.lower())  # codes are read whatever the case
        phone.get_by_role("button", name="Open the table").click()
        phones[table] = phone
    for round_number in (1, 2, 3):
        for table, phone in phones.items():
            phone.goto(f"{site}/table/")
            phone.get_by_role("heading", name=f"Table {table}, round {round_number}").wait_for()
            for _ in range(2):  # two boards a round
                entry = phone.locator("form.entry-form").first
                board = int(entry.locator("input[name=board]").input_value())
                contract, declarer, tricks = contract_for(round_number, table, board)
                press_result(entry, contract, declarer, tricks)
                entry.get_by_role("button", name=f"Enter board {board}").click()
                phone.get_by_text(f"Board {board}: 3NT by N, {tricks} tricks").wait_for()
                phone.get_by_role("button", name=f"E-W accept board {board}").click()
                phone.get_by_text(f"Board {board} confirmed by E-W").wait_for()
            if round_number == 1 and table == 1:
                assert no_overflow(phone)
                assert axe_violations(phone) == []
                shot(phone, "table-entry-phone")
        if round_number == 1:
            # The second window's standings change without a reload.
            watcher.locator("#standings table.standings").first.wait_for(timeout=15_000)
            first_standings = watcher.locator("#standings").inner_text()
            assert "North-South" in first_standings and "East-West" in first_standings
        if round_number < 3:
            desk.goto(f"{site}/direct/sections/{section.id}/")
            desk.get_by_role("button", name=f"Next round ({round_number + 1})").click()
            desk.get_by_text(f"running, round {round_number + 1} of 3.").first.wait_for()
    assert Result.objects.filter(section=section).count() == 18
    assert Result.objects.filter(section=section, status="confirmed").count() == 18
    watcher.wait_for_function(
        "(before) => document.querySelector('#standings').innerText !== before",
        arg=first_standings,
        timeout=15_000,
    )
    assert set(Standing.objects.filter(section=section).values_list("boards", flat=True)) == {6}
    shot(watcher, "live-standings")

    desk.goto(f"{site}/direct/sections/{section.id}/")
    desk.get_by_role("button", name="Close the session").click()
    desk.get_by_role("button", name="Publish the results").click()
    desk.get_by_text("Published").first.wait_for()

    # A traveller: the hand, its double-dummy table and par, three results with their matchpoints.
    watcher.goto(f"{site}/sections/{section.id}/")
    assert watcher.get_by_role("heading", name="Standings").is_visible()
    assert axe_violations(watcher) == []
    shot(watcher, "results")
    watcher.set_viewport_size(PHONE)
    assert no_overflow(watcher)
    shot(watcher, "results-phone")
    watcher.set_viewport_size(DESKTOP)
    # The director opens the hand records: that look starts the analysis (a look by the public starts nothing).
    desk.goto(f"{site}/sections/{section.id}/hands/", timeout=120_000)  # in-process here without a broker
    for path, name in (
        ("/", "home"),
        ("/clubs/riverton/", "club"),
        (f"/sections/{section.id}/hands/", "hand-records"),
    ):
        watcher.goto(f"{site}{path}")
        assert axe_violations(watcher) == [], path
        shot(watcher, name)
    # The director's look started the analysis job (run in-process without a broker, else by a worker while the
    # page follows its progress and reloads): each board's double-dummy table shows on the public's page.
    watcher.locator("section.card:nth-child(6) table.dd").wait_for(timeout=60_000)
    assert watcher.locator("table.dd").count() == 6
    watcher.goto(f"{site}/sections/{section.id}/")
    watcher.get_by_role("link", name="Board 1", exact=True).click()
    watcher.get_by_role("heading", name="Board 1").wait_for()
    assert watcher.locator(".diagram .hand").count() == 4
    assert watcher.locator("table.dd tbody tr").count() == 5
    assert watcher.locator("p.par").inner_text().startswith("Par ")
    assert watcher.locator("table.traveller tbody tr").count() == 3
    assert axe_violations(watcher) == []
    shot(watcher, "traveller")

    # A scorecard with its chart of percentages round by round.
    watcher.locator("table.traveller tbody tr").first.get_by_role("link").first.click()
    watcher.get_by_role("heading", name=re.compile("Scorecard: Pair")).wait_for()
    assert watcher.locator("table.scorecard tbody tr").count() == 6
    assert watcher.locator("figure.chart svg circle").count() == 3
    assert axe_violations(watcher) == []
    shot(watcher, "scorecard")
    watcher.set_viewport_size(PHONE)
    assert no_overflow(watcher)
    shot(watcher, "scorecard-phone")

    # The director corrects a result: a reason, a new version, the standings follow.
    result = Result.objects.get(section=section, board__number=1, table=1)
    before = Standing.objects.get(entry=result.ns).total
    desk.goto(f"{site}/direct/sections/{section.id}/boards/1/")
    assert axe_violations(desk) == []
    correct(desk, 1, "4S", "N", "4", "the scorer entered the wrong contract")
    versions = desk.locator("table.versions tbody tr")
    assert versions.count() == 3  # entered, confirmed, corrected
    assert "the scorer entered the wrong contract" in versions.nth(2).inner_text()
    assert axe_violations(desk) == []
    shot(desk, "correction")
    result.refresh_from_db()
    assert (result.contract, result.score_ns) == ("4S", -300)  # 4S down 6, not vulnerable (board 1)
    assert ResultVersion.objects.filter(result=result, kind="corrected").count() == 1
    assert Standing.objects.get(entry=result.ns).total < before

    # The printables.
    guide = pdf(desk, f"{site}/sections/{section.id}/cards-guide.pdf")
    assert all(f"Pair {n} " in text_of(guide) for n in range(1, 7))
    tables = text_of(pdf(desk, f"{site}/sections/{section.id}/cards-table.pdf"))
    assert all(f"Table {n} " in tables for n in (1, 2, 3))
    hands = pdf(desk, f"{site}/sections/{section.id}/hands.pdf")
    assert len(hands.pages) == 2  # six boards, four a page
    assert "Board 5" in hands.pages[1].extract_text() and "Par" in hands.pages[0].extract_text()
    results = text_of(pdf(watcher, f"{site}/sections/{section.id}/results.pdf"))
    assert "North-South" in results and "Board 6" in results
    cards = text_of(pdf(watcher, f"{site}/sections/{section.id}/scorecards.pdf"))
    assert all(f"Scorecard: {n}" in cards for n in range(1, 7))
