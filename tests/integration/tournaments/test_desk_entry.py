"""The director's grid (issue 29): a refused row keeps what was typed with its reason beside it, the rows that
passed are saved; and pickup slips, a table and a round chosen, the boards that table played then, one row each."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.models import Result
from tests.browser.conftest import running_mitchell
from tournaments.models import Club


@pytest.fixture
def desk(client, db) -> tuple:
    section = running_mitchell(
        Club.objects.create(name="Riverton Bridge Club", slug="riverton"), "Friday Pairs"
    )
    director = User.objects.create_user("dora")
    section.session.event.club.directors.add(director)
    client.force_login(director)
    return client, section


def test_a_refused_row_keeps_its_typing_and_says_why(desk):
    client, section = desk
    seated = sorted((s.round, s.table) for s in section.seatings.all() if 1 in s.boards)
    good, bad = (f"{r}-{t}" for r, t in seated[:2])
    answer = client.post(f"/direct/sections/{section.id}/boards/1/", {
        f"contract-{good}": "4S", f"declarer-{good}": "N", f"tricks-{good}": "10",
        f"contract-{bad}": "4h", f"declarer-{bad}": "Q", f"tricks-{bad}": "9", f"lead-{bad}": "SK",
    })  # fmt: skip
    assert answer.status_code == 400
    page = answer.content.decode()
    assert (
        "Board 1: 1 result entered." in page
        and "1 row not saved: each says why, with what was typed." in page
    )
    assert f'name="contract-{bad}" value="4H"' in page and f'name="tricks-{bad}" value="9"' in page
    assert f'name="lead-{bad}" value="SK"' in page and f'name="declarer-{bad}" value="Q"' in page
    assert "Board 1: declarer &#x27;Q&#x27; is not N, E, S or W</output>" in page
    assert Result.objects.filter(section=section, board__number=1).count() == 1


def test_pickup_slips_by_table_and_round(desk):
    client, section = desk
    page = client.get(f"/direct/sections/{section.id}/").content.decode()
    assert f'href="/direct/sections/{section.id}/slips/">Enter by pickup slip</a>' in page
    seating = section.seatings.get(table=2, round=2)
    url = f"/direct/sections/{section.id}/slips/"
    page = client.get(url, {"table": 2, "round": 2}).content.decode()
    assert "<h2>Table 2, round 2</h2>" in page
    for board in seating.boards:
        assert f'aria-label="Contract, board {board}"' in page
    first, second = seating.boards
    answer = client.post(url, {"table": 2, "round": 2, f"contract-{first}": "3NT", f"declarer-{first}": "S",
                               f"tricks-{first}": "9", f"contract-{second}": "Pass"})  # fmt: skip
    assert answer.status_code == 302 and answer["Location"] == f"{url}?table=3&round=2"
    results = Result.objects.filter(section=section, round=2, table=2).order_by("board__number")
    assert [(r.board.number, r.contract, r.ns_id, r.ew_id) for r in results] == [
        (first, "3NT", seating.ns_id, seating.ew_id), (second, "Pass", seating.ns_id, seating.ew_id)
    ]  # fmt: skip
    page = client.get(url, {"table": 2, "round": 2}).content.decode()
    assert f'aria-label="Correct board {first}"' in page
    assert "Table 7 has no seating in round 2." in client.get(url, {"table": 7, "round": 2}).content.decode()


def test_a_nine_pair_howell_plays_at_tables_one_to_four_and_the_desk_says_who_sits_out(client, db):
    """Issue 29: a 9-pair Howell's tables were numbered 2-5 (the phantom's table 1 left out) and the desk did not
    say who sits out; the movement sits pair r out in round r."""
    from tournaments import services
    from tournaments.models import Event, Section, Session

    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    event = Event.objects.create(club=club, name="Howell night", date="2026-11-25")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    movement = services.generate_movement("howell", pairs=9, boards_per_round=2)
    services.install_movement(section, movement, None)
    services.deal_boards(section)
    section = services.set_status(section, "running", None)
    assert sorted(section.table_codes.values_list("table", flat=True)) == [1, 2, 3, 4]
    assert sorted(section.seatings.filter(round=1).values_list("table", flat=True)) == [1, 2, 3, 4]
    director = User.objects.create_user("dora")
    club.directors.add(director)
    client.force_login(director)
    desk = client.get(f"/direct/sections/{section.id}/").content.decode()
    assert '<p class="sit-out-notice">Sitting out this round: Pair 1.</p>' in desk


def test_a_slip_refuses_declarer_x_and_fourteen_tricks_keeping_what_was_typed(desk):
    """The grid's form checks a row as the API does (games.lines.score_line): each refusal in the engine's words,
    a 400, the typing shown again upper-cased, nothing saved."""
    client, section = desk
    first, second = section.seatings.get(table=1, round=1).boards
    answer = client.post(f"/direct/sections/{section.id}/slips/", {
        "table": 1, "round": 1, f"contract-{first}": "4s", f"declarer-{first}": "x", f"tricks-{first}": "10",
        f"contract-{second}": "3nt", f"declarer-{second}": "N", f"tricks-{second}": " 14 ",
    })  # fmt: skip
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "2 rows not saved: each says why, with what was typed." in page
    assert f"Board {first}: declarer &#x27;X&#x27; is not N, E, S or W</output>" in page
    assert f"Board {second}: 14 tricks is not 0 to 13</output>" in page
    assert f'name="contract-{first}" value="4S"' in page and f'name="declarer-{first}" value="X"' in page
    assert f'name="contract-{second}" value="3NT"' in page and f'name="tricks-{second}" value="14"' in page
    assert not Result.objects.filter(section=section).exists()


def test_not_played_needs_whole_numbers_for_where(desk):
    client, section = desk
    answer = client.post(f"/direct/sections/{section.id}/not-played/",
                         {"round": "1", "table": "1", "board": "one", "reason": "board fouled"})  # fmt: skip
    assert answer.status_code == 400
    assert "Give the round, the table and the board as whole numbers" in answer.content.decode()
    assert not Result.objects.filter(section=section).exists()


def test_a_result_page_change_names_what_it_lacks(desk):
    """A change that is none of the four, and a conflict named by no number (a 500 before the form read it):
    refused in words, the result as it was."""
    client, section = desk
    client.post(f"/direct/sections/{section.id}/boards/1/", {"contract-1-1": "4S", "declarer-1-1": "N",
                                                           "tricks-1-1": "10"})  # fmt: skip
    result = Result.objects.get(section=section, board__number=1)
    url = f"/direct/results/{result.id}/"
    retract = client.post(url, {"what": "retract", "reason": "typed twice"}, follow=True)
    assert "Choose correct, adjust, accept or dismiss" in retract.content.decode()
    accept = client.post(url, {"what": "accept", "conflict": "first", "reason": "both agree"})
    assert accept.status_code == 302 and accept["Location"] == url
    assert "Conflict &#x27;first&#x27; is not a whole number" in client.get(url).content.decode()
    result.refresh_from_db()
    assert (result.contract, result.tricks, result.version) == ("4S", 10, 1)
