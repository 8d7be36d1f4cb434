"""Signing in: with a password, or on a new installation's first run (nobody to sign in as yet) with its setup
token (the first-run page, tournaments.pages.club.welcome; `manage.py setuptoken` prints it).

Signing in with a password is the only request an anonymous client can make that costs a password hash.

Django hashes a password for every login tried (for an unknown name too, so that timing does not tell which names
exist). Wrong passwords are therefore counted in the shared cache (tournaments.guesses) per user name from one
client address, and per address; past either limit that address's tries are refused before any hash. What waits
is the guessing address, never the name: a director's right password from anywhere else still signs them in,
however many wrong ones strangers sent for their name. The API takes no password at all (session or token,
settings.REST_FRAMEWORK).
"""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import PermissionDenied
from django.utils.crypto import salted_hmac

from tournaments import guesses

PASSWORD_WINDOW = 900
"""Wrong passwords are counted in windows of this many seconds."""
NAME_LIMIT = 10
"""Wrong passwords for one user name from one address in a window before that address waits for that name."""
ADDRESS_LIMIT = 30
"""Wrong passwords from one address in a window before that address waits (a club has few directors)."""


def _keys(request, username: str) -> dict[str, str]:
    address = request.META.get("REMOTE_ADDR", "unknown") if request is not None else "none"
    return {"name": f"{(username or '').strip().lower()}\n{address}", "address": address}


def wait_message(request, username: str) -> str | None:
    """Why this login may not be tried now, or None when it may."""
    tries = guesses.counts(PASSWORD_WINDOW, **_keys(request, username))
    waits = [tries[name].wait(PASSWORD_WINDOW, limit) for name, limit in (("name", NAME_LIMIT), ("address", ADDRESS_LIMIT))
             if tries[name].total >= limit]  # fmt: skip
    if not waits:
        return None
    minutes = -(-max(waits) // 60)
    return f"Too many wrong passwords: try again in {minutes} minute{'s' if minutes != 1 else ''}."


class ThrottledModelBackend(ModelBackend):
    """Django's user and password check, refused without a hash past the limits, and counting wrong passwords."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None or password is None:
            return None
        if wait_message(request, username):
            raise PermissionDenied("too many wrong passwords")  # django.contrib.auth.authenticate stops here
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            guesses.count_wrong(PASSWORD_WINDOW, **_keys(request, username))
        return user


class LoginForm(AuthenticationForm):
    """The login page's form: says so when the user must wait, instead of "did not match"."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": "That name and password did not match.",
    }

    def clean(self):
        message = wait_message(self.request, self.cleaned_data.get("username", ""))
        if message:
            raise forms.ValidationError(message, code="throttled")
        return super().clean()


def first_run() -> bool:
    """True while the database has no user at all: the only time /welcome/ is open."""
    return not get_user_model().objects.exists()


def setup_token() -> str:
    """The token /welcome/ asks for: drawn from the installation's SECRET_KEY (nobody without it can make it), 96
    bits, and good only while the database has no user. (Its salt names where it was first drawn, kept so that a
    token already printed stays good.)"""
    return salted_hmac("tournaments.welcome.setup_token", "first run", algorithm="sha256").hexdigest()[:24]


def setup_address(base: str) -> str:
    """The first-run page's address with the setup token filled in."""
    return f"{base.rstrip('/')}/welcome/?token={setup_token()}"
