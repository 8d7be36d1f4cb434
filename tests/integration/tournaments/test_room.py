"""Running the room and publishing (issue 14): the desk lists the results missing per round until they are
entered or marked not played; "Next round" and "Close" ask first and record going on; the grid moves no round
(issue 25); a second phone's different result shows on the desk's poll; a correction after publishing publishes an
amended version, with the earlier ranking a click away."""

from __future__ import annotations

import re

import pytest

from config.refusals import Refused
from games import lines
from games import services as game_services
from games.models import Publication, Result, ResultVersion
from scoring.models import Standing
from tests.integration.tournaments.helpers import grid, plays
from tournaments import services
from tournaments.models import SectionVersion, Status

pytestmark = pytest.mark.django_db(transaction=True)


def room(client, section) -> dict:
    answer = client.get(f"/direct/sections/{section.id}/room.json")
    assert answer.status_code == 200
    return answer.json()


def test_the_desk_lists_results_missing_until_entered(desk):
    client, section, _ = desk
    state = room(client, section)
    assert state["round"] == 1 and state["rounds"] == 3 and state["status"] == "running"
    assert [(m["round"], m["table"], m["boards"]) for m in state["missing"]] == [(1, 1, [1, 2]), (1, 2, [3, 4]),
                                                                                 (1, 3, [5, 6])]  # fmt: skip
    grid(client, section, 1, {(1, 1): "3NT N 9"})
    page = client.get(f"/direct/sections/{section.id}/").content.decode()
    missing = page.split('id="missing"')[1].split("</section>")[0]
    assert "Board 1<" not in missing and "Board 2<" in missing and "Board 6<" in missing
    assert [m["boards"] for m in room(client, section)["missing"]] == [[2], [3, 4], [5, 6]]


def test_not_played_is_kept_with_who_when_why_and_scored_as_a_board_not_played(desk):
    client, section, user = desk
    for number in range(1, 7):
        grid(
            client,
            section,
            number,
            {k: v for k, v in plays(section, number).items() if (number, *k) != (1, 3, 2)},
        )
    assert [(m["round"], m["table"], m["boards"]) for m in room(client, section)["missing"]] == [(3, 2, [1])]
    answer = client.post(f"/direct/sections/{section.id}/not-played/", {"round": 3, "table": 2, "board": 1})
    assert answer.status_code == 400 and "needs a reason" in answer.content.decode()
    answer = client.post(f"/direct/sections/{section.id}/not-played/",
                         {"round": 3, "table": 2, "board": 1, "reason": "slow play, out of time"})  # fmt: skip
    assert answer.status_code == 302
    result = Result.objects.get(section=section, board__number=1, round=3, table=2)
    assert (result.contract, result.score_ns, result.adjusted) == ("", None, "")
    version = ResultVersion.objects.get(result=result)
    assert (version.kind, version.reason, version.changed_by, version.changed_by_label) == (
        "not played",
        "slow play, out of time",
        user,
        "director alice",
    )
    assert version.changed_at is not None
    # Scored as scoring.methods scores a board not played: the two pairs' board count drops by one.
    seating = section.seatings.get(round=3, table=2)
    boards = dict(Standing.objects.filter(section=section).values_list("entry_id", "boards"))
    assert boards[seating.ns_id] == 5 and boards[seating.ew_id] == 5
    assert boards[section.seatings.get(round=3, table=1).ns_id] == 6
    again = client.post(f"/direct/sections/{section.id}/not-played/",
                        {"round": 3, "table": 2, "board": 1, "reason": "twice"})  # fmt: skip
    assert again.status_code == 409 and "already entered" in again.content.decode()
    services.set_status(section, Status.FINISHED, user)
    services.set_status(section, Status.PUBLISHED, user)
    published = client.post(f"/direct/sections/{section.id}/not-played/",
                            {"round": 3, "table": 1, "board": 5, "reason": "after publishing"})  # fmt: skip
    assert (
        published.status_code == 409
        and "published: no result is marked not played" in published.content.decode()
    )


def test_next_round_and_close_ask_first_and_record_going_on(desk):
    client, section, user = desk
    grid(client, section, 1, {(1, 1): "3NT N 9"})
    asked = client.post(f"/direct/sections/{section.id}/action/", {"action": "next-round"})
    text = asked.content.decode()
    assert asked.status_code == 200 and "5 results missing" in text
    assert re.search(r"<td>1</td><td>2</td><td>[^<]*</td><td>3, 4</td>", text)
    section.refresh_from_db()
    assert section.current_round == 1  # asked, not moved
    went = client.post(f"/direct/sections/{section.id}/action/", {"action": "next-round", "confirm": "yes"})
    assert went.status_code == 302
    section.refresh_from_db()
    assert section.current_round == 2
    record = SectionVersion.objects.filter(section=section).latest("number")
    assert record.changed_by == user and record.reason == (
        "Go on to the next round with 5 results missing (table 1 round 1: boards 2; "
        "table 2 round 1: boards 3, 4; table 3 round 1: boards 5, 6)"
    )
    # The missing results of round 1 stay on the desk in round 2.
    assert [(m["round"], m["table"]) for m in room(client, section)["missing"]][:3] == [
        (1, 1),
        (1, 2),
        (1, 3),
    ]
    asked = client.post(f"/direct/sections/{section.id}/action/", {"action": "finish"})
    assert asked.status_code == 200 and "Close the session? 11 results missing" in asked.content.decode()
    section.refresh_from_db()
    assert section.status == Status.RUNNING
    client.post(f"/direct/sections/{section.id}/action/", {"action": "finish", "confirm": "yes"})
    section.refresh_from_db()
    assert section.status == Status.FINISHED
    assert (
        SectionVersion.objects.filter(section=section)
        .latest("number")
        .reason.startswith("Close the session with 11 results missing")
    )
    page = client.get(f"/direct/sections/{section.id}/").content.decode()
    assert '<span id="room-round">closed after round 2 of 3</span>' in page  # the rounds it went on to


