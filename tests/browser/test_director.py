"""The director's keyboard-fast traveller entry (the engine's verdict as you type), job progress bars, and the
progressive party host's view: tallies, the bell, the next seating on the projector."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games.models import Board, Result
from parties.models import Tally
from parties.tallies import record_tally
from tests.browser.conftest import axe_violations, log_in, no_overflow, running_mitchell, shot
from tournaments.models import Club, Section

# CI runs the browser tests once, on PostgreSQL with a worker; these two run on SQLite as well, where the pages'
# jobs (the analysis, the bell) run in-process as on a laptop's `make run`.
pytestmark = [pytest.mark.browser, pytest.mark.laptop]


def test_traveller_entry_grid_and_analysis_job(site, new_page, jobs_run):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    section = running_mitchell(club)
    desk = new_page()
    log_in(desk, site, club)
    desk.goto(f"{site}/direct/sections/{section.id}/boards/1/")
    rows = desk.locator("table.grid tbody tr")
    assert rows.count() == 3  # board 1 is played at each of the three tables once
    first, second, third = rows.nth(0), rows.nth(1), rows.nth(2)

    first.locator("input.contract").click()
    desk.keyboard.type("4s")
    desk.keyboard.press("Tab")
    desk.keyboard.type("n")  # a seat letter moves straight on to the tricks
    desk.keyboard.type("10")
    assert first.locator("input.contract").input_value() == "4S"
    desk.wait_for_function("document.querySelector('tr.line output.verdict').textContent === '+420'")
    first.locator("input.contract").focus()
    desk.keyboard.press("Enter")  # Enter goes down a row, not to the server
    assert desk.evaluate("document.activeElement.classList.contains('contract')")
    desk.keyboard.type("3ntx")
    second.locator("input.declarer").fill("E")
    second.locator("input.tricks").fill("5")
    second.locator("input.tricks").dispatch_event("input")
    desk.wait_for_function(
        "document.querySelectorAll('tr.line output.verdict')[1].textContent === '+800'"
    )  # 3NT doubled, four down, not vulnerable (Law 77)
    third.locator("input.contract").fill("7NT")
    third.locator("input.declarer").fill("N")
    third.locator("input.tricks").fill("14")
    third.locator("input.tricks").dispatch_event("input")
    desk.wait_for_function(
        "document.querySelectorAll('tr.line output.verdict')[2].textContent.includes('14 tricks is not 0 to 13')"
    )
    assert "bad" in third.get_attribute("class")
    third.locator("input.tricks").fill("13")
    third.locator("input.tricks").dispatch_event("input")
    desk.wait_for_function("document.querySelectorAll('tr.line output.verdict')[2].textContent === '+1520'")
    assert axe_violations(desk) == []
    shot(desk, "director-entry-grid")
    desk.get_by_role("button", name="Save board 1 and go to board 2").click()
    desk.get_by_text("Board 1: 3 results entered.").wait_for()
    desk.get_by_role("heading", name="Traveller entry: board 2").wait_for()
    scores = sorted(
        Result.objects.filter(section=section, board__number=1).values_list("score_ns", flat=True)
    )
    assert scores == [420, 800, 1520]

    # The double-dummy analysis as a job, with its progress bar.
    desk.goto(f"{site}/direct/sections/{section.id}/")
    desk.get_by_role("button", name="Analyse the boards (double dummy)").click()
    desk.locator("ul.jobs li").first.wait_for()
    assert "Double-dummy analysis" in desk.locator("ul.jobs li").first.inner_text()
    desk.wait_for_function("document.querySelector('ul.jobs progress').value === 100", timeout=60_000)
    assert axe_violations(desk) == []
    shot(desk, "director-section")
    assert Board.objects.filter(section=section, analysis__isnull=True).count() == 0


def test_party_host_rings_the_bell(site, new_page, jobs_run):
    call_command("demo", stdout=open("/dev/null", "w"))  # noqa: SIM115 - closed with the process
    party = Section.objects.get(session__event__name="Saturday Euchre Party")
    host = new_page()
    log_in(host, site, party.session.event.club)
    host.goto(f"{site}/direct/sections/{party.id}/party/")
    host.get_by_role("heading", name="Saturday Euchre Party: round 2").wait_for()
    # The demo's round 2: tables 1 and 2 have tallies, table 3 has none yet; it is entered from a phone.
    code = party.table_codes.get(table=3).code
    phone = new_page({"width": 390, "height": 844})
    phone.goto(f"{site}/table/")
    phone.get_by_label("Table code").fill(code)
    phone.get_by_role("button", name="Open the table").click()
    phone.get_by_label("Hands played").fill("6")
    phone.get_by_label("N-S points").fill("5")
    phone.get_by_label("E-W points").fill("2")
    phone.get_by_role("button", name="Save the tally").click()
    phone.get_by_text("Tally saved.").wait_for()
    assert no_overflow(phone)
    assert axe_violations(phone) == []
    shot(phone, "party-tally-phone")

    # The head table plays on to game (5 points) before its bell.
    read = Tally.objects.get(section=party, round=2, table=1).version  # as the head table's phone read it
    record_tally(party, 1, {"hands": 7, "ns_points": 5, "ew_points": 2, "version": read})
    host.reload()
    assert axe_violations(host) == []
    shot(host, "party-host")
    host.get_by_role("button", name="Ring the bell: end round 2 and seat the next").click()
    # Table 2 is tied 4-4: the book leaves that open, so the job stops and says so; the host cuts and rings again.
    host.locator(".job-state", has_text="table 2 is tied").wait_for(timeout=60_000)
    host.get_by_label("Table 2 is tied: winners of the cut").select_option("NS")
    host.get_by_role("button", name="Ring the bell: end round 2 and seat the next").click()
    host.get_by_role("heading", name="Saturday Euchre Party: round 3").wait_for(timeout=60_000)
    party.refresh_from_db()
    assert party.current_round == 3
    assert party.tallies.filter(round=2, frozen=True).count() == 3
    projector = new_page({"width": 1920, "height": 1080})
    projector.goto(f"{site}/sections/{party.id}/seating/")
    projector.get_by_role("heading", name="Table 1").wait_for()
    assert projector.locator(".table-card").count() == 3
    assert axe_violations(projector) == []
    shot(projector, "party-projector")
    projector.goto(f"{site}/sections/{party.id}/")
    assert projector.locator("#standings table.standings tbody tr").count() == 12
    shot(projector, "party-standings")
    # On a phone each name keeps one line: the prizes and cuts go under it, the Prize column is left out.
    phone.goto(f"{site}/sections/{party.id}/")
    names = phone.locator("#standings table.party tbody td.player .name")
    assert names.count() == 12
    heights = names.evaluate_all("spans => spans.map(s => s.getBoundingClientRect().height)")
    assert max(heights) < 1.6 * min(heights), "no name wraps"
    assert not phone.locator("#standings th.prize").is_visible()
    assert phone.locator("#standings td.player .prize-line", has_text="1st prize").is_visible()
    assert no_overflow(phone)
    shot(phone, "party-standings-phone")
