"""The teams pages in a real browser at a phone's width (390 px), a desktop's and a projector's: a 5-team round robin
(a bye each round) two rounds in, its standings with VPs round by round and a match board by board; an 8-team
Swiss's director's desk on a phone. Screenshots under tests/artifacts/ (teams-*.png)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import DESKTOP, PHONE, axe_violations, log_in, no_overflow, open_table, shot
from tests.club import TEAMS, members, round_robin_two_rounds_in
from tournaments import membership
from tournaments.models import Club, Event, Section, Session

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1920, "height": 1080}


def seen_heads(page) -> list[str]:
    """A match's column heads as they are seen (the words only a screen reader says left out)."""
    return page.locator("table.match thead th").evaluate_all(
        "heads => heads.map(th => [...th.childNodes].filter(n => !n.classList?.contains('visually-hidden'))"
        ".map(n => n.textContent).join(''))"
    )


def test_the_team_standings_and_a_match_read_on_a_phone_and_a_desktop(site, new_page):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    section = round_robin_two_rounds_in(club)
    bye_team = int(section.movement["rounds"][1]["sit_out"][0])
    director = new_page(PHONE)
    log_in(director, site, club)
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = director  # the director's view is live and full while play goes on
        page.set_viewport_size(viewport)
        page.goto(f"{site}/sections/{section.id}/")
        table = page.locator("table.team-standings")
        table.wait_for()
        # The rounds played so far (the round robin's later rounds are on each team's page).
        assert table.locator("thead th").all_inner_texts() == ["Rank", "Team", "R1", "R2", "VPs"]
        assert table.locator("tbody tr").count() == 5
        assert "Ann Lee's team" in table.inner_text()  # named after its captain (#29)
        byes = table.locator("td.round", has_text="bye").all_inner_texts()
        assert [" ".join(b.split()) for b in byes] == ["12.00 bye"] * 2, byes
        assert page.locator(".bye-now").inner_text().startswith(f"Bye in round 2: Team {bye_team}")
        assert no_overflow(page), f"{name}: the standings fit the window"
        assert axe_violations(page) == []
        shot(page, f"teams-standings-{name}")

        page.locator("table.team-standings tbody tr").first.locator("td.round a").first.click()
        page.locator("table.match").wait_for()
        assert page.locator("table.match tbody tr").count() == 3
        score = page.locator("#match-score").inner_text()
        assert "IMPs" in score and "VPs" in score and "3 of 3 boards scored" in score

    # The public, while play goes on (issue 26): the teams without VPs or ranks, a match without its score (it
    # would tell how the boards went to the teams still playing them), its boards hidden.
    public = new_page(PHONE)
    public.goto(f"{site}/sections/{section.id}/")
    table = public.locator("table.team-standings")
    table.wait_for()
    assert table.locator("thead th").all_inner_texts() == ["Team"]
    assert public.locator("#standings-later").is_visible()
    public.goto(f"{site}/sections/{section.id}/rounds/1/matches/1/")
    score = public.locator("#match-score").inner_text()
    assert "IMPs" not in score and "VPs" not in score and "3 of 3 boards scored" in score
    assert public.locator("table.match tbody td", has_text="Hidden until you have played it").count() == 3
    assert no_overflow(public) and axe_violations(public) == []
    shot(public, "teams-match-public-phone")

    # A table's phone in round 2 names the team with the bye.
    phone = new_page(PHONE)
    open_table(phone, f"{site}/t/{section.table_codes.get(table=1).code}/")
    phone.get_by_role("heading", name="Table 1, round 2").wait_for()
    assert phone.locator(".bye-notice").inner_text().startswith(f"Team {bye_team} (")
    assert no_overflow(phone)
    shot(phone, "teams-table-phone")

    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        director.set_viewport_size(viewport)
        director.goto(f"{site}/sections/{section.id}/rounds/1/matches/1/")
        rows = director.locator("table.match tbody tr")
        assert rows.count() == 3 and "Hidden" not in rows.first.inner_text()
        first = rows.first.locator("td.room").all_inner_texts()
        assert all(("+" in cell or "-" in cell) for cell in first), first  # each room's N-S score
        # The IMP columns are headed by the teams as the rest of the page names them, never a bare number.
        home, away = director.locator("h1.match-title .team").all_inner_texts()
        assert seen_heads(director)[3:] == [home, away] and home.startswith("Team "), home
        for team in (home, away):
            assert director.get_by_role("columnheader", name=f"IMPs to {team}", exact=True).is_visible()
        assert no_overflow(director), f"{name}: the director's match fits the window"
        shot(director, f"teams-match-{name}")
    director.goto(f"{site}/sections/{section.id}/rounds/1/matches/1/?projector=1")
    director.set_viewport_size(PROJECTOR)
    assert seen_heads(director)[3:] == [home, away]
    shot(director, "teams-match-projector")
    director.goto(f"{site}/sections/{section.id}/teams/1/")
    director.set_viewport_size(PHONE)
    rows = director.locator("table.team-matches tbody tr").all_inner_texts()
    assert len(rows) == 5 and rows[0].split()[:2] == ["1", "Bye"] and "to play" in rows[2], rows
    shot(director, "teams-team-phone")


