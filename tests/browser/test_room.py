"""Running the room in the browser (issue 14): the desk lists the results missing, a second phone's different
result shows on it without a reload, a result marked not played leaves the list, "Close" asks first with the
list, and after publishing a correction shows as an amended notice with the earlier ranking a click away.
Screenshots at a phone's width and a projector's."""

from __future__ import annotations

import pytest

from config.refusals import Refused
from games import lines
from games import services as game_services
from games.models import Result
from tests.browser.conftest import PHONE, log_in, no_overflow, running_mitchell, shot
from tournaments.models import Club

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1920, "height": 1080}


def test_the_desk_runs_the_room_and_the_public_page_shows_the_amendment(site, new_page):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    section = running_mitchell(club)
    seating = section.seatings.get(round=1, table=2)
    board = section.boards.get(number=3)
    line = lines.score_line(section, board, "4S", "N", "10")
    game_services.enter_result(section, board, seating.ns, seating.ew, line, round=1, table=2, by="table 2 N")

    desk = new_page(PHONE)
    log_in(desk, site, club)
    desk.goto(f"{site}/direct/sections/{section.id}/")
    missing = desk.locator("#missing tbody tr")
    assert missing.all_inner_texts()[1].startswith(
        "1\t2\tBoard 4\n"
    )  # a row a table: board 3 at table 2 is in
    assert desk.locator("#missing tbody a").all_inner_texts() == [
        "Board 1",
        "Board 2",
        "Board 4",
        "Board 5",
        "Board 6",
    ]
    assert desk.locator("#room-round").text_content() == "round 1 of 3"
    assert desk.locator("#conflicts").is_hidden()

    # A second phone sends a different result: the desk shows it at its next poll, with the link to resolve it.
    with pytest.raises(Refused):
        other = lines.score_line(section, board, "4S", "N", "9")
        game_services.enter_result(section, board, seating.ns, seating.ew, other, round=1, table=2,
                                   by="table 2 E")  # fmt: skip
    link = desk.locator("#conflict-list a")
    link.wait_for(timeout=10_000)
    assert link.text_content() == "Board 3, pairs 2 v 5: table 2 E sent 4S by N, 9 tricks"
    assert link.get_attribute("href") == f"/direct/results/{Result.objects.get(board=board).id}/"
    shot(desk, "room-desk-phone")
    assert no_overflow(desk)

    # Board 1 at table 1 marked not played: it leaves the list.
    row = missing.filter(has=desk.get_by_role("link", name="Board 1", exact=True))
    row.get_by_text("Mark a board").click()
    row.get_by_label("Board", exact=True).select_option("1")
    row.get_by_placeholder("why").fill("late start")
    row.get_by_role("button", name="Not played").click()
    desk.get_by_text("Board 1, table 1, round 1: not played.").wait_for()
    assert desk.locator("#missing tbody a").all_inner_texts() == ["Board 2", "Board 4", "Board 5", "Board 6"]

    # "Close" asks first, listing what is missing; going on closes.
    wide = new_page(PROJECTOR)
    log_in_again = wide.context.add_cookies(desk.context.cookies())
    assert log_in_again is None
    wide.goto(f"{site}/direct/sections/{section.id}/")
    shot(wide, "room-desk-projector")
    wide.get_by_role("button", name="Close the session").click()
    wide.get_by_role("heading", name="Close the session? 4 results missing").wait_for()
    assert wide.locator("#confirm-missing tbody tr").count() == 3
    shot(wide, "room-confirm-projector")
    wide.get_by_role("button", name="Close the session anyway").click()
    wide.get_by_role("button", name="Publish the results").click()
    wide.get_by_text("published, closed after round 1 of 3").wait_for()

    # A correction after publishing: the public page says so; the earlier ranking is a click away.
    result = Result.objects.get(board=board)
    user = club.directors.get()
    game_services.correct_result(result, {"contract": "4S", "declarer": "N", "tricks": "9"}, user,
                                 "table 2 E was right")  # fmt: skip
    public = new_page(PHONE)
    public.goto(f"{site}/sections/{section.id}/")
    notice = public.locator("#amendments li.amended")
    assert "board 3, table 2 (table 2 E was right)" in notice.text_content()
    shot(public, "room-amended-phone")
    assert no_overflow(public)
    notice.get_by_role("link", name="the ranking before this amendment").click()
    public.get_by_role("heading", name="Standings as published").wait_for()
    assert "These results were amended" in public.content()
    shot(public, "room-published-phone")
    wide.goto(f"{site}/sections/{section.id}/")
    shot(wide, "room-amended-projector")
