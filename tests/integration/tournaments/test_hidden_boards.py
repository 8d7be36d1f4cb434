"""Hidden boards (issue 12): secret seeds, one rule for what each viewer may see of a board, asked by every route
that shows a board or a result, and a lead check that cannot be used to read a hidden hand.

The walk enumerates the routes from Django's URL resolver and the OpenAPI schema, so a route added later is walked
too: a running 3-table Mitchell in round 2 with some boards played and some not, looked at by the public, a player,
a table's phone, another club's director and the section's director, before and after the session closes."""

from __future__ import annotations

import re
import secrets
import threading

import pytest
from django.db import connection, connections
from django.urls import get_resolver
from drf_spectacular.generators import SchemaGenerator

from games.models import Board, LeadRefusal, Result
from games.services import LEAD_TRIES
from tests.integration.api_helpers import enter, https_client, make_director, mitchell
from tests.integration.tournaments.helpers import (
    HAND_NEEDLES,
    ONE_SUIT_EACH,
    PLAYED,
    body_text,
    catch_up,
    leaks,
    page_urls,
    viewer_client,
)
from tournaments import services
from tournaments.models import Event, Section, Session, TableCode

pytestmark = pytest.mark.django_db


def hidden_from(kind: str, section: Section) -> tuple[set[int], set[int]]:
    """(boards whose hand is hidden, scores hidden) from this kind of viewer while the section is not published."""
    seen = {"table": {4}, "player": {1, 4}, "public": set(), "other director": set()}[kind]
    if section.status == "finished" and kind == "table":
        seen = set()  # a closed section's table codes open nothing
    if section.status == "setup":
        seen = set()  # a section in setup is its directors' alone
    boards = set(range(1, 7)) - seen
    return boards, {score for _, _, board, *_, score in PLAYED if board in boards}


def hand_needles(section: Section, boards: set[int]) -> list[str]:
    """What would show a hidden board: its hand, and the seeds any hand can be dealt again from."""
    needles = [section.deal_seed, section.cut_seed]
    for board in Board.objects.filter(section=section, number__in=boards):
        if board.number in ONE_SUIT_EACH:
            needles += HAND_NEEDLES
        else:  # a random deal: its four hands as PBN writes them (16 characters each)
            needles += board.deal[2:].split()
    return needles


def api_urls(world) -> list[str]:
    """Every GET of the OpenAPI schema with real ids, with and without ?section=."""
    section = world["section"]
    ids = {
        "sections": [section.id], "sessions": [section.session_id], "events": [section.session.event_id],
        "clubs": [world["club"].id], "entries": list(section.entries.values_list("id", flat=True)),
        "boards": list(section.boards.values_list("id", flat=True)),
        "results": list(section.results.values_list("id", flat=True)), "conflicts": [1], "jobs": [1],
    }  # fmt: skip
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    urls = []
    for path, operations in paths.items():
        if "get" not in operations:
            continue
        kind = path.split("/")[2]
        queries = [f"section={section.id}"] + [  # and every value of each enumerated parameter (export kinds)
            f"{p['name']}={value}" for p in operations["get"].get("parameters", []) if p["in"] == "query"
            for value in p.get("schema", {}).get("enum", []) if path != "/api/schema/"  # its formats and languages
        ]  # fmt: skip
        for value in ids.get(kind, [1]) if "{id}" in path else [None]:
            for number in range(1, 7) if "{number}" in path else [None]:
                url = path.replace("{id}", str(value)).replace("{number}", str(number))
                url = url.replace("{section_id}", str(section.id))
                urls += [url] + [f"{url}?{query}" for query in queries]
    return urls


def test_every_api_route_is_in_the_schema():
    """The walk takes the API's routes from the schema: every route the resolver mounts under api/ (each app's
    urls and the API root) is a DRF view (so in the schema), and the schema lists the table's and the boards' routes."""
    mounted = [p for p in get_resolver().url_patterns if str(p.pattern) == "api/"]
    routes = [route for p in mounted for route in getattr(p, "url_patterns", [p])]
    assert len(mounted) == 7 and all(hasattr(route.callback, "cls") for route in routes)
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    assert {"/api/boards/{id}/traveller/", "/api/table/boards/{number}/", "/api/results/{id}/play/"} <= set(
        paths
    )


@pytest.mark.parametrize("stage", ["setup", "running", "finished"])
@pytest.mark.parametrize("kind", ["public", "player", "table", "other director"])
def test_no_route_shows_a_hidden_board_or_result(session, kind, stage):
    """Every page, PDF, export and API answer, for each kind of viewer: no hand of a board they have still to play,
    no score of a result on it. (The table's phone in round 2 seats pair 1, who played board 1, and pair 6, who
    played board 5: neither board's hand or result reaches it, on either pair's scorecard or anywhere else.)"""
    section = session["section"]
    if stage == "finished":
        section = services.set_status(section, "finished", session["alice"], confirm=True)
    if (
        stage == "setup"
    ):  # before the session (a section in setup has no results: only the state matters here)
        Section.objects.filter(id=section.id).update(status="setup")
        section.refresh_from_db()
    client, headers = viewer_client(kind, session)
    boards, scores = hidden_from(kind, section)
    hands = hand_needles(section, boards)
    walked, problems = 0, []
    for url in page_urls(session) + api_urls(session):
        answer = client.get(url, headers=headers)
        assert answer.status_code < 500, f"GET {url}: {answer.status_code}"
        walked += 1
        found = leaks(body_text(answer), hands, scores)
        if found:
            problems.append(f"GET {url} ({answer.status_code}) shows {found}")
    assert not problems, "\n".join(problems)
    assert walked > 150


