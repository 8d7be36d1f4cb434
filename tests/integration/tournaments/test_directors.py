"""Directors sign in (issue 14): the demo club's director login, `createdirector` for a real club, and a logout
that returns to the club's home page."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from parties.management.commands.demo import DEMO_DIRECTOR
from tournaments.models import Club

pytestmark = pytest.mark.django_db

FAST = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def riverton(settings):
    settings.PASSWORD_HASHERS = FAST
    return Club.objects.create(name="Riverton Bridge Club", slug="riverton")


def test_the_demo_makes_its_director_login_and_says_it(client, settings):
    settings.PASSWORD_HASHERS = FAST
    out = io.StringIO()
    call_command("demo", stdout=out)
    username, password = DEMO_DIRECTOR
    assert f"Director login for the demo club: user {username!r}, password {password!r}" in out.getvalue()
    assert client.login(username=username, password=password)
    assert Club.objects.get(slug="demo").directors.filter(username=username).exists()
    home = client.get("/direct/").content.decode()
    assert "Traveller Demo Bridge Club" in home and "Thursday Howell" in home
    assert client.post("/logout/")["Location"] == "/clubs/demo/"
    call_command("demo", stdout=io.StringIO())  # again: the login is kept, not made twice
    assert User.objects.filter(username=username).count() == 1


def test_the_demo_login_is_made_by_the_demo_command_only():
    """No migration, setting or other command holds the demo's password."""
    root = Path(__file__).resolve().parents[3]
    holders = {
        path.relative_to(root).as_posix()
        for app in ("config", "tournaments", "games", "scoring", "jobs", "parties")
        for path in (root / app).rglob("*.py")
        if DEMO_DIRECTOR[1] in path.read_text()
    }
    assert holders == {"parties/management/commands/demo.py"}


def test_createdirector_makes_a_director_of_a_real_club(client, riverton):
    out = io.StringIO()
    call_command("createdirector", "riverton", "mavis", "--password", "slam-dunk-in-spades", stdout=out)
    assert "User 'mavis' made; a director of Riverton Bridge Club." in out.getvalue()
    assert client.login(username="mavis", password="slam-dunk-in-spades")
    assert (
        client.get("/direct/").status_code == 200
        and "Riverton Bridge Club" in client.get("/direct/").content.decode()
    )
    page = client.get("/login/")  # already in: the login page still answers
    assert page.status_code == 200


def test_createdirector_reads_traveller_password_and_keeps_an_existing_user(client, riverton, monkeypatch):
    lakeside = Club.objects.create(name="Lakeside Bridge Club", slug="lakeside")
    monkeypatch.setenv("TRAVELLER_PASSWORD", "grand-slam-force")
    call_command("createdirector", "Riverton Bridge Club", "norah", stdout=io.StringIO())
    monkeypatch.delenv("TRAVELLER_PASSWORD")
    call_command("createdirector", "lakeside", "norah", stdout=io.StringIO())  # no password: kept
    assert client.login(username="norah", password="grand-slam-force")
    assert set(User.objects.get(username="norah").directed_clubs.all()) == {riverton, lakeside}


def test_createdirector_refuses_what_it_cannot_do(riverton, monkeypatch):
    monkeypatch.delenv("TRAVELLER_PASSWORD", raising=False)
    with pytest.raises(CommandError, match=r"no club 'rivertown' \(clubs: riverton\)"):
        call_command("createdirector", "rivertown", "mavis", "--password", "slam-dunk-in-spades")
    with pytest.raises(
        CommandError, match="mavis is a new user: give a password with --password or TRAVELLER_PASSWORD"
    ):
        call_command("createdirector", "riverton", "mavis")
    with pytest.raises(CommandError, match="password for mavis: This password is too short"):
        call_command("createdirector", "riverton", "mavis", "--password", "x")
    assert not User.objects.exists()


def test_logout_from_the_director_pages_returns_to_the_club(client, riverton):
    director = User.objects.create_user("mavis")
    riverton.directors.add(director)
    client.force_login(director)
    page = client.get("/direct/").content.decode()
    assert 'action="/logout/"' in page
    answer = client.post("/logout/", follow=True)
    assert answer.redirect_chain == [("/clubs/riverton/", 302)]
    assert "Riverton Bridge Club" in answer.content.decode()
    assert "Thanks for spending some quality time" not in answer.content.decode()


def test_the_readme_says_how_to_sign_in():
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text()
    username, password = DEMO_DIRECTOR
    for said in (f"`{username}` with password `{password}`", "manage.py createdirector CLUB USERNAME",
                 "`/direct/token/`", "`Authorization: Token <key>`", "no HTTP Basic"):  # fmt: skip
        assert said in readme, said
