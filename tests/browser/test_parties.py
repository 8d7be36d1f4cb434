"""A host sets up a party from the pages (issue 15): the set-up page, the first seating drawn, the cards to print,
the start, and a table's phone saving its tally."""

from __future__ import annotations

import time

import pytest

from jobs.models import Job
from tests.browser.conftest import axe_violations, log_in, no_overflow, shot
from tournaments.models import Club, Section

pytestmark = pytest.mark.browser


def test_a_host_sets_up_a_couples_euchre_party_and_sees_the_first_seating(site, new_page):
    club = Club.objects.create(name="Riverton Card Club", slug="riverton")
    host = new_page()
    log_in(host, site, club)
    host.get_by_role("link", name="Set up a party").click()
    host.get_by_role("heading", name="A party at Riverton Card Club").wait_for()
    host.get_by_label("Name of the party").fill("Saturday euchre")
    host.get_by_label("Game", exact=True).select_option("euchre-couples")
    host.get_by_label("Number", exact=True).fill("122")
    host.get_by_label("Counted in").select_option("couples")
    host.get_by_role("button", name="Draw the first seating").click()
    problem = host.get_by_role("alert")
    assert "is played at 1 to 60 tables, not 61 (244 players)" in problem.inner_text()
    shot(host, "party-setup-refused")

    host.get_by_label("Number", exact=True).fill("6")
    host.get_by_label("Prizes", exact=True).fill("2")
    host.get_by_label("A prize for the most lone hands (euchre)").check()
    assert axe_violations(host) == []
    shot(host, "party-setup")
    host.get_by_role("button", name="Draw the first seating").click()
    host.get_by_role("heading", name="Saturday euchre: the first seating").wait_for()
    section = Section.objects.get(session__event__name="Saturday euchre")
    assert (section.movement_kind, section.game, section.rule_set) == (
        "euchre-couples",
        "euchre",
        "progressive-1940",
    )
    cards = host.locator("table.card-table")
    assert cards.count() == 3
    for t in range(3):
        seats = cards.nth(t).locator("td").all_inner_texts()
        sexes = [text.endswith("(lady)") for text in seats]
        assert sexes[0] != sexes[2] and sexes[1] != sexes[3], "N-S and E-W: a lady and a gentleman"
    assert axe_violations(host) == []
    assert no_overflow(host)
    shot(host, "party-first-seating")
    for name in ("Table cards (PDF)", "Tally cards (PDF)"):
        href = host.get_by_role("link", name=name).get_attribute("href")
        answer = host.request.get(f"{site}{href}")
        assert answer.status == 200 and answer.body().startswith(b"%PDF")

    host.get_by_role("button", name="Start the party").click()
    section.refresh_from_db()
    host.wait_for_url(f"**/direct/sections/{section.id}/")
    section.refresh_from_db()
    assert (section.status, section.current_round) == ("running", 1)
    phone = new_page({"width": 390, "height": 844})
    phone.goto(f"{site}/table/")
    phone.get_by_label("Table code").fill(section.table_codes.get(table=2).code)
    phone.get_by_role("button", name="Open the table").click()
    phone.get_by_label("N-S points").fill("3")
    phone.locator('input[name="lone-E"]').fill("1")
    phone.get_by_role("button", name="Save the tally").click()
    phone.get_by_text("Tally saved.").wait_for()
    assert phone.locator('input[name="lone-E"]').input_value() == "1", "the phone shows what was saved"
    assert no_overflow(phone)
    shot(phone, "party-couples-tally-phone")


def bells_rung(section: Section) -> None:
    """Wait up to a minute for the section's bell jobs: a worker runs them when a broker is configured, and the
    next seating and the standings follow a job's commit, so a job is done only once they are stored."""
    deadline = time.monotonic() + 60
    while Job.objects.filter(section=section, kind="bell").exclude(state="done").exists():
        assert time.monotonic() < deadline, "the bell's job did not finish within a minute"
        time.sleep(0.1)


def test_a_host_runs_a_military_euchre_party_through_the_pages(site, new_page, jobs_run):
    """Hoyle 1940 L11433–11469 from an empty club: three forts set up, two games entered from the tables' phones,
    the bell after each, the forts ranked by flags on the public page."""
    club = Club.objects.create(name="Riverton Card Club", slug="riverton")
    host = new_page()
    log_in(host, site, club)
    host.goto(f"{site}/direct/clubs/riverton/party/")
    host.get_by_label("Name of the party").fill("Forts night")
    host.get_by_label("Game", exact=True).select_option("military-euchre")
    host.get_by_label("Number", exact=True).fill("12")
    host.get_by_label("Forts (military euchre; four players each)").fill("3")
    host.get_by_role("button", name="Draw the first seating").click()
    host.get_by_role("heading", name="Forts night: the first seating").wait_for()
    host.get_by_role("button", name="Start the party").click()
    section = Section.objects.get(session__event__name="Forts night")
    codes = dict(section.table_codes.values_list("table", "code"))
    phones = {}
    for table in codes:
        phones[table] = new_page({"width": 390, "height": 844})
        phones[table].goto(f"{site}/table/?code={codes[table]}")
        phones[table].get_by_role("button", name="Open the table").click()
    # Game 1: forts 1, 3, 3 win at tables 1, 2, 3; game 2: forts 3, 2, 2 (as test_api_parties's military party).
    for number, tallies in enumerate(
        ({1: (5, 2), 2: (1, 5), 3: (5, 3)}, {1: (2, 5), 2: (5, 4), 3: (3, 5)}), 1
    ):
        for table, (ns, ew) in tallies.items():
            phone = phones[table]
            phone.goto(f"{site}/table/")
            phone.get_by_role("heading", name=f"Table {table}, round {number}").wait_for()
            phone.get_by_label("N-S points").fill(str(ns))
            phone.get_by_label("E-W points").fill(str(ew))
            phone.get_by_role("button", name="Save the tally").click()
            phone.get_by_text("Tally saved.").wait_for()
        if number == 1:
            assert (
                "N-S defend Fort 2 (blue flag) at home; E-W visit from Fort 3"
                in phones[2].locator("main").inner_text()
            )
            shot(phones[2], "party-military-phone")
        host.goto(f"{site}/direct/sections/{section.id}/party/")
        shot(host, f"party-military-host-{number}")
        host.get_by_role("button", name=f"Ring the bell: end round {number} and seat the next").click()
        # the ring's job first (the click's answer makes it), or the wait below may look before there is one
        deadline = time.monotonic() + 60
        while Job.objects.filter(section=section, kind="bell").count() < number:
            assert time.monotonic() < deadline, f"round {number}'s bell made no job within a minute"
            time.sleep(0.1)
        bells_rung(section)
        if number == 1:  # with a worker the host page reloads itself once the job is done: let it first
            host.get_by_role("heading", name="Forts night: round 2").wait_for(timeout=60_000)
    section.refresh_from_db()
    assert section.status == "finished", "the visitors are home: every fort met every other"
    host = new_page()  # the host's own page may still reload itself after the last bell's job
    host.goto(f"{site}/sections/{section.id}/")
    rows = host.locator("#standings table.standings tbody tr")
    assert rows.count() == 12
    assert rows.nth(0).inner_text().split()[0] == "1="
    forts = host.locator("#standings table.forts tbody tr").all_inner_texts()
    assert [row.split("\t")[:3] for row in forts] == [["1", "Fort 3 (green flag)", "3"], ["2", "Fort 2 (blue flag)", "2"],
                                                      ["3", "Fort 1 (red flag)", "1"]], forts  # fmt: skip
    shot(host, "party-military-standings")
