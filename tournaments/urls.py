"""The API's routes (mounted at /api/ by config.urls)."""

from django.urls import path
from rest_framework.routers import DefaultRouter

from games import api as games_api
from jobs.api import JobViewSet
from tournaments import api

router = DefaultRouter()
router.register("clubs", api.ClubViewSet)
router.register("events", api.EventViewSet)
router.register("sessions", api.SessionViewSet)
router.register("sections", api.SectionViewSet, basename="section")
router.register("entries", api.EntryViewSet, basename="entry")
router.register("boards", games_api.BoardViewSet, basename="board")
router.register("results", games_api.ResultViewSet, basename="result")
router.register("conflicts", games_api.ConflictViewSet, basename="conflict")
router.register("jobs", JobViewSet, basename="job")

urlpatterns = [
    path("imports/", api.ImportView.as_view(), name="imports"),
    path("me/", api.MeView.as_view(), name="me"),
    path("table/login/", games_api.TableLoginView.as_view(), name="table-login"),
    path("table/", games_api.TableStateView.as_view(), name="table"),
    path("table/results/", games_api.TableResultView.as_view(), name="table-results"),
    path("table/confirm/", games_api.TableConfirmView.as_view(), name="table-confirm"),
    path("table/boards/<int:number>/", games_api.TableBoardView.as_view(), name="table-board"),
    path("table/tally/", games_api.TableTallyView.as_view(), name="table-tally"),
    *router.urls,
]
