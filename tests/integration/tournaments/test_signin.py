"""Sign-in and throttling (issues 12 and 26): no request from an anonymous client costs a password hash; directors
use the API with a session or a token from a page; wrong table codes and passwords are counted in the shared
cache, and only the wrong ones wait: nobody's wrong codes keep a right code out, nobody's wrong passwords keep a
director out from another address; a phone's session closes when its table's code changes or its section ends."""

from __future__ import annotations

import base64
import subprocess

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection

from tests.hashers import CountingHasher
from tests.integration.api_helpers import make_director, running_section
from tests.integration.django_process import run_django
from tournaments.models import CODE_LENGTH, CODE_LETTERS, TableCode
from tournaments.permissions import SAME_CODE_LIMIT, SITE_CODE_LIMIT, TableThrottle
from tournaments.signin import NAME_LIMIT

pytestmark = pytest.mark.django_db

COUNTING = ["tests.hashers.CountingHasher"]


@pytest.fixture
def room(settings):
    """A club's running section and a director with a password (hashed by the counting hasher)."""
    settings.PASSWORD_HASHERS = COUNTING
    alice, club = make_director("alice", "riverton")
    alice.set_password("a long secret phrase")
    alice.save()
    section = running_section(alice, club)
    codes = {t.table: t.code for t in TableCode.objects.filter(section=section)}
    CountingHasher.calls = 0
    return {"alice": alice, "club": club, "section": section, "codes": codes}


def phone_client(**options):
    """Another browser (over HTTPS, as the test client is)."""
    from django.test import Client

    return Client(headers={"X-Forwarded-Proto": "https"}, **options)


def basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def test_no_anonymous_request_costs_a_password_hash(client, room):
    """HTTP Basic is gone: its header (with a real user's name, a wrong or even the right password) and a bogus
    token are never checked against a password."""
    section = room["section"].id
    for header in (basic("alice", "wrong"), basic("alice", "a long secret phrase"), basic("nobody", "x"),
                   "Token 0123456789abcdef0123456789abcdef01234567", "Token bogus", "Bearer x"):  # fmt: skip
        read = client.get(f"/api/sections/{section}/", headers={"Authorization": header})
        write = client.post("/api/results/", {"section": section, "board": 1, "ns": 1, "ew": 4, "contract": "Pass"},
                            content_type="application/json", headers={"Authorization": header})  # fmt: skip
        assert CountingHasher.calls == 0, f"{header}: an anonymous request made the server hash a password"
        assert read.status_code in (200, 403), (header, read.status_code)  # 403: "Invalid token."
        assert write.status_code in (401, 403), (header, write.status_code)
        assert "Basic" not in read.get("WWW-Authenticate", "") + write.get("WWW-Authenticate", "")


def test_a_director_gets_a_token_from_a_page_and_uses_it(client, room):
    from django.test import Client

    client.force_login(room["alice"])
    assert client.get("/direct/token/").status_code == 200
    page = client.post("/direct/token/", follow=True).content.decode()
    key = room["alice"].auth_token.key
    assert key in page
    script = Client(headers={"X-Forwarded-Proto": "https", "Authorization": f"Token {key}"})
    entry = {"section": room["section"].id, "board": 1, "ns": 1, "ew": 4, "contract": "Pass"}
    answer = script.post("/api/results/", entry, content_type="application/json")
    assert answer.status_code == 201, answer.content
    client.post("/direct/token/")  # replaced: the old key no longer works
    assert script.get("/api/results/").status_code == 403
    assert CountingHasher.calls == 0


def test_wrong_passwords_wait_without_hashing(client, room):
    """The login form is the one place a password is hashed: past NAME_LIMIT wrong passwords for a name that name
    waits (even with the right password), and nothing is hashed while it waits."""
    for _ in range(NAME_LIMIT):
        page = client.post("/login/", {"username": "alice", "password": "guess"}).content.decode()
        assert "That name and password did not match." in page
    hashed = CountingHasher.calls
    assert hashed == NAME_LIMIT
    page = client.post("/login/", {"username": "alice", "password": "a long secret phrase"}).content.decode()
    assert "Too many wrong passwords: try again in" in page
    for _ in range(20):
        client.post("/login/", {"username": "alice", "password": "guess"})
    assert CountingHasher.calls == hashed, "a throttled login hashed a password"
    assert "_auth_user_id" not in client.session


