"""Trust, round 2 (issue 26, items 1, 2 and 8's last two): no hidden par through the job list, no markup from a name
in a PDF (nothing fetched), no board's matchpoints in the live standings before the field has played it, and no
session of more boards than a real one has.

The viewers are those of the hidden-boards walk (test_hidden_boards.session: round 2 of a running 3-table Mitchell,
pair 1 and its table having played boards 1 and 4 of 6): the public, a player (Ada, of pair 1), the phone at table 1
and another club's director."""

from __future__ import annotations

import io
import socket
import threading

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pypdf import PdfReader

from games.models import Board
from jobs.models import Job, State
from scoring.services import recompute_standings
from tests.club import round_robin_two_rounds_in
from tests.integration.api_helpers import make_director, mitchell
from tests.integration.tournaments.helpers import catch_up, viewer_client
from tournaments import services
from tournaments.models import Event, Player, Section, Session, TableCode

pytestmark = pytest.mark.django_db

VIEWERS = ["public", "player", "table", "other director"]
PAR = {str(n): 100 * n + 20 for n in range(1, 7)}  # the par an analysis reported, one a board: 120 ... 620


def _viewer_user(kind: str, world):
    return {"player": world["ada"], "other director": world["bob"]}.get(kind)


# 1. The par of every hidden board through the job list.


@pytest.mark.parametrize("kind", VIEWERS)
def test_looking_at_the_hand_records_starts_no_job_for_anyone_but_the_director(session, kind):
    section = session["section"]
    client, headers = viewer_client(kind, session)
    for url in (f"/sections/{section.id}/hands/", f"/sections/{section.id}/hands.pdf"):
        answer = client.get(url, headers=headers)
        assert answer.status_code in (200, 403, 404), url
    assert not Job.objects.filter(section=section).exists(), f"a look by {kind} started a job"
    assert client.get(f"/api/jobs/?section={section.id}", headers=headers).status_code in (200, 401, 403)
    if kind in ("player", "table"):  # boards they have played show, without their figures, saying why
        if kind == "table":
            catch_up(client, session)  # up to date, the phone shows round 2's pairs what both have played
        answer = client.get(f"/sections/{section.id}/hands/", headers=headers)
        assert "No double-dummy analysis yet: the director starts it from the desk" in answer.content.decode()

    director, _ = viewer_client("director", session)
    assert director.get(f"/sections/{section.id}/hands/").status_code == 200
    job = Job.objects.get(section=section, kind="analyse")
    assert job.created_by == session["alice"], (
        "the director's look starts the analysis, in the director's name"
    )


@pytest.mark.parametrize("kind", VIEWERS)
def test_a_job_shows_its_result_only_to_who_may_see_every_board_it_covers(session, kind):
    """A job a viewer started (an analysis started by a look, before this was closed) lists for them, but not its
    par of boards they have still to play, nor a reason for failing that may quote a deal; the section's director
    reads both, and so does everyone once the section is published."""
    section = session["section"]
    user = _viewer_user(kind, session)
    done = Job.objects.create(kind="analyse", section=section, state=State.DONE, progress=100, created_by=user,
                              result={"boards": 6, "par": PAR})  # fmt: skip
    failed = Job.objects.create(kind="analyse", section=section, state=State.FAILED, created_by=user,
                                error="board 3: 'N:AKQJT98765432...' has 14 cards")  # fmt: skip
    client, headers = viewer_client(kind, session)
    for url in (
        "/api/jobs/",
        f"/api/jobs/?section={section.id}",
        f"/api/jobs/{done.id}/",
        f"/api/jobs/{failed.id}/",
    ):
        answer = client.get(url, headers=headers)
        body = answer.content.decode()
        assert answer.status_code in (200, 401, 403, 404), url
        assert "620" not in body and "AKQJ" not in body, f"{kind} reads {url}: {body}"
    if user is not None:
        listed = {job["id"]: job for job in client.get("/api/jobs/").json()}
        assert set(listed) == {done.id, failed.id}, "their own jobs are listed, with their progress"
        assert (listed[done.id]["state"], listed[done.id]["result"], listed[failed.id]["error"]) == (
            "done",
            None,
            "",
        )
    for url in (f"/sections/{section.id}/hands/", f"/sections/{section.id}/hands/analysis/"):
        assert "620" not in client.get(url, headers=headers).content.decode()

    director, _ = viewer_client("director", session)
    assert director.get(f"/api/jobs/{done.id}/").json()["result"] == {"boards": 6, "par": PAR}
    assert "14 cards" in director.get(f"/api/jobs/{failed.id}/").json()["error"]
    if user is not None:
        services.set_status(section, "finished", session["alice"], confirm=True)
        services.set_status(section, "published", session["alice"])
        assert client.get(f"/api/jobs/{done.id}/").json()["result"] == {"boards": 6, "par": PAR}, "published"


