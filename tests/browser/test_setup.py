"""The set-up page in a browser (issue 14, "Every event kind from one set-up page"): a two-section 12-table Mitchell
scored across the field, set up from the pages only, with screenshots under tests/artifacts/ at a phone's width and
a desktop's."""

from __future__ import annotations

import pytest

from tests.browser.conftest import DESKTOP, PHONE, axe_violations, fill, log_in, no_overflow, open_table, shot
from tests.club import NAMES, members
from tournaments.models import Club, Section

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("viewport", "suffix"), [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_two_section_mitchell_scored_across_the_field(site, new_page, viewport, suffix):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    members(club, NAMES[:4], 3000)
    page = new_page(viewport)
    log_in(page, site, club)
    page.get_by_role("link", name="Set up a new session").click()
    fill(page, {"Event name": "Club night", "Movement": "mitchell", "Size": "6", "Boards per round": "3",
                "Sections": "2", "Two or more sections": "across"})  # fmt: skip
    page.get_by_role("button", name="Preview the movement").click()
    page.get_by_role("heading", name="Section B").wait_for()
    assert (
        page.locator("#preview-title").inner_text() == "Preview: Mitchell 6 tables, in each of sections A, B"
    )
    fill(page, {"Section A, Pair 1 N-S, player 1": "Ann Smith (3000)",
                "Section A, Pair 1 N-S, player 2": "Bob Jones (3001)",
                "Section B, Pair 1 N-S, player 1": "Cath Brown (3002)",
                "Section B, Pair 1 N-S, player 2": "Dan White (3003)"})  # fmt: skip
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
    # Section A closed early while B is still being set up: publishing A would fix a ranking without B, so the desk
    # asks first, naming B, and nothing is published until the director says so.
    page.get_by_role("button", name="Start play").click()
    page.get_by_role("button", name="Close the session").click()
    page.get_by_role("button", name="Close the session anyway").click()
    page.get_by_role("button", name="Publish the results").click()
    page.get_by_role("heading", name="Publish now? The rest of the field is still in play").wait_for()
    assert page.locator("#field-in-play").inner_text() == "Section B: being set up"
    assert no_overflow(page)
    assert axe_violations(page) == []
    shot(page, f"setup-two-sections-publish-early-{suffix}")
    page.get_by_role("link", name="Back to the desk").click()
    page.get_by_role("heading", name="Club night, section A").wait_for()
    a.refresh_from_db()
    assert a.status == "finished", "not published until the director says so"
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


def test_a_mitchell_with_a_phantom_pair_and_an_arrow_switch_and_its_sit_out_on_the_phone(site, new_page):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    page = new_page(PHONE)
    log_in(page, site, club)
    page.get_by_role("link", name="Set up a new session").click()
    fill(page, {"Event name": "Eleven pairs", "Size": "6", "Boards per round": "2",
                "Even number of tables (Mitchell)": "relay", "Arrow switch (one winner) (Mitchell)": "last",
                "Number of pairs (Mitchell)": "phantom-ew"})  # fmt: skip
    page.get_by_role("button", name="Preview the movement").click()
    features = page.locator("ul.features li").all_inner_texts()
    assert features[:3] == [
        "Relay Mitchell",
        "Arrow switch in round(s) 6",
        "A relay stand holds one set of boards each round; tables 1 and 6 share their boards",
    ]
    assert features[3] == (
        "Sit out (no boards, no result missing): round 1: 6; round 2: 1; round 3: 2; round 4: 3; round 5: 4; round 6: 5"
    )
    assert no_overflow(page)
    assert axe_violations(page) == []
    shot(page, "setup-mitchell-options-phone")
    page.get_by_role("button", name="Create the session and deal the boards").click()
    page.get_by_role("heading", name="Eleven pairs").wait_for()
    section = Section.objects.get()
    assert section.entries.count() == 11 and section.rounds == 6 and not section.two_winners
    page.get_by_role("button", name="Start play").click()
    page.get_by_text("running, round 1").wait_for()

    phone = new_page(PHONE)
    open_table(phone, f"{site}/t/{section.table_codes.get(table=6).code}/")
    phone.get_by_role("heading", name="Table 6, round 1").wait_for()
    assert (
        phone.locator("p.sit-out").inner_text()
        == "Sit out: no boards at this table in round 1. Sitting out: pair 6"
    )
    assert no_overflow(phone)
    shot(phone, "table-sit-out-phone")


def test_an_individual_set_up_from_members(site, new_page):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    names = NAMES[:8]
    members(club, names, 4000)
    page = new_page(DESKTOP)
    log_in(page, site, club)
    page.get_by_role("link", name="Set up a new session").click()
    fill(page, {"Event name": "Individual night"})
    assert page.get_by_label("Number of pairs").is_visible()
    fill(page, {"Movement": "individual"})
    assert not page.get_by_label("Number of pairs").is_visible(), "a Mitchell's options only with a Mitchell"
    fill(page, {"Size": "8", "Boards per round": "2"})
    page.get_by_role("button", name="Preview the movement").click()
    page.get_by_role("heading", name="Preview: Wh(8)").wait_for()
    fill(
        page,
        {f"Individual {n}, player 1": f"{name} ({4000 + n - 1})" for n, name in enumerate(names, start=1)},
    )
    assert axe_violations(page) == []
    shot(page, "setup-individual-desktop")
    page.get_by_role("button", name="Create the session and deal the boards").click()
    page.get_by_role("heading", name="Individual night").wait_for()
    assert list(Section.objects.get().entries.order_by("number").values_list("name", flat=True)) == names
    shot(page, "setup-individual-desk-desktop")
