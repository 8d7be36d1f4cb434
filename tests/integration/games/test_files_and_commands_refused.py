"""Issue 12, "Nothing wrong accepted in silence" (files and commands): a board dealt twice, a pair not among the
PARTICIPANTS, a lead not in the leader's hand, a repeated or impossible traveller line in `rescore`, an empty or
binary file in `replay`: each refused (or, for a file's lead, warned) naming the line, and imports all or nothing."""

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from games.engine.cards import Deal, Seat
from games.exchange.pbn import read_pbn
from games.exchange.store import store
from games.exchange.usebio import read_usebio
from games.models import Board
from tests.integration.api_helpers import enter, make_director, running_section
from tests.integration.files import USEBIO, scored_pbn, usebio
from tests.shared import shared_path
from tournaments.models import Event, Section, Session, TableCode

pytestmark = pytest.mark.django_db

DEAL_A = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
DEAL_B = "N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 6543.876.876.876 2.5432.5432.5432"


def _hand_records(*deals: str) -> str:
    return "".join(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n\n' for deal in deals)


def test_hand_records_with_two_deals_for_a_board_are_refused(tmp_path):
    _, club = make_director()
    section = Section.objects.create(
        session=Session.objects.create(event=Event.objects.create(club=club, name="x", date="2026-11-23")),
        name="A",
    )
    Board.objects.create(section=section, number=1, dealer="N", vulnerability="None")
    path = tmp_path / "hands.pbn"
    path.write_text(_hand_records(DEAL_A, DEAL_B))
    with pytest.raises(
        CommandError,
        match=r"hands.pbn, line 6: two different deals for board 1, line 1 and this one: N:AKQJ.* and N:T987",
    ):
        call_command("import_pbn", str(path), "--section", str(section.id))
    assert Board.objects.get(section=section, number=1).deal == "", "all or nothing"
    path.write_text(_hand_records(DEAL_A, DEAL_A))
    call_command("import_pbn", str(path), "--section", str(section.id))
    assert Board.objects.get(section=section, number=1).deal == DEAL_A


HANDSET = """  <HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
    <HAND><DIRECTION>North</DIRECTION><SPADES>AKQJ</SPADES><HEARTS>AKQ</HEARTS><DIAMONDS>AKQ</DIAMONDS><CLUBS>AKQ</CLUBS></HAND>
    <HAND><DIRECTION>East</DIRECTION><SPADES>T987</SPADES><HEARTS>JT9</HEARTS><DIAMONDS>JT9</DIAMONDS><CLUBS>JT9</CLUBS></HAND>
    <HAND><DIRECTION>South</DIRECTION><SPADES>6543</SPADES><HEARTS>876</HEARTS><DIAMONDS>876</DIAMONDS><CLUBS>876</CLUBS></HAND>
    <HAND><DIRECTION>West</DIRECTION><SPADES>2</SPADES><HEARTS>5432</HEARTS><DIAMONDS>5432</DIAMONDS><CLUBS>5432</CLUBS></HAND>
  </BOARD></HANDSET>
</USEBIO>"""


def _with_handset(xml: str, times: int = 1) -> str:
    deals = HANDSET.split("<HANDSET>")[1].split("</HANDSET>")[0] * times
    return xml.replace("</USEBIO>", f"  <HANDSET>{deals}</HANDSET>\n</USEBIO>")


def _import(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text)
    kind = "pbn" if name.endswith(".pbn") else "usebio"
    return call_command(f"import_{kind}", str(path), "--club", "riverton")


def test_usebio_silences_are_refused(tmp_path):
    make_director()
    with pytest.raises(
        CommandError,
        match=r"s.xml: HANDSET BOARD 1: board 1 is dealt twice in the HANDSET \(its BOARD 1 and 2\)",
    ):
        _import(tmp_path, "s.xml", _with_handset(usebio(), times=2))
    with pytest.raises(
        CommandError, match="s.xml: BOARD 1 TRAVELLER_LINE 1: pair '99EW' is not among the PARTICIPANTS"
    ):
        _import(tmp_path, "s.xml", usebio().replace("<EW_PAIR_NUMBER>2<", "<EW_PAIR_NUMBER>99EW<"))
    assert not Event.objects.exists(), "all or nothing"
    _import(tmp_path, "s.xml", _with_handset(usebio()))
    assert Event.objects.count() == 1


def test_a_lead_not_in_the_leaders_hand_is_judged_by_the_entry_rule(tmp_path, capsys):
    """3NT by N: East leads. The file's lead S2 is West's: the import names it, as entry at a table refuses it (in
    words that name no card of the hidden hand)."""
    make_director()
    xml = _with_handset(usebio().replace("<TRICKS>9</TRICKS>", "<LEAD>2S</LEAD><TRICKS>9</TRICKS>"))
    _import(tmp_path, "lead.xml", xml)
    warned = capsys.readouterr().err
    assert (
        "warning: lead.xml: BOARD 1 TRAVELLER_LINE 1: the lead S2 is not in East's hand (East leads against North)"
        in warned
    )
    bob, club = make_director("bob", "lakeside")
    section = running_section(bob, club)
    code = TableCode.objects.get(section=section, table=1).code
    wests = min(Deal.from_pbn(Board.objects.get(section=section, number=1).deal).hands[Seat.WEST])
    answer = enter(Client(headers={"X-Forwarded-Proto": "https"}), code, 1, "3NT", "N", 9, str(wests))
    assert (
        answer.status_code == 400
        and "that lead is not a card of the opening leader's hand" in answer.json()["detail"]
    ), "the same rule, worded for a table so that it names no card of a hidden hand"


RESCORE_XML = USEBIO.replace("{board}", "1").replace("{encoding}", "UTF-8")
LINE = RESCORE_XML[RESCORE_XML.index("<TRAVELLER_LINE>") : RESCORE_XML.index("</BOARD>")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (RESCORE_XML.replace(LINE, LINE * 2), "BOARD 1 TRAVELLER_LINE 2: pair 1 already has a line on board 1 (BOARD 1 TRAVELLER_LINE 1)"),
        (RESCORE_XML.replace("<TRICKS>9<", "<TRICKS>14<"), "BOARD 1 TRAVELLER_LINE 1: 14 tricks is not 0 to 13"),
        (RESCORE_XML.replace("<CONTRACT>3NT<", "<CONTRACT>8H<"), "BOARD 1 TRAVELLER_LINE 1: '8H' is not a contract"),
        (RESCORE_XML.replace("<PLAYED_BY>N<", "<PLAYED_BY>Q<"), "BOARD 1 TRAVELLER_LINE 1: declarer 'Q' is not N, E, S or W"),
        (RESCORE_XML.replace("UTF-8", "klingon"), "unknown encoding: klingon"),
    ],
)  # fmt: skip
def test_rescore_refuses_a_wrong_usebio_line(tmp_path, text, message):
    path = tmp_path / "session.xml"
    path.write_text(text)
    with pytest.raises(CommandError) as refused:
        call_command("rescore", str(path))
    assert message in str(refused.value)


