"""Jobs end to end: the job record through the API, double-dummy analysis (checked against the file's own
[DoubleDummyTricks]), replay audits, rotations and the progressive party's bell. Each test runs its jobs on the
real Celery worker when REDIS_URL is set, and eagerly in-process otherwise (`run_jobs`)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core.management import call_command

from games.models import Board
from jobs import services
from jobs.models import Job, State, Step
from jobs.tasks import wait
from tests.integration.api_helpers import make_director, mitchell
from tests.shared import shared_path
from tournaments import services as sections
from tournaments.models import Event, Section, Session

STRAINS = ("NT", "S", "H", "D", "C")  # [DoubleDummyTricks]: for N, S, E, W in turn, tricks in NT, S, H, D, C (hex)


@pytest.fixture
def run_jobs(request, transactional_db):
    """Where jobs run: the real worker when a broker is configured, else eagerly as their transaction commits."""
    if settings.REDIS_URL:
        return request.getfixturevalue("worker")
    return None


def hand_records(path) -> dict[int, tuple[str, str]]:
    """Board number → (deal, DoubleDummyTricks) from the first game of each board in a PBN file."""
    text = path.read_text(encoding="latin-1")
    found = {}
    for game in re.split(r"\n\s*\n", text):
        board = re.search(r'\[Board "(\d+)"\]', game)
        tricks = re.search(r'\[DoubleDummyTricks "([0-9a-dA-D]{20})"\]', game)
        deal = re.search(r'\[Deal "([^"]+)"\]', game)
        if board and tricks and deal and int(board[1]) not in found:
            found[int(board[1])] = (deal[1], tricks[1])
    return found


def dealt_section(user, club, tables=5, per_round=2) -> Section:
    event = Event.objects.create(club=club, name="Analysis night", date="2026-11-23")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    sections.install_movement(section, mitchell(tables, per_round), user)
    return section


def example2_section(user, club) -> tuple[Section, dict]:
    """A 20-board section holding the hand records of endplay's example2.pbn (boards 11-20), and what the file
    says double-dummy analysis gives."""
    path = shared_path("data", "pbn", "example2.pbn")
    section = dealt_section(user, club, per_round=4)
    sections.import_hand_records(section, path.read_bytes(), "example2.pbn")
    return section, hand_records(path)


def dd_as_file_writes(analysis: dict) -> str:
    """A Board's stored table written as [DoubleDummyTricks] writes it."""
    return "".join(format(analysis["table"][seat][strain], "x") for seat in "NSEW" for strain in STRAINS)


def test_the_job_record_through_the_api(client, db):
    alice, club = make_director("alice", "riverton")
    bob, _ = make_director("bob", "lakeside")
    section = dealt_section(alice, club)
    job = Job.objects.create(kind="analyse", section=section, arguments={"boards": "all"}, progress=40)
    url = f"/api/jobs/{job.id}/"
    assert client.get(url).status_code == 403, "anonymous users see no jobs"
    client.force_login(bob)
    assert client.get(url).status_code == 404, "another club's director does not see the job"
    client.force_login(alice)
    answer = client.get(url).json()
    assert set(answer) == {"id", "kind", "section", "arguments", "state", "progress", "started", "finished",
                           "error", "result", "created"}  # fmt: skip
    assert (answer["kind"], answer["state"], answer["progress"], answer["section"]) == (
        "analyse", "pending", 40, section.id)  # fmt: skip
    assert [j["id"] for j in client.get(f"/api/jobs/?section={section.id}&kind=analyse").json()] == [job.id]
    assert client.get("/api/jobs/?kind=audit").json() == []
    assert client.post("/api/jobs/", {"kind": "analyse"}).status_code == 405, "jobs are read only"


def test_double_dummy_analysis_matches_the_file(run_jobs):
    user, club = make_director()
    section, reference = example2_section(user, club)
    job = wait(services.start("analyse", section, user=user).id, timeout=120)
    assert (job.state, job.progress, job.error) == ("done", 100, "")
    boards = {b.number: b.analysis for b in Board.objects.filter(section=section)}
    assert {n: dd_as_file_writes(boards[n]) for n in reference} == {n: t for n, (_, t) in reference.items()}
    assert job.result["boards"] == 10 and Step.objects.filter(job=job).count() == 10
    assert job.result["par"]["11"] == boards[11]["par"]["score"]


def test_analysis_of_a_section_without_deals_fails_saying_what_to_do(run_jobs):
    user, club = make_director()
    section = dealt_section(user, club)
    job = wait(services.start("analyse", section, user=user).id, timeout=60)
    assert job.state == State.FAILED
    assert job.error.endswith("no board has a deal yet; deal the boards or import the hand records, "
                              "then start the analysis again")  # fmt: skip
