"""A club night run from the pages alone (issue 14), from an empty database: no API call, no Django admin, no shell.

The director makes the club on the first-run page, imports 48 members from a CSV, sets up an 8-pair Howell, a
two-section 12-table Mitchell with every pair named and an 8-team Swiss of 4 rounds, enters every result (the director's grid, and the
tables' phones opened from the address their card's QR code holds), sees no result missing, closes and publishes,
corrects one result and sees the amended notice on the public page. Screenshots of each page, at a phone's width
and a desktop's, go to tests/artifacts/club_night/."""

from __future__ import annotations

import datetime
import io
import re
from collections import Counter

import pytest
import segno
from pypdf import PdfReader

from tests.browser.conftest import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    axe_violations,
    correct,
    fill,
    no_overflow,
    open_table,
    press_result,
    preview_members_import,
)
from tests.club import MORE_NAMES, NAMES
from tournaments.signin import setup_token

pytestmark = pytest.mark.browser

SHOTS = ARTIFACTS / "club_night"
PASSWORD = "correct horse battery staple"
CONTRACTS = [("3NT", "N", "9"), ("4S", "E", "10"), ("2H", "S", "8"), ("3NT", "W", "8"), ("1NT", "N", "7"),
             ("4H", "S", "11"), ("3D", "E", "9"), ("2S", "W", "7")]  # fmt: skip


def opened(new_page, viewport: dict):
    """A page in a context of its own, waiting up to 30 s (CI's shared 2-core machine is often this slow)."""
    page = new_page(viewport)
    page.context.set_default_timeout(30_000)
    return page


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def both_widths(page, name: str) -> None:
    """The page at a phone's width (nothing wider than the window) and a desktop's."""
    page.set_viewport_size(PHONE)
    assert no_overflow(page), name
    shot(page, f"{name}-phone")
    page.set_viewport_size(DESKTOP)
    shot(page, f"{name}-desktop")


def result_for(n: int) -> tuple[str, str, str]:
    return CONTRACTS[n % len(CONTRACTS)]


def desk_of(page, site: str, event: str) -> int:
    """Open the event's desk from the director's home page; its section id."""
    page.goto(f"{site}/direct/")
    page.get_by_role("link", name=event).click()
    page.get_by_role("heading", name=re.compile(event)).wait_for()
    return int(re.search(r"/direct/sections/(\d+)/", page.url).group(1))


def set_up(page, site: str, fields: dict[str, str], names: dict[str, str] | None = None) -> int:
    """The set-up page: fields filled, the movement previewed and checked, players named, then created."""
    page.goto(f"{site}/direct/")
    page.get_by_role("link", name="Set up a new session").click()
    fill(page, fields)
    page.get_by_role("button", name="Preview the movement").click()
    page.get_by_text("The movement check passed").wait_for()
    assert axe_violations(page) == []
    fill(page, names or {})
    shot(page, f"setup-{fields['Event name'].lower().replace(' ', '-')}")
    page.get_by_role("button", name="Create the session and deal the boards").click()
    page.get_by_role("button", name="Start play").click()
    page.get_by_text("Running").first.wait_for()
    return int(re.search(r"/direct/sections/(\d+)/", page.url).group(1))


def grid(page, site: str, section: int, board: int, key: int = 0) -> int:
    """Every empty row of the board's traveller typed on the director's grid and saved; the rows entered."""
    page.goto(f"{site}/direct/sections/{section}/boards/{board}/")
    page.get_by_role("heading", name=f"Traveller entry: board {board}").wait_for()
    rows = page.locator("#entry-grid tbody tr:not(.done)")
    count = rows.count()
    for i in range(count):
        table = rows.nth(i).locator("td").nth(1).inner_text()
        contract, declarer, tricks = result_for(board + int(table) + key)
        page.get_by_label(f"Contract, table {table}", exact=True).nth(0).fill(contract)
        page.get_by_label(f"Declarer, table {table}", exact=True).nth(0).fill(declarer)
        page.get_by_label(f"Tricks, table {table}", exact=True).nth(0).fill(tricks)
    # Each row's score shows as it is typed (the grid asks the engine): saved once every row shows one.
    page.wait_for_function(
        "[...document.querySelectorAll('#entry-grid output.verdict')].every(o => o.textContent)"
    )
    page.get_by_role("button", name=re.compile(f"Save board {board}")).click()
    if count:
        page.get_by_text(f"Board {board}: {count} result{'s' if count != 1 else ''} entered.").wait_for()
    return count