def test_one_bad_phone_never_locks_the_room_out(client, room):
    """70 wrong codes from one address (every phone in the club shares it), through the header and the login:
    every table's right code still opens its table from that address."""
    for n in range(35):
        assert client.get("/api/table/", headers={"X-Table-Code": f"WRONG{n:02d}"}).status_code == 401
        assert client.post("/api/table/login/", {"code": f"BAD{n:02d}"}).status_code in (401, 403)
    for table, code in room["codes"].items():
        assert client.get("/api/table/", headers={"X-Table-Code": code}).json()["table"] == table
        assert client.post("/api/table/login/", {"code": code}).json()["table"] == table
        page = client.post("/table/", {"code": code}, follow=True).content.decode()
        assert f"Table {table}" in page


def test_a_code_tried_too_often_waits(client, room):
    """A wrong code sent again and again is slowed, whatever the address; other codes are not."""
    for n in range(SAME_CODE_LIMIT):
        address = f"10.0.0.{n}"
        assert (
            client.get("/api/table/", headers={"X-Table-Code": "QQQQQQ"}, REMOTE_ADDR=address).status_code
            == 401
        )
    slowed = client.get("/api/table/", headers={"X-Table-Code": "qqqqqq "}, REMOTE_ADDR="10.0.1.1")
    assert slowed.status_code == 429 and "too many wrong tries of this code" in slowed.json()["detail"]
    assert client.get("/api/table/", headers={"X-Table-Code": room["codes"][1]}).status_code == 200


def test_a_runaway_table_waits_and_the_other_tables_do_not(client, room, monkeypatch):
    """Past TableThrottle's rate a table code's requests wait, with Retry-After; it is counted per code."""
    monkeypatch.setattr(TableThrottle, "rate", "3/min")
    for _ in range(3):
        assert client.get("/api/table/", headers={"X-Table-Code": room["codes"][1]}).status_code == 200
    slowed = client.get("/api/table/", headers={"X-Table-Code": room["codes"][1]})
    assert slowed.status_code == 429 and 0 < int(slowed["Retry-After"]) <= 60
    assert client.get("/api/table/", headers={"X-Table-Code": room["codes"][2]}).status_code == 200


def test_guessing_across_the_site_slows_wrong_codes_only(client, room):
    """SITE_CODE_LIMIT wrong codes from many addresses: then every wrong code waits, with Retry-After; a right code
    still opens its table at once (guessing one is hopeless: tournaments.models.CODE_LENGTH)."""
    for n in range(SITE_CODE_LIMIT):
        address = f"10.{n // 250}.{n % 250}.1"
        answer = client.get("/api/table/", headers={"X-Table-Code": f"G{n:05d}"}, REMOTE_ADDR=address)
        assert answer.status_code == 401
    answer = client.get("/api/table/", headers={"X-Table-Code": "GUESSAGAIN"})
    assert answer.status_code == 429 and "table codes on this site" in answer.json()["detail"]
    assert 0 < int(answer["Retry-After"]) <= 2 * 600  # till the window of these tries has passed
    assert client.get("/api/table/", headers={"X-Table-Code": room["codes"][1]}).json()["table"] == 1


def test_a_right_code_opens_at_once_after_250_wrong_ones(client, room):
    """250 wrong codes from one client (issue 26 saw every right code on the site refused for ten minutes after
    230): the right code still opens the table from that client and from another, by every way in."""
    for n in range(125):
        client.get("/api/table/", headers={"X-Table-Code": f"WRONG{n:03d}"})
        client.post("/api/table/login/", {"code": f"BAD{n:03d}"})
    other = phone_client()
    for phone in (client, other):
        assert phone.get("/api/table/", headers={"X-Table-Code": room["codes"][1]}).json()["table"] == 1
        assert phone.post("/api/table/login/", {"code": room["codes"][2]}).json()["table"] == 2
        assert phone.get("/api/table/").json()["table"] == 2, "signed in by the session"
        page = phone.post("/table/", {"code": room["codes"][3]}, follow=True).content.decode()
        assert "<h1>Table 3, round 1</h1>" in page
        phone.post(f"/t/{room['codes'][1]}/")
        assert "<h1>Table 1, round 1</h1>" in phone.get("/table/").content.decode()


def test_codes_are_long_and_read_as_shown(client, room):
    """A code is CODE_LENGTH letters of CODE_LETTERS, shown in groups of four; typed in any case, with or without
    the dashes or spaces, it opens its table."""
    code = TableCode.objects.get(section=room["section"], table=2)
    assert len(code.code) == CODE_LENGTH == 16 and set(code.code) <= set(CODE_LETTERS)
    assert code.shown == "-".join(code.code[i : i + 4] for i in (0, 4, 8, 12))
    assert len(set(room["codes"].values())) == 3
    for typed in (code.shown, code.shown.lower(), f" {code.shown.replace('-', ' ')} "):
        assert client.post("/api/table/login/", {"code": typed}).json()["table"] == 2


