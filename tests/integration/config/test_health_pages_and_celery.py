"""The foundation: pages, health, the demo, Celery both ways."""

import os
import re

import pytest
from django.core.management import call_command
from django.test import override_settings

from config.health import ping
from tournaments.models import Club, Player


@pytest.fixture
def demo(db):
    call_command("demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    return Club.objects.get(slug="demo")


def test_demo_is_idempotent(demo):
    assert demo.players.count() == 28
    call_command("demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    assert Club.objects.count() == 1
    assert Player.objects.count() == 28


def test_home_page_shows_the_demo_club(client, demo):
    response = client.get("/")
    assert response.status_code == 200
    assert "Traveller Demo Bridge Club" in response.content.decode()


def test_club_page_keeps_its_member_list_from_the_public(client, demo):
    """Issue 29: a club may not publish its members' numbers (tests/integration/tournaments/test_members.py for who may)."""
    response = client.get("/clubs/demo/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "D0028" not in page and "Members (" not in page


def test_missing_page_is_a_404_page_not_a_traceback(client, db, settings):
    assert settings.DEBUG is False
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Page not found" in page
    assert "Traceback" not in page


def test_plain_http_is_sent_to_https_in_production(db):
    from django.test import Client

    response = Client().get("/")
    assert response.status_code == 301
    assert response["Location"] == "https://testserver/"


def test_healthz_reports_database_and_broker(client, db, settings):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["database"] == "ok"
    assert body["broker"] == ("ok" if settings.REDIS_URL else "eager")


@override_settings(REDIS_URL="redis://127.0.0.1:1/0")
def test_healthz_is_503_when_the_broker_does_not_answer(client, db):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["broker"].startswith("error:")
    assert response.json()["database"] == "ok"


def test_openapi_schema_is_served(client, db):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"openapi" in response.content


def test_swagger_ui_needs_no_internet(client, db):
    page = client.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    # Every script and stylesheet is served from here: no address names another host (a random CSRF token in the
    # page may spell anything, so the test looks at the addresses, not at every word).
    addresses = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)""", page)
    assert addresses
    assert all(address.startswith("/") for address in addresses), addresses
    assert "//cdn" not in page.lower()


def test_tasks_run_in_process_without_a_broker(db, settings):
    if settings.REDIS_URL:
        pytest.skip("REDIS_URL is set: tasks go to a real worker (see the worker round trip)")
    result = ping.delay().get(timeout=5)
    assert result == {"pong": True, "pid": os.getpid(), "parent": os.getppid(), "clubs": 0}


@pytest.mark.worker
def test_round_trip_through_a_real_worker(transactional_db, worker):
    Club.objects.create(name="Round Trip BC", slug="round-trip")
    result = ping.delay().get(timeout=30)
    assert result["pong"] is True
    # it ran in the worker (or the pool process the worker forked), not here
    assert worker["process"].pid in (result["pid"], result["parent"])
    assert result["clubs"] == 1  # and the worker read the test database
