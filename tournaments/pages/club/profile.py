"""The club's own pages for its directors: its profile and branding (name, address, website, logo, colours), its
directors (add one with a one-time link to set their password, remove one but never the last) and passwords
(change your own; a forgotten one reset by e-mail when the server sends mail, else from a one-time link another
director gives). The links are Django's password-reset tokens: good once (a new password ends them) and for
PASSWORD_RESET_TIMEOUT.

Views are thin: the director check is tournaments.permissions.is_director; changes go through tournaments.upkeep.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.views.decorators.http import require_POST

from config.refusals import Refused, refusals_shown
from tournaments import upkeep
from tournaments.models import Club, ClubLogo
from tournaments.permissions import is_director


def _club(request, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("only a director of this club may do this")
    return club


def set_password_link(request, user) -> str:
    """The one-time address at which `user` sets a password (signed in once it is set)."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return request.build_absolute_uri(reverse("password-set", args=[uid, token]))


def _profile_again(request, error: Refused, slug: str) -> HttpResponse:
    """The profile form again after a Refused (said by refusals_shown) with what was typed, and its 4xx."""
    return render(request, "direct/club.html", {"club": _club(request, slug), "values": request.POST},
                  status=error.status)  # fmt: skip


def _directors_again(request, error: Refused, slug: str, user_id: int | None = None) -> HttpResponse:
    return _directors_page(request, _club(request, slug), values=request.POST, status=error.status)


def _removal_again(request, error: Refused, slug: str, user_id: int) -> HttpResponse:
    return redirect("direct-directors", slug)


def _password_again(request, error: Refused) -> HttpResponse:
    return render(request, "direct/password.html", status=error.status)


@login_required
@refusals_shown(_profile_again)
def profile(request, slug: str):
    """Name, town, address, website, logo and the header's colours of the club's public pages."""
    club = _club(request, slug)
    if request.method == "POST":
        upload = request.FILES.get("logo")
        if upload is not None and upload.size > upkeep.MAX_LOGO:
            logo = b"\0" * (upkeep.MAX_LOGO + 1)  # not read: refused by its size alone
        else:
            logo = upload.read() if upload is not None else None
        upkeep.save_profile(club, request.POST, logo, drop_logo=request.POST.get("drop_logo") == "1")
        messages.success(request, f"{club.name}'s profile is saved.")
        return redirect("direct-club", club.slug)
    return render(request, "direct/club.html", {"club": club, "values": club.__dict__})


def logo(request, slug: str):
    """The club's logo, for its public pages' header."""
    club = get_object_or_404(Club, slug=slug)
    logo = ClubLogo.objects.filter(club=club).first()
    if logo is None or not club.logo_type:
        raise Http404("this club has no logo")
    response = HttpResponse(bytes(logo.image), content_type=club.logo_type)
    response["Cache-Control"] = "public, max-age=300"
    return response


@login_required
@refusals_shown(_directors_again)
def directors(request, slug: str):
    """The club's directors; a new one added here with the one-time link that sets their password, shown to the
    director who added them (to pass on)."""
    club = _club(request, slug)
    link = None
    if request.method == "POST":
        user = upkeep.add_director(club, request.POST.get("username", ""), request.POST.get("email", ""))
        link = (user, set_password_link(request, user))
        messages.success(request, f"{user.username} is a director of {club.name}: give them the link below.")
    return _directors_page(request, club, link)


def _directors_page(request, club: Club, link=None, values=None, status: int = 200):
    return render(request, "direct/directors.html", {
        "club": club, "directors": club.directors.order_by("username"), "link": link, "values": values or {},
        "days": settings.PASSWORD_RESET_TIMEOUT // 86400,
    }, status=status)  # fmt: skip


def _director(club: Club, user_id: int):
    user = club.directors.filter(id=user_id).first()
    if user is None:
        raise Http404("no such director of this club")
    return user


@login_required
@refusals_shown(_removal_again)
def remove_director(request, slug: str, user_id: int):
    """Asked first on its own page; never the last director."""
    club = _club(request, slug)
    user = _director(club, user_id)
    if request.method == "POST":
        upkeep.remove_director(club, user)
        messages.success(request, f"{user.username} is no longer a director of {club.name}.")
        if not is_director(request.user, club):  # they removed themselves
            return redirect("direct-home")
        return redirect("direct-directors", club.slug)
    return render(request, "direct/remove.html", {
        "title": f"Remove {user.username} as a director of {club.name}?",
        "text": "They can no longer run the club's sessions; their sign-in stays for any other club they direct.",
        "button": f"Remove {user.username}", "back": reverse("direct-directors", args=[club.slug]),
    })  # fmt: skip


@login_required
@require_POST
@refusals_shown(_directors_again)
def reset_link(request, slug: str, user_id: int):
    """A one-time link for a fellow director who forgot their password (when the server sends no mail)."""
    club = _club(request, slug)
    user = _director(club, user_id)
    upkeep.may_give_link(request.user, user)
    messages.success(request, f"Give {user.username} this link to set a new password (good once).")
    return _directors_page(request, club, (user, set_password_link(request, user)))


@login_required
@refusals_shown(_password_again)
def change_password(request):
    """The director's own password: the old one, and the new one twice."""
    if request.method == "POST":
        if not request.user.check_password(request.POST.get("old_password", "")):
            raise Refused("Your present password is not that.")
        new = request.POST.get("new_password1", "")
        upkeep.check_password(new, request.POST.get("new_password2", ""), request.user)
        request.user.set_password(new)
        request.user.save(update_fields=["password"])
        update_session_auth_hash(request, request.user)
        messages.success(request, "Your password is changed.")
        return redirect("direct-home")
    return render(request, "direct/password.html")


def mail_configured() -> bool:
    return bool(settings.EMAIL_HOST_CONFIGURED)


def forgot_password(request):
    """Django's reset by e-mail when the server sends mail; otherwise the page says to ask another director."""
    if not mail_configured():
        return render(request, "direct/password_forgot.html")
    return _RESET(request)


_RESET = auth_views.PasswordResetView.as_view(
    template_name="direct/password_forgot.html",
    email_template_name="direct/password_reset_email.txt",
    subject_template_name="direct/password_reset_subject.txt",
    success_url=reverse_lazy("password-sent"),
    extra_context={"mail": True},
)
sent = auth_views.PasswordResetDoneView.as_view(template_name="direct/password_sent.html")


class SetPassword(auth_views.PasswordResetConfirmView):
    """The one-time link's page: a new password, then signed in (the link is spent)."""

    template_name = "direct/password_set.html"
    post_reset_login = True
    post_reset_login_backend = "tournaments.signin.ThrottledModelBackend"
    success_url = reverse_lazy("direct-home")

    def form_valid(self, form):
        messages.success(
            self.request, f"Your password is set: you are signed in as {form.user.get_username()}."
        )
        return super().form_valid(form)


set_password = SetPassword.as_view()
