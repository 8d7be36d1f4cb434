"""The table phone's entry as a Bridgemate takes it (issue 29), through the Django test client: the buttons' form
(level, strain, double, declarer, result, the lead's suit and rank, passed out), the choices kept after a refusal
with a message in plain words, a mistyped lead not counted towards the lock-out, both phones told of a conflict
and no "E-W accept" on a disputed result or on one the director entered."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.engine.cards import Deal, Seat
from games.models import LeadRefusal, Result
from tests.browser.conftest import running_mitchell
from tournaments.models import Club, Section


@pytest.fixture
def running(db) -> Section:
    return running_mitchell(Club.objects.create(name="Riverton Bridge Club", slug="riverton"), "Friday Pairs")


def phone(client_class, section: Section, table: int):
    client = client_class(headers={"X-Forwarded-Proto": "https"})
    assert client.post("/table/", {"code": section.table_codes.get(table=table).code}).status_code == 302
    return client


def press(client, board: int, **buttons) -> str:
    """The entry form posted as the buttons send it; the table page it lands on."""
    return client.post(
        "/table/result/", {"board": board, "double": ""} | buttons, follow=True
    ).content.decode()


def test_the_buttons_enter_a_contract_and_its_result(client, running):
    table = phone(type(client), running, 1)
    page = table.get("/table/").content.decode()
    for value in ('name="level" value="7"', 'name="strain" value="NT"', 'name="double" value="XX"',
                  'name="declarer" value="W"', 'name="result" value="+6"', 'name="result" value="-13"',
                  'name="lead_suit" value="S"', 'name="lead_rank" value="T"', 'name="passed"'):  # fmt: skip
        assert value in page
    page = press(table, 1, level="4", strain="S", declarer="N", result="=")
    assert "Board 1: 4S by N, 10 tricks, N-S +420 entered." in page
    assert "N-S +420" in page and "E-W -420" in page  # the score both sides see before E-W accept
    assert "E-W accept board 1" in page
    page = press(table, 2, level="3", strain="NT", double="X", declarer="E", result="-2")
    result = Result.objects.get(section=running, board__number=2)
    assert (result.contract, result.declarer, result.tricks) == ("3NTX", "E", 7)
    assert f"N-S {result.score_ns:+d}" in page


def test_passed_out_is_one_button(client, running):
    table = phone(type(client), running, 1)
    page = table.post(
        "/table/result/", {"board": 1, "passed": "1", "level": "2"}, follow=True
    ).content.decode()
    assert "Board 1: passed out entered." in page
    assert Result.objects.get(section=running, board__number=1).contract == "Pass"


def test_a_refused_entry_keeps_its_choices_and_says_what_to_do(client, running):
    table = phone(type(client), running, 1)
    page = press(table, 1, level="4", strain="H", double="X", result="+1")
    assert "Choose the declarer" in page and "is not N, E, S or W" not in page
    for kept in ('name="level" value="4" checked', 'name="strain" value="H" aria-label="Hearts" checked',
                 'name="double" value="X" aria-label="Doubled" checked', 'name="result" value="+1" aria-label="+1 over" checked'):  # fmt: skip
        assert kept in page
    assert "Choose the level, the suit or NT, the declarer and the result" in press(table, 1)
    assert "4♠ +4 would be 14 tricks: there are 13" in press(
        table, 1, level="4", strain="S", declarer="N", result="+4"
    )
    typed = table.post(
        "/table/result/", {"board": 1, "contract": "8s", "declarer": "S", "tricks": "9"}, follow=True
    )
    assert (
        "Board 1: &#x27;8S&#x27;" in typed.content.decode()
    )  # the typed form still posts; its message capitalised
    assert not Result.objects.filter(section=running).exists()


def test_a_mistyped_lead_does_not_count_towards_the_lock_out(client, running):
    table = phone(type(client), running, 1)
    board = running.boards.get(number=1)
    for typed in ("XK", "S1", "JO", "K"):
        page = table.post("/table/result/", {"board": 1, "level": "4", "strain": "S", "double": "", "declarer": "N",
                                             "result": "=", "lead": typed}, follow=True).content.decode()  # fmt: skip
        assert "is not a card: give its suit and rank, as SK or H10" in page
    assert "Choose the lead&#x27;s suit and its rank, or neither" in press(
        table, 1, level="4", strain="S", declarer="N", result="=", lead_suit="H"
    )
    assert not LeadRefusal.objects.filter(board=board).exists()
    # A real card that East does not hold counts (it would tell the hand), and is kept for the next try.
    east = Deal.from_pbn(board.deal).hands[Seat.EAST]
    missing = next(f"S{rank}" for rank in "AKQJT98765432" if f"S{rank}" not in {str(c) for c in east})
    page = press(
        table, 1, level="4", strain="S", declarer="N", result="=", lead_suit="S", lead_rank=missing[1]
    )
    assert (
        "Board 1: that lead is not a card of the opening leader&#x27;s hand; check it and the declarer (2 more tries"
        in page
    )
    assert f'name="lead_rank" value="{missing[1]}" aria-label="Lead {missing[1]}" checked' in page
    assert LeadRefusal.objects.get(board=board).count == 1
    held = str(next(c for c in east))
    page = press(table, 1, level="4", strain="S", declarer="N", result="=", lead=held.lower())
    assert f"lead {held}" in page


def test_both_phones_learn_of_a_conflict_and_nobody_accepts_it(client, running):
    first = phone(type(client), running, 1)
    second = phone(type(client), running, 1)
    press(first, 1, level="4", strain="S", declarer="N", result="=")
    page = press(second, 1, level="4", strain="S", declarer="N", result="-1")
    assert "Board 1: a different result is already entered for pairs 1 and 4" in page
    for table in (first, second):
        page = table.get("/table/").content.decode()
        assert "A different result was sent for this board from a second phone" in page
        assert "E-W accept board 1" not in page
    refused = first.post("/table/confirm/", {"board": 1, "side": "EW"}, follow=True).content.decode()
    assert "Board 1: a different result was sent for it; the director decides which stands" in refused
    assert Result.objects.get(section=running, board__number=1).status == "entered"


def test_the_phone_offers_no_accept_on_the_directors_result(client, running):
    director = User.objects.create_user("dora")
    running.session.event.club.directors.add(director)
    client.force_login(director)
    client.post(
        f"/direct/sections/{running.id}/boards/1/",
        {"contract-1-1": "3NT", "declarer-1-1": "S", "tricks-1-1": "9"},
    )
    table = phone(type(client), running, 1)
    page = table.get("/table/").content.decode()
    assert "Entered by the director." in page and "E-W accept board 1" not in page
    refused = table.post("/table/confirm/", {"board": 1, "side": "EW"}, follow=True).content.decode()
    assert "Board 1: the director entered this result; there is nothing to confirm" in refused