def test_a_right_password_from_another_address_works_after_wrong_ones(client, room):
    """Eleven wrong passwords for alice from one address make that address wait for her name; alice at her own
    address signs in with her right password at once (issue 26 saw her locked out for 21 minutes)."""
    stranger = phone_client(REMOTE_ADDR="203.0.113.9")
    for _ in range(NAME_LIMIT + 1):
        stranger.post("/login/", {"username": "alice", "password": "guess"})
    waiting = stranger.post("/login/", {"username": "alice", "password": "a long secret phrase"})
    assert "Too many wrong passwords: try again in" in waiting.content.decode()
    answer = client.post("/login/", {"username": "alice", "password": "a long secret phrase"})
    assert answer.status_code == 302 and client.session["_auth_user_id"] == str(room["alice"].id)


def test_a_new_code_signs_out_the_phones_of_the_old_one(client, room):
    """The desk gives table 2 a new code: a phone signed in with the old one reads nothing more, through the API
    or the pages, and enters nothing; the new code opens the table."""
    section = room["section"]
    api_phone, page_phone = phone_client(), phone_client()
    assert api_phone.post("/api/table/login/", {"code": room["codes"][2]}).status_code == 200
    page_phone.post("/table/", {"code": room["codes"][2]})
    assert api_phone.get("/api/table/").json()["table"] == 2
    assert "<h1>Table 2, round 1</h1>" in page_phone.get("/table/").content.decode()
    client.force_login(room["alice"])
    assert client.post(f"/direct/sections/{section.id}/tables/2/code/").status_code == 302
    answer = api_phone.get("/api/table/")
    assert answer.status_code == 401 and "has a new code" in answer.json()["detail"]
    entry = {"board": 3, "contract": "Pass"}
    assert api_phone.post("/api/table/results/", entry, content_type="application/json").status_code == 401
    page = page_phone.get("/table/").content.decode()
    assert "This phone is signed out: its table has a new code" in page and 'name="code"' in page
    page_phone.post("/table/result/", {"board": 3, "contract": "PASS"})
    assert not section.results.exists(), "the old code's phone entered nothing"
    new = TableCode.objects.get(section=section, table=2).code
    assert api_phone.post("/api/table/login/", {"code": new}).status_code == 200
    assert api_phone.get("/api/table/").json()["table"] == 2


def test_a_finished_section_signs_its_phones_out(client, room):
    from tournaments import services

    phone = phone_client()
    phone.post("/api/table/login/", {"code": room["codes"][1]})
    assert phone.get("/api/table/").status_code == 200
    services.set_status(room["section"], "finished", room["alice"], confirm=True)
    assert phone.get("/api/table/").status_code == 401
    assert "table_code" not in phone.session, "signed out"
    services.set_status(room["section"], "running", room["alice"])
    assert phone.get("/api/table/").status_code == 401, "a finished section's phones sign in again"


def test_the_qr_address_asks_before_signing_in(room):
    """/t/<code>/ on a GET only shows the table and a button: another site's link or image signs nobody in; the
    button POSTs with the page's CSRF token, and a POST from elsewhere (no token) is refused."""
    phone = phone_client(enforce_csrf_checks=True)
    address = f"/t/{room['codes'][2]}/"
    page = phone.get(address)
    text = page.content.decode()
    assert page.status_code == 200 and "<h1>Table 2</h1>" in text and "csrfmiddlewaretoken" in text
    assert "Enter results for table 2" in text and "table_code" not in phone.session
    assert phone.get("/api/table/").status_code == 401, "not signed in by a GET"
    assert phone.post(address).status_code == 403, "no CSRF token: refused"
    token = phone.cookies["csrftoken"].value
    answer = phone.post(
        address, {"csrfmiddlewaretoken": token}, HTTP_REFERER=f"https://testserver:80{address}"
    )
    assert (answer.status_code, answer["Location"]) == (302, "/table/")
    assert "<h1>Table 2, round 1</h1>" in phone.get("/table/").content.decode()


def test_table_answers_are_private(client, room):
    """A table's answers go into no shared cache, and a cache that kept one anyway tells them apart by code."""
    code = room["codes"][1]
    answers = [
        client.get("/api/table/", headers={"X-Table-Code": code}),
        client.post("/api/table/login/", {"code": code}),
        client.get("/api/table/"),
        client.get("/table/"),
        client.get(f"/t/{code}/"),
    ]
    for answer in answers:
        assert answer.status_code == 200, answer.content
        cache_control = {part.strip() for part in answer["Cache-Control"].split(",")}
        assert {"private", "no-store"} <= cache_control, answer["Cache-Control"]
    for answer in answers[:3]:
        vary = {part.strip().lower() for part in answer["Vary"].split(",")}
        assert {"x-table-code", "cookie"} <= vary, answer["Vary"]


