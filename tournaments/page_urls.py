"""The web pages' routes (mounted at the site root by config.urls): public and player pages, the table-entry page,
printables, and the director's and host's pages under /direct/."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tournaments import direct_pages
from tournaments import views as pages

urlpatterns = [
    path("", pages.home, name="home"),
    path("clubs/<slug:slug>/", pages.club, name="club"),
    path("sections/<int:section_id>/", pages.section, name="page-section"),
    path("sections/<int:section_id>/standings/", pages.standings_fragment, name="page-standings"),
    path("sections/<int:section_id>/boards/<int:number>/", pages.traveller, name="page-traveller"),
    path("sections/<int:section_id>/boards/<int:number>/audit/", pages.audit, name="page-audit"),
    path("sections/<int:section_id>/hands/", pages.hand_records, name="page-hands"),
    path("sections/<int:section_id>/scorecards/<int:number>/", pages.scorecard_page, name="page-scorecard"),
    path("sections/<int:section_id>/seating/", pages.party_seating, name="page-party-seating"),
    path("sections/<int:section_id>/cards-<str:kind>.pdf", pages.cards_pdf, name="pdf-cards"),
    path("sections/<int:section_id>/hands.pdf", pages.hand_records_pdf, name="pdf-hands"),
    path("sections/<int:section_id>/results.pdf", pages.results_pdf, name="pdf-results"),
    path("sections/<int:section_id>/scorecards.pdf", pages.scorecards_pdf, name="pdf-scorecards"),
    path("table/", pages.table, name="page-table"),
    path("table/result/", pages.table_result, name="page-table-result"),
    path("table/confirm/", pages.table_confirm, name="page-table-confirm"),
    path("table/tally/", pages.table_tally, name="page-table-tally"),
    path("table/leave/", pages.table_logout, name="page-table-logout"),
    path("login/", auth_views.LoginView.as_view(template_name="direct/login.html"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("direct/", direct_pages.home, name="direct-home"),
    path("direct/clubs/<slug:slug>/new/", direct_pages.new_session, name="direct-new"),
    path("direct/sections/<int:section_id>/", direct_pages.section, name="direct-section"),
    path("direct/sections/<int:section_id>/action/", direct_pages.section_action, name="direct-action"),
    path("direct/sections/<int:section_id>/boards/<int:number>/", direct_pages.entry, name="direct-entry"),
    path("direct/sections/<int:section_id>/check/", direct_pages.check, name="direct-check"),
    path("direct/sections/<int:section_id>/party/", direct_pages.party, name="direct-party"),
    path("direct/sections/<int:section_id>/party/prizes/", direct_pages.party_prizes, name="direct-prizes"),
    path(
        "direct/sections/<int:section_id>/party/tallies/<int:round_number>/<int:table>/",
        direct_pages.party_tally,
        name="direct-tally",
    ),
    path("direct/results/<int:result_id>/", direct_pages.result, name="direct-result"),
]
