"""Two or more sections from the set-up page (issue 14, "Every event kind from one set-up page"), through the Django
test client: one event and session, sections A, B, ... each with its movement, entries, table codes and cards;
scored apart (own deals, own matchpoints) or across the field (one set of deals, every result of a board number
compared, one ranking), with hidden boards held across the sections that share a deal."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from scoring.methods.matchpoints import BoardOptions, score_board
from scoring.models import LineScore, Standing
from tests.club import four_members
from tests.integration.tournaments.helpers import deals, play_section, set_up
from tournaments import rounds, services
from tournaments.models import Section

# Results and bells act once their transaction commits (the standings, the next seating): the tests that read
# what follows them commit (transaction=True); the rest roll back.
pytestmark = pytest.mark.django_db


# Tricks taken in 4S by North at each table, each round (boards: one a round, 3-table Mitchell): the same figures
# would give each section alone a different ranking from the field's.
TRICKS = {"A": {1: 10, 2: 9, 3: 11}, "B": {1: 8, 2: 12, 3: 10}}


def test_a_two_section_12_table_mitchell_set_up_from_the_page(client, director):
    user, club = director
    url = f"/direct/clubs/{club.slug}/new/"
    form = {"name": "Club night", "kind": "mitchell", "size": "6", "boards_per_round": "3", "scoring_method": "mp",
            "sections": "2", "field_scoring": "across"}  # fmt: skip
    preview = client.get(url, form).content.decode()
    assert "Preview: " in preview and "in each of sections A, B" in preview
    assert (
        '<h2 class="section-name">Section A</h2>' in preview
        and '<h2 class="section-name">Section B</h2>' in preview
    )
    assert 'name="players-A-1"' in preview and 'name="players-B-12"' in preview

    a, b = set_up(client, club, 2, "across", size=6, boards_per_round=3, name="Club night")
    assert (a.name, b.name) == ("A", "B") and a.session_id == b.session_id and a.session.scored_across
    for section in (a, b):
        assert section.seatings.filter(round=1).count() == 6
        assert sorted(section.table_codes.values_list("table", flat=True)) == [1, 2, 3, 4, 5, 6]
        assert section.entries.count() == 12 and section.movement_kind == "mitchell"
        assert section.boards.count() == 18
    assert deals(a) == deals(b) and len(set(deals(a).values())) == 18, "the same deals, board by board"
    assert a.deal_seed == b.deal_seed
    assert client.get(f"/api/sessions/{a.session_id}/").json()["scored_across"] is True

    home = client.get("/direct/").content.decode()
    assert f'href="/direct/sections/{a.id}/">Club night, section A</a>' in home
    assert f'href="/direct/sections/{b.id}/">Club night, section B</a>' in home
    desk = client.get(f"/direct/sections/{b.id}/").content.decode()
    assert "Club night, section B" in desk and f'href="/direct/sections/{a.id}/"' in desk
    cards = client.get(f"/sections/{b.id}/cards-table.pdf")
    assert cards.status_code == 200 and cards["Content-Type"] == "application/pdf"
    public = client.get(f"/sections/{b.id}/").content.decode()
    assert "Club night, section B" in public and "Ranked across the field: sections A and B" in public


@pytest.mark.django_db(transaction=True)
def test_sections_scored_apart_have_their_own_deals_and_matchpoints(client, director):
    user, club = director
    a, b = set_up(client, club, 2, "apart")
    assert not a.session.scored_across and a.deal_seed != b.deal_seed and deals(a) != deals(b)
    play_section(client, user, a, TRICKS["A"])
    play_section(client, user, b, TRICKS["B"])
    # 3 results a board in each section: a top of 4, each section alone
    for section in (a, b):
        tops = {line.ns + line.ew for line in LineScore.objects.filter(section=section)}
        assert tops == {4.0}
        assert Standing.objects.filter(section=section).count() == 6


@pytest.mark.django_db(transaction=True)
def test_sections_scored_across_the_field_compare_every_result_of_a_board(client, director):
    user, club = director
    a, b = set_up(client, club, 2, "across")
    play_section(client, user, a, TRICKS["A"])
    play_section(client, user, b, TRICKS["B"])
    # board n: six results (three a section), matchpointed together: a top of 10
    lines = LineScore.objects.select_related("result__board", "result__section", "result__ns")
    for number in (1, 2, 3):
        board = [line for line in lines if line.result.board.number == number]
        assert len(board) == 6 and {line.result.section.name for line in board} == {"A", "B"}
        scores = [line.result.score_ns for line in board]
        expected = score_board(scores, BoardOptions(), expected=6)
        assert [line.ns for line in board] == list(expected.ns) and [line.ew for line in board] == list(
            expected.ew
        )
        assert {line.ns + line.ew for line in board} == {10.0}
    # N-S pair t sits at table t all night: A's 1, 2, 3 took 10, 9, 11 tricks; B's 8, 12, 10 (4S by N, none vul
    # on board 1; the field's matchpoints over the three boards)
    standings = {
        (s.entry.section.name, s.entry.number): (s.total, s.rank)
        for s in Standing.objects.select_related("entry__section").filter(field="NS")
    }
    assert {key: rank for key, (_, rank) in standings.items()} == {
        ("B", 2): "1",
        ("A", 3): "2",
        ("A", 1): "3=",
        ("B", 3): "3=",
        ("A", 2): "5",
        ("B", 1): "6",
    }
    assert standings[("B", 2)][0] == 30.0 and standings[("B", 1)][0] == 0.0
    page = client.get(f"/sections/{a.id}/").content.decode()
    assert "Ranked across the field: sections A and B" in page
    first = (
        f'<tr><td>1</td>\n      <td class="tag"><a href="/sections/{b.id}/scorecards/2/" aria-label="Scorecard of pair B 2">'
        'B 2</a></td>\n      <td class="num">30</td><td class="num">100.00</td>'
    )
    assert first in page, "B 2 leads the field on A's page"
    assert first in client.get(f"/sections/{b.id}/").content.decode()
    pdf = PdfReader(io.BytesIO(client.get(f"/sections/{a.id}/results.pdf").content))
    text = "\n".join(page.extract_text() for page in pdf.pages)
    assert (
        "Ranked across the field: sections A and B\nRanked by percentage, as EBUScore does; totals are the points "
        "scored.\nNorth-South\nRank\nPair\nNames\nScore\n%\nBoards\n1\nB 2\n" in text
    )
    for action in ("finish", "publish"):
        assert client.post(f"/direct/sections/{a.id}/action/", {"action": action}).status_code == 302
    published = client.get(f"/sections/{a.id}/published/1/").content.decode()
    assert '<tr><td>1</td><td class="tag">B 2</td>' in published, "the field's ranking is what is published"


@pytest.mark.django_db(transaction=True)
def test_a_board_stays_hidden_until_every_section_sharing_its_deal_has_played_it(client, director):
    user, club = director
    a, b = set_up(client, club, 2, "across")
    play_section(client, user, a, TRICKS["A"])
    assert client.post(f"/direct/sections/{a.id}/action/", {"action": "finish"}).status_code == 302
    asked = client.post(f"/direct/sections/{a.id}/action/", {"action": "publish"})
    a.refresh_from_db()
    assert asked.status_code == 200 and a.status == "finished", "publishing before B is in is asked first"
    assert "Section B</a>: being set up" in asked.content.decode()
    published = client.post(f"/direct/sections/{a.id}/action/", {"action": "publish", "confirm": "yes"})
    assert published.status_code == 302 and a.versions.last().reason == (
        "Published before the rest of the field: section B (being set up)"
    )
    play_section(client, user, b, TRICKS["B"], upto=1)  # B's round 1: table 1 plays board 1, table 3 board 3
    b.refresh_from_db()
    assert {s.name: still for s, still in rounds.field_in_play(a).items()} == {"B": "6 results missing"}
    client.logout()
    code = b.table_codes.get(table=1).code
    client.post(f"/t/{code}/")  # table 1 of B signs in: it has played board 1, not board 3
    board3 = b.boards.get(number=3).deal.removeprefix("N:").split()[0]
    for path in (f"/sections/{a.id}/boards/3/", f"/sections/{b.id}/boards/3/", f"/sections/{a.id}/hands/"):
        answer = client.get(path)
        assert board3 not in answer.content.decode().replace(" ", ""), path
    assert client.get(f"/sections/{a.id}/boards/3/").status_code == 403, "A is published, but B plays board 3"
    assert client.get(f"/sections/{b.id}/boards/1/").status_code == 200, "played at this table"
    client.get("/table/leave/")
    from django.contrib.auth.models import User

    from tournaments.models import Player

    player = Player.objects.create(
        club=club, first_name="Bea", last_name="North", user=User.objects.create_user("bea")
    )
    b.entries.get(number=1).players.add(player)  # B's pair 1 (table 1): played board 1, not board 3
    client.force_login(player.user)
    assert client.get(f"/sections/{a.id}/boards/3/").status_code == 403, (
        "a player of B, before B plays board 3"
    )
    assert client.get(f"/sections/{b.id}/boards/3/").status_code == 403
    assert client.get(f"/sections/{b.id}/boards/1/").status_code == 200
    client.logout()
    assert client.get("/api/results/", {"section": a.id}).json() == []
    assert client.get(f"/api/sections/{a.id}/").json()["deal_seed"] is None, "the seed deals B's boards too"

    client.force_login(user)
    play_rest = [client.post(f"/direct/sections/{b.id}/action/", {"action": "finish", "confirm": "yes"}),
                 client.post(f"/direct/sections/{b.id}/action/", {"action": "publish"})]  # fmt: skip
    assert all(answer.status_code == 302 for answer in play_rest)
    client.logout()
    assert client.get(f"/sections/{a.id}/boards/3/").status_code == 200, "every section published: shown"
    assert len(client.get("/api/results/", {"section": a.id}).json()) == 9


def test_a_member_in_two_sections_of_one_session_is_refused(client, director):

    user, club = director
    four_members(club)
    answer = client.post(f"/direct/clubs/{club.slug}/new/", {
        "name": "Tuesday", "kind": "mitchell", "size": "3", "boards_per_round": "1", "scoring_method": "mp",
        "sections": "2", "field_scoring": "apart", "create": "1",
        "players-A-1": ["Ann Smith (1000)", "Bob Jones (1001)"], "players-B-2": ["Ann Smith (1000)", "1002"],
    })  # fmt: skip
    assert answer.status_code == 400
    assert "Ann Smith is already in section A, pair 1" in answer.content.decode()
    assert not Section.objects.exists()


@pytest.mark.parametrize(
    ("form", "problem"),
    [
        ({"sections": "27"}, "sections 27 is not a number from 1 to 26"),
        ({"sections": "two"}, "sections &#x27;two&#x27; is not a whole number"),
        ({"field_scoring": "mixed"}, "scoring of the sections &#x27;mixed&#x27; is not one of apart, across"),
        ({"kind": "swiss", "scoring_method": "vp", "size": "8"}, "score the sections apart"),
        ({"scoring_method": "golf"}, "scoring method &#x27;golf&#x27; is not one of"),
    ],
)
def test_the_set_up_page_refuses_bad_sections_naming_the_problem(client, director, form, problem):
    user, club = director
    data = {"name": "Tuesday", "kind": "mitchell", "size": "3", "boards_per_round": "1", "scoring_method": "mp",
            "sections": "2", "field_scoring": "across"} | form  # fmt: skip
    answer = client.get(f"/direct/clubs/{club.slug}/new/", data)
    assert answer.status_code == 400 and problem in answer.content.decode()


def test_a_dealing_machines_file_deals_every_section_of_the_field(client, director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments.services import deal_from_seed

    user, club = director
    a, b = set_up(client, club, 2, "across")
    deal = deal_from_seed("0" * 32, 1).to_pbn()
    pbn = f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{deal}"]\n\n'.encode()
    answer = client.post(f"/direct/sections/{b.id}/deals/upload/",
                         {"file": SimpleUploadedFile("night.pbn", pbn)})  # fmt: skip
    assert answer.status_code == 302
    assert a.boards.get(number=2).deal == b.boards.get(number=2).deal == deal
    assert deals(a) == deals(b)

    apart_a, apart_b = set_up(client, club, 2, "apart", name="Apart")
    before = deals(apart_a)
    client.post(
        f"/direct/sections/{apart_b.id}/deals/upload/", {"file": SimpleUploadedFile("night.pbn", pbn)}
    )
    assert apart_b.boards.get(number=2).deal == deal and deals(apart_a) == before, (
        "scored apart: its own deals"
    )


def test_sections_of_different_sizes_each_get_their_own_movement(client, director):
    """A club's 13 tables in two sections: A of 7 tables, B of 6, scored apart."""
    user, club = director
    url = f"/direct/clubs/{club.slug}/new/"
    form = {"name": "Big night", "kind": "mitchell", "size": "3", "sizes": "7, 6", "boards_per_round": "2",
            "scoring_method": "mp", "sections": "2", "field_scoring": "apart"}  # fmt: skip
    preview = client.get(url, form).content.decode()
    assert "Preview: Mitchell 7 tables, section A</h2>" in preview
    assert "Preview: Mitchell 6 tables, section B</h2>" in preview
    assert 'name="players-A-14"' in preview and 'name="players-B-12"' in preview
    assert 'name="players-B-13"' not in preview

    a, b = set_up(client, club, 2, "apart", size=3, boards_per_round=2, name="Big night", sizes="7, 6")
    assert (a.entries.count(), b.entries.count()) == (14, 12)
    assert (a.seatings.filter(round=1).count(), b.seatings.filter(round=1).count()) == (7, 6)
    assert (a.boards.count(), b.boards.count()) == (14, 12)
    assert not a.session.scored_across and deals(a) != deals(b)