def test_the_counts_are_in_the_shared_cache(room):
    """Redis when REDIS_URL is set, else the database's cache table (made by `migrate`)."""
    backend = settings.CACHES["default"]["BACKEND"]
    if settings.REDIS_URL:
        assert backend == "config.cache.RedisCache"
        import redis

        broker = redis.Redis.from_url(settings.REDIS_URL)
        broker.set("not-the-cache", "kept")
        cache.set("a-count", 1)
        cache.clear()
        assert broker.get("not-the-cache") == b"kept", "clearing the cache emptied the broker's database"
        assert cache.get("a-count") is None
        broker.delete("not-the-cache")
    else:
        assert backend == "django.core.cache.backends.db.DatabaseCache"
        assert "traveller_cache" in connection.introspection.table_names()
        cache.set("a-count", 3)
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM traveller_cache")
            assert cursor.fetchone()[0] >= 1


def test_the_cache_follows_redis_url(tmp_path):

    code = "print(settings.CACHES['default']['BACKEND'], settings.CACHES['default']['LOCATION'])"
    assert run_django(code, tmp_path).stdout.split() == [
        "django.core.cache.backends.db.DatabaseCache", "traveller_cache"
    ]  # fmt: skip
    with_redis = run_django(code, tmp_path, REDIS_URL="redis://cache.example:6379/2").stdout.split()
    assert with_redis == ["config.cache.RedisCache", "redis://cache.example:6379/2"]


def test_logout_returns_to_the_club_home_page(client, room):
    client.force_login(room["alice"])
    answer = client.post("/logout/")
    assert answer.status_code == 302 and answer["Location"] == "/clubs/riverton/"
    page = client.get(answer["Location"]).content.decode()
    assert "Riverton Bridge Club" in page and "quality time" not in page
    assert "_auth_user_id" not in client.session


def test_the_migration_makes_the_cache_table(tmp_path):
    """A fresh SQLite install: `migrate` alone makes the cache table."""

    out = run_django(
        "from django.core.management import call_command; call_command('migrate', verbosity=0); "
        "from django.db import connection; print('traveller_cache' in connection.introspection.table_names())",
        tmp_path,
    )
    assert out.stdout.strip() == "True", out.stderr


def test_make_run_says_how_to_sign_in():
    from parties.management.commands.demo import DEMO_DIRECTOR

    out = subprocess.run(["make", "-n", "run"], capture_output=True, text=True, cwd=settings.BASE_DIR).stdout
    said = [line for line in out.splitlines() if "/login/" in line]
    assert said and all(part in said[0] for part in DEMO_DIRECTOR), out


def test_the_redis_cache_answers_as_empty_while_redis_is_down():
    """A scorer's entry must not fail with the cache: a Redis that cannot be reached is an empty cache."""
    from config.cache import RedisCache

    down = RedisCache(
        "redis://127.0.0.1:9/0", {"KEY_PREFIX": "t", "OPTIONS": {"socket_connect_timeout": 0.5}}
    )
    assert down.get("k") is None and down.get("k", default=3) == 3 and down.get_many(["a", "b"]) == {}
    assert down.add("k", 1, 10) is False and down.incr("k") == 1 and down.set("k", 1) is None
    assert down.clear() is False


def test_the_table_code_query_reads_the_counts_of_both_windows():
    """counts_beside reads what counts reads (this window's wrong tries and the window before's), with the row of
    the query beside them: one statement when the cache is the database's table, two trips with Redis."""
    from tournaments import guesses

    for _ in range(3):
        guesses.count_wrong(600, code="ABCDEF", site="all")
    cache.set(guesses._keys("code", "ABCDEF", 600)[1], 4)  # wrong tries of the window before
    tries, row = guesses.counts_beside(600, "SELECT 7, 'x'", [], code="ABCDEF", site="all")
    assert tries == guesses.counts(600, code="ABCDEF", site="all")
    assert (
        tries["code"] == guesses.Tries(3, 4)
        and tries["site"] == guesses.Tries(3, 0)
        and tuple(row) == (7, "x")
    )
    tries, row = guesses.counts_beside(600, "SELECT 7 WHERE 1 = 0", [], code="OTHERS", site="all")
    assert tries["code"] == guesses.Tries(0, 0) and tries["site"] == guesses.Tries(3, 0) and row is None
