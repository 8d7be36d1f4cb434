"""A Swiss's number of rounds, given on the set-up page (issue 14): the desk counts to it ("round 1 of 4") and
offers "Next round" until it; blank, as many as the teams can play without two meeting twice; out of range, a 400
naming the range."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments import rounds
from tournaments.models import Section

pytestmark = pytest.mark.django_db

SETUP = {"kind": "swiss", "size": "8", "boards_per_round": "2", "scoring_method": "vp", "name": "Swiss teams",
         "date": "2026-11-24"}  # fmt: skip


@pytest.fixture
def director(director):
    """The signed-in director's club (the director of tests/integration/conftest.py)."""
    return director[1]


def test_the_rounds_given_are_the_desks_count(client, director):
    answer = client.post(f"/direct/clubs/{director.slug}/new/", {**SETUP, "rounds": "4"})
    assert answer.status_code == 302, answer.content
    section = Section.objects.get()
    assert (section.movement["planned_rounds"], section.movement["name"]) == (
        4,
        "Swiss teams, 8 teams, 4 rounds",
    )
    assert rounds.most_rounds(section) == 4
    client.post(f"/direct/sections/{section.id}/action/", {"action": "start"})
    page = client.get(f"/direct/sections/{section.id}/").content.decode()
    assert '<span id="room-round">round 1 of 4</span>' in page
    assert "Next round (2)" in page


def test_blank_rounds_are_as_many_as_the_teams_can_play(client, director):
    assert client.post(f"/direct/clubs/{director.slug}/new/", {**SETUP, "rounds": ""}).status_code == 302
    section = Section.objects.get()
    assert "planned_rounds" not in section.movement
    assert rounds.most_rounds(section) == 7


@pytest.mark.parametrize(
    ("rounds", "problem"),
    [("8", "a Swiss of 8 teams: rounds 8 is not a number from 1 to 7"),
     ("0", "a Swiss of 8 teams: rounds 0 is not a number from 1 to 7"),
     ("four", "a Swiss of 8 teams: rounds &#x27;four&#x27; is not a whole number")],
)  # fmt: skip
def test_rounds_out_of_range_are_a_400_naming_it(client, director, rounds, problem):
    answer = client.get(f"/direct/clubs/{director.slug}/new/", {**SETUP, "rounds": rounds})
    assert answer.status_code == 400
    assert problem in answer.content.decode()
    assert not Section.objects.exists()


def test_choosing_swiss_sets_the_scoring_to_vps(client, director):
    """Issue 29: the preview of a Swiss that came with matchpoints (the form's default, no script) is scored by VPs,
    saying so, and its form creates the session; the page's script sets it as the movement is chosen."""
    page = client.get(f"/direct/clubs/{director.slug}/new/", {**SETUP, "scoring_method": "mp"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "Scoring set to IMPs and VPs: a teams movement is scored by them, not by matchpoints." in html
    assert '<option value="vp" selected>' in html
    assert '<option value="swiss" data-size="teams" selected>' in html
    assert client.post(f"/direct/clubs/{director.slug}/new/", {**SETUP, "rounds": "4"}).status_code == 302
    assert Section.objects.get().scoring_method == "vp"
    script = Path(__file__).resolve().parents[3] / "static" / "js" / "setup.js"
    assert 'if (teams()) scoring.value = "vp";' in script.read_text()


def test_the_public_page_counts_the_rounds_as_the_desk_does(client, director):
    """Issue 29: the public page said "round 1 of 1" (the rounds drawn so far) where the desk says "of 4"."""
    client.post(f"/direct/clubs/{director.slug}/new/", {**SETUP, "rounds": "4"})
    section = Section.objects.get()
    client.post(f"/direct/sections/{section.id}/action/", {"action": "start"})
    desk = client.get(f"/direct/sections/{section.id}/").content.decode()
    assert '<span id="room-round">round 1 of 4</span>' in desk
    client.logout()
    page = client.get(f"/sections/{section.id}/").content.decode()
    assert " · round 1 of 4</p>" in page
    assert "round 1 of 4" in client.get(f"/sections/{section.id}/", {"projector": "1"}).content.decode()
