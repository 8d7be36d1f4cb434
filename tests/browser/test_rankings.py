"""Issue 25 in the browser: a 13-table Mitchell with a phantom E-W pair and an arrow switch, and a 9-pair Howell
after three rounds, set up on the pages with the ranking left to the scoring method (matchpoints: by percentage);
the standings page ranks the pairs who played fewer boards by their percentage. The results go in through the
results service (tests.club.play_rounds), as the grid would store them; the hand-worked figures are those of
tests/integration/scoring/test_rankings.py."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import PHONE, fill, log_in, no_overflow, shot
from tests.club import play_rounds
from tournaments.models import Club, Section

pytestmark = pytest.mark.browser


def set_up(page, fields: dict[str, str]) -> Section:
    """The set-up page filled, previewed, created and started; the section."""
    page.get_by_role("link", name="Set up a new session").click()
    fill(page, fields)
    page.get_by_role("button", name="Preview the movement").click()
    page.get_by_text("The movement check passed").wait_for()
    assert page.get_by_label("Ranking").input_value() == "", "left to the scoring method"
    page.get_by_role("button", name="Create the session and deal the boards").click()
    page.get_by_role("button", name="Start play").click()
    page.get_by_text("Running").first.wait_for()
    return Section.objects.get(id=re.search(r"/direct/sections/(\d+)/", page.url).group(1))


def ranks(page, section: Section) -> dict[str, str]:
    """The standings page's rank of each pair."""
    page.goto(page.url.split("/direct/")[0] + f"/sections/{section.id}/")
    rows = page.locator("table.standings tbody tr")
    rows.first.wait_for()
    return {
        rows.nth(i).locator("td").nth(1).inner_text(): rows.nth(i).locator("td").nth(0).inner_text()
        for i in range(rows.count())
    }


def test_the_standings_page_ranks_pairs_who_sat_out_by_percentage(site, new_page):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    page = new_page()
    user = log_in(page, site, club)

    mitchell = set_up(page, {"Event name": "Tuesday Pairs", "Movement": "mitchell", "Size": "13",
                             "Boards per round": "2", "Arrow switch (one winner) (Mitchell)": "last",
                             "Number of pairs (Mitchell)": "phantom-ew"})  # fmt: skip
    play_rounds(mitchell, user, 13, {(2, 1): 11, (2, 2): 11, (1, 13): 9})
    got = ranks(page, mitchell)
    assert {pair: got[pair] for pair in ("13", "20", "2", "22", "14", "1", "10", "16", "8", "7", "25")} == {
        "13": "1", "20": "2", "2": "3", "22": "4", "14": "5=", "1": "13=", "10": "21", "16": "22", "8": "23",
        "7": "24", "25": "25",
    }  # fmt: skip
    assert page.get_by_text(
        "Ranked by percentage, as EBUScore does; totals are the points scored."
    ).is_visible()
    shot(page, "rankings-mitchell")

    page.goto(f"{site}/direct/")
    howell = set_up(page, {"Event name": "Thursday Howell", "Movement": "howell", "Size": "9",
                           "Boards per round": "3"})  # fmt: skip
    play_rounds(howell, user, 3, {(1, 16): 11, (1, 17): 11, (1, 18): 11})
    page.set_viewport_size(PHONE)
    assert ranks(page, howell) == {
        "3": "1", "9": "2", "1": "3=", "4": "3=", "6": "3=", "7": "3=", "8": "3=", "5": "8", "2": "9"
    }  # fmt: skip
    assert no_overflow(page)
    shot(page, "rankings-howell-phone")
