"""Sections of different sizes from the set-up page in a browser: a club's 13 tables as section A of 7 and section
B of 6, scored apart, each previewed with its own movement and cards."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE, axe_violations, fill, log_in, no_overflow, shot
from tournaments.models import Club, Section

pytestmark = pytest.mark.browser


def test_two_sections_of_seven_and_six_tables_on_a_phone(site, new_page):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    page = new_page(PHONE)
    log_in(page, site, club)
    page.get_by_role("link", name="Set up a new session").click()
    fill(page, {"Event name": "Big night", "Movement": "mitchell", "Boards per round": "2", "Sections": "2",
                "Section by section (optional)": "7, 6"})  # fmt: skip
    page.get_by_role("button", name="Preview the movement").click()
    page.get_by_role("heading", name="Preview: Mitchell 7 tables, section A").wait_for()
    page.get_by_role("heading", name="Preview: Mitchell 6 tables, section B").wait_for()
    assert page.get_by_label("Section A, Pair 14 E-W, player 1").count() == 1
    assert page.get_by_label("Section B, Pair 13 E-W, player 1").count() == 0
    shot(page, "setup-sizes-phone")
    assert no_overflow(page)
    assert axe_violations(page) == []

    page.get_by_role("button", name="Create the session and deal the boards").click()
    page.get_by_text("section A and section B set up: 26 boards dealt.").wait_for()
    a, b = Section.objects.order_by("name")
    assert (a.table_codes.count(), b.table_codes.count()) == (7, 6)
    shot(page, "setup-sizes-desk-phone")


def test_seven_and_six_tables_across_the_field_with_share_and_relay(site, new_page):
    """Issue 29: asked for share-and-relay, 7 + 6 tables across the field were refused (6 tables share and relay
    on 6 sets, 7 play 7). Section B now plays A's 7 sets as the 7-table Mitchell with table 7 empty, its boards on a
    bye stand: the preview says so and who sits out, and both sections are dealt boards 1-14."""
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    page = new_page(PHONE)
    log_in(page, site, club)
    page.get_by_role("link", name="Set up a new session").click()
    fill(page, {"Event name": "Big night", "Movement": "mitchell", "Boards per round": "2", "Sections": "2",
                "Section by section (optional)": "7, 6", "Two or more sections": "across",
                "Even number of tables (Mitchell)": "relay"})  # fmt: skip
    page.get_by_role("button", name="Preview the movement").click()
    page.get_by_role("heading", name="Preview: Mitchell 7 tables, section A").wait_for()
    page.get_by_role("heading", name="Preview: Mitchell 6 tables, bye stand, section B").wait_for()
    page.get_by_text("The 7-table Mitchell with table 7 empty: its boards rest on a bye stand").wait_for()
    page.get_by_text("round 2: 1, 12; round 3: 2, 11").wait_for()
    assert no_overflow(page)
    shot(page, "setup-sizes-bye-stand-phone")
    page.get_by_role("button", name="Create the session and deal the boards").click()
    page.get_by_text(
        "section A and section B set up: 28 boards dealt, the same deals in every section."
    ).wait_for()
    a, b = Section.objects.order_by("name")
    assert a.session.scored_across and a.boards.count() == b.boards.count() == 14
    # Round 2: table 1's N-S pair sits out (it would meet the missing E-W pair), and so does E-W 12 at table 7.
    assert b.seatings.filter(round=2, ns__isnull=False, ew__isnull=False).count() == 5
