"""The players API's routes (mounted at /api/ by config.urls): a member's sessions and one session's boards."""

from django.urls import path

from players import api

urlpatterns = [
    path("me/sessions/", api.MySessionsView.as_view(), name="my-sessions"),
    path("me/sessions/<int:section_id>/", api.MySessionView.as_view(), name="my-session-boards"),
]
