"""The table phone at 390 px as a Bridgemate (issue 29): a board entered by its buttons, the choices kept beside a
plain message when one is missing, the score shown before E-W accept, a passed-out board in one press, and a
second phone's different result shown on the first phone with nothing to accept."""

from __future__ import annotations

import pytest

from games.engine.cards import Deal, Seat
from games.models import Result
from tests.browser.conftest import (
    PHONE,
    axe_violations,
    no_overflow,
    open_table,
    press_result,
    running_mitchell,
    shot,
)
from tournaments.models import Club

pytestmark = pytest.mark.browser


def test_a_board_by_buttons_on_a_phone(site, new_page):
    section = running_mitchell(
        Club.objects.create(name="Riverton Bridge Club", slug="riverton"), "Friday Pairs"
    )
    code = section.table_codes.get(table=1).code
    phone = new_page(PHONE)
    open_table(phone, f"{site}/t/{code}/")
    phone.get_by_role("heading", name="Table 1, round 1").wait_for()
    entry = phone.locator("form.entry-form").first
    assert no_overflow(phone)
    assert axe_violations(phone) == []
    shot(phone, "phone-entry-buttons")

    # The declarer forgotten: a plain message, and the buttons pressed are still pressed.
    entry.get_by_role("radio", name="4", exact=True).check()
    entry.get_by_role("radio", name="Hearts", exact=True).check()
    entry.get_by_role("radio", name="1 down", exact=True).check()
    entry.get_by_role("button", name="Enter board 1").click()
    phone.get_by_text("Choose the declarer").wait_for()
    entry = phone.locator("form.entry-form").first
    assert entry.get_by_role("radio", name="4", exact=True).is_checked()
    assert entry.get_by_role("radio", name="Hearts", exact=True).is_checked()
    assert entry.get_by_role("radio", name="1 down", exact=True).is_checked()
    shot(phone, "phone-entry-kept")

    # Pressed in full, with West's lead as a suit and a rank: the score both sides see before E-W accept.
    lead = next(iter(Deal.from_pbn(section.boards.get(number=1).deal).hands[Seat.WEST]))
    press_result(entry, "4H", "S", 9)
    entry.get_by_text("Lead (optional)").click()
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[str(lead.suit)]
    entry.get_by_role("radio", name=f"Lead {suit}", exact=True).check()
    entry.get_by_role("radio", name=f"Lead {lead.rank}", exact=True).check()
    shot(phone, "phone-entry-lead")
    entry.get_by_role("button", name="Enter board 1").click()
    phone.get_by_text("Board 1: 4H by S, 9 tricks").first.wait_for()
    result = Result.objects.get(section=section, board__number=1)
    card = phone.locator("section.board-entry").first
    assert (
        f"N-S {result.score_ns:+d}" in card.inner_text() and f"E-W {-result.score_ns:+d}" in card.inner_text()
    )
    assert card.get_by_role("button", name="E-W accept board 1").is_visible()
    assert no_overflow(phone)
    shot(phone, "phone-entry-accept")
    card.get_by_role("button", name="E-W accept board 1").click()
    phone.get_by_text("Board 1 confirmed by E-W").wait_for()

    # Board 2 passed out in one press; then a second phone sends board 2 differently: both are told.
    phone.locator("form.entry-form").first.get_by_role("button", name="Passed out").click()
    phone.get_by_text("Board 2: passed out entered.").wait_for()
    second = new_page(PHONE)
    open_table(second, f"{site}/t/{code}/")
    # The first phone's board 2 is in, so the second phone has no form for it: it sends it as a program would.
    second.goto(f"{site}/table/")
    answer = second.request.post(
        f"{site}/api/table/results/",
        data={"board": 2, "contract": "1NT", "declarer": "N", "tricks": 7},
        headers={"X-Table-Code": code},
    )
    assert answer.status == 409
    phone.goto(f"{site}/table/")
    notice = phone.get_by_text("A different result was sent for this board from a second phone")
    notice.wait_for()
    assert phone.get_by_role("button", name="E-W accept board 2").count() == 0
    shot(phone, "phone-entry-conflict")
