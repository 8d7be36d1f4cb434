from django.urls import path

from . import api, pages

urlpatterns = [
    path("api/parties/", api.PartyView.as_view(), name="api-parties"),
    path("direct/clubs/<slug:slug>/party/", pages.new_party, name="direct-new-party"),
    path("direct/parties/<int:section_id>/", pages.ready, name="direct-party-ready"),
    path(
        "direct/parties/<int:section_id>/table-cards.pdf", pages.table_cards, name="direct-party-table-cards"
    ),
]