def test_a_player_who_has_played_every_board_reads_the_result_of_their_job(session):
    """The rule is the boards' rule, not "directors only": Ada's pair 1 played boards 1 and 4; with all six
    played by them (the others entered here by the director's rows), the par of the six is hers to read."""
    section = session["section"]
    job = Job.objects.create(kind="analyse", section=section, state=State.DONE, progress=100,
                             created_by=session["ada"], result={"boards": 6, "par": PAR})  # fmt: skip
    client, _ = viewer_client("player", session)
    assert client.get(f"/api/jobs/{job.id}/").json()["result"] is None
    entry = section.entries.get(number=1)
    for board in Board.objects.filter(section=section).exclude(number__in=(1, 4)):
        board.results.create(section=section, ns=entry, ew=section.entries.get(number=4), contract="Pass",
                             score_ns=0)  # fmt: skip
    assert client.get(f"/api/jobs/{job.id}/").json()["result"] == {"boards": 6, "par": PAR}


# 2. Names fed to the PDF library as markup.


@pytest.fixture
def listener():
    """A local TCP port that records every connection made to it (and answers none): any fetch of an address
    on it, by any PDF, is seen."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    server.settimeout(0.2)
    connections: list[tuple] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, peer = server.accept()
            except OSError:
                continue
            connections.append(peer)
            conn.close()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield server.getsockname()[1], connections
    stop.set()
    thread.join(timeout=2)
    server.close()


def _published_section(name: str) -> Section:
    """A 3-table Mitchell whose event is called `name`, dealt, every board played, finished and published."""
    alice, club = make_director()
    event = Event.objects.create(club=club, name=name, date="2026-11-24")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    services.install_movement(section, mitchell(3, 2), alice)
    services.deal_boards(section)
    section = services.set_status(section, "running", alice)
    codes = list(TableCode.objects.filter(section=section).values_list("code", flat=True))
    phone = Client(headers={"X-Forwarded-Proto": "https"})
    for round_number in range(1, 4):
        for code in codes:
            for board in phone.get("/api/table/", headers={"X-Table-Code": code}).json()["boards"]:
                answer = phone.post("/api/table/results/", {"board": board["board"], "contract": "3NT",
                                    "declarer": "N", "tricks": 9}, content_type="application/json",
                                    headers={"X-Table-Code": code})  # fmt: skip
                assert answer.status_code == 201, answer.content
        if round_number < 3:
            section = services.next_round(section, alice)
    section = services.set_status(section, "finished", alice)
    section.entries.filter(number=1).update(name=name)  # a pair's name too
    return services.set_status(section, "published", alice)


def _text(answer) -> str:
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf", answer.status_code
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)


MARKUP = ["<b>unclosed", '<font face="x">Pairs</font>', '<img src="http://127.0.0.1:{port}/x.png"/> Pairs']


@pytest.mark.parametrize("markup", MARKUP)
def test_a_name_holding_markup_prints_as_written_and_fetches_nothing(listener, markup):
    """The event's name and a pair's hold reportlab markup: every PDF of the published section answers 200 to the
    public, a player, a table's phone and another club's director, with the name as written, and nothing is
    fetched from the address an <img> names."""
    port, connections = listener
    name = markup.format(port=port)
    section = _published_section(name)
    ada = User.objects.create_user("ada")
    player = Player.objects.create(club=section.club, first_name="Ada", last_name="Abbott", user=ada)
    section.entries.get(number=1).players.add(player)
    code = TableCode.objects.filter(section=section).first().code
    for kind in ("public", "player", "table", "other director"):
        client = Client(headers={"X-Forwarded-Proto": "https"})
        if kind in ("player", "other director"):
            client.force_login(make_director("bob", "lakeside")[0] if kind == "other director" else ada)
        headers = {"X-Table-Code": code} if kind == "table" else {}
        for pdf in ("hands.pdf", "results.pdf", "scorecards.pdf", "cards-guide.pdf", "cards-table.pdf"):
            text = _text(client.get(f"/sections/{section.id}/{pdf}", headers=headers))
            if pdf in ("hands.pdf", "results.pdf", "scorecards.pdf"):
                assert name.split(" ")[0] in text.replace("\n", " "), f"{kind}, {pdf}: the name as written"
    assert connections == [], f"the PDFs fetched {connections}"


def test_a_pbn_event_holding_an_image_prints_and_fetches_nothing(client, listener):
    """An imported PBN's [Event] names the event: an <img> in it is printed as text, never fetched."""
    from tests.shared import shared_path

    port, connections = listener
    text = shared_path("data", "pbn", "test_set.pbn").read_bytes().decode("latin-1")
    image = f'<img src=\\"http://127.0.0.1:{port}/x.png\\" width=\\"9\\" height=\\"9\\"/>'  # PBN's \\" is "
    text = text.replace('[Event "', f'[Event "{image} ', 1)
    director, club = make_director()
    client.force_login(director)
    made = client.post("/api/imports/", {"club": club.id, "format": "pbn", "data": text})
    assert made.status_code == 201, made.content
    section_id = made.json()["id"]
    assert client.post(f"/api/sections/{section_id}/status/", {"status": "published"}).status_code == 200
    client.logout()
    for pdf in ("hands.pdf", "results.pdf", "scorecards.pdf"):
        assert "<img src=" in _text(client.get(f"/sections/{section_id}/{pdf}")).replace("\n", ""), pdf
    assert connections == [], f"the PDFs fetched {connections}"