def missing_none(page, site: str, section: int) -> None:
    page.goto(f"{site}/direct/sections/{section}/")
    page.locator("#none-missing").wait_for()
    assert page.locator("#missing tbody tr").count() == 0


def qr_address(pdf_bytes: bytes) -> str:
    """The address a table card prints under its QR code, checked to be what the QR code holds (segno's modules of
    that address against the card's image, module by module)."""
    card = PdfReader(io.BytesIO(pdf_bytes)).pages[0]
    # A long address is printed on a line of its own.
    address = re.search(r"open\s+(\S+/t/\w+/)", card.extract_text()).group(1)
    image = card.images[0].image.convert("L")
    expected = segno.make(address, error="m")
    modules = expected.symbol_size(scale=1, border=0)[0]
    scale = image.width / (modules + 4)  # printed with a border of two modules
    read = [[image.getpixel((int((2 + c + 0.5) * scale), int((2 + r + 0.5) * scale))) < 128 for c in range(modules)]
            for r in range(modules)]  # fmt: skip
    assert read == [[bool(v) for v in row] for row in expected.matrix], (
        "the QR code holds the printed address"
    )
    return address


def phone_round(phone, table: int, round_number: int, key: int = 0) -> int:
    """A table's phone enters every board of its round; the boards entered."""
    phone.goto(phone.url.split("/table/")[0] + "/table/")
    phone.get_by_role("heading", name=f"Table {table}, round {round_number}").wait_for()
    entered = 0
    while phone.locator("form.entry-form").count():
        entry = phone.locator("form.entry-form").first
        board = int(entry.locator("input[name=board]").input_value())
        contract, declarer, tricks = result_for(board + table + key)
        press_result(entry, contract, declarer, tricks)
        entry.get_by_role("button", name=f"Enter board {board}").click()
        phone.get_by_text(f"Board {board}: {contract} by {declarer}, {tricks} tricks").wait_for()
        entered += 1
    return entered


