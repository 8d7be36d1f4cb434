"""A public face a club would show (issue 29): the standings on a projector or TV (large type, no menu, paging
through themselves; ranks and scores only to whom the page shows them), the club's latest results first,
previous/next travellers skipping hidden boards, "Amended" on every printed version, and one date format."""

from __future__ import annotations

import io
import re

import pytest
from django.test import Client
from pypdf import PdfReader

from games import services as game_services
from games.models import Publication, Result
from tests.integration.tournaments.helpers import grid, plays
from tournaments import services
from tournaments.models import Status

pytestmark = pytest.mark.django_db(transaction=True)

DAY = r"(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+ \d{4}"


def browser() -> Client:
    """A client arriving over HTTPS, as production requests do (tests/conftest.py)."""
    return Client(headers={"X-Forwarded-Proto": "https"})


def projector(client: Client, section) -> str:
    answer = client.get(f"/sections/{section.id}/?projector=1")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert '<header class="site">' not in page and "Log out" not in page and "Table entry" not in page
    assert 'class="projector standings-screen"' in page and "data-pager" in page and "js/pager.js" in page
    return page


def test_the_pairs_projector_has_no_menu_and_shows_ranks_only_to_the_sections_directors(session):
    section = session["section"]
    public = projector(browser(), section)
    assert 'id="standings-later"' in public and ">Rank</th>" not in public and ">Score</th>" not in public
    assert '<p class="projector-line">Tuesday 24 November 2026 · Live standings · round 2 of 3' in public
    director = browser()
    director.force_login(session["alice"])
    shown = projector(director, section)
    assert ">Rank</th>" in shown and ">Score</th>" in shown and 'id="standings-later"' not in shown
    rows = re.findall(r'<td class="tag">', shown)
    assert len(rows) == 6  # every pair: the script pages through them, and without it all show
    assert (
        '<a href="?projector=1">Projector view</a>'
        in director.get(f"/sections/{section.id}/").content.decode()
    )


def test_the_teams_projector_and_match_projector_show_no_menu(client, match):
    page = projector(client, match)  # the director, signed in
    assert ">Rank</th>" in page and "team-standings" in page and ">VPs</th>" in page
    page = client.get(f"/sections/{match.id}/rounds/1/matches/1/?projector=1").content.decode()
    assert '<header class="site">' not in page and "Log out" not in page and 'class="projector"' in page


def test_the_clubs_home_puts_its_latest_published_results_first(desk):
    client, section, user = desk
    public = browser()
    page = public.get(section.club.get_absolute_url()).content.decode()
    assert "Latest results" not in page  # running: nothing published yet
    for number in range(1, 7):
        grid(client, section, number, plays(section, number))
    services.set_status(section, Status.FINISHED, user)
    services.set_status(section, Status.PUBLISHED, user)
    page = public.get(section.club.get_absolute_url()).content.decode()
    latest = page.split('id="latest-title"')[1].split("</section>")[0]
    assert f'<a href="/sections/{section.id}/">Tuesday 24 November 2026 · Tuesday Pairs</a>' in latest
    assert page.index("Latest results") < page.index("<h2>Events</h2>")
    assert "<td>Tuesday 24 November 2026</td>" in page and "Tue 24 Nov 2026" not in page


def test_travellers_link_the_previous_and_next_boards_the_viewer_may_see(session):
    section = session["section"]
    ada = browser()  # pair 1 has played boards 1 and 4: 2 and 3 stay hidden, and are skipped
    ada.force_login(session["ada"])
    url = f"/sections/{section.id}/boards"
    one = ada.get(f"{url}/1/").content.decode()
    assert f'<a href="{url}/4/" rel="next">Board 4 ›</a>' in one and 'rel="prev"' not in one
    four = ada.get(f"{url}/4/").content.decode()
    assert f'<a href="{url}/1/" rel="prev">‹ Board 1</a>' in four and 'rel="next"' not in four
    director = browser()
    director.force_login(session["alice"])
    one = director.get(f"{url}/1/").content.decode()
    assert f'<a href="{url}/2/" rel="next">Board 2 ›</a>' in one


def _pdf_text(client: Client, url: str) -> str:
    answer = client.get(url)
    assert answer.status_code == 200
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)


def test_every_printed_version_of_an_amended_section_says_amended(desk):
    client, section, user = desk
    for number in range(1, 7):
        grid(client, section, number, plays(section, number))
    services.set_status(section, Status.FINISHED, user)
    services.set_status(section, Status.PUBLISHED, user)
    assert "Amended" not in _pdf_text(client, f"/sections/{section.id}/results.pdf")
    top = Result.objects.get(section=section, board__number=3, round=2, table=1)
    game_services.correct_result(
        top, {"contract": "3NT", "declarer": "N", "tricks": "10"}, user, "slip at table 1"
    )
    today = Publication.objects.get(section=section, number=2).published_at
    line = f"Amended {today:%A} {today.day} {today:%B %Y}: board 3, table 1 (slip at table 1)"
    assert line in client.get(f"/sections/{section.id}/").content.decode()
    for pdf in ("results", "scorecards"):
        text = " ".join(_pdf_text(client, f"/sections/{section.id}/{pdf}.pdf").split())
        assert line in text, pdf
        assert "Tuesday Pairs · Tuesday 24 November 2026" in text


def test_dates_are_written_one_way_on_every_page(desk):
    client, section, user = desk
    grid(client, section, 1, plays(section, 1))
    home = client.get("/direct/").content.decode()
    assert "Tuesday 24 November 2026" in home and "Tue 24 Nov" not in home
    result = Result.objects.filter(section=section).first()
    game_services.correct_result(result, {"contract": "3NT", "declarer": "N", "tricks": "10"}, user, "typo")
    history = client.get(f"/direct/results/{result.id}/").content.decode()
    assert re.search(rf"<td>{DAY}, \d\d:\d\d:\d\d</td>", history), history