def test_rescore_names_an_empty_pbn_and_cuts_a_huge_line(tmp_path):
    path = tmp_path / "empty.pbn"
    path.write_text("")
    with pytest.raises(CommandError, match="empty.pbn: no board with results in the file: nothing to score"):
        call_command("rescore", str(path))
    huge = scored_pbn().replace("1520      -", "1520 " + "7" * 30_000_000)
    path = tmp_path / "huge.pbn"
    path.write_text(huge)
    with pytest.raises(CommandError) as refused:
        call_command("rescore", str(path))
    assert len(str(refused.value)) < 1000 and "characters cut" in str(refused.value)
    path.write_text(scored_pbn().replace(" 1 1 1   2 7NT", " 1 1 1   2 7NT").replace("N 13", "N 14"))
    with pytest.raises(CommandError, match="board 1 ScoreTable row 1: 14 tricks is not 0 to 13"):
        call_command("rescore", str(path))


@pytest.mark.parametrize(
    ("data", "message"),
    [(b"", "the file is empty"), (b"\n \n", "the file is empty"),
     ('[Board "1"]\n'.encode("utf-16-le"), "it holds NUL bytes"),
     (bytes(range(1, 256)) * 4, "no games in the file: nothing in it reads as a pbn game")],
)  # fmt: skip
def test_replay_refuses_a_file_without_games(tmp_path, data, message):
    path = tmp_path / "games.pbn"
    path.write_bytes(data)
    with pytest.raises(CommandError, match=message):
        call_command("replay", str(path))


@pytest.mark.parametrize(("folder", "name", "wrong"), [("pbn", "test_set.pbn", 53), ("usebio", "mp_pairs_mitchell.xml", 50),
                                                       ("usebio", "butler_mitchell.xml", 0)])  # fmt: skip
def test_real_files_name_each_lead_the_entry_rule_refuses(folder, name, wrong):
    """Real files hold mistyped leads (test_set.pbn: 53 of 604): the file stands as the record of the session, as
    its scores do when the engine disagrees, and each such lead is a warning naming its line."""
    _, club = make_director()
    path = shared_path("data", folder, name)
    imported = (read_pbn if folder == "pbn" else read_usebio)(path.read_bytes(), name)
    store(imported, club, name)
    leads = [w for w in imported.warnings if " is not in " in w and "'s hand (" in w]
    assert len(leads) == wrong
