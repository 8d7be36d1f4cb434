"""Integration fixtures: each test starts with an empty cache, so throttles and wrong-code counters of one test
never reach the next."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()
