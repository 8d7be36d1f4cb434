"""The first-run page (issues 14 and 26): an empty database leads / and /login/ to /welcome/, which asks for the
setup token printed on the server's console, makes the club and its first director and signs them in; bad input is
a 400 naming each problem; posts at once make one club; once any user exists the page is a 404."""

from __future__ import annotations

import io
import threading

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection

from tournaments.models import Club
from tournaments.signin import setup_token

pytestmark = pytest.mark.django_db

GOOD = {"club": "Riverton Bridge Club", "username": "dora", "password": "correct horse battery staple",
        "password2": "correct horse battery staple", "token": setup_token()}  # fmt: skip


def test_an_empty_database_leads_to_the_first_run_page(client):
    for address in ("/", "/login/"):
        response = client.get(address)
        assert (response.status_code, response["Location"]) == (302, "/welcome/")
    page = client.get("/welcome/")
    assert page.status_code == 200
    assert "Make the club and sign in" in page.content.decode()


def test_the_setup_token_is_printed_on_the_servers_console(client, caplog):
    """Opening /welcome/ prints its address with the token on the server's console; `manage.py setuptoken` prints
    it too, while there is nobody to sign in as; the address fills the token in."""
    token = setup_token()
    assert len(token) == 24 and token != setup_token.__name__
    client.get("/welcome/")
    assert f"set it up at https://testserver:80/welcome/?token={token}" in caplog.text
    out = io.StringIO()
    call_command("setuptoken", "--base", "http://club.example/", stdout=out)
    assert out.getvalue().strip() == (
        f"Set up Traveller (its club and first director) at http://club.example/welcome/?token={token}"
    )
    page = client.get(f"/welcome/?token={token}").content.decode()
    assert f'name="token" value="{token}"' in page
    User.objects.create_user("someone")
    quiet = io.StringIO()
    call_command("setuptoken", verbosity=0, stdout=quiet)
    assert quiet.getvalue() == "", "silent once set up (make run, after the demo)"


@pytest.mark.parametrize("token", ["", "0" * 24, setup_token()[:-1]])
def test_no_club_without_the_setup_token(client, token):
    """Whoever reaches /welcome/ first does not own the installation: without the server's token, a 400 saying
    where to find it."""
    response = client.post("/welcome/", {**GOOD, "token": token})
    assert response.status_code == 400
    assert "The setup token is missing or wrong: it is printed on the server&#x27;s console" in (
        response.content.decode()
    )
    assert not User.objects.exists() and not Club.objects.exists()


def test_the_first_run_page_makes_the_club_and_its_director_then_closes(client):
    response = client.post("/welcome/", GOOD)
    assert (response.status_code, response["Location"]) == (302, "/direct/")
    club = Club.objects.get()
    assert (club.name, club.slug) == ("Riverton Bridge Club", "riverton-bridge-club")
    assert list(club.directors.values_list("username", flat=True)) == ["dora"]
    assert User.objects.get().check_password(GOOD["password"])
    home = client.get("/direct/").content.decode()
    assert "Riverton Bridge Club" in home, "signed in"
    assert "No sessions yet: set up a session or a party to start." in home and "<table" not in home
    assert client.get("/welcome/").status_code == 404
    assert client.post("/welcome/", {**GOOD, "club": "Other", "username": "eve"}).status_code == 404
    assert User.objects.count() == 1
    client.post("/logout/")
    assert client.get("/login/").status_code == 200
    assert client.get("/").status_code == 200


@pytest.mark.parametrize(
    ("changes", "problems"),
    [
        ({"club": "  "}, ["The club needs a name."]),
        ({"club": "!!!"}, ["The club&#x27;s name &#x27;!!!&#x27; needs a letter or a digit (it makes the club&#x27;s address)."]),
        ({"username": "dora smith"}, ["User name: Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."]),
        ({"password2": "correct horse battery stapler"}, ["The two passwords differ."]),
        ({"password": "123", "password2": "123"}, [
            "Password: This password is too short. It must contain at least 8 characters.",
            "Password: This password is too common.",
            "Password: This password is entirely numeric.",
        ]),
        ({"username": "dorasmith", "password": "dorasmith1", "password2": "dorasmith1"},
         ["Password: The password is too similar to the username."]),
    ],
)  # fmt: skip
def test_bad_input_is_a_400_naming_the_problem(client, changes, problems):
    response = client.post("/welcome/", {**GOOD, **changes})
    assert response.status_code == 400
    page = response.content.decode()
    assert [p for p in problems if f"<li>{p}</li>" not in page] == []
    assert not User.objects.exists() and not Club.objects.exists()


def test_a_club_already_there_is_named(client):
    Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    response = client.post("/welcome/", GOOD)
    assert response.status_code == 400
    assert (
        "A club called &#x27;Riverton Bridge Club&#x27; (or at the same address) is already here."
        in response.content.decode()
    )


@pytest.mark.django_db(transaction=True)
def test_posts_at_once_make_one_club(settings):
    """Eight browsers post the form at the same moment (issue 26 saw five clubs and five directors): one club and
    one director, the others told the installation is set up. Threads need a server database (PostgreSQL)."""
    if connection.vendor != "postgresql":
        pytest.skip("posts at once need PostgreSQL: set DATABASE_URL (CI does)")
    from django.db import connections
    from django.test import Client

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    start, statuses = threading.Barrier(8), []

    def post(n: int) -> None:
        try:
            browser = Client(headers={"X-Forwarded-Proto": "https"})
            form = {**GOOD, "club": f"Club {n}", "username": f"director{n}"}
            start.wait()
            statuses.append(browser.post("/welcome/", form).status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [302] + [404] * 7
    assert Club.objects.count() == 1 and User.objects.count() == 1
    assert Club.objects.get().directors.get() == User.objects.get()
