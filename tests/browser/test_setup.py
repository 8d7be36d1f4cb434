"""The set-up page in a browser (issue 14, "Every event kind from one set-up page"): a two-section 12-table Mitchell
scored across the field, set up from the pages only, with screenshots under tests/artifacts/ at a phone's width and
a desktop's."""

from __future__ import annotations

import pytest

from tests.browser.conftest import DESKTOP, PHONE, axe_violations, log_in, no_overflow, shot
from tournaments.models import Club, Player, Section

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("viewport", "suffix"), [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_two_section_mitchell_scored_across_the_field(site, new_page, viewport, suffix):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    for i, name in enumerate(["Ann Smith", "Bob Jones", "Cath Brown", "Dan White"]):
        first, last = name.split()
        Player.objects.create(club=club, first_name=first, last_name=last, federation_number=str(3000 + i))
    page = new_page(viewport)
    log_in(page, site, club)
    page.get_by_role("link", name="Set up a new session").click()
    page.get_by_label("Event name").fill("Club night")
    page.get_by_label("Movement").select_option("mitchell")
    page.get_by_label("Tables (Mitchell) or pairs (Howell)").fill("6")
    page.get_by_label("Boards per round").fill("3")
    page.get_by_label("Sections", exact=True).fill("2")
    page.get_by_label("Two or more sections").select_option("across")
    page.get_by_role("button", name="Preview the movement").click()
    page.get_by_role("heading", name="Section B").wait_for()
    assert (
        page.locator("#preview-title").inner_text() == "Preview: Mitchell 6 tables, in each of sections A, B"
    )
    page.get_by_label("Section A, Pair 1 N-S, player 1").fill("Ann Smith (3000)")
    page.get_by_label("Section A, Pair 1 N-S, player 2").fill("Bob Jones (3001)")
    page.get_by_label("Section B, Pair 1 N-S, player 1").fill("Cath Brown (3002)")
    page.get_by_label("Section B, Pair 1 N-S, player 2").fill("Dan White (3003)")
    shot(page, f"setup-two-sections-{suffix}")
    assert no_overflow(page)
    assert axe_violations(page) == []

    page.get_by_role("button", name="Create the session and deal the boards").click()
    page.get_by_text(
        "section A and section B set up: 36 boards dealt, the same deals in every section."
    ).wait_for()
    a, b = Section.objects.order_by("name")
    assert (
        a.session.scored_across and a.deal_seed == b.deal_seed and a.boards.count() == b.boards.count() == 18
    )
    assert (a.entries.get(number=1).name, b.entries.get(number=1).name) == (
        "Ann Smith & Bob Jones",
        "Cath Brown & Dan White",
    )
    page.get_by_role("heading", name="Club night, section A").wait_for()
    assert no_overflow(page)
    shot(page, f"setup-two-sections-desk-a-{suffix}")
    page.get_by_role("link", name="Section B", exact=True).click()
    page.get_by_role("heading", name="Club night, section B").wait_for()
    assert page.locator(".sections-nav").inner_text() == (
        "Sections of this session (scored across the field: the same boards): A · B"
    )
    page.get_by_role("link", name="Director").first.click()
    rows = page.locator("table.list tbody tr td:nth-child(2)").all_inner_texts()
    assert rows == ["Club night, section A", "Club night, section B"]
    assert no_overflow(page)
    shot(page, f"setup-two-sections-home-{suffix}")
    page.goto(f"{site}/sections/{b.id}/")
    page.get_by_role("heading", name="Club night, section B").wait_for()
    shot(page, f"setup-two-sections-public-b-{suffix}")
