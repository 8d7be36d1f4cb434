"""A club kept from the pages (issue 29): its profile and logo, its directors and their passwords, events,
sessions and members renamed, deleted while nothing depends on them and archived once something does, and the
export buttons. Who may: the club's directors only (another club's director, a member and the public get
403/404), and never the last director removed."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import User
from django.core import mail

from tests.club import members, play_rounds
from tests.integration.api_helpers import make_director
from tournaments import services
from tournaments.models import Club, Event, Player, Section, Session

pytestmark = pytest.mark.django_db

FAST = ["django.contrib.auth.hashers.MD5PasswordHasher"]
PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64


def mitchell(club: Club, name: str = "Monday Pairs") -> Section:
    event = Event.objects.create(club=club, name=name, date="2026-12-01")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    services.install_movement(
        section, services.generate_movement("mitchell", tables=3, boards_per_round=2), None
    )
    services.deal_boards(section)
    return services.set_status(section, "running", None)


def test_profile_and_logo_show_on_the_club_page(client, director):
    user, club = director
    answer = client.post(f"/direct/clubs/{club.slug}/profile/", {
        "name": "Riverton Bridge Club", "city": "Riverton", "address": "1 Mill Lane\nRiverton",
        "website": "https://riverton.example", "branded": "1", "colour": "#1A5C3A", "text_colour": "#ffffff",
        "logo": _upload("crest.png", PNG),
    })  # fmt: skip
    assert answer.status_code == 302
    club.refresh_from_db()
    assert (club.colour, club.logo_type, bytes(club.logo.image)) == ("#1a5c3a", "image/png", PNG)
    client.logout()
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert (
        "--club-bg: #1a5c3a" in page
        and "1 Mill Lane<br>Riverton" in page
        and "https://riverton.example" in page
    )
    logo = client.get(f"/clubs/{club.slug}/logo")
    assert (logo.status_code, logo["Content-Type"], logo.content) == (200, "image/png", PNG)


@pytest.mark.parametrize(("data", "problem"), [
    (b"<svg onload=alert(1)></svg>", "must be a PNG, JPEG, GIF or WebP"),
    (b"\x89PNG\r\n\x1a\n" + b"\0" * (300 * 1024), "keep it under 256 kB"),
])  # fmt: skip
def test_a_logo_that_is_no_image_or_too_big_is_refused(client, director, data, problem):
    _, club = director
    answer = client.post(f"/direct/clubs/{club.slug}/profile/", {
        "name": club.name, "logo": _upload("logo.png", data),
    })  # fmt: skip
    assert answer.status_code == 400 and problem in text(answer)
    club.refresh_from_db()
    assert club.logo_type == ""


def test_a_bad_colour_is_refused_naming_it(client, director):
    _, club = director
    answer = client.post(
        f"/direct/clubs/{club.slug}/profile/", {"name": club.name, "branded": "1", "colour": "red"}
    )
    assert answer.status_code == 400 and "'red' is not a colour" in text(answer)


def test_a_new_director_sets_a_password_from_the_link_once(client, director, settings):
    settings.PASSWORD_HASHERS = FAST
    _, club = director
    page = client.post(f"/direct/clubs/{club.slug}/directors/", {"username": "bert"}).content.decode()
    link = re.search(r"https?://[^<\s]+/password/set/[^<\s]+/", page).group(0)
    assert club.directors.filter(username="bert").exists()
    newcomer = type(client)(headers={"X-Forwarded-Proto": "https"})
    form = newcomer.get(link, follow=True)
    assert "Signing in as <strong>bert</strong>" in form.content.decode()
    done = newcomer.post(
        form.redirect_chain[-1][0],
        {"new_password1": "pale green kettle 7", "new_password2": "pale green kettle 7"},
    )
    assert done.status_code == 302 and newcomer.get("/direct/").status_code == 200
    again = type(client)(headers={"X-Forwarded-Proto": "https"}).get(link, follow=True)
    assert "has been used or is out of date" in again.content.decode()
    taken = client.post(f"/direct/clubs/{club.slug}/directors/", {"username": "bert"})
    assert taken.status_code == 409 and "is taken" in text(taken)


def test_the_last_director_is_never_removed(client, director):
    user, club = director
    answer = client.post(f"/direct/clubs/{club.slug}/directors/{user.id}/remove/", follow=True)
    assert "last director" in text(answer) and club.directors.filter(id=user.id).exists()
    other = User.objects.create_user("bert")
    club.directors.add(other)
    client.post(f"/direct/clubs/{club.slug}/directors/{other.id}/remove/")
    assert list(club.directors.all()) == [user]
    club.directors.add(other)
    assert client.post(f"/direct/clubs/{club.slug}/directors/{user.id}/remove/")["Location"] == "/direct/"
    assert list(club.directors.all()) == [other]


def test_change_own_password(client, settings):
    settings.PASSWORD_HASHERS = FAST
    user = User.objects.create_user("carol", password="old enough words 1")
    client.force_login(user)
    wrong = client.post(
        "/direct/password/", {"old_password": "nope", "new_password1": "a", "new_password2": "a"}
    )
    assert wrong.status_code == 400 and "present password is not that" in text(wrong)
    client.post("/direct/password/", {"old_password": "old enough words 1", "new_password1": "brand new words 2",
                                      "new_password2": "brand new words 2"})  # fmt: skip
    user.refresh_from_db()
    assert user.check_password("brand new words 2")
    assert client.get("/direct/").status_code == 200  # still signed in


def test_forgotten_password_by_mail_only_when_mail_is_set_up(client, settings):
    settings.PASSWORD_HASHERS = FAST
    User.objects.create_user("dora", email="dora@example.org", password="some long words 3")
    settings.EMAIL_HOST_CONFIGURED = False
    assert "Ask another director of your club" in client.get("/password/forgot/").content.decode()
    settings.EMAIL_HOST_CONFIGURED = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert client.post("/password/forgot/", {"email": "dora@example.org"})["Location"] == "/password/sent/"
    assert len(mail.outbox) == 1 and "/password/set/" in mail.outbox[0].body


def test_events_and_sessions_renamed_deleted_and_archived(client, director):
    user, club = director
    played = mitchell(club)
    test = mitchell(club, "Test session")
    event = test.session.event
    client.post(f"/direct/events/{event.id}/", {"name": "Tuesday test", "date": "2026-12-02"})
    event.refresh_from_db()
    assert (event.name, str(event.date)) == ("Tuesday test", "2026-12-02")
    assert (
        client.post(f"/direct/events/{event.id}/", {"session": "x", "session_name": "y"}).status_code == 404
    )
    assert client.post(f"/direct/clubs/{event.id}/archive/", {"reason": "x"}).status_code == 404
    bad = client.post(f"/direct/events/{event.id}/", {"name": "x", "date": "Tuesday"})
    assert bad.status_code == 400 and "'Tuesday' is not a date" in text(bad)
    assert (
        "Delete Tuesday test, session 1?"
        in client.get(f"/direct/sessions/{test.session_id}/delete/").content.decode()
    )
    client.post(f"/direct/sessions/{test.session_id}/delete/")
    assert not Event.objects.filter(id=event.id).exists()  # its only session: the event goes too

    play_rounds(played, user, 1, {})
    refused = client.post(f"/direct/sessions/{played.session_id}/delete/")
    assert refused.status_code == 409 and "6 results: archive it instead" in text(refused)
    refused = client.post(f"/direct/events/{played.session.event_id}/delete/")
    assert refused.status_code == 409 and Section.objects.filter(id=played.id).exists()
    client.post(f"/direct/sessions/{played.session_id}/archive/", {"reason": "a practice night"})
    assert Session.objects.get(id=played.session_id).archived == "a practice night"
    assert played.versions.last().reason == "Archived: a practice night"
    client.logout()
    assert "Monday Pairs" not in client.get(f"/clubs/{club.slug}/").content.decode()


def test_members_deleted_or_archived(client, director):
    user, club = director
    section = mitchell(club)
    ann, bob, cath = members(club, ["Ann Smith", "Bob Jones", "Cath Brown"], 100)
    section.entries.get(number=1).players.set([ann, bob])
    refused = client.post(f"/direct/clubs/{club.slug}/members/{ann.id}/delete/", follow=True)
    assert (
        "plays in 1 entry: archive them instead" in text(refused)
        and Player.objects.filter(id=ann.id).exists()
    )
    client.post(f"/direct/clubs/{club.slug}/members/{ann.id}/archive/")
    assert Player.objects.get(id=ann.id).archived
    desk = client.get(f"/direct/sections/{section.id}/").content.decode()
    assert '<option value="Ann Smith (100)">' not in desk and '<option value="Cath Brown (102)">' in desk
    client.post(f"/direct/clubs/{club.slug}/members/{cath.id}/delete/")
    assert not Player.objects.filter(id=cath.id).exists()


def test_export_buttons_follow_visibility(client, director):
    user, club = director
    section = mitchell(club)
    desk = client.get(f"/direct/sections/{section.id}/").content.decode()
    for kind in ("usebio", "pbn", "standings-csv", "csv"):
        assert f"/api/sections/{section.id}/export/?kind={kind}" in desk
    assert client.get(f"/api/sections/{section.id}/export/?kind=usebio").status_code == 200
    client.logout()
    public = client.get(f"/sections/{section.id}/").content.decode()
    assert "export/?kind=" not in public  # running: nobody else gets a board's results
    assert client.get(f"/api/sections/{section.id}/export/?kind=usebio").status_code in (401, 403)


OWN_PAGES = [
    ("get", "/direct/clubs/{slug}/profile/"), ("get", "/direct/clubs/{slug}/directors/"),
    ("post", "/direct/clubs/{slug}/directors/"), ("get", "/direct/events/{event}/"),
    ("post", "/direct/events/{event}/delete/"), ("post", "/direct/sessions/{session}/delete/"),
    ("post", "/direct/sessions/{session}/archive/"), ("post", "/direct/clubs/{slug}/members/{member}/delete/"),
    ("post", "/direct/clubs/{slug}/members/{member}/archive/"),
    ("post", "/direct/clubs/{slug}/directors/{director}/link/"),
    ("post", "/direct/clubs/{slug}/directors/{director}/remove/"),
]  # fmt: skip


@pytest.mark.parametrize("who", ["other club's director", "member", "public"])
@pytest.mark.parametrize(("method", "address"), OWN_PAGES)
def test_only_the_clubs_directors(client, who, method, address):
    own, club = make_director()
    club.directors.add(User.objects.create_user("bob"))
    section = mitchell(club)
    player = members(club, ["Ann Smith"], 100)[0]
    if who == "other club's director":
        client.force_login(make_director("zed", "elsewhere")[0])
    elif who == "member":
        player.user = User.objects.create_user("ann")
        player.save()
        client.force_login(player.user)
    url = address.format(slug=club.slug, event=section.session.event_id, session=section.session_id,
                         member=player.id, director=own.id)  # fmt: skip
    answer = getattr(client, method)(url, {"username": "mallory", "reason": "x"})
    if who == "public":
        assert answer.status_code == 302 and answer["Location"].startswith("/login/")
    else:
        assert answer.status_code in (403, 404)
    assert (
        Event.objects.filter(id=section.session.event_id).exists()
        and Player.objects.filter(id=player.id).exists()
    )
    assert (
        not User.objects.filter(username="mallory").exists()
        and not Session.objects.exclude(archived="").exists()
    )


def _upload(name: str, data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, data)


def text(answer) -> str:
    return html.unescape(answer.content.decode())


def test_the_api_deletes_by_the_same_rule(client, director):
    user, club = director
    section = mitchell(club)  # running, nothing entered: still a test session
    event = section.session.event_id
    played = mitchell(club, "Played")
    play_rounds(played, user, 1, {})
    refused = client.delete(f"/api/sessions/{played.session_id}/")
    assert refused.status_code == 409 and "6 results: archive it instead" in refused.json()["detail"]
    assert client.patch(f"/api/sessions/{played.session_id}/", {"archived": "a practice night"},
                        content_type="application/json").status_code == 200  # fmt: skip
    assert client.delete(f"/api/sessions/{section.session_id}/").status_code == 204
    assert Event.objects.filter(id=event).exists()  # the API deletes what it is asked


def test_no_password_link_that_opens_another_club(client, director):
    user, club = director
    fellow, elsewhere = make_director("bert", "elsewhere")
    club.directors.add(fellow)  # bert directs both clubs; alice only Riverton
    refused = client.post(f"/direct/clubs/{club.slug}/directors/{fellow.id}/link/")
    assert refused.status_code == 403 and "also directs clubs you do not" in text(refused)
    assert "/password/set/" not in text(refused)
    only_here = User.objects.create_user("cleo")
    club.directors.add(only_here)
    assert "/password/set/" in text(client.post(f"/direct/clubs/{club.slug}/directors/{only_here.id}/link/"))