def test_the_swiss_desk_is_a_short_list_on_a_phone(site, new_page):
    """An 8-team Swiss in its first round, one team named: each team's name boxes fold under its name, the missing
    results under their match, so a director's phone scrolls a short page (it was ~5,900 px, then 2,963)."""
    from tournaments import services

    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    event = Event.objects.create(club=club, name="Swiss Teams", date="2026-11-24")
    section = Section.objects.create(
        session=Session.objects.create(event=event), name="A", scoring_method="vp"
    )
    services.install_movement(section, services.generate_movement("swiss", teams=8, boards_per_round=2), None)
    services.deal_boards(section)
    membership.name_entries(section, {1: members(club, TEAMS[1])})
    services.set_status(section, "running", None)
    desk = new_page(PHONE)
    log_in(desk, site, club)
    desk.goto(f"{site}/direct/sections/{section.id}/")
    teams = desk.locator(".entry-folds details")
    assert teams.count() == 8 and desk.locator(".entry-folds details[open]").count() == 0
    assert teams.first.locator("summary").inner_text() == "Team 1 Ann Lee's team"
    assert teams.nth(1).locator("summary").inner_text() == "Team 2 players missing"
    # The results missing fold match by match, a row a table inside, its two boards on it; the round's tables are
    # a row a match; exports and printing fold while play goes on (#29: the desk had grown to 2,963 px).
    folds = desk.locator("#missing details.match-missing")
    assert folds.locator(":scope > summary").all_inner_texts() == [
        f"Round 1, match {m}: teams {2 * m - 1} v {2 * m}, 2 tables" for m in range(1, 5)
    ]
    assert folds.first.locator("tbody tr").count() == 2 and desk.locator("#missing tbody tr").count() == 8
    assert desk.locator("table.round-tables tbody tr").first.inner_text().split("\t") == [
        "1",
        "1",
        "2",
        "1, 2",
        "0/2, 0/2",
    ]  # the teams' names are in the folds above and below on a phone
    height = desk.evaluate("document.documentElement.scrollHeight")
    assert height < 2000, f"the desk is {height} px tall on a phone"
    assert no_overflow(desk)
    assert axe_violations(desk) == []
    shot(desk, "teams-swiss-desk-phone")

    # A team's own name, typed in its fold above its players (#29), names it on the desk.
    teams.first.locator("summary").click()
    desk.get_by_label("Team 1, team name").fill("Riverton Rovers")
    desk.get_by_role("button", name="Save the players").click()
    desk.get_by_text("The entries' players are saved.").wait_for()
    assert teams.first.locator("summary").inner_text() == "Team 1 Riverton Rovers"

    # A team opens to its boxes; a form refused comes back with the team the director typed open.
    teams.nth(1).locator("summary").click()
    desk.get_by_label("Team 2, player 1").fill("Nobody Known")
    desk.get_by_role("button", name="Save the players").click()
    desk.locator("ul.messages li.error").wait_for()
    assert desk.locator(".entry-folds details[open] summary").all_inner_texts() == ["Team 2 players missing"]
    assert desk.get_by_label("Team 2, player 1").input_value() == "Nobody Known"
    shot(desk, "teams-swiss-desk-refused-phone")
    desk.set_viewport_size(PROJECTOR)
    desk.goto(f"{site}/direct/sections/{section.id}/")
    match = desk.locator("table.round-tables tbody tr").first.inner_text()
    assert [" ".join(cell.split()) for cell in match.split("\t")[1:3]] == ["1 Riverton Rovers", "2"], match
    shot(desk, "teams-swiss-desk-projector")
