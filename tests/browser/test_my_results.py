"""A member's own results from the pages: a director of the demo club makes Ada Abbott a sign-in link, Ada signs
in from it on her phone, reads her sessions (their percentages and ranks those of the standings pages) and one
session's boards with where the matchpoints went, on figures worked by hand; screenshots under tests/artifacts/."""

from __future__ import annotations

import os
import random
import re
from datetime import date

import pytest
from django.core.management import call_command

from parties.management.commands.demo import _play
from scoring.services import recompute_standings
from tests.browser.conftest import DESKTOP, PHONE, axe_violations, no_overflow, shot
from tournaments import rounds, services
from tournaments.models import Club, Event, Player, Section, Session

pytestmark = pytest.mark.browser

SEED = "5eed0f0a11ce5eed0f0a11ce5eed0f0a"
"""The deal seed of Ada's autumn sessions: their boards, and so the figures worked below, are the same each run."""


def _autumn_session(club: Club, name: str, when: date, partner: str, rng: int) -> Section:
    """A published 7-table Mitchell in which Ada Abbott (pair 1 N-S) plays with `partner`, dealt from SEED."""
    event = Event.objects.create(club=club, name=name, date=when)
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    services.install_movement(
        section, services.generate_movement("mitchell", tables=7, boards_per_round=3), None
    )
    players = list(club.players.order_by("federation_number"))
    ada = players.pop(0)
    mate = next(p for p in players if str(p) == partner)
    players.remove(mate)
    chosen = [ada, mate, *players]
    for entry in section.entries.order_by("number"):
        pair = chosen[2 * entry.number - 2 : 2 * entry.number]
        entry.players.set(pair)
        entry.name = " & ".join(str(p) for p in pair)
        entry.save(update_fields=["name"])
    services.deal_boards(section, SEED)
    section = services.set_status(section, "running", None)
    _play(section, range(1, 8), random.Random(rng))
    rounds.advance(section, 7)
    services.set_status(section, "finished", None)
    services.set_status(section, "published", None)
    recompute_standings(section.id)
    return section


def _standing(page, site: str, section: Section) -> tuple[str, str, int]:
    """Ada's rank and percentage on the section's standings page, and how many entries her field ranks."""
    page.goto(f"{site}/sections/{section.id}/")
    table = page.locator("table.standings", has_text="Ada Abbott")
    cells = table.locator("tbody tr", has_text="Ada Abbott").locator("td").all_inner_texts()
    return cells[0], cells[4], table.locator("tbody tr").count()


