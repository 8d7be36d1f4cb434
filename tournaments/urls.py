"""The tournaments API's routes (mounted at /api/ by config.urls): clubs, events, sessions, sections, entries,
imports and who the caller is."""

from django.urls import path

from config.routers import AppRouter
from tournaments import api

router = AppRouter()
router.register("clubs", api.ClubViewSet)
router.register("events", api.EventViewSet)
router.register("sessions", api.SessionViewSet)
router.register("sections", api.SectionViewSet, basename="section")
router.register("entries", api.EntryViewSet, basename="entry")

urlpatterns = [
    path("imports/", api.ImportView.as_view(), name="imports"),
    path("me/", api.MeView.as_view(), name="me"),
    *router.urls,
]
