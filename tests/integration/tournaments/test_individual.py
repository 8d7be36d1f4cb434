"""An individual event from the set-up page (issue 14): the whist tournament Wh(N) of the registry, one member an
entry, results from the table phones, individual matchpoints (each player scores their side's matchpoints on
every board: North and South the N-S, East and West the E-W). Through the Django test client."""

from __future__ import annotations

from collections import defaultdict

import pytest

from games.models import Result
from scoring.methods.matchpoints import BoardOptions, score_board
from scoring.models import Standing
from tests.club import NAMES, members
from tournaments.models import EntryKind, Section

# Results and bells act once their transaction commits (the standings, the next seating): the tests that read
# what follows them commit (transaction=True); the rest roll back.
pytestmark = pytest.mark.django_db

FORM = {
    "name": "Individual night",
    "kind": "individual",
    "size": "8",
    "boards_per_round": "1",
    "scoring_method": "mp",
}


@pytest.fixture
def director(director):
    """The signed-in director (tests/integration/conftest.py), its club with eight members."""
    members(director[1], NAMES[:8], 5000)
    return director


@pytest.mark.django_db(transaction=True)
def test_an_individual_is_set_up_from_members_and_scored_by_individual_matchpoints(client, director):
    user, club = director
    url = f"/direct/clubs/{club.slug}/new/"
    page = client.get(url, FORM).content.decode()
    assert "Preview: Wh(8)" in page and 'aria-label="Individual 8, player 1"' in page
    assert 'aria-label="Individual 1, player 2"' not in page, "one name box an entry"
    typed = {f"players-{n}": f"{NAMES[n - 1]} ({5000 + n - 1})" for n in range(1, 9)}
    two = client.post(
        url, FORM | typed | {"create": "1", "players-1": ["Ann Smith (5000)", "Bob Jones (5001)"]}
    )
    assert two.status_code == 400 and "individual 1 needs 1 player, not 2 (Ann Smith &amp; Bob Jones)" in (
        two.content.decode()
    )
    made = client.post(url, FORM | typed | {"create": "1"})
    assert made.status_code == 302
    section = Section.objects.get()
    assert set(section.entries.values_list("kind", flat=True)) == {EntryKind.PLAYER}
    assert dict(section.entries.values_list("number", "name"))[3] == "Cath Brown"
    assert section.rounds == 7 and not section.two_winners

    client.post(f"/direct/sections/{section.id}/action/", {"action": "start"})
    codes = dict(section.table_codes.values_list("table", "code"))
    client.logout()
    client.post(f"/t/{codes[1]}/")
    phone = client.get("/table/").content.decode()
    first = section.seatings.get(round=1, table=1).seats
    assert f"N: <strong>{NAMES[first['N'] - 1]} (player {first['N']})</strong><br>E: <strong>" in phone
    client.get("/table/leave/")

    for rnd in range(1, 8):
        for table, code in codes.items():
            seating = section.seatings.get(round=rnd, table=table)
            for board in seating.boards:
                answer = client.post("/api/table/results/", {
                    "board": board, "contract": "4S", "declarer": "N", "tricks": 9 + table,
                }, content_type="application/json", headers={"X-Table-Code": code})  # fmt: skip
                assert answer.status_code == 201, answer.content
        client.force_login(user)
        client.post(
            f"/direct/sections/{section.id}/action/", {"action": "next-round" if rnd < 7 else "finish"}
        )
        client.logout()

    # each board: two results (one a table), matchpointed together; N and S score the N-S side, E and W the E-W
    expected: dict[int, float] = defaultdict(float)
    seats = {(s.round, s.table): s.seats for s in section.seatings.all()}
    by_board = defaultdict(list)
    for result in Result.objects.filter(section=section).order_by("id"):
        by_board[result.board.number].append(result)
    assert sorted(len(v) for v in by_board.values()) == [2] * 7
    for results in by_board.values():
        scored = score_board([r.score_ns for r in results], BoardOptions(), expected=2)
        for result, ns, ew in zip(results, scored.ns, scored.ew, strict=True):
            seat = seats[(result.round, result.table)]
            for player, points in ((seat["N"], ns), (seat["S"], ns), (seat["E"], ew), (seat["W"], ew)):
                expected[player] += points
    standings = {s.entry.number: s for s in Standing.objects.filter(section=section).select_related("entry")}
    assert {n: s.total for n, s in standings.items()} == expected
    assert all(s.boards == 7 for s in standings.values()) and len(standings) == 8
    assert {n: s.percentage for n, s in standings.items()} == {n: t * 100 / 14 for n, t in expected.items()}
    page = client.get(f"/sections/{section.id}/").content.decode()
    assert "Ann Smith" in page and "Hal Hart" in page

    client.force_login(user)
    south = first[
        "S"
    ]  # South at table 1 in round 1: a result kept as North's, scored and shown as theirs too
    lines = client.get(f"/api/sections/{section.id}/scorecard/{south}/").json()
    assert len(lines) == 7 and sum(line["points"] for line in lines) == expected[south]
    assert lines[0]["direction"] == "NS" and lines[0]["round"] == 1 and lines[0]["table"] == 1


def test_the_desk_shows_an_individual_tables_four_players_and_the_standings(client, director):
    """Issue 29: the desk named only the N and E players of an individual's table (its seating's two entries)."""
    user, club = director
    typed = {f"players-{n}": f"{NAMES[n - 1]} ({5000 + n - 1})" for n in range(1, 9)}
    assert client.post(f"/direct/clubs/{club.slug}/new/", FORM | typed | {"create": "1"}).status_code == 302
    section = Section.objects.get()
    client.post(f"/direct/sections/{section.id}/action/", {"action": "start"})
    seats = section.seatings.get(round=1, table=1).seats
    names = dict(section.entries.values_list("number", "name"))
    desk = client.get(f"/direct/sections/{section.id}/").content.decode()
    for seat in "NESW":
        assert f"{seat}: {names[seats[seat]]} (player {seats[seat]})" in desk
    assert '<h2 id="standings-title">Standings</h2>' in desk and "Project the standings" in desk
