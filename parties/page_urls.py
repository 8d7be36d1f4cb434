"""The parties' pages (mounted at the site root by config.urls): the host's set-up and hosting pages, the
projector's seating and the table phone's tally."""

from django.urls import path

from . import pages

urlpatterns = [
    path("direct/clubs/<slug:slug>/party/", pages.new_party, name="direct-new-party"),
    path("direct/parties/<int:section_id>/", pages.ready, name="direct-party-ready"),
    path(
        "direct/parties/<int:section_id>/table-cards.pdf", pages.table_cards, name="direct-party-table-cards"
    ),
    path("direct/parties/<int:section_id>/tally-cards.pdf", pages.tally_cards, name="direct-party-tallies"),
    path("direct/sections/<int:section_id>/party/", pages.party, name="direct-party"),
    path("direct/sections/<int:section_id>/party/prizes/", pages.party_prizes, name="direct-prizes"),
    path("direct/sections/<int:section_id>/party/reseat/", pages.party_reseat, name="direct-party-reseat"),
    path("direct/sections/<int:section_id>/party/forts/", pages.party_forts_named, name="direct-party-forts"),
    path("direct/sections/<int:section_id>/party/players/", pages.party_players, name="direct-party-players"),
    path(
        "direct/sections/<int:section_id>/party/tallies/<int:round_number>/<int:table>/",
        pages.party_tally,
        name="direct-tally",
    ),
    path("sections/<int:section_id>/seating/", pages.party_seating, name="page-party-seating"),
    path("sections/<int:section_id>/party/end/", pages.party_end, name="page-party-end"),
    path("table/tally/", pages.table_tally, name="page-table-tally"),
    path("table/party.json", pages.table_party_state, name="page-table-party-state"),
]