def test_whole_travellers_typed_in_the_grid_leave_the_round_the_directors(desk):
    """Issue 25: typing whole travellers through the grid sent every phone to the last round. The round is the
    director's: the grid moves nobody; what it leaves missing is listed, and closing asks about it."""
    client, section, _ = desk
    for number in range(1, 7):
        grid(client, section, number, {k: v for k, v in plays(section, number).items() if k[0] <= 2})
    page = client.get(f"/direct/sections/{section.id}/").content.decode()
    assert '<span id="room-round">round 1 of 3</span>' in page
    section.refresh_from_db()
    assert section.current_round == 1
    assert room(client, section)["round"] == 1 and room(client, section)["missing"] == []
    for number in range(1, 7):
        grid(client, section, number, plays(section, number))
    page = client.get(f"/direct/sections/{section.id}/").content.decode()
    assert '<span id="room-round">round 1 of 3</span>' in page and "0 tables with results missing" in page
    assert "None: every result of the rounds played is in." in page
    closed = client.post(f"/direct/sections/{section.id}/action/", {"action": "finish"}, follow=True)
    section.refresh_from_db()
    assert section.status == Status.FINISHED  # nothing missing: closed without asking
    # Closed, the desk says what was played, not the director's round 1 it stood at (issue 29).
    assert "section A: finished, all 3 rounds played." in closed.content.decode()
    published = client.post(f"/direct/sections/{section.id}/action/", {"action": "publish"}, follow=True)
    page = published.content.decode()
    assert '<span id="room-round">all 3 rounds played</span>' in page and "round 1 of" not in page
    assert 'id="round-title"' not in page  # nor round 1's tables, as if they were still playing it


def test_a_second_phone_with_a_different_result_shows_on_the_desk_at_once(desk):
    client, section, _ = desk
    seating = section.seatings.get(round=1, table=2)
    board = section.boards.get(number=3)
    first = lines.score_line(section, board, "4S", "N", "10")
    game_services.enter_result(
        section, board, seating.ns, seating.ew, first, round=1, table=2, by="table 2 N"
    )
    assert room(client, section)["conflicts"] == []
    second = lines.score_line(section, board, "4S", "N", "9")
    with pytest.raises(Refused):
        game_services.enter_result(section, board, seating.ns, seating.ew, second, round=1, table=2,
                                   by="table 2 E")  # fmt: skip
    result = Result.objects.get(board=board)
    (conflict,) = room(client, section)["conflicts"]
    assert conflict["url"] == f"/direct/results/{result.id}/"
    assert conflict["text"] == "Board 3, pairs 2 v 5: table 2 E sent 4S by N, 9 tricks"
    assert client.get(conflict["url"]).status_code == 200


def test_a_correction_after_publishing_publishes_an_amended_version(desk):
    client, section, user = desk
    for number in range(1, 7):
        grid(client, section, number, plays(section, number))
    board7 = section.boards.get(number=3)  # pair 1 plays board 3 against pair 5 at table 1 in round 2
    top = Result.objects.get(board=board7, round=2, table=1)
    game_services.correct_result(top, {"contract": "3NT", "declarer": "N", "tricks": "10"}, user, "typo")
    section = services.set_status(section, Status.FINISHED, user)
    section = services.set_status(section, Status.PUBLISHED, user)
    first = client.get(f"/sections/{section.id}/").content.decode()
    assert "Amended" not in first and f'href="/sections/{section.id}/published/1/"' in first
    before = list(Standing.objects.filter(section=section).order_by("field", "place").values_list(
        "entry__number", "rank", "total"))  # fmt: skip
    # The correction: board 3 at table 1 was 3NT by N, 9 tricks after all (the scorer's slip).
    game_services.correct_result(top, {"contract": "3NT", "declarer": "N", "tricks": "9"}, user,
                                 "the scorer's slip: 9 tricks")  # fmt: skip
    after = list(Standing.objects.filter(section=section).order_by("field", "place").values_list(
        "entry__number", "rank", "total"))  # fmt: skip
    assert after != before
    assert list(Publication.objects.filter(section=section).values_list("number", "board", "table")) == [
        (1, None, None),
        (2, 3, 1),
    ]
    page = client.get(f"/sections/{section.id}/").content.decode()
    today = Publication.objects.get(section=section, number=2).published_at
    assert (
        f"Amended {today:%A} {today.day} {today:%B %Y}: board 3, table 1 (the scorer&#x27;s slip: 9 tricks)"
        in page
    )
    link = re.search(r'<a href="(/sections/\d+/published/\d+/)">the ranking before this amendment</a>', page)
    assert link and link[1] == f"/sections/{section.id}/published/1/"
    earlier = client.get(link[1])
    assert earlier.status_code == 200
    rows = re.findall(r"<tr><td>([^<]*)</td><td class=\"tag\">(\d+)</td><td>[^<]*</td><td class=\"num\">([^<]*)</td>",
                      earlier.content.decode())  # fmt: skip
    assert sorted((int(n), rank, float(total)) for rank, n, total in rows) == sorted(before)
    assert "These results were amended" in earlier.content.decode()
