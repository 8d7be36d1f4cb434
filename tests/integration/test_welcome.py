"""The first-run page (issue 14): an empty database leads / and /login/ to /welcome/, which makes the club and its
first director and signs them in; bad input is a 400 naming each problem; once any user exists the page is a 404."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tournaments.models import Club

pytestmark = pytest.mark.django_db

GOOD = {"club": "Riverton Bridge Club", "username": "dora", "password": "correct horse battery staple",
        "password2": "correct horse battery staple"}  # fmt: skip


def test_an_empty_database_leads_to_the_first_run_page(client):
    for address in ("/", "/login/"):
        response = client.get(address)
        assert (response.status_code, response["Location"]) == (302, "/welcome/")
    page = client.get("/welcome/")
    assert page.status_code == 200
    assert "Make the club and sign in" in page.content.decode()


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
