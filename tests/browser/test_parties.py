"""A host sets up a party from the pages (issue 15): the set-up page, the first seating drawn, the cards to print,
the start, and a table's phone saving its tally."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from jobs.models import Job
from tests.browser.conftest import axe_violations, bells_rung, log_in, no_overflow, shot
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
            # the phone follows the party by itself: after the bell it shows the next round (party_phone.js)
            phone.get_by_role("heading", name=f"Table {table}, round {number}").wait_for(timeout=20_000)
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


FIRST = ("Ada", "Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Hal", "Ida", "Jon", "Kit", "Lou")
LAST = ("Ames", "Burr", "Cole", "Dunn")
SCREENS = ({"width": 1366, "height": 768}, {"width": 1366, "height": 900}, {"width": 1920, "height": 1080})


def projector_pages(screen) -> list[tuple[str, list[str]]]:
    """The projector's pages in order, turned with the → key: each page's block (tables, names) and the items it
    shows; on every page nothing to scroll."""
    pages = []
    total = int(screen.locator("#pager-page").inner_text().rsplit(" ", 1)[1])
    for number in range(1, total + 1):
        assert screen.locator("#pager-page").inner_text() == f"· page {number} of {total}"
        assert screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1"), number
        if screen.locator(".seating").is_visible():
            pages.append(("tables", screen.locator(".table-card:visible h2").all_inner_texts()))
        else:
            pages.append(
                ("names", screen.locator("table.finder tbody tr:visible td:first-child").all_inner_texts())
            )
        if number < total:
            screen.keyboard.press("ArrowRight")
    return pages


def test_the_projector_and_the_phones_follow_a_large_party_to_its_prizes(site, new_page, jobs_run):
    """A 48-player euchre party (12 tables): the projector pages through every table and the "find your name" list
    without scrolling at 1366×768, 1366×900 and 1920×1080, the head table marked and each side's partners shown;
    after the bell a table's phone says where each of its players goes; after the last bell the phone, the host
    page and the projector show the standings and the prizes."""
    from parties import services as party_services
    from parties.models import Tally
    from parties.tallies import record_tally
    from tournaments import services

    club = Club.objects.create(name="Riverton Card Club", slug="riverton")
    host = new_page()
    user = log_in(host, site, club)
    names = tuple((f"{first} {last}", "") for last in LAST for first in FIRST)
    section = party_services.create_party(
        club,
        party_services.PartyRequest("euchre", 48, "Harvest euchre", prizes=3, seed="harvest", entries=names),
        user,
    )
    section = services.set_status(section, "running", user)
    seated = {s.table: s.seats for s in section.seatings.filter(round=1)}
    by_number = dict(section.entries.values_list("number", "name"))

    projector = new_page(SCREENS[0])
    projector.clock.install()
    for screen in SCREENS:
        projector.set_viewport_size(screen)
        projector.goto(f"{site}/sections/{section.id}/seating/")
        pages = projector_pages(projector)
        tables = [t for block, shown in pages if block == "tables" for t in shown]
        assert [t.split()[1] for t in tables] == [str(t) for t in range(1, 13)], (screen, tables)
        assert tables[0].casefold() == "table 1 head table"
        found = [n for block, shown in pages if block == "names" for n in shown]
        assert len(found) == 48 and found == sorted(found, key=str.casefold)
        assert len(pages) > 2, "12 tables and 48 names do not fit one screen"
        if screen == SCREENS[0]:
            projector.goto(f"{site}/sections/{section.id}/seating/")
            head = projector.locator(".table-card").first.inner_text()
            north, south = by_number[seated[1]["N"]], by_number[seated[1]["S"]]
            assert f"N-S\n{seated[1]['N']}. {north} & {seated[1]['S']}. {south}" in head, head
            shot(projector, "party-projector-1366-tables")
            while not projector.locator("table.finder").is_visible():
                projector.keyboard.press("ArrowRight")
            row = projector.locator("table.finder tbody tr:visible").first.inner_text().split("\t")
            player = next(n for n, name in by_number.items() if row[0] == f"{name} {n}")
            table, seats = next((t, s) for t, s in seated.items() if player in s.values())
            seat = next(k for k, v in seats.items() if v == player)
            partner = by_number[seats[{"N": "S", "S": "N", "E": "W", "W": "E"}[seat]]]
            assert row[1:] == [str(table), seat, partner], row
            shot(projector, "party-projector-1366-names")

    phone = new_page({"width": 390, "height": 844})
    phone.goto(f"{site}/table/?code={section.table_codes.get(table=2).code}")
    phone.get_by_role("button", name="Open the table").click()
    phone.get_by_role("heading", name="Table 2, round 1").wait_for()
    for table in seated:  # the head table made game 5–3, N-S won everywhere else 4–2
        record_tally(
            section,
            table,
            {"hands": 6, "ns_points": 5 if table == 1 else 4, "ew_points": 3 if table == 1 else 2},
        )
    host.goto(f"{site}/direct/sections/{section.id}/party/")
    host.get_by_role("button", name="Ring the bell: end round 1 and seat the next").click()
    deadline = time.monotonic() + 60
    while not Job.objects.filter(section=section, kind="bell").exists():
        assert time.monotonic() < deadline, "the bell made no job within a minute"
        time.sleep(0.1)
    bells_rung(section)
    section.refresh_from_db()
    phone.get_by_role("heading", name="Table 2, round 2").wait_for(
        timeout=20_000
    )  # the phone follows by itself
    moved = {s.table: s.seats for s in section.seatings.filter(round=2)}
    notice = phone.locator(".bell-moves").inner_text()
    assert "The bell has rung for round 1" in notice
    for player in seated[2].values():
        table, seats = next((t, s) for t, s in moved.items() if player in s.values())
        seat = next(k for k, v in seats.items() if v == player)
        partner = by_number[seats[{"N": "S", "S": "N", "E": "W", "W": "E"}[seat]]]
        assert (
            f"{by_number[player]}: go to table {table}" in notice
            and f"seat {seat}, partner {partner}" in notice
        )
    assert no_overflow(phone)
    shot(phone, "party-phone-after-the-bell")

    for table in moved:
        record_tally(section, table, {"hands": 6, "ns_points": 2, "ew_points": 5 if table == 1 else 4})
    host.goto(f"{site}/direct/sections/{section.id}/party/")
    host.get_by_role("button", name="Ring the last bell (end of the party)").click()
    deadline = time.monotonic() + 60
    while Job.objects.filter(section=section, kind="bell").count() < 2:
        assert time.monotonic() < deadline, "the last bell made no job within a minute"
        time.sleep(0.1)
    bells_rung(section)
    assert Tally.objects.filter(section=section, frozen=True).count() == 24
    phone.get_by_role("heading", name="Harvest euchre: the party is over").wait_for(timeout=20_000)
    prizes = phone.locator(".prize-list li").all_inner_texts()
    assert [p.split(":")[0] for p in prizes][:1] == ["1st prize"] and "2 games won" in prizes[0], prizes
    assert "Prizes go by games won" in phone.locator(".prizes").inner_text()
    assert phone.locator("table.standings tbody tr").count() == 48
    assert no_overflow(phone)
    shot(phone, "party-phone-at-the-end")

    host.get_by_role("heading", name="Harvest euchre: finished").wait_for(timeout=60_000)
    expect(host.locator("progress[data-job-url]")).to_have_count(0, timeout=60_000)
    assert "round 2" not in host.locator("h1").inner_text()
    assert host.locator(".prizes .prize-list li").all_inner_texts() == prizes, (
        "the host sees the phones' prizes"
    )
    shot(host, "party-host-at-the-end")

    projector.set_viewport_size(SCREENS[0])
    projector.goto(f"{site}/sections/{section.id}/seating/")
    projector.get_by_role("heading", name="Harvest euchre: the party is over").wait_for()
    assert projector.locator(".prize-list li:visible").all_inner_texts() == prizes
    assert projector.locator(".table-card").count() == 0, "the end, not the last seating"
    shot(projector, "party-projector-at-the-end")
    shown = 0
    total = int(projector.locator("#pager-page").inner_text().rsplit(" ", 1)[1])
    for number in range(1, total + 1):
        assert projector.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1"), number
        shown += projector.locator("table.standings tbody tr:visible").count()
        if number < total:
            projector.keyboard.press("ArrowRight")
    assert shown == 48, "every player's standing on one page or another"
    shot(projector, "party-projector-standings-last-page")
