"""Sign-in and throttling (issue 12): no request from an anonymous client costs a password hash; directors use the
API with a session or a token from a page; wrong table codes and passwords are counted in the shared cache, per
code tried and across the site, so one bad phone never locks a room out while guessing stays bounded."""

from __future__ import annotations

import base64
import subprocess

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection

from tests.hashers import CountingHasher
from tests.integration.api_helpers import make_director
from tests.integration.test_api_access import running_section
from tournaments.models import TableCode
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


def test_guessing_across_the_site_is_bounded(client, room):
    """SITE_CODE_LIMIT wrong codes from many addresses: then every code waits, a right one too (or its answer
    would tell the guesser it had found one), with Retry-After."""
    for n in range(SITE_CODE_LIMIT):
        address = f"10.{n // 250}.{n % 250}.1"
        answer = client.get("/api/table/", headers={"X-Table-Code": f"G{n:05d}"}, REMOTE_ADDR=address)
        assert answer.status_code == 401
    answer = client.get("/api/table/", headers={"X-Table-Code": room["codes"][1]})
    assert answer.status_code == 429 and "table codes on this site" in answer.json()["detail"]
    assert 0 < int(answer["Retry-After"]) <= 2 * 600  # till the window of these tries has passed


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
    from tests.integration.test_settings import run_django

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
    from tests.integration.test_settings import run_django

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
