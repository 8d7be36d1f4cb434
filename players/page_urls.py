"""A member's pages (mounted at the site root by config.urls), and the directors' button that makes a member's
sign-in link."""

from django.urls import path

from players import pages

urlpatterns = [
    path("signin/<str:token>/", pages.sign_in, name="sign-in-link"),
    path("me/", pages.results, name="my-results"),
    path("me/password/", pages.password, name="my-password"),
    path("me/sessions/<int:section_id>/", pages.session, name="my-session"),
    path(
        "direct/clubs/<slug:slug>/members/<int:member_id>/sign-in-link/",
        pages.make_link,
        name="direct-member-link",
    ),
]
