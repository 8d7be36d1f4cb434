"""50 clients entering results at once on PostgreSQL, with repeats and conflicts: no result lost, none doubled,
every conflict reported, and the standings caught up with every result."""

import threading

import pytest
from django.db import connection, connections
from django.test import Client

from games.models import Result, ResultConflict, ResultVersion
from scoring.models import Standing
from scoring.services import recompute_standings
from tests.integration.api_helpers import make_director, mitchell
from tournaments import services
from tournaments.models import Event, Section, Session, TableCode

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = 25  # round 1: 25 tables × 2 boards = 50 results to enter


def test_fifty_clients_at_once(settings):
    if connection.vendor != "postgresql":
        pytest.skip("row locks and concurrent writers need PostgreSQL: set DATABASE_URL (CI does)")
    user, club = make_director()
    section = Section.objects.create(session=Session.objects.create(
        event=Event.objects.create(club=club, name="Crowded", date="2026-11-23")))  # fmt: skip
    services.install_movement(section, mitchell(TABLES, 2), user)
    services.set_status(section, "running", user)
    codes = dict(TableCode.objects.filter(section=section).values_list("table", "code"))
    slots = [(table, board) for table in range(1, TABLES + 1) for board in (2 * table - 1, 2 * table)]

    def values(board: int, tricks: int) -> dict:
        return {"board": board, "contract": "3NT", "declarer": "S", "tricks": tricks}

    barrier = threading.Barrier(50)
    answers: dict[tuple, list[int]] = {}
    lock = threading.Lock()

    def client_run(i: int) -> None:
        client = Client(headers={"X-Forwarded-Proto": "https"})
        table, board = slots[i]
        mine = [(table, board, 9)]  # its own result
        other_table, other_board = slots[(i + 1) % 50]
        # Every client also sends a neighbour's result: the same one (a repeat) or, for every third, a different one.
        mine.append((other_table, other_board, 9 if i % 3 else 10))
        try:
            barrier.wait(timeout=30)
            for t, b, tricks in mine:
                answer = client.post("/api/table/results/", values(b, tricks), content_type="application/json",
                                     headers={"X-Table-Code": codes[t]})  # fmt: skip
                with lock:
                    answers.setdefault((t, b, tricks), []).append(answer.status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=client_run, args=(i,)) for i in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)

    assert Result.objects.filter(section=section).count() == 50, "no result lost, none doubled"
    assert ResultVersion.objects.filter(result__section=section).count() == 50
    conflicting = [slot for slot in slots if (slot[0], slot[1], 10) in answers]
    assert len(conflicting) == 17
    for table, board in slots:
        nine = answers[(table, board, 9)]
        if (table, board) in conflicting:
            ten = answers[(table, board, 10)]
            assert sorted(nine + ten) == [201, 409], (table, board, nine, ten)
        else:
            assert sorted(nine) == [200, 201], (table, board, nine)
    assert ResultConflict.objects.filter(result__section=section).count() == 17, "every conflict reported"
    for result in Result.objects.filter(section=section):
        expected = (
            10
            if result.conflicts.exists() and answers[(result.table, result.board.number, 10)] == [201]
            else 9
        )
        assert result.tricks == expected

    section.refresh_from_db()
    assert section.standings_computed == section.standings_requested
    live = list(Standing.objects.filter(section=section).order_by("entry").values_list("total", "boards"))
    assert sum(boards for _, boards in live) == 100
    recompute_standings(section.id)
    assert (
        list(Standing.objects.filter(section=section).order_by("entry").values_list("total", "boards"))
        == live
    )
