"""The games API's routes (mounted at /api/ by config.urls): boards, results, conflicts and the table scorer's
endpoints."""

from django.urls import path

from config.routers import AppRouter
from games import api

router = AppRouter()
router.register("boards", api.BoardViewSet, basename="board")
router.register("results", api.ResultViewSet, basename="result")
router.register("conflicts", api.ConflictViewSet, basename="conflict")

urlpatterns = [
    path("table/login/", api.TableLoginView.as_view(), name="table-login"),
    path("table/", api.TableStateView.as_view(), name="table"),
    path("table/results/", api.TableResultView.as_view(), name="table-results"),
    path("table/confirm/", api.TableConfirmView.as_view(), name="table-confirm"),
    path("table/boards/<int:number>/", api.TableBoardView.as_view(), name="table-board"),
    *router.urls,
]
