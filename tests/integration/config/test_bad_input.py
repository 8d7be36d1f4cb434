"""Issue 12, "No server errors": a number that is not ASCII digits or does not fit its column, a NUL character, a
file declaring an unknown encoding, each gets a 4xx or a command error naming the problem, never a 500. Integer
overflow and NUL fail only in PostgreSQL: CI runs these on PostgreSQL and on SQLite."""

import pytest
from django.core.management import CommandError, call_command

from games.models import Result
from tests.integration.api_helpers import enter, make_director, new_section, running_section
from tests.integration.files import scored_pbn, usebio
from tests.integration.parties.helpers import PARTY
from tournaments.models import Event, TableCode

pytestmark = pytest.mark.django_db

SUPERSCRIPT_TWO = "%C2%B2"  # "²": str.isdigit() says yes, int() says no


@pytest.fixture
def world():
    alice, club = make_director("alice", "riverton")
    section = running_section(alice, club)
    return {"alice": alice, "club": club, "section": section,
            "code": TableCode.objects.get(section=section, table=1).code}  # fmt: skip


@pytest.mark.parametrize("director", [False, True], ids=["anonymous", "director"])
@pytest.mark.parametrize(
    ("url", "message"),
    [
        (f"/api/boards/?section={SUPERSCRIPT_TWO}", "?section '²' is not a whole number"),
        (f"/api/results/?section={SUPERSCRIPT_TWO}", "?section '²' is not a whole number"),
        (f"/api/entries/?section={SUPERSCRIPT_TWO}", "?section '²' is not a whole number"),
        (f"/api/conflicts/?section={SUPERSCRIPT_TWO}", "?section '²' is not a whole number"),
        (f"/api/sections/?session={SUPERSCRIPT_TWO}", "?session '²' is not a whole number"),
        ("/api/results/?section=99999999999999999999", "?section 99999999999999999999 is not a number from 1 to 9223372036854775807"),
        ("/api/results/?section=1" + "0" * 30, "?section '1000000000000000000000000000000' is not a whole number"),
        ("/api/entries/?section=9223372036854775808", "?section 9223372036854775808 is not a number from 1 to 9223372036854775807"),
        ("/api/boards/?section=abc", "?section 'abc' is not a whole number"),
        ("/api/boards/?section=1%00", "query parameter 'section' holds a NUL character"),
    ],
)  # fmt: skip
def test_list_filters_name_a_bad_number(client, world, url, message, director):
    if director:
        client.force_login(world["alice"])
    answer = client.get(url)
    assert (answer.status_code, answer.json()["detail"]) == (400, message)


@pytest.mark.parametrize(
    ("query", "message"),
    [("section=abc", "?section 'abc' is not a whole number"),
     ("section=%C2%B2", "?section '²' is not a whole number"),
     ("kind=%00", "query parameter 'kind' holds a NUL character"),
     ("kind=audit%00x", "query parameter 'kind' holds a NUL character")],
)  # fmt: skip
def test_jobs_filters_name_a_bad_value(client, world, query, message):
    client.force_login(world["alice"])
    answer = client.get(f"/api/jobs/?{query}")
    assert (answer.status_code, answer.json()["detail"]) == (400, message)
    assert client.get(f"/api/jobs/?section={world['section'].id}&kind=audit").status_code == 200


def test_a_page_form_with_a_nul_is_refused(client, world):
    answer = client.post("/table/", {"code": "AB\x00CD"})
    assert answer.status_code == 400 and b"form field 'code' holds a NUL character" in answer.content


def test_a_json_body_with_a_nul_is_refused(client, world):
    """A movement whose kind held a NUL was stored in a text column: a 500 on PostgreSQL."""
    client.force_login(world["alice"])
    movement = {"kind": "mit\x00chell", "rounds": []}
    answer = client.post(f"/api/sections/{world['section'].id}/movement/", {"movement": movement},
                         content_type="application/json")  # fmt: skip
    assert (answer.status_code, answer.json()["detail"]) == (
        400,
        "JSON field 'movement.kind' holds a NUL character",
    )
    answer = client.post("/api/events/", {"club": world["club"].id, "name": "Club\x00", "date": "2026-11-23",
                         "tags": ["a", "b\x00"]}, content_type="application/json")  # fmt: skip
    assert answer.json()["detail"] == "JSON field 'name' holds a NUL character"


def test_an_assigned_score_too_big_for_its_column_is_named(client, world):
    assert enter(client, world["code"], 1).status_code == 201
    result = Result.objects.get(section=world["section"], board__number=1)
    client.force_login(world["alice"])
    url = f"/api/results/{result.id}/adjust/"
    for score, message in ((10**12, "score_ns: 1000000000000 is not a number from -2147483648 to 2147483647"),
                           ("²", "score_ns: '²' is not a whole number")):  # fmt: skip
        answer = client.post(url, {"score_ns": score, "reason": "Law 12C1"}, content_type="application/json")
        assert (answer.status_code, answer.json()["detail"]) == (400, message)
    assert (
        client.post(url, {"score_ns": 420, "reason": "Law 12C1"}, content_type="application/json").json()[
            "score_ns"
        ]
        == 420
    )


def test_a_board_number_too_big_is_named_at_the_table(client, world):
    answer = client.post("/api/table/results/", {"board": 10**12, "contract": "Pass"},
                         content_type="application/json", headers={"X-Table-Code": world["code"]})  # fmt: skip
    assert (answer.status_code, answer.json()["detail"]) == (
        400,
        "board: 1000000000000 is not a number from 1 to 32767",
    )