def test_the_walk_finds_what_a_director_sees(session):
    """The needles are real: the director's walk finds every hidden hand and score, and the table's phone sees the
    board it has played (its hand on the traveller page and its score)."""
    client, _ = viewer_client("director", session)
    section = session["section"]
    seeds = [section.deal_seed, section.cut_seed]
    seen = set()
    for url in page_urls(session) + api_urls(session):
        seen |= set(leaks(body_text(client.get(url)), [*HAND_NEEDLES, *seeds], {550, 1660, 2980, 620}))
    assert seen == {*HAND_NEEDLES, *seeds, "550", "1660", "2980", "620"}
    phone, headers = viewer_client("table", session)
    catch_up(phone, session)
    board = Board.objects.get(section=section, number=4)
    page = phone.get(f"/sections/{section.id}/boards/4/").content.decode()
    assert "620" in page and page.count('class="hand ') == 4
    assert phone.get("/api/table/boards/4/", headers=headers).json()["board"]["deal"] == board.deal


def test_the_table_scorecard_shows_only_boards_both_pairs_have_played(session):
    """The known leak: the phone at table 1 (pairs 1 and 6 in round 2) opened pair 6's scorecard and read board 5,
    which pair 6 played at table 3 and pair 1 has still to play (and pair 1's board 1, for pair 6)."""
    section = session["section"]
    phone, _ = viewer_client("table", session)
    catch_up(phone, session)
    for number in (1, 6):
        page = phone.get(f"/sections/{section.id}/scorecards/{number}/")
        assert page.status_code == 200
        body = page.content.decode()
        assert "2980" not in body and "550" not in body and "620" in body, number
    ada = https_client()
    ada.force_login(session["ada"])
    own = ada.get(f"/api/sections/{section.id}/scorecard/1/").json()
    assert sorted(line["board"] for line in own) == [1, 2, 4], "a player's own scorecard is whole"


def test_seeds_are_secrets_read_by_the_directors_only_until_published(session, client):
    section = session["section"]
    assert re.fullmatch("[0-9a-f]{32}", section.deal_seed) and re.fullmatch("[0-9a-f]{32}", section.cut_seed)
    url = f"/api/sections/{section.id}/"
    for kind in ("public", "player", "table", "other director"):
        viewer, headers = viewer_client(kind, session)
        for answer in (
            viewer.get(url, headers=headers),
            viewer.get(f"/api/sections/?session={section.session_id}"),
        ):
            assert section.deal_seed not in answer.content.decode(), kind
            assert section.cut_seed not in answer.content.decode(), kind
    director, _ = viewer_client("director", session)
    assert (director.get(url).json()["deal_seed"], director.get(url).json()["cut_seed"]) == (
        section.deal_seed, section.cut_seed
    )  # fmt: skip
    services.set_status(section, "finished", session["alice"], confirm=True)
    services.set_status(section, "published", session["alice"])
    assert client.get(url).json()["deal_seed"] == section.deal_seed, (
        "published: the seed lets anyone check the deal"
    )


def test_a_deal_seed_is_never_a_readable_name(session, client):
    section = Section.objects.create(session=session["section"].session, name="B")
    services.install_movement(section, mitchell(3, 2), session["alice"])
    client.force_login(session["alice"])
    refused = client.post(f"/api/sections/{section.id}/deal/", {"seed": "howell"})
    assert refused.status_code == 400 and "never a name" in refused.json()["detail"]
    assert not Board.objects.filter(section=section).exclude(deal="").exists()
    drawn = client.post(f"/api/sections/{section.id}/deal/", {}).json()["deal_seed"]
    assert re.fullmatch("[0-9a-f]{32}", drawn)
    again = client.post(f"/api/sections/{section.id}/deal/", {"seed": drawn})
    assert again.status_code == 200, "a recorded seed deals the same set again"


def _not_held(section: Section, number: int, declarer: str = "N") -> list[str]:
    """The cards East (the leader against North) does not hold on board `number`, as a table would send them."""
    east = Board.objects.get(section=section, number=number).deal[2:].split()[1].split(".")
    held = {f"{suit}{rank}" for suit, ranks in zip("SHDC", east, strict=True) for rank in ranks}
    return [f"{s}{r}" for s in "SHDC" for r in "AKQJT98765432" if f"{s}{r}" not in held]


