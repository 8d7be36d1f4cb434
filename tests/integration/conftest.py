"""Integration fixtures: each test starts with empty caches, so throttles and wrong-code counters of one test
never reach the next. Without REDIS_URL the shared cache is a database table, so only tests given the database
clear it (the others use no cache)."""

import pytest
from django.core.cache import cache, caches

from tests.integration.api_helpers import make_director
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
