"""A director signs in from the pages with the demo's login, takes an API token and logs out to the club's home
page (issue 14, "Sign-in"); a login tried too often waits, saying so."""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache
from django.core.management import call_command

from parties.management.commands.demo import DEMO_DIRECTOR
from tests.browser.conftest import PHONE, axe_violations, no_overflow, shot
from tournaments.signin import NAME_LIMIT

pytestmark = pytest.mark.browser


def test_the_demo_director_signs_in_takes_a_token_and_logs_out(site, new_page, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("demo", stdout=io.StringIO())
    username, password = DEMO_DIRECTOR
    page = new_page(PHONE)
    page.goto(f"{site}/login/")
    for _ in range(NAME_LIMIT):
        page.get_by_label("User name").fill(username)
        page.get_by_label("Password").fill("not the password")
        page.get_by_role("button", name="Log in").click()
        page.get_by_text("That name and password did not match.").wait_for()
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.get_by_text("Too many wrong passwords: try again in").wait_for()
    shot(page, "signin-login-waits")
    cache.clear()  # as when the window has passed
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="Director").wait_for()
    assert "Traveller Demo Bridge Club" in page.content()
    page.get_by_role("link", name="your API token").click()
    page.get_by_role("button", name="Make a token").click()
    page.get_by_text("A new token is made").wait_for()
    assert page.locator("code.token").inner_text().strip()
    assert no_overflow(page) and axe_violations(page) == []
    shot(page, "signin-token-phone")
    page.get_by_role("button", name=f"Log out {username}").click()
    page.wait_for_url(f"{site}/clubs/demo/")
    assert "Traveller Demo Bridge Club" in page.content() and "quality time" not in page.content()
    page.get_by_role("link", name="Log in").wait_for()
    shot(page, "signin-logged-out")
