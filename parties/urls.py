"""The parties API's routes (mounted at /api/ by config.urls): a party set up, the bell, the tallies and the table
phone's tally."""

from django.urls import path

from . import api

urlpatterns = [
    path("parties/", api.PartyView.as_view(), name="api-parties"),
    path("sections/<int:section_id>/bell/", api.BellView.as_view(), name="api-party-bell"),
    path("sections/<int:section_id>/tallies/", api.TalliesView.as_view(), name="api-party-tallies"),
    path("sections/<int:section_id>/forts/", api.FortNamesView.as_view(), name="api-party-forts"),
    path("sections/<int:section_id>/players/", api.PlayerChangeView.as_view(), name="api-party-players"),
    path(
        "sections/<int:section_id>/correct-tally/",
        api.TallyCorrectionView.as_view(),
        name="api-party-correct-tally",
    ),
    path("table/tally/", api.TableTallyView.as_view(), name="table-tally"),
]