@pytest.mark.usefixtures("jobs_run")
def test_a_club_night_from_the_pages_alone(site, new_page, tmp_path):
    desk = opened(new_page, DESKTOP)

    # First run: an empty database has nobody to sign in as; the welcome page, given the setup token, makes the club
    # and its director.
    desk.goto(f"{site}/")
    desk.get_by_role("heading", name="Welcome to Traveller").wait_for()
    assert desk.url == f"{site}/welcome/"
    assert axe_violations(desk) == []
    both_widths(desk, "welcome")
    desk.get_by_label("Setup token").fill(setup_token())  # as the server's console printed it
    desk.get_by_label("Club name").fill("Riverton Bridge Club")
    desk.get_by_label("Director's user name").fill("dora")
    desk.get_by_label("Password", exact=True).fill(PASSWORD)
    desk.get_by_label("Password (again)").fill(PASSWORD + "!")
    desk.get_by_role("button", name="Make the club and sign in").click()
    desk.get_by_text("The two passwords differ.").wait_for()
    both_widths(desk, "welcome-refused")
    desk.get_by_label("Password", exact=True).fill(PASSWORD)
    desk.get_by_label("Password (again)").fill(PASSWORD)
    desk.get_by_role("button", name="Make the club and sign in").click()
    desk.get_by_role("heading", name="Director").wait_for()
    assert desk.get_by_role("heading", name="Riverton Bridge Club").is_visible()
    both_widths(desk, "director-home-new")
    assert desk.request.get(f"{site}/welcome/").status == 404, "closed once a user exists"

    # Logging out and in again, as on a club night.
    desk.get_by_role("button", name="Log out dora").click()
    desk.goto(f"{site}/login/")
    desk.get_by_label("User name").fill("dora")
    desk.get_by_label("Password").fill(PASSWORD)
    both_widths(desk, "login")
    desk.get_by_role("button", name="Log in").click()
    desk.get_by_role("heading", name="Director").wait_for()

    # 48 members from a CSV, previewed first.
    desk.get_by_role("link", name="Members").click()
    preview_members_import(desk, tmp_path, NAMES + MORE_NAMES)
    both_widths(desk, "members-import-preview")
    desk.get_by_role("button", name="Import 48 members").click()
    desk.get_by_text("48 members imported.").wait_for()
    assert desk.locator("#member-list tbody tr").count() == 48
    both_widths(desk, "members")

    # An 8-pair Howell, one board a round, its pairs named from the members; every result by the grid.
    names = {f"Pair {p}, player {s}": f"{NAMES[2 * (p - 1) + s - 1]} ({3000 + 2 * (p - 1) + s - 1})"
             for p in range(1, 9) for s in (1, 2)}  # fmt: skip
    howell = set_up(desk, site, {"Event name": "Howell Pairs", "Movement": "howell",
                                 "Size": "8", "Boards per round": "1"}, names)  # fmt: skip
    both_widths(desk, "howell-desk")
    assert [desk.get_by_label(f"Pair 1, player {s}").input_value() for s in (1, 2)] == [
        "Ann Smith (3000)",
        "Bob Jones (3001)",
    ], "in the order given, as the pair's name"
    assert sum(grid(desk, site, howell, board) for board in range(1, 8)) == 28
    shot(desk, "howell-grid")
    missing_none(desk, site, howell)
    assert desk.locator("#room-round").inner_text() == "round 1 of 7", "the grid moves no round (issue 25)"
    desk.get_by_role("button", name="Close the session").click()
    desk.get_by_role("button", name="Publish the results").click()
    desk.get_by_text("published, all 7 rounds played").wait_for()
    desk.get_by_role("link", name="Public page").click()
    desk.get_by_role("heading", name="Standings").wait_for()
    assert "Ann Smith & Bob Jones" in desk.locator("main").inner_text()
    headings = desk.locator("table.standings thead th")
    assert headings.all_inner_texts() == ["Rank", "Pair", "Names", "Score", "%", "Boards"]
    both_widths(desk, "howell-results")

    # An 8-team Swiss of 4 rounds, two boards a match: round 1's first match from the two rooms' phones (opened from
    # the address their table card's QR code holds), the rest by the grid; each next round drawn when the director
    # moves on, and no two teams meet twice.
    swiss = set_up(desk, site, {"Event name": "Swiss Teams", "Movement": "swiss",
                                "Size": "8", "Boards per round": "2",
                                "Rounds (a Swiss; blank for as many as the teams can play)": "4",
                                "Scoring": "vp"},
                  {f"Team 1, player {n + 1}": f"{NAMES[16 + n]} ({3016 + n})" for n in range(4)})  # fmt: skip
    both_widths(desk, "swiss-desk")
    phones = {}
    for table in (1, 2):
        card = desk.request.get(
            site + desk.get_by_label(f"Table card of table {table}").get_attribute("href")
        )
        assert card.status == 200
        address = qr_address(card.body())
        phone = opened(new_page, PHONE)
        open_table(phone, address)
        phones[table] = phone
    met = Counter()
    for rnd in range(1, 5):
        desk.goto(f"{site}/direct/sections/{swiss}/")
        rows = desk.locator("section[aria-labelledby=round-title] tbody tr")
        assert rows.count() == 4, "4 matches, a row each (its open and closed rooms' entries in it)"
        teams = [tuple(int(rows.nth(i).locator("td").nth(c).inner_text().split()[0]) for c in (1, 2))
                 for i in range(4)]  # fmt: skip
        assert all(row.split("\t")[-1] == "0/2, 0/2" for row in rows.all_inner_texts()), "open, closed room"
        for home_away in teams:
            met[frozenset(home_away)] += 1
        if rnd == 1:
            for table, phone in phones.items():
                assert phone_round(phone, table, 1) == 2
                assert phone.locator("p.players").inner_text() == (
                    "N-S: Quin Quay's team (team 1)\nE-W: Team 2"
                    if table == 1 else "N-S: Team 2\nE-W: Quin Quay's team (team 1)"
                )  # fmt: skip
                shot(phone, f"swiss-phone-table-{table}")
        for board in (2 * rnd - 1, 2 * rnd):
            grid(desk, site, swiss, board)
        if rnd == 1:
            shot(desk, "swiss-grid")
        missing_none(desk, site, swiss)
        assert desk.locator("#room-round").inner_text() == f"round {rnd} of 4"
        if rnd < 4:
            desk.get_by_role("button", name=f"Next round ({rnd + 1})").click()
            desk.get_by_text(f"running, round {rnd + 1} of 4.").first.wait_for()
    assert len(met) == 16 and set(met.values()) == {1}, "no two teams meet twice"
    assert desk.get_by_role("button", name=re.compile("Next round")).count() == 0, "4 rounds, as set up"
    both_widths(desk, "swiss-desk-last-round")
    desk.get_by_role("button", name="Close the session").click()
    desk.get_by_role("button", name="Publish the results").click()
    desk.get_by_text("published, all 4 rounds played").wait_for()
    desk.get_by_role("link", name="Public page").click()
    desk.get_by_role("heading", name="Standings").wait_for()
    assert headings.all_inner_texts() == ["Rank", "Team", "R1", "R2", "R3", "R4", "VPs"]
    assert "Team 1\nQuin Quay's team" in desk.locator("table.standings").inner_text()
    both_widths(desk, "swiss-results")

    # A two-section Mitchell, 6 tables in each of sections A and B, one board a round, scored across the field:
    # round 1 of tables 1 and 2 from their phones, each opened from the address its table card's QR code holds; the
    # rest by the grid.
    # Every pair is named from the members, section A's from the first 24, B's from the rest.
    club = NAMES + MORE_NAMES
    mitchell_names = {
        f"Section {letter}, Pair {p} {'N-S' if p <= 6 else 'E-W'}, player {s}": f"{club[k]} ({3000 + k})"
        for at, letter in ((0, "A"), (24, "B"))
        for p in range(1, 13)
        for s in (1, 2)
        for k in (at + 2 * (p - 1) + s - 1,)
    }
    first = set_up(desk, site, {"Event name": "Club Mitchell", "Movement": "mitchell",
                                "Size": "6", "Boards per round": "1",
                                "Sections": "2",
                                "Two or more sections": "across"}, mitchell_names)  # fmt: skip
    desk.goto(f"{site}/direct/")
    desk.get_by_role("link", name=re.compile("^Club Mitchell.* B")).click()
    desk.get_by_role("button", name="Start play").click()
    desk.get_by_text("Running").first.wait_for()
    second = int(re.search(r"/direct/sections/(\d+)/", desk.url).group(1))
    both_widths(desk, "mitchell-desk-b")
    for letter, section in (("a", first), ("b", second)):
        desk.goto(f"{site}/direct/sections/{section}/")
        links = {
            t: site + desk.get_by_label(f"Table card of table {t}").get_attribute("href") for t in (1, 2)
        }
        for table, link in links.items():
            phone = opened(new_page, PHONE)
            open_table(phone, qr_address(desk.request.get(link).body()))
            assert phone_round(phone, table, 1, key=section) == 1
            if table == 1:
                assert no_overflow(phone)
                shot(phone, f"mitchell-phone-{letter}")
        assert sum(grid(desk, site, section, board, key=section) for board in range(1, 7)) == 28
        missing_none(desk, site, section)
        assert desk.locator("#room-round").inner_text() == "round 1 of 5", (
            "the grid moves no round (issue 25)"
        )
    # Scored across the field: both sections are in before either is published, so the ranking published with
    # section A is the whole field's.
    for section in (first, second):
        desk.goto(f"{site}/direct/sections/{section}/")
        desk.get_by_role("button", name="Close the session").click()
        desk.get_by_role("button", name="Publish the results").click()
        desk.get_by_text("published, all 5 rounds played").wait_for()
    both_widths(desk, "mitchell-desk-published")

    # After publishing, the director corrects one result with a reason: the public page says the results were
    # amended, board and table and why, with the ranking as first published a click away.
    public = opened(new_page, PHONE)
    public.goto(f"{site}/sections/{first}/")
    public.get_by_role("heading", name="Standings").wait_for()
    published = public.locator("#standings").inner_text()
    assert public.locator("table.standings").first.locator("thead th").all_inner_texts() == [
        "Rank", "Pair", "Names", "Score", "%", "Boards"
    ]  # fmt: skip
    assert "Ann Smith & Bob Jones" in published and "Yves Young & Zoe Zane" in published, "A 1 and B 1, N-S"
    both_widths(public, "mitchell-results")
    desk.goto(f"{site}/direct/sections/{first}/boards/3/")
    correct(desk, 2, "6NT", "N", "12", "N-S bid and made the slam")
    both_widths(desk, "correction")
    public.goto(f"{site}/sections/{first}/")
    notice = public.locator("#amendments li.amended")
    today = datetime.date.today()
    assert notice.inner_text() == (
        f"Amended {today:%A} {today.day} {today:%B %Y}: board 3, table 2 (N-S bid and made the slam)"
        " · the ranking before this amendment"
    )
    assert public.locator("#standings").inner_text() != published
    both_widths(public, "mitchell-amended")
    notice.get_by_role("link", name="the ranking before this amendment").click()
    public.get_by_role("heading", name="Standings as published").wait_for()
    percentages = public.locator("table.standings tbody td:nth-child(5)").all_inner_texts()
    assert len(percentages) == 24 and all(percentages), "every pair of the field, each with its percentage"
    both_widths(public, "mitchell-as-published")
    public.goto(f"{site}/")
    public.get_by_role("link", name="Riverton Bridge Club").click()
    public.get_by_role("heading", name="Riverton Bridge Club").wait_for()
    both_widths(public, "club")
