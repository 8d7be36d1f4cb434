"""The parties app's routes (mounted at the site root by config.urls): its API, the host's pages, the projector's
seating and the table phone's tally."""

from django.urls import path

from . import api, pages

urlpatterns = [
    path("api/parties/", api.PartyView.as_view(), name="api-parties"),
    path("api/sections/<int:section_id>/bell/", api.BellView.as_view(), name="api-party-bell"),
    path("api/sections/<int:section_id>/tallies/", api.TalliesView.as_view(), name="api-party-tallies"),
    path(
        "api/sections/<int:section_id>/correct-tally/",
        api.TallyCorrectionView.as_view(),
        name="api-party-correct-tally",
    ),
    path("api/table/tally/", api.TableTallyView.as_view(), name="table-tally"),
    path("direct/clubs/<slug:slug>/party/", pages.new_party, name="direct-new-party"),
    path("direct/parties/<int:section_id>/", pages.ready, name="direct-party-ready"),
    path(
        "direct/parties/<int:section_id>/table-cards.pdf", pages.table_cards, name="direct-party-table-cards"
    ),
    path("direct/sections/<int:section_id>/party/", pages.party, name="direct-party"),
    path("direct/sections/<int:section_id>/party/prizes/", pages.party_prizes, name="direct-prizes"),
    path(
        "direct/sections/<int:section_id>/party/tallies/<int:round_number>/<int:table>/",
        pages.party_tally,
        name="direct-tally",
    ),
    path("sections/<int:section_id>/seating/", pages.party_seating, name="page-party-seating"),
    path("table/tally/", pages.table_tally, name="page-table-tally"),
]
