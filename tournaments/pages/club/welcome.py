"""The first-run page: a new installation has no user, so nobody could sign in. While the database holds no user at
all, the home page and the login page lead to /welcome/, where one makes the club and its first director; once any
user exists the page is gone (404), and directors are added on the club's Directors page (tournaments.pages.club.profile)
or by `manage.py createdirector`.

Whoever reached /welcome/ first would own the installation, so the page asks for the setup token: only who runs
the server can read it (printed on the server's console when the page is opened, and by `manage.py setuptoken`,
which `make run` and the compose file's web service run at start: it prints the token while there is nobody to
sign in as, so not after `make run`'s demo).
"""

from __future__ import annotations

import hmac
import logging

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.views import LoginView
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.text import slugify

from tournaments.models import Club, FirstRun
from tournaments.signin import LoginForm, first_run, setup_address, setup_token

log = logging.getLogger(__name__)

_LOGIN = LoginView.as_view(template_name="direct/login.html", authentication_form=LoginForm)


def log_in(request, *args, **kwargs):
    """Django's login page, or the first-run page while there is nobody to log in as."""
    return redirect("welcome") if first_run() else _LOGIN(request, *args, **kwargs)


def _problems(data) -> tuple[list[str], Club, object]:
    """What is wrong with the form, and the club and user it would make (unsaved)."""
    User = get_user_model()
    problems = []
    if not hmac.compare_digest(data.get("token", "").strip().encode(), setup_token().encode()):
        problems.append(
            "The setup token is missing or wrong: it is printed on the server's console"
            " (or run `python manage.py setuptoken` on the server)."
        )
    name = " ".join(data.get("club", "").split())
    club = Club(name=name, slug=slugify(name)[:60])
    if not name:
        problems.append("The club needs a name.")
    elif not club.slug:
        problems.append(f"The club's name {name!r} needs a letter or a digit (it makes the club's address).")
    elif len(name) > Club._meta.get_field("name").max_length:
        problems.append(f"The club's name is over {Club._meta.get_field('name').max_length} characters.")
    elif Club.objects.filter(Q(name__iexact=name) | Q(slug=club.slug)).exists():
        problems.append(f"A club called {name!r} (or at the same address) is already here.")
    user = User(username=data.get("username", "").strip())
    try:
        user.clean_fields(exclude=[f.name for f in User._meta.fields if f.name != "username"])
    except ValidationError as error:
        problems += [f"User name: {m}" for m in error.message_dict.get("username", [])]
    password = data.get("password", "")
    if password != data.get("password2", ""):
        problems.append("The two passwords differ.")
    else:
        try:
            validate_password(password, user)
        except ValidationError as error:
            problems += [f"Password: {m}" for m in error.messages]
    return problems, club, user


def welcome(request):
    """Make the club and its first director, then sign them in: a 400 names each problem. Requests at once are
    served one after the other (the FirstRun row, locked before the check that nobody is there yet), so that one
    club and one director are made."""
    if not first_run():
        raise Http404("Traveller is set up: log in instead")
    if request.method != "POST":
        log.warning("Traveller's first run: set it up at %s", setup_address(request.build_absolute_uri("/")))
        return render(request, "direct/welcome.html", {"values": {"token": request.GET.get("token", "")}})
    problems, club, user = _problems(request.POST)
    if problems:
        return render(
            request, "direct/welcome.html", {"values": request.POST, "problems": problems}, status=400
        )
    with transaction.atomic():
        # A write before any read: SQLite's writers then wait in turn for its one write lock (a read first would
        # make the second fail at once), and PostgreSQL's wait for the FirstRun row's lock.
        FirstRun.objects.filter(id=1).update(done=timezone.now())
        FirstRun.objects.select_for_update().get_or_create(id=1)
        if not first_run():  # another browser finished first
            raise Http404("Traveller is set up: log in instead")
        user.set_password(request.POST["password"])
        user.save()
        club.save()
        club.directors.add(user)
    login(request, user, backend="tournaments.signin.ThrottledModelBackend")
    messages.success(
        request, f"{club.name} is set up and you are its director, signed in as {user.username}."
    )
    return redirect("direct-home")
