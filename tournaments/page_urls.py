"""The web pages' routes (mounted at the site root by config.urls): public and player pages, the table-entry page,
printables, and the director's and host's pages under /direct/."""

from django.urls import path

from tournaments.pages import members as member_pages
from tournaments.pages import public as pages
from tournaments.pages import setup as setup_pages
from tournaments.pages import teams as team_pages
from tournaments.pages.club import profile as club_pages
from tournaments.pages.club import welcome
from tournaments.pages.desk import entry as entry_pages
from tournaments.pages.desk import records as record_pages
from tournaments.pages.desk import room as direct_pages
from tournaments.pages.table import phone

urlpatterns = [
    path("", pages.home, name="home"),
    path("clubs/<slug:slug>/", pages.club, name="club"),
    path("sections/<int:section_id>/", pages.section, name="page-section"),
    path("sections/<int:section_id>/standings/", pages.standings_fragment, name="page-standings"),
    path("sections/<int:section_id>/published/<int:number>/", pages.published, name="page-published"),
    path("sections/<int:section_id>/boards/<int:number>/", pages.traveller, name="page-traveller"),
    path("sections/<int:section_id>/boards/<int:number>/audit/", pages.audit, name="page-audit"),
    path("sections/<int:section_id>/hands/", pages.hand_records, name="page-hands"),
    path(
        "sections/<int:section_id>/hands/analysis/", pages.hand_records_analysis, name="page-hands-analysis"
    ),
    path("sections/<int:section_id>/scorecards/<int:number>/", pages.scorecard_page, name="page-scorecard"),
    path(
        "sections/<int:section_id>/rounds/<int:round_number>/matches/<int:number>/",
        team_pages.match,
        name="page-match",
    ),
    path("sections/<int:section_id>/teams/<int:number>/", team_pages.team, name="page-team"),
    path("sections/<int:section_id>/cards-<str:kind>.pdf", pages.cards_pdf, name="pdf-cards"),
    path("sections/<int:section_id>/hands.pdf", pages.hand_records_pdf, name="pdf-hands"),
    path("sections/<int:section_id>/results.pdf", pages.results_pdf, name="pdf-results"),
    path("sections/<int:section_id>/scorecards.pdf", pages.scorecards_pdf, name="pdf-scorecards"),
    path("table/", phone.table, name="page-table"),
    path("t/<str:code>/", phone.table_open, name="page-table-open"),
    path("table/result/", phone.table_result, name="page-table-result"),
    path("table/confirm/", phone.table_confirm, name="page-table-confirm"),
    path("table/leave/", phone.table_logout, name="page-table-logout"),
    path("login/", welcome.log_in, name="login"),
    path("welcome/", welcome.welcome, name="welcome"),
    path("logout/", direct_pages.log_out, name="logout"),
    path("direct/", direct_pages.home, name="direct-home"),
    path("direct/token/", direct_pages.api_token, name="direct-token"),
    path("direct/clubs/<slug:slug>/new/", setup_pages.new_session, name="direct-new"),
    path("direct/clubs/<slug:slug>/members/", member_pages.members, name="direct-members"),
    path(
        "direct/clubs/<slug:slug>/members/import/", member_pages.members_import, name="direct-members-import"
    ),
    path(
        "direct/clubs/<slug:slug>/members/privacy/",
        member_pages.members_privacy,
        name="direct-members-privacy",
    ),
    path("direct/clubs/<slug:slug>/members/<int:member_id>/", member_pages.member, name="direct-member"),
    path("clubs/<slug:slug>/logo", club_pages.logo, name="club-logo"),
    path("direct/clubs/<slug:slug>/profile/", club_pages.profile, name="direct-club"),
    path("direct/clubs/<slug:slug>/directors/", club_pages.directors, name="direct-directors"),
    path(
        "direct/clubs/<slug:slug>/directors/<int:user_id>/remove/",
        club_pages.remove_director,
        name="direct-director-remove",
    ),
    path(
        "direct/clubs/<slug:slug>/directors/<int:user_id>/link/",
        club_pages.reset_link,
        name="direct-director-link",
    ),
    path("direct/password/", club_pages.change_password, name="direct-password"),
    path("password/forgot/", club_pages.forgot_password, name="password-forgot"),
    path("password/sent/", club_pages.sent, name="password-sent"),
    path("password/set/<uidb64>/<token>/", club_pages.set_password, name="password-set"),
    path("direct/events/<int:event_id>/", record_pages.event, name="direct-event"),
    path("direct/events/<int:event_id>/delete/", record_pages.delete_event, name="direct-event-delete"),
    path(
        "direct/sessions/<int:session_id>/delete/", record_pages.delete_session, name="direct-session-delete"
    ),
    path("direct/<str:kind>s/<int:row_id>/archive/", record_pages.archive, name="direct-archive"),
    path(
        "direct/clubs/<slug:slug>/members/<int:member_id>/delete/",
        record_pages.delete_member,
        name="direct-member-delete",
    ),
    path(
        "direct/clubs/<slug:slug>/members/<int:member_id>/archive/",
        record_pages.archive_member,
        name="direct-member-archive",
    ),
    path("direct/sections/<int:section_id>/entries/", direct_pages.section_entries, name="direct-entries"),
    path(
        "direct/sections/<int:section_id>/tables/<int:table>/code/",
        direct_pages.table_code,
        name="direct-table-code",
    ),
    path("direct/sections/<int:section_id>/", direct_pages.section, name="direct-section"),
    path("direct/sections/<int:section_id>/action/", direct_pages.section_action, name="direct-action"),
    path("direct/sections/<int:section_id>/ranking/", direct_pages.ranking, name="direct-ranking"),
    path("direct/sections/<int:section_id>/room.json", direct_pages.room_state, name="direct-room"),
    path("direct/sections/<int:section_id>/not-played/", direct_pages.not_played, name="direct-not-played"),
    path("direct/sections/<int:section_id>/deals/", direct_pages.deals_download, name="direct-deals"),
    path(
        "direct/sections/<int:section_id>/deals/upload/",
        direct_pages.deals_upload,
        name="direct-deals-upload",
    ),
    path("direct/sections/<int:section_id>/boards/<int:number>/", direct_pages.entry, name="direct-entry"),
    path("direct/sections/<int:section_id>/slips/", entry_pages.slip, name="direct-slip"),
    path("direct/sections/<int:section_id>/check/", direct_pages.check, name="direct-check"),
    path("direct/results/<int:result_id>/", direct_pages.result, name="direct-result"),
]
