"""A director's month from an empty database, as `make run DEMO=0` starts it (issue 29), from the pages alone: the
club set up at /welcome/ with its profile and colours, a second director added who signs in from the one-time link,
members imported from what Excel writes in much of Europe (semicolons, Windows-1252), two small sessions run by the
grid and published, a test session renamed and deleted, USEBIO exported from a button, hand records printed, the
standings projected. Screenshots at a phone's width and a desktop's go to tests/artifacts/directors_month/."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.browser.conftest import ARTIFACTS, DESKTOP, PHONE, fill, no_overflow
from tournaments.signin import setup_token

pytestmark = pytest.mark.browser

SHOTS = ARTIFACTS / "directors_month"
PASSWORD = "correct horse battery staple"
MEMBERS = ["Amélie Poulain", "Zoë Brontë", "Jürgen Müller", "Søren Kierkegaard", "François Truffaut",
           "Inês Ferreira", "Ana María López", "Björn Åström"]  # fmt: skip
GAME, PART, SAME = ("3NT", "N", "9"), ("2H", "S", "8"), ("4S", "E", "10")
# The 4-pair Howell on 1 board a round plays each board at both tables: boards 1-2 pair 4 (N-S) v 1 at table 1 and
# 3 v 2 at table 2; boards 3-4 pair 2 v 4 and 1 v 3; boards 5-6 pair 4 v 3 and 2 v 1. For each board, how table 1's
# N-S fared against table 2's: 1 won (game v part score), 0 lost, ½ tied (both the same contract). Matchpoints, 2 per
# score beaten: board 1 of Lundi (none vulnerable), pair 4's 3NT= +400 beats pair 3's 2H= +110: pairs 4 and 2 (E-W at
# table 2, -110) 2 of 2, pairs 3 and 1 (E-W at table 1, -400) 0. Over the 6 boards (top 12), with A, B, C table 1's
# wins on boards 1-2, 3-4, 5-6: pair 1 2(4-A-B+C), pair 2 2(2+A+B-C), pair 3 2(4-A+B-C), pair 4 2(2+A-B+C).
TABLE_1_WINS = {"Lundi Pairs": (1, 1, 1, 0.5, 1, 0), "Jeudi Pairs": (0.5, 0, 1, 1, 0, 0)}
# Lundi: A=2, B=1.5, C=1; Jeudi: A=0.5, B=2, C=0. (rank, pair, matchpoints, %) as the standings show them.
STANDINGS = {
    "Lundi Pairs": [("1", "2", "9", "75.00"), ("2", "4", "7", "58.33"), ("3", "3", "5", "41.67"),
                    ("4", "1", "3", "25.00")],
    "Jeudi Pairs": [("1", "3", "11", "91.67"), ("2", "2", "9", "75.00"), ("3", "1", "3", "25.00"),
                    ("4", "4", "1", "8.33")],
}  # fmt: skip


def played(name: str, board: int, table: int) -> tuple[str, str, str]:
    """The contract, declarer and tricks at `table` on `board`, as TABLE_1_WINS has it."""
    won = TABLE_1_WINS[name][board - 1]
    if won == 0.5:
        return SAME
    return (GAME, PART)[(table == 1) != (won == 1)]


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def both_widths(page, name: str) -> None:
    page.set_viewport_size(PHONE)
    shot(page, f"{name}-phone")
    wide = page.evaluate(
        "[...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1)"
        ".map(e => e.tagName + '.' + e.className + ': ' + e.textContent.slice(0, 40))"
    )
    assert no_overflow(page), (name, wide[-5:])
    page.set_viewport_size(DESKTOP)
    shot(page, f"{name}-desktop")


def excel_csv(folder) -> str:
    """The members as Excel saves "CSV" on a French or German Windows: semicolons, Windows-1252, CRLF."""
    path = folder / "membres.csv"
    lines = ["Nom;Numéro;Email"] + [f"{n};{4001 + i};" for i, n in enumerate(MEMBERS)]
    path.write_bytes("\r\n".join(lines).encode("cp1252") + b"\r\n")
    return str(path)


def run_howell(page, site: str, name: str) -> int:
    """A 4-pair Howell set up, started, every result entered by the grid, closed and published; its section id."""
    page.goto(f"{site}/direct/")
    page.get_by_role("link", name="Set up a new session").click()
    fill(page, {"Event name": name, "Movement": "howell", "Size": "4", "Boards per round": "1"})
    page.get_by_role("button", name="Preview the movement").click()
    page.get_by_text("The movement check passed").wait_for()
    fill(page, {f"Pair {p}, player {s}": f"{MEMBERS[2 * (p - 1) + s - 1]} ({4001 + 2 * (p - 1) + s - 1})"
                for p in range(1, 5) for s in (1, 2)})  # fmt: skip
    page.get_by_role("button", name="Create the session and deal the boards").click()
    page.get_by_role("button", name="Start play").click()
    section = int(re.search(r"/direct/sections/(\d+)/", page.url).group(1))
    board = 1
    while True:
        page.goto(f"{site}/direct/sections/{section}/boards/{board}/")
        if page.get_by_role("heading", name=f"Traveller entry: board {board}").count() == 0:
            break
        rows = page.locator("#entry-grid tbody tr:not(.done)")
        for i in range(rows.count()):
            table = rows.nth(i).locator("td").nth(1).inner_text()
            contract, declarer, tricks = played(name, board, int(table))
            fill(page, {f"Contract, table {table}": contract, f"Declarer, table {table}": declarer,
                        f"Tricks, table {table}": tricks})  # fmt: skip
        page.wait_for_function(
            "[...document.querySelectorAll('#entry-grid output.verdict')].every(o => o.textContent)"
        )
        page.get_by_role("button", name=re.compile(f"Save board {board}")).click()
        page.get_by_text(re.compile(f"Board {board}: \\d+ results? entered")).wait_for()
        board += 1
    page.goto(f"{site}/direct/sections/{section}/")
    page.locator("#none-missing").wait_for()
    page.get_by_role("button", name="Close the session").click()
    page.get_by_role("button", name="Publish the results").click()
    page.get_by_text("published, all 6 rounds played").wait_for()
    # Published, the desk says every round was played (not the director's round 1: the grid moved no round).
    assert page.locator("#room-round").inner_text() == "all 6 rounds played"
    assert page.locator("#round-title").count() == 0
    rows = page.locator("table.standings tbody tr")
    shown = [tuple(rows.nth(i).locator("td").all_inner_texts()) for i in range(rows.count())]
    assert [(rank, pair, score, pct) for rank, pair, _names, score, pct, _boards in shown] == STANDINGS[name]
    return section


@pytest.mark.usefixtures("jobs_run")
def test_a_directors_month_from_an_empty_database(site, new_page, tmp_path):
    started = time.monotonic()
    desk = new_page(DESKTOP)
    desk.context.set_default_timeout(30_000)

    # The empty database `make run DEMO=0` serves: its first-run page makes the club and its first director.
    desk.goto(f"{site}/")
    assert desk.url == f"{site}/welcome/"
    fill(desk, {"Setup token": setup_token(), "Club name": "Club de Bridge du Marais",
                "Director's user name": "dora", "Password": PASSWORD, "Password (again)": PASSWORD})  # fmt: skip
    desk.get_by_role("button", name="Make the club and sign in").click()
    desk.get_by_role("heading", name="Director").wait_for()

    # The club's profile: address, website, colours; shown at the head of its public page.
    desk.get_by_role("link", name="Club profile").click()
    fill(
        desk,
        {
            "Town": "Paris",
            "Address": "12 rue des Rosiers\n75004 Paris",
            "Website": "https://bridge-marais.example",
        },
    )
    desk.get_by_label("Use the club's colours").check()
    desk.get_by_label("Header colour").fill("#7a1f3d")
    desk.get_by_role("button", name="Save the profile").click()
    desk.get_by_text("profile is saved").wait_for()
    both_widths(desk, "club-profile")

    # A second director, who signs in from the one-time link the first one passes on.
    desk.goto(f"{site}/direct/")
    desk.get_by_role("link", name="Directors").click()
    fill(desk, {"User name": "bert", "Email (optional)": "bert@bridge-marais.example"})
    desk.get_by_role("button", name="Add the director").click()
    link = desk.locator("#set-password-link code").inner_text()
    both_widths(desk, "directors")
    bert = new_page(PHONE)
    bert.goto(link)
    bert.get_by_text("Signing in as bert").wait_for()
    fill(
        bert, {"New password": "bert's own long password", "New password (again)": "bert's own long password"}
    )
    shot(bert, "set-password-phone")
    bert.get_by_role("button", name="Set the password and sign in").click()
    bert.get_by_text("you are signed in as bert").wait_for()
    assert bert.get_by_role("heading", name="Club de Bridge du Marais").is_visible()
    bert.goto(link)
    bert.get_by_text("has been used or is out of date").wait_for()

    # Members from Excel's semicolon, Windows-1252 CSV: previewed with their accents, then imported.
    desk.goto(f"{site}/direct/")
    desk.get_by_role("link", name="Members").click()
    desk.get_by_label("CSV file").set_input_files(excel_csv(tmp_path))
    desk.get_by_role("button", name="Preview the import").click()
    desk.get_by_role("heading", name=f"Import {len(MEMBERS)} members").wait_for()
    assert "Amélie Poulain" in desk.locator("main").inner_text()
    both_widths(desk, "members-preview")
    desk.get_by_role("button", name=f"Import {len(MEMBERS)} members").click()
    desk.get_by_text(f"{len(MEMBERS)} members imported.").wait_for()
    assert desk.locator("#member-list tbody tr").count() == len(MEMBERS)

    # Two small sessions, run by the grid and published.
    first = run_howell(desk, site, "Lundi Pairs")
    second = run_howell(desk, site, "Jeudi Pairs")

    # A test session: renamed on its event's page, then deleted (nothing was played in it), asked first.
    desk.goto(f"{site}/direct/")
    desk.get_by_role("link", name="Set up a new session").click()
    fill(desk, {"Event name": "Essai", "Movement": "howell", "Size": "4", "Boards per round": "1"})
    desk.get_by_role("button", name="Preview the movement").click()
    desk.get_by_role("button", name="Create the session and deal the boards").click()
    desk.get_by_role("link", name="The event's page").click()
    fill(desk, {"Event name": "Essai du mardi"})
    desk.get_by_role("button", name="Save the event").click()
    desk.get_by_text("Saved: Essai du mardi.").wait_for()
    both_widths(desk, "event-test-session")
    desk.get_by_role("link", name="Delete session 1").click()
    desk.get_by_role("heading", name="Delete Essai du mardi, session 1?").wait_for()
    shot(desk, "delete-confirm-desktop")
    desk.get_by_role("button", name="Delete the session").click()
    desk.get_by_text("is deleted").wait_for()
    assert "Essai" not in desk.locator("table.list").inner_text()
    # A session with results is not deleted: its event's page offers to archive it, with a reason; it leaves the
    # club's public pages.
    desk.goto(f"{site}/direct/sections/{first}/")
    desk.get_by_role("link", name="The event's page").click()
    assert desk.get_by_role("link", name="Delete session 1").count() == 0
    desk.locator("summary", has_text="Archive session 1").click()
    fill(desk, {"Why": "played with the wrong boards"})
    desk.get_by_role("button", name="Archive session 1").click()
    desk.get_by_text("Archived (played with the wrong boards)").wait_for()

    # USEBIO for the federation from the desk's button; hand records printed.
    desk.goto(f"{site}/direct/sections/{second}/")
    both_widths(desk, "desk-exports")
    with desk.expect_download() as download:
        desk.get_by_role("link", name="USEBIO (XML) of Jeudi Pairs").click()
    usebio = Path(download.value.path()).read_text(encoding="utf-8")
    assert "<USEBIO" in usebio and "Amélie" in usebio
    # The hand records print at once (#29: the first PDF under 3 s); their double-dummy tables follow.
    asked = time.monotonic()
    pdf = desk.request.get(
        site + desk.get_by_role("link", name="Hand records PDF of Jeudi Pairs").get_attribute("href")
    )
    waited = time.monotonic() - asked
    assert pdf.status == 200 and pdf.body().startswith(b"%PDF")
    assert waited < 3, f"the first hand-records PDF took {waited:.1f} s"

    # The public: the club's page in its colours, the latest results, the standings on the projector.
    public = new_page(PHONE)
    public.goto(f"{site}/")
    public.get_by_role("link", name="Club de Bridge du Marais").click()
    public.get_by_text("12 rue des Rosiers").wait_for()
    assert (
        "Jeudi Pairs" in public.locator("main").inner_text()
        and "Lundi Pairs" not in public.locator("main").inner_text()
    )
    assert (
        public.locator(".club-header").evaluate("e => getComputedStyle(e).backgroundColor")
        == "rgb(122, 31, 61)"
    )
    both_widths(public, "club-public")
    public.goto(f"{site}/sections/{second}/")
    public.get_by_role("heading", name="Export").wait_for()  # published: its files are everyone's
    both_widths(public, "results-public")
    public.goto(f"{site}/sections/{second}/?projector=1")
    public.locator("table.standings").first.wait_for()
    assert public.get_by_role("link", name="Log out").count() == 0
    public.set_viewport_size({"width": 1920, "height": 1080})
    shot(public, "projector-tv")
    assert time.monotonic() - started < 90
