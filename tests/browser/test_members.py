"""The members page on a phone (search as you type, a CSV imported after its preview) and pairs made from members
on the set-up page (type a name, pick it from the list), with screenshots under tests/artifacts/."""

from __future__ import annotations

import pytest

from tests.browser.conftest import (
    PHONE,
    axe_violations,
    log_in,
    no_overflow,
    open_table,
    preview_members_import,
    running_mitchell,
    shot,
)
from tests.club import NAMES, members
from tournaments import membership
from tournaments.models import Club, Player, Section, TableCode

pytestmark = pytest.mark.browser


def test_members_on_a_phone_and_pairs_made_from_them(site, new_page, tmp_path):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    page = new_page(PHONE)
    log_in(page, site, club)
    page.get_by_role("link", name="Members").click()
    page.get_by_role("heading", name="Members of Riverton Bridge Club").wait_for()

    preview_members_import(page, tmp_path, NAMES)
    assert not Player.objects.exists()
    shot(page, "members-import-preview-phone")
    page.get_by_role("button", name="Import 20 members").click()
    page.get_by_text("20 members imported.").wait_for()
    assert Player.objects.filter(club=club).count() == 20

    page.get_by_label("Name", exact=True).fill("Walk In")
    page.get_by_label("Walk-in guest (no number)").check()
    page.get_by_role("button", name="Add").click()
    page.get_by_text("Walk In (guest) added.").wait_for()

    page.get_by_label("Search by name or number").press_sequentially("jon")
    visible = page.locator("#member-list tbody tr:visible td:first-child")
    assert visible.all_inner_texts() == ["Jon Jay", "Bob Jones"], "narrowed as you type"
    page.get_by_label("Search by name or number").fill("")
    page.get_by_label("Search by name or number").press_sequentially("3013")
    assert visible.all_inner_texts() == ["Ned North"]
    assert no_overflow(page)
    assert axe_violations(page) == []
    shot(page, "members-phone")

    page.goto(f"{site}/direct/clubs/riverton/new/?name=Tuesday+pairs&kind=mitchell&size=3&boards_per_round=2")
    first = page.get_by_label("Pair 1 N-S, player 1")
    first.press_sequentially("Ann")
    assert page.locator("datalist#members option").count() == 21
    first.fill("Ann Smith (3000)")  # what picking "Ann Smith (3000)" from the list puts in the box
    page.get_by_label("Pair 1 N-S, player 2").fill("Bob Jones (3001)")
    page.get_by_label("Pair 4 E-W, player 1").fill("Bob Jones (3001)")
    page.get_by_label("Pair 4 E-W, player 2").fill("Walk In (guest)")
    page.get_by_role("button", name="Create the session and deal the boards").click()
    page.get_by_text("Bob Jones is in pair 1 and in pair 4").wait_for()
    assert not Section.objects.exists()
    page.get_by_label("Pair 4 E-W, player 1").fill("Cath Brown (3002)")
    shot(page, "setup-pairs-from-members-phone")
    page.get_by_role("button", name="Create the session and deal the boards").click()
    page.get_by_role("heading", name="Players").wait_for()
    assert page.get_by_label("Pair 4 E-W, player 2").input_value() == "Walk In (guest)"
    names = dict(Section.objects.get().entries.values_list("number", "name"))
    assert (names[1], names[4]) == ("Ann Smith & Bob Jones", "Cath Brown & Walk In")
    assert no_overflow(page)
    shot(page, "director-section-players-phone")


def test_the_qr_code_address_opens_the_table_on_a_phone_with_the_pairs_names(site, new_page):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    section = running_mitchell(club)
    players = members(club, NAMES[:4])
    seating = section.seatings.get(round=1, table=2)
    membership.name_entries(section, {seating.ns.number: players[:2], seating.ew.number: players[2:]})
    code = TableCode.objects.get(section=section, table=2).code

    phone = new_page(PHONE)
    open_table(phone, f"{site}/t/{code}/")
    phone.get_by_role("heading", name="Table 2, round 1").wait_for()
    assert phone.url == f"{site}/table/", "the code does not stay in the address bar"
    assert phone.locator("p.players").inner_text() == (
        f"N-S: Ann Smith & Bob Jones (pair {seating.ns.tag})\nE-W: Cath Brown & Dan White (pair {seating.ew.tag})"
    )
    assert no_overflow(phone)
    shot(phone, "table-phone-names")
