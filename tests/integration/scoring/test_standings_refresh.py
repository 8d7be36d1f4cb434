"""STANDINGS_REFRESH=background: scorers get their answer at once, and the web process's refresher thread brings
the standings up to date a little later, once per interval for a burst of entries and soon after its last one,
covering every result."""

import random

import pytest
from django.db import connection

from scoring import refresher as refreshing
from scoring.refresher import refresher
from tests.integration.api_helpers import expected_standings, make_director, mitchell, random_result
from tournaments import services as sections
from tournaments.models import Event, Section, Session, TableCode

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="a thread writing beside the requests needs PostgreSQL: SQLite's in-memory test database locks "
        "whole tables across threads (set DATABASE_URL; CI does)",
    ),
]


@pytest.fixture
def background(settings):
    settings.STANDINGS_REFRESH = "background"
    settings.STANDINGS_REFRESH_INTERVAL = 1.0
    yield refresher
    refresher.stop()  # its database connection closes, so the test database can be dropped


def _running_section(director, name: str) -> tuple[Section, dict[int, str]]:
    user, club = director
    event = Event.objects.create(club=club, name=name, date="2026-11-21")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    sections.install_movement(section, mitchell(3, 2), user)
    sections.deal_boards(section)
    section = sections.set_status(section, "running", user)
    return section, dict(TableCode.objects.filter(section=section).values_list("table", "code"))


def _enter_round_one(client, section: Section, codes: dict[int, str]) -> dict:
    """Each table's round-1 boards entered; the N-S score sent back for each (board, N-S, E-W)."""
    rng, sent = random.Random(7), {}
    for seating in section.seatings.filter(round=1).select_related("ns", "ew"):
        for number in seating.boards:
            values = random_result(rng, {"board": number}, None)
            answer = client.post("/api/table/results/", values, content_type="application/json",
                                 headers={"X-Table-Code": codes[seating.table]})  # fmt: skip
            assert answer.status_code == 201, answer.content
            sent[(number, seating.ns.number, seating.ew.number)] = answer.json()["score_ns"]
    return sent


def _assert_standings_cover(section: Section, sent: dict) -> None:
    pairs = sorted(section.entries.values_list("number", flat=True))
    expected, _ = expected_standings(
        sent, pairs, 3, [e.direction for e in section.entries.order_by("number")]
    )
    stored = {
        s.entry.number: (s.total, s.percentage, s.rank) for s in section.standings.select_related("entry")
    }
    assert stored.keys() == expected.keys()
    for pair, (total, percentage, rank) in expected.items():
        assert stored[pair] == (pytest.approx(total), pytest.approx(percentage), rank), pair


def test_a_burst_of_entries_costs_two_recomputes_and_the_standings_cover_them_all(
    client, background, monkeypatch
):
    monkeypatch.setattr(refreshing, "QUIET", 1.0)  # however slow the machine, the burst is one wait long
    section, codes = _running_section(make_director(), "Background night")
    sent = _enter_round_one(client, section, codes)

    assert background.wait_idle(timeout=30)
    section.refresh_from_db()
    # the first entry's refresh starts at once; the other five arrive within the interval and share one more
    assert (section.standings_requested, section.standings_computed) == (2, 2)
    _assert_standings_cover(section, sent)


def test_the_standings_follow_the_last_entry_once_the_section_is_quiet(client, background, settings):
    """The trailing edge: a refresh waiting for the interval starts once no change has come for QUIET seconds."""
    settings.STANDINGS_REFRESH_INTERVAL = 600.0  # a wait for the interval would outlast the test
    section, codes = _running_section(make_director(), "Quiet night")
    sent = _enter_round_one(client, section, codes)

    assert background.wait_idle(timeout=30), "the last entries' refresh waited for the interval"
    section.refresh_from_db()
    assert section.standings_computed == section.standings_requested < len(sent)
    _assert_standings_cover(section, sent)


def test_web_processes_share_the_interval(client):
    """A refresh asked less than an interval after another process's recompute waits for that process's next
    one, and is done without recomputing once that one has read its count."""
    from scoring.services import refresh_spaced, refresh_standings

    user, club = make_director()
    event = Event.objects.create(club=club, name="Shared night", date="2026-11-21")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    sections.install_movement(section, mitchell(3, 2), user)
    assert refresh_spaced(section.id, None, 10.0) == (1, 0.0), "nothing recomputed yet: at once"
    ticket, wait = refresh_spaced(section.id, None, 10.0)
    assert ticket == 2 and 9.0 < wait <= 10.0, "recomputed just now: wait for the next one"
    refresh_standings(section.id)  # another process's recompute, which reads count 3
    section.refresh_from_db()
    at = section.standings_at
    assert (section.standings_requested, section.standings_computed) == (3, 3)
    assert refresh_spaced(section.id, ticket, 10.0) == (2, 0.0), "covered by the other process"
    section.refresh_from_db()
    assert (section.standings_computed, section.standings_at) == (3, at), "and not recomputed again"
