"""Integration fixtures: two clubs with running sections (`world`), where jobs run (`run_jobs`), the worked teams
match (`match`); and each test starts with empty caches, so throttles and wrong-code counters of one test
never reach the next. Without REDIS_URL the shared cache is a database table, so only tests given the database
clear it (the others use no cache)."""

import pytest
from django.conf import settings
from django.core.cache import cache, caches

from tests.integration.api_helpers import make_director, running_section
from tests.integration.scoring.teams import worked_match
from tournaments.models import TableCode
from tournaments.permissions import TableThrottle

DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback"}


@pytest.fixture(autouse=True)
def empty_cache(request):
    caches["local"].clear()
    TableThrottle.cache.clear()
    asked = DATABASE_FIXTURES & set(request.fixturenames)
    if not (request.node.get_closest_marker("django_db") or asked):
        yield
        return
    for name in asked:
        request.getfixturevalue(name)  # the database first: the cache may be one of its tables
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def director(client):
    """A director of the Riverton club signed in on the test client: (user, club)."""
    user, club = make_director()
    client.force_login(user)
    return user, club


@pytest.fixture
def world():
    """Two clubs' directors (alice of Riverton, bob of Lakeside), each with a running section (a and b), and
    section a's table codes by table (code) and section b's table 1's (code_b)."""
    alice, club_a = make_director("alice", "riverton")
    bob, club_b = make_director("bob", "lakeside")
    a = running_section(alice, club_a)
    b = running_section(bob, club_b, "Lakeside pairs")
    code = {t.table: t.code for t in TableCode.objects.filter(section=a)}
    return {"alice": alice, "bob": bob, "a": a, "b": b, "code": code,
            "code_b": TableCode.objects.get(section=b, table=1).code}  # fmt: skip


@pytest.fixture
def run_jobs(request, transactional_db):
    """Where jobs run: the real worker when a broker is configured, else eagerly as their transaction commits."""
    if settings.REDIS_URL:
        return request.getfixturevalue("worker")
    return None


@pytest.fixture
def match(client):
    """The worked 3-board match between teams 1 and 2 (tests/integration/scoring/teams.py), every result in."""
    return worked_match(client)