def test_a_refused_lead_names_no_card_and_three_send_the_board_to_the_director(session):
    """The lead check was an oracle: 52 entries read East's 13 cards before the board was played. Now a refusal
    names neither the card nor the seat, and after LEAD_TRIES refusals the table's entry goes to the director."""
    section, code = session["section"], session["codes"][1]
    client = https_client()
    wrong = _not_held(section, 3)
    director = (
        f"board 3: {LEAD_TRIES} entries sent from table 1 did not match the board's hands (a lead or honors); the "
        "director must enter this board"
    )
    for sent, card in enumerate(wrong[:LEAD_TRIES], start=1):
        answer = enter(client, code, 3, "4S", "N", 10, lead=card)
        detail = answer.json()["detail"]
        assert card not in detail and "East" not in detail, detail
        if sent < LEAD_TRIES:
            assert answer.status_code == 400
            assert detail.startswith("board 3: that lead is not a card of the opening leader's hand"), detail
        else:
            assert (answer.status_code, detail) == (403, director)
    east = [f"{s}{r}" for s in "SHDC" for r in "AKQJT98765432" if f"{s}{r}" not in wrong]
    answers = {(a.status_code, a.json()["detail"]) for a in (enter(client, code, 3, "4S", "N", 10, lead=card)
                                                            for card in east + wrong)}  # fmt: skip
    assert answers == {(403, director)}, "every card, held or not, now gets the same answer"
    assert enter(client, code, 3, "4S", "N", 10).json()["detail"] == director, "even without a lead"
    assert LeadRefusal.objects.get(board__number=3, table=1).count == LEAD_TRIES
    assert not Result.objects.filter(section=section, board__number=3, table=1).exists()
    # The director enters it (and is told which card, as before).
    alice = https_client()
    alice.force_login(session["alice"])
    body = {
        "section": section.id,
        "board": 3,
        "ns": 1,
        "ew": 6,
        "contract": "4S",
        "declarer": "N",
        "tricks": 10,
    }
    named = alice.post("/api/results/", body | {"lead": wrong[0]}, content_type="application/json")
    assert named.status_code == 400 and f"the lead {wrong[0]} is not in East's hand" in named.json()["detail"]
    held = east[0]
    assert (
        alice.post("/api/results/", body | {"lead": held}, content_type="application/json").status_code == 201
    )


def test_another_table_counts_its_own_tries(session):
    section = session["section"]
    wrong = _not_held(section, 6)
    client = https_client()
    for card in wrong[:LEAD_TRIES]:
        enter(client, session["codes"][2], 6, "4S", "N", 10, lead=card)
    assert LeadRefusal.objects.get(board__number=6, table=2).count == LEAD_TRIES
    assert enter(client, session["codes"][2], 5, "4S", "N", 10).status_code == 201, (
        "another board is not locked"
    )


def test_a_table_enters_only_the_boards_its_movement_plays_there_up_to_this_round(session):
    """Round 2: table 1 has played boards 1-2 and 3-4; board 5 (played there in round 3) is refused naming them,
    and board 1, entered in round 1, is compared with what is in (issue 25: a table enters a late board)."""
    client, code = https_client(), session["codes"][1]
    answer = enter(client, code, 5, "4S", "N", 10, lead=secrets.choice(["SA", "HA"]))
    assert answer.status_code == 403
    assert answer.json()["detail"] == (
        "board 5 comes to table 1 in round 3; the room is in round 2: table 1 plays boards 1-2 in round 1, 3-4 in "
        "round 2"
    )
    answer = enter(client, code, 1, "5CX", "N", 11)
    assert answer.status_code == 200 and answer.json()["round"] == 1, "the same result again"


@pytest.mark.django_db(transaction=True)
def test_many_wrong_leads_at_once_get_no_more_answers_than_the_limit():
    """20 phones of one table send 20 different wrong leads at once (PostgreSQL): the count is kept under the
    board's row lock, so LEAD_TRIES - 1 refusals say "not a card", one more turns it over to the director, and the
    rest wait their turn and are told the director must enter the board."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks and concurrent writers need PostgreSQL: set DATABASE_URL (CI does)")
    alice, club = make_director("alice", "riverton")
    event = Event.objects.create(club=club, name="Crowded leads", date="2026-11-24")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    services.install_movement(section, mitchell(3, 2), alice)
    services.deal_boards(section)
    services.set_status(section, "running", alice)
    code = TableCode.objects.get(section=section, table=1).code
    wrong = _not_held(section, 1)[:20]
    barrier = threading.Barrier(len(wrong))
    answers: list[tuple[int, str]] = []
    lock = threading.Lock()

    def phone(card: str) -> None:
        try:
            barrier.wait(timeout=30)
            answer = enter(https_client(), code, 1, "4S", "N", 10, lead=card)
            with lock:
                answers.append((answer.status_code, answer.json()["detail"]))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=phone, args=(card,)) for card in wrong]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    told = [detail for status, detail in answers if "that lead is not a card" in detail]
    assert len(answers) == 20 and len(told) == LEAD_TRIES - 1, answers
    assert (
        sum(status == 403 and "the director must enter" in detail for status, detail in answers)
        == 21 - LEAD_TRIES
    )
    assert LeadRefusal.objects.get(board__section=section, board__number=1, table=1).count == LEAD_TRIES