def test_a_tally_of_superscript_two_hands_is_named_on_the_phone(client):
    user, club = make_director()
    client.force_login(user)
    sid, _, codes = new_section(client, club, "Party", PARTY, game="euchre", scoring_method="progressive")
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    phone = type(client)(headers={"X-Forwarded-Proto": "https"})
    phone.post("/table/", {"code": codes[2]})
    page = phone.post("/table/tally/", {"hands": "²", "ns_points": "3", "ew_points": "5"}, follow=True)
    assert page.status_code == 200
    assert "Table 2: hands &#x27;²&#x27; is not a whole number" in page.content.decode()
    api = client.post("/api/table/tally/", {"hands": "²", "ns_points": 3}, content_type="application/json",
                      headers={"X-Table-Code": codes[2]})  # fmt: skip
    assert (api.status_code, api.json()["detail"]) == (400, "table 2: hands '²' is not a whole number")
    saved = phone.post("/table/tally/", {"hands": "8", "ns_points": "3", "ew_points": "5"}, follow=True)
    assert "Tally saved." in saved.content.decode()


# --- files: POST /api/imports/ and the import commands ---------------------------------------------------


BAD_FILES = [
    ("pbn", scored_pbn(ns="²"), "ScoreTable row 1: pair '²' is not a whole number"),
    ("pbn", scored_pbn(ns="99999"), "ScoreTable row 1: pair 99999 is not a number from 1 to 32767"),
    ("pbn", scored_pbn(round="²"), "ScoreTable row 1: Round '²' is not a whole number"),
    ("pbn", scored_pbn(round="99999"), "ScoreTable row 1: Round 99999 is not a number from 0 to 32767"),
    ("pbn", scored_pbn(board="99999999999999999999"),
     'board.pbn, line 3: game 1: [Board "99999999999999999999"] is not a board number (1 to 32767)'),
    ("pbn", scored_pbn(board="²"), 'board.pbn, line 3: game 1: [Board "²"] is not a board number (1 to 32767)'),
    ("pbn", scored_pbn().replace("Club pairs", "Club\x00pairs"), "board.pbn, line 1: a NUL character, which PBN text cannot hold"),
    ("usebio", usebio(board="²"), "board.xml: BOARD ²: BOARD_NUMBER '²' is not a whole number"),
    ("usebio", usebio(board="40000"), "board.xml: BOARD 40000: BOARD_NUMBER 40000 is not a number from 1 to 32767"),
    ("usebio", usebio(encoding="klingon"), "board.xml: the XML declaration's encoding: unknown encoding: klingon"),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "text", "message"), BAD_FILES)
def test_a_file_with_a_bad_number_is_refused_by_the_api(client, world, kind, text, message):
    client.force_login(world["alice"])
    name = "board.pbn" if kind == "pbn" else "board.xml"
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile(name, text.encode())
    answer = client.post("/api/imports/", {"club": world["club"].id, "format": kind, "file": upload})
    assert answer.status_code == 400, answer.content
    assert message in answer.json()["detail"]
    assert not Event.objects.filter(name="Club pairs").exists(), "all or nothing"


@pytest.mark.parametrize(("kind", "text", "message"), BAD_FILES)
def test_a_file_with_a_bad_number_is_refused_by_the_commands(world, tmp_path, kind, text, message):
    path = tmp_path / ("board.pbn" if kind == "pbn" else "board.xml")
    path.write_text(text)
    with pytest.raises(CommandError) as refused:
        call_command(f"import_{kind}", str(path), "--club", "riverton")
    assert message in str(refused.value)
    assert not Event.objects.filter(name="Club pairs").exists(), "all or nothing"


def test_the_good_files_import(world, tmp_path):
    """The files above with good numbers: what the refusals are measured against."""
    for kind, text in (("pbn", scored_pbn()), ("usebio", usebio())):
        path = tmp_path / f"good.{kind}"
        path.write_text(text)
        call_command(f"import_{kind}", str(path), "--club", "riverton")
    assert Event.objects.filter(name="Club pairs").count() == 2


@pytest.mark.parametrize(
    ("sizes", "message"),
    [({"tables": 1000, "boards_per_round": 2}, "mitchell movement: tables 1000 is not a number from 1 to 100"),
     ({"tables": "²", "boards_per_round": 2}, "mitchell movement: tables '²' is not a whole number"),
     ({"tables": 3, "boards_per_round": 10**12}, "mitchell movement: boards_per_round 1000000000000 is not a number from 1 to 100")],
)  # fmt: skip
def test_a_movement_size_is_bounded(client, sizes, message):
    """A 1,000-table Mitchell took minutes of a web process: sizes are whole numbers from 1 to 100."""
    user, club = make_director()
    client.force_login(user)
    event = client.post("/api/events/", {"club": club.id, "name": "Big", "date": "2026-11-23"}).json()
    session = client.post("/api/sessions/", {"event": event["id"]}).json()
    sid = client.post("/api/sections/", {"session": session["id"]}).json()["id"]
    answer = client.post(f"/api/sections/{sid}/movement/", {"kind": "mitchell", "sizes": sizes},
                         content_type="application/json")  # fmt: skip
    assert (answer.status_code, answer.json()["detail"]) == (400, message)