@pytest.mark.parametrize(
    ("sizes", "field", "problem"),
    [
        ("7, 6, 5", "apart", "sizes: 3 given (7, 6, 5) for 2 sections (A, B); give one a section or none"),
        ("8, 6", "across", "scored across the field, the sections must play the same boards: section A plays 16; "
                           "section B plays 12. Score them apart, or give them sizes that play the same boards"),
        ("7, 1", "apart", "section B: mitchell movement: a Mitchell needs at least 2 tables, not 1"),
    ],
)  # fmt: skip
def test_sizes_that_cannot_be_played_are_refused_by_name(client, director, sizes, field, problem):
    user, club = director
    form = {"name": "Big night", "kind": "mitchell", "size": "3", "sizes": sizes, "boards_per_round": "2",
            "scoring_method": "mp", "sections": "2", "field_scoring": field, "create": "1"}  # fmt: skip
    answer = client.post(f"/direct/clubs/{club.slug}/new/", form)
    assert answer.status_code == 400
    assert problem in answer.content.decode().replace("&#x27;", "'")
    assert not Section.objects.filter(session__event__club=club).exists()


@pytest.mark.django_db(transaction=True)
def test_a_field_scored_across_ranks_by_one_rule_whichever_section_changes_it(client, director):
    """Issue 25: one field, one ranking. Changing section B's rule on the desk changes A's too, each with a version
    saying why, so the standings (read with section A's rule) rank by what the director chose."""
    user, club = director
    a, b = set_up(client, club, 2, "across", size=3, boards_per_round=1, name="Field night")
    assert (a.ranking, b.ranking) == ("percentage", "percentage")
    services.change_settings(b, {"ranking": "factored"}, user, "as the county does")
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.ranking, b.ranking) == ("factored", "factored")
    assert a.versions.last().reason == "as the county does (with section B)"
    assert b.versions.last().reason == "as the county does"