# 8. A session of 32,767 boards, and a double-dummy job anyone could start on it.


def _big_pbn(boards: int) -> str:
    return "".join(
        f'[Event "Big"]\n[Board "{n}"]\n[North "A"]\n[South "B"]\n[East "C"]\n[West "D"]\n'
        f'[Deal "{services.deal_from_seed("ab" * 16, n).to_pbn()}"]\n[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n\n'
        for n in range(1, boards + 1)
    )


def test_a_director_imports_no_more_boards_than_a_session_has(client):
    director, club = make_director()
    client.force_login(director)
    refused = client.post("/api/imports/", {"club": club.id, "format": "pbn", "data": _big_pbn(129)})
    assert refused.status_code == 400
    assert refused.json()["detail"] == "the PBN file has 129 boards: a section has at most 128"
    assert not Event.objects.exists(), "nothing imported"
    event = Event.objects.create(club=club, name="Marathon", date="2026-11-24")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    huge = {
        "rounds": [
            {"round": 1, "tables": [{"table": 1, "ns": "1", "ew": "2", "boards": list(range(1, 32768))}]}
        ]
    }
    answer = client.post(
        f"/api/sections/{section.id}/movement/", {"movement": huge}, content_type="application/json"
    )
    assert answer.status_code == 400
    assert answer.json()["detail"] == "the movement has 32767 boards: a section has at most 128"
    assert not Board.objects.filter(section=section).exists()
    made = client.post("/api/imports/", {"club": club.id, "format": "pbn", "data": _big_pbn(128)})
    assert made.status_code == 201, "a long day's boards are a session"


@pytest.mark.parametrize("kind", VIEWERS)
def test_only_the_sections_director_starts_its_double_dummy_job(session, kind):
    section = session["section"]
    client, headers = viewer_client(kind, session)
    for job in ("analyse", "audit"):
        answer = client.post("/api/jobs/", {"kind": job, "section": section.id}, headers=headers)
        assert answer.status_code in (401, 403), (job, answer.status_code)
    client.get(f"/sections/{section.id}/hands/", headers=headers)
    assert not Job.objects.exists()


# 8. Live standings polled after each entry: that result's matchpoints on a board others have still to play.


def _standings_seen(client, section: Section, headers: dict) -> tuple[list[dict], str, str]:
    """The standings as this viewer polls them: the API's rows, the live fragment, the scorecard page of pair 1."""
    api = client.get(f"/api/sections/{section.id}/standings/", headers=headers).json()
    fragment = client.get(f"/sections/{section.id}/standings/", headers=headers).content.decode()
    card = client.get(f"/sections/{section.id}/scorecards/1/", headers=headers).content.decode()
    return api, fragment, card


