"""A member's own results (players app): the sign-in link, /me/ and the API, and who may read them."""

import io
import os
import re
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from players.models import SignInLink
from scoring.models import Standing
from tournaments.models import Club, Entry, Player, Section

pytestmark = pytest.mark.django_db(transaction=True)


def _signed(value: float) -> str:
    text = f"{abs(value):g}"
    return "0" if value == 0 else f"−{text}"


def _invite(number: str) -> str:
    out = io.StringIO()
    call_command("invite", "demo", number, stdout=out)
    return re.search(r"http\S+", out.getvalue()).group(0).removeprefix("http://localhost:8000")


@pytest.fixture
def demo():
    call_command("demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    return Club.objects.get(slug="demo")


def test_a_link_signs_a_member_in_once_and_not_as_a_director(client, demo):
    link = _invite("D0001")
    page = client.get(link)
    assert page.status_code == 200 and "Sign in as Ada Abbott" in page.content.decode()
    assert client.get("/me/").status_code == 302, "a GET signs nobody in (mail previews open links)"
    assert client.post(link).status_code == 302
    ada = Player.objects.get(club=demo, federation_number="D0001")
    assert ada.user is not None and ada.user.username == "demo-D0001"
    assert not ada.user.directed_clubs.exists() and not ada.user.is_staff
    assert client.get("/direct/clubs/demo/members/").status_code == 403
    assert client.get("/me/").status_code == 200
    password = {"new_password1": "spade-heart-42", "new_password2": "spade-heart-42"}
    assert client.post("/me/password/", password)["Location"] == "/me/"
    client.logout()
    assert client.post(link).status_code == 410, "a link works once"
    assert client.get(link).status_code == 410
    assert client.login(username="demo-D0001", password="spade-heart-42")
    assert client.get("/direct/")["Location"] == "/me/", "a member's login lands on their results"
    basil = _invite("D0002")
    SignInLink.objects.filter(player__federation_number="D0002").update(
        expires=timezone.now() - timedelta(seconds=1)
    )
    assert client.post(basil).status_code == 410, "a link expires"
    assert Player.objects.get(club=demo, federation_number="D0002").user is None


def test_no_link_signs_anyone_in_as_a_director(client, demo):
    director = demo.directors.get()
    Player.objects.filter(club=demo, federation_number="D0003").update(user=director)
    out = io.StringIO()
    with pytest.raises(CommandError, match="directors sign in with their password"):
        call_command("invite", "demo", "D0003", stdout=out)
    client.force_login(director)
    clara = Player.objects.get(club=demo, federation_number="D0003")
    answer = client.post(f"/direct/clubs/demo/members/{clara.id}/sign-in-link/", follow=True)
    assert "directors sign in with their password" in answer.content.decode()
    with pytest.raises(CommandError, match="no member numbered"):
        call_command("invite", "demo", "X9999", stdout=out)


def test_my_sessions_are_the_standings_figures(client, demo):
    client.post(_invite("D0001"))
    rows = client.get("/api/me/sessions/").json()
    monday = Section.objects.get(session__event__name="Monday Pairs")
    assert [r["event"] for r in rows] == ["Saturday Euchre Party", "Monday Pairs"]
    mine = rows[1]
    assert set(mine) == {"section", "date", "event", "partners", "percentage", "rank", "of"}
    standing = Standing.objects.get(entry=Entry.objects.get(section=monday, number=1))
    assert (mine["section"], mine["date"], mine["partners"]) == (monday.id, "2026-11-16", ["Basil Barker"])
    assert (mine["percentage"], mine["rank"], mine["of"]) == (standing.percentage, standing.rank, 7)
    boards = client.get(f"/api/me/sessions/{monday.id}/").json()
    assert set(boards) == {"boards", "summary"} and len(boards["boards"]) == 21
    keys = {"board", "contract", "declarer", "lead", "tricks", "score", "mp", "par", "dd_tricks", "lead_cost",
            "verdict"}  # fmt: skip
    assert all(set(b) == keys for b in boards["boards"])
    summary = boards["summary"]
    assert set(summary) == {"boards", "bidding", "lead", "play", "gained", "said"} and summary["boards"] == 21
    assert all(summary[phase] <= 0 <= summary["gained"][phase] for phase in ("bidding", "lead", "play"))
    judged = [b["verdict"] for b in boards["boards"] if b["verdict"]]
    assert summary["play"] == round(sum(min(v["play"], 0) for v in judged), 2)
    assert (
        summary["said"]
        == f"bidding {_signed(summary['bidding'])} MPs, lead {_signed(summary['lead'])}, play {_signed(summary['play'])}"
    )


def test_nobody_else_reads_a_members_results(client, demo):
    ada = Player.objects.get(club=demo, federation_number="D0001")
    client.post(_invite("D0002"))
    assert client.get(f"/api/me/sessions/?member={ada.id}").status_code == 403
    assert client.get(f"/me/?member={ada.id}").status_code == 403
    howell = Section.objects.get(session__event__name="Thursday Howell")
    assert client.get(f"/api/me/sessions/{howell.id}/").status_code == 404, "Basil did not play it"
    client.logout()
    assert client.get("/api/me/sessions/").status_code == 403
    client.login(username="director", password="traveller-demo")
    assert client.get(f"/api/me/sessions/?member={ada.id}").status_code == 200
    assert client.get(f"/me/?member={ada.id}").status_code == 200