def test_a_member_signs_in_from_a_link_and_reads_where_the_matchpoints_went(site, new_page):
    call_command("demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    club = Club.objects.get(slug="demo")
    autumn = _autumn_session(club, "Autumn Pairs", date(2026, 10, 5), "Clara Culbertson", 11)
    harvest = _autumn_session(club, "Harvest Pairs", date(2026, 10, 26), "Basil Barker", 12)
    monday = Section.objects.get(session__event__name="Monday Pairs")

    director = new_page(DESKTOP)
    director.goto(f"{site}/login/")
    director.get_by_label("User name").fill("director")
    director.get_by_label("Password").fill("traveller-demo")
    director.get_by_role("button", name="Log in").click()
    director.get_by_role("heading", name="Director").wait_for()
    director.goto(f"{site}/direct/clubs/demo/members/")
    director.get_by_role("button", name="Sign-in link for Ada Abbott").click()
    director.get_by_role("heading", name="Sign-in link for Ada Abbott").wait_for()
    link = director.get_by_label("Sign-in link").input_value()
    assert link.startswith(f"{site}/signin/")
    shot(director, "my-results-link-made")

    phone = new_page(PHONE)
    phone.goto(link)
    phone.get_by_role("heading", name="Sign in as Ada Abbott").wait_for()
    assert Player.objects.get(club=club, federation_number="D0001").user is None, "a GET signs nobody in"
    phone.get_by_role("button", name="Sign in as Ada Abbott").click()
    phone.get_by_role("heading", name="Your password").wait_for()
    phone.get_by_label("New password").fill("spade-heart-club-42")
    phone.get_by_label("The same again").fill("spade-heart-club-42")
    phone.get_by_role("button", name="Set the password").click()
    phone.get_by_role("heading", name="My results").wait_for()
    ada = Player.objects.get(club=club, federation_number="D0001")
    assert not ada.user.directed_clubs.exists(), "a member's login directs nothing"

    rows = phone.locator("table.my-sessions tbody tr")
    assert [t.split("\t")[1].splitlines()[0] for t in rows.all_inner_texts()] == [
        "Saturday Euchre Party", "Monday Pairs", "Harvest Pairs", "Autumn Pairs",
    ], "newest first"  # fmt: skip
    shown = {}
    for section in (monday, harvest, autumn):
        row = phone.locator(f"table.my-sessions tr[data-section='{section.id}']")
        shown[section.id] = (row.locator("td.rank").inner_text(), row.locator("td.score").inner_text())
    assert "Clara Culbertson" in phone.locator(f"tr[data-section='{autumn.id}']").inner_text()
    partners = phone.locator("table.my-partners tbody tr").all_inner_texts()
    assert partners[0].startswith("Basil Barker\t2\t"), "Basil: Monday and Harvest"
    assert phone.locator("#history-chart svg circle").count() == 3, "one point a session in percentages"
    assert phone.locator("#history-chart polyline.partnership").count() == 1, "the line of Ada & Basil"
    assert no_overflow(phone)
    assert axe_violations(phone) == []
    phone.locator("#history-chart").screenshot(
        path=str(shot(phone, "my-results-phone").with_name("my-results-chart-phone.png"))
    )
    desk = new_page(DESKTOP)
    desk.context.add_cookies(phone.context.cookies())
    desk.goto(f"{site}/me/")
    shot(desk, "my-results-desktop")

    standings = new_page(DESKTOP)
    for section in (monday, harvest, autumn):
        rank, percentage, field = _standing(standings, site, section)
        assert shown[section.id] == (f"{rank} of {field}", f"{percentage}%"), section

    # The first look solves each board's DD table and par (tournaments.page_data.analysis), kept for the next.
    phone.set_default_navigation_timeout(120_000)
    phone.get_by_role("link", name="Harvest Pairs").click(timeout=120_000)
    phone.get_by_role("heading", name="Harvest Pairs").wait_for()
    assert phone.locator("article.my-board").count() == 21

    def verdict(board: int) -> dict[str, str]:
        parts = phone.locator(f"#board-{board} .verdict .part")
        return {p.get_attribute("data-part"): p.locator("strong").inner_text() for p in parts.all()}

    def figures(board: int) -> tuple[str, str, str]:
        where = phone.locator(f"#board-{board}")
        return (where.locator(".mp").inner_text().split()[0], where.locator(".dd-tricks").inner_text(),
                where.locator(".lead-cost").inner_text())  # fmt: skip

    # Every board below is matchpointed among 7 results (top 12, 2 per result beaten, 1 per tie); Ada sits N-S.
    # Board 1: E-W in 3NT by East, 9 tricks (N-S −400), lead ♠9. DD: East makes 11, and still 11 after the ♠9
    # (lead cost 0); par −460 (3NT+2). The other six N-S scores: +100, +50, −400, −400, −400, −430.
    # Par −460 beats none: 0. The contract double dummy (−460): 0, bidding 0. After the lead (−460): lead 0.
    # −400 beats −430 (2) and ties three (3): 5, so the defence gained 5.
    assert figures(1) == ("5", "11", "0 tricks")
    assert verdict(1) == {"bidding": "0", "lead": "0", "play": "+5"}
    # Board 3: Ada's side in 2♠ by South, 8 tricks (+110), ♥4 led. DD: South makes 8; after the ♥4, 9 (the lead
    # cost the defence a trick); par −100 (3♠X-1 by N-S). The others: +140 and five +110.
    # Par −100 beats none: 0. 2♠ double dummy (+110) ties five: 5, bidding +5. With the gift, 9 tricks (+140)
    # beats five (10) and ties one (1): 11, lead +6. Ada's side took 8 (+110): 5, so the play lost 6.
    assert figures(3) == ("5", "8", "1 trick")
    assert verdict(3) == {"bidding": "+5", "lead": "+6", "play": "−6"}
    # Board 11: 6NT by South, 12 tricks (+990, none vulnerable), ♥8 led. DD: South makes only 11 (lead cost 0);
    # par +980 (6♠=). The others: +990, +430, +430, +430, +400, −50.
    # Par +980 beats five: 10. 6NT double dummy is one down (−50), tying the −50: 1, bidding −9. The ♥8 changes
    # nothing: lead 0. Twelve tricks (+990) beat five (10) and tie one (1): 11, the play +10.
    assert figures(11) == ("11", "11", "0 tricks")
    assert verdict(11) == {"bidding": "−9", "lead": "0", "play": "+10"}
    said = re.fullmatch(
        r"bidding (\S+) MPs, lead (\S+), play (\S+)", phone.locator("#verdict-summary strong").inner_text()
    )
    assert said and all(part == "0" or part.startswith("−") for part in said.groups()), "the session's losses"
    assert no_overflow(phone)
    shot(phone, "my-session-analysis-phone")
    desk.goto(f"{site}/me/sessions/{harvest.id}/")
    shot(desk, "my-session-analysis-desktop")

    howell = Section.objects.get(session__event__name="Thursday Howell")
    assert phone.goto(f"{site}/me/sessions/{howell.id}/").status == 404, "Ada did not play the Howell"
    basil = Player.objects.get(club=club, federation_number="D0002")
    assert phone.goto(f"{site}/me/?member={basil.id}").status == 403, "another member's results are theirs"
    assert director.goto(f"{site}/me/?member={ada.id}").status == 200, "and their club's directors'"
