"""The teams pages in a real browser at a phone's width (390 px) and a desktop's: a 5-team round robin (a bye each
round) two rounds in, its standings with VPs round by round and a match board by board; screenshots under
tests/artifacts/ (teams-*.png)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import DESKTOP, PHONE, axe_violations, no_overflow, shot
from tournaments.models import Club, Event, Player, Section, Session

pytestmark = pytest.mark.browser

TEAMS = {
    1: ["Ann Lee", "Bob Hart", "Cy Moss", "Di Vance"],
    2: ["Ed Shaw", "Flo Kerr", "Gus Pike", "Hal Roe"],
    3: ["Ida Wren", "Jo Dunn", "Kit Amos", "Lou Baird"],
    4: ["Max Quill", "Nia Rusk", "Oz Tate", "Pam Ulm"],
    5: ["Quinn Vale", "Rex Webb", "Sue Yates", "Tom Zell"],
}
RESULTS = [
    ("4S", "N", 10),
    ("4S", "N", 8),
    ("3NT", "S", 9),
    ("1NT", "W", 9),
    ("6NT", "S", 12),
    ("2H", "E", 8),
]


def round_robin_two_rounds_in(club) -> Section:
    """A 5-team round robin of 3-board matches, its teams named, rounds 1 and 2 scored from the tables."""
    from games.services import enter_at_table
    from tournaments import membership, services

    event = Event.objects.create(club=club, name="Winter Teams", date="2026-11-24")
    section = Section.objects.create(
        session=Session.objects.create(event=event), name="A", scoring_method="vp"
    )
    movement = services.generate_movement("teams-round-robin", teams=5, boards_per_round=3)
    services.install_movement(section, movement, None)
    services.deal_boards(section)
    players = {
        number: [
            Player.objects.create(club=club, first_name=n.split()[0], last_name=n.split()[1]) for n in names
        ]
        for number, names in TEAMS.items()
    }
    membership.name_entries(section, players)
    section = services.set_status(section, "running", None)
    for rnd in (1, 2):
        for seating in section.seatings.filter(round=rnd):
            for board in seating.boards:
                contract, declarer, tricks = RESULTS[(seating.table * 5 + board * 3 + rnd) % len(RESULTS)]
                values = {"board": board, "contract": contract, "declarer": declarer, "tricks": tricks}
                enter_at_table(section, seating.table, values)
        if rnd == 1:
            section = services.next_round(section, None)
    return section


def test_the_team_standings_and_a_match_read_on_a_phone_and_a_desktop(site, new_page):
    club = Club.objects.create(name="Riverton Bridge Club", slug="riverton")
    section = round_robin_two_rounds_in(club)
    bye_team = int(section.movement["rounds"][1]["sit_out"][0])
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = new_page(viewport)
        page.goto(f"{site}/sections/{section.id}/")
        table = page.locator("table.team-standings")
        table.wait_for()
        # The rounds played so far (the round robin's later rounds are on each team's page).
        assert table.locator("thead th").all_inner_texts() == ["Rank", "Team", "R1", "R2", "VPs"]
        assert table.locator("tbody tr").count() == 5
        assert "Ann Lee & Bob Hart & Cy Moss & Di Vance" in table.inner_text()
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
        # Both rooms of every board side by side: the public sees the match once it is scored, not the hands
        # or the results (not published yet): those rows stay hidden.
        assert page.locator("table.match tbody td", has_text="Hidden until you have played it").count() == 3
        assert no_overflow(page), f"{name}: the match fits the window"
        assert axe_violations(page) == []
        shot(page, f"teams-match-public-{name}")

    # A table's phone in round 2 names the team with the bye.
    phone = new_page(PHONE)
    phone.goto(f"{site}/t/{section.table_codes.get(table=1).code}/")
    phone.get_by_role("heading", name="Table 1, round 2").wait_for()
    assert phone.locator(".bye-notice").inner_text().startswith(f"Team {bye_team} (")
    assert no_overflow(phone)
    shot(phone, "teams-table-phone")

    director = new_page(PHONE)
    from django.contrib.auth.models import User

    user = User.objects.create_user("dora", password="pw-for-dora-1")
    club.directors.add(user)
    director.goto(f"{site}/login/")
    director.get_by_label("User name").fill("dora")
    director.get_by_label("Password").fill("pw-for-dora-1")
    director.get_by_role("button", name="Log in").click()
    director.get_by_role("heading", name="Director").wait_for()
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        director.set_viewport_size(viewport)
        director.goto(f"{site}/sections/{section.id}/rounds/1/matches/1/")
        rows = director.locator("table.match tbody tr")
        assert rows.count() == 3 and "Hidden" not in rows.first.inner_text()
        first = rows.first.locator("td.room").all_inner_texts()
        assert all(("+" in cell or "-" in cell) for cell in first), first  # each room's N-S score
        assert no_overflow(director), f"{name}: the director's match fits the window"
        shot(director, f"teams-match-{name}")
    director.goto(f"{site}/sections/{section.id}/rounds/1/matches/1/?projector=1")
    director.set_viewport_size({"width": 1920, "height": 1080})
    shot(director, "teams-match-projector")
    director.goto(f"{site}/sections/{section.id}/teams/1/")
    director.set_viewport_size(PHONE)
    rows = director.locator("table.team-matches tbody tr").all_inner_texts()
    assert len(rows) == 5 and rows[0].split()[:2] == ["1", "Bye"] and "to play" in rows[2], rows
    shot(director, "teams-team-phone")