@pytest.mark.parametrize("kind", VIEWERS)
def test_live_standings_tell_no_one_still_to_play_a_board_how_it_went(session, kind):
    """Round 2: table 2 (pairs 2 and 4) enters board 5, which pair 3-6 played in round 1 and pair 1 (Ada, and the
    phone at table 1) has still to play. Polled before and after, the standings of every viewer but the director
    change only in the boards played: no rank, score or percentage, and no order by rank, while play goes on."""
    section = session["section"]
    recompute_standings(section.id)
    client, headers = viewer_client(kind, session)
    api, fragment, card = _standings_seen(client, section, headers)
    assert [row["entry"] for row in api] == [1, 2, 3, 4, 5, 6], "in entry order, not ranked"
    assert {(row["rank"], row["place"], row["total"], row["percentage"]) for row in api} == {
        (None, None, None, None)
    }
    assert "Ranks and scores show once every table has finished" in fragment
    assert '<th scope="col">Rank</th>' not in fragment and ">%</th>" not in fragment
    assert "rank <strong>" not in card

    answer = enter(Client(headers={"X-Forwarded-Proto": "https"}), session["codes"][2], 5, "3NT", "N", 9)
    assert answer.status_code == 201, answer.content
    recompute_standings(section.id)
    after, fragment_after, _ = _standings_seen(client, section, headers)
    changed = {row["entry"]: row["boards"] for row in after} != {row["entry"]: row["boards"] for row in api}
    assert changed, "the boards played move on"
    assert [{k: v for k, v in row.items() if k != "boards"} for row in after] == [
        {k: v for k, v in row.items() if k != "boards"} for row in api
    ], "nothing but the boards played moved"

    director, _ = viewer_client("director", session)
    full, fragment, card = _standings_seen(director, section, {})
    assert all(row["percentage"] is not None for row in full if row["boards"]), (
        "the director's view stays full"
    )
    assert '<th scope="col">Rank</th>' in fragment and "rank <strong>" in card

    services.set_status(section, "finished", session["alice"], confirm=True)
    api, fragment, _ = _standings_seen(client, section, headers)
    assert all(row["rank"] for row in api) and '<th scope="col">Rank</th>' in fragment, "once play is over"


def enter(client: Client, code: str, board: int, contract: str, declarer: str, tricks: int):
    return client.post("/api/table/results/", {"board": board, "contract": contract, "declarer": declarer,
                       "tricks": tricks}, content_type="application/json", headers={"X-Table-Code": code})  # fmt: skip


@pytest.mark.parametrize("kind", VIEWERS)
def test_a_teams_match_in_play_shows_no_score_to_those_still_to_play_its_boards(kind):
    """A 5-team round robin (tests/club.py sets it up) in round 2: match 2 (tables 3 and 4) has
    played its three boards, match 1 (tables 1 and 2) has still to play the same three. To the team at table 1 (its
    player, its phone), the public and another club's director, the standings show no VPs or ranks, match 2 no IMPs
    or VPs and its teams' pages no score of it; the director's pages keep them all."""
    alice, club = make_director()
    section = round_robin_two_rounds_in(club)
    section.results.filter(round=2, table__in=(1, 2)).delete()
    recompute_standings(section.id)
    round2 = {s.table: s for s in section.seatings.filter(round=2)}
    client = Client(headers={"X-Forwarded-Proto": "https"})
    if kind == "player":
        ada = User.objects.create_user("ada")
        round2[1].ns.players.add(
            Player.objects.create(club=club, first_name="Ada", last_name="Abbott", user=ada)
        )
        client.force_login(ada)
    if kind == "other director":
        client.force_login(make_director("bob", "lakeside")[0])
    if kind == "table":
        assert client.post("/table/", {"code": section.table_codes.get(table=1).code}).status_code == 302
    director = Client(headers={"X-Forwarded-Proto": "https"})
    director.force_login(alice)
    for viewer, full in ((client, False), (director, True)):
        standings = viewer.get(f"/sections/{section.id}/").content.decode()
        assert ('<th scope="col" class="num">VPs</th>' in standings) is full, kind
        page = viewer.get(f"/sections/{section.id}/rounds/2/matches/2/").content.decode()
        score = page.split('id="match-score">')[1].split("</p>")[0]
        assert ("IMPs" in score or "VPs" in score) is full, (kind, score)
        team = viewer.get(f"/sections/{section.id}/teams/{round2[3].ns.number}/").content.decode()
        assert ("in play" in team) is not full, kind
