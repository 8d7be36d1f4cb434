"""USEBIO 1.2 reader and writer, on Compscore3's real files (../shared/data/usebio) and on broken input."""

import pytest

from games.formats import usebio
from tests.shared import shared_path

FILES = ["mp_pairs_mitchell.xml", "mp_pairs_mitchell_04.xml", "butler_mitchell.xml", "cross_imp_howell.xml"]


def test_reads_a_two_winner_mitchell():
    doc = usebio.load(shared_path("data", "usebio", "mp_pairs_mitchell.xml"))
    event = doc.event
    assert (event.event_type, event.winner_type, event.detail("PROGRAM_NAME")) == (
        "MP_PAIRS",
        2,
        "Compscore3",
    )
    assert len(event.pairs) == 38 and len(event.boards) == 27
    first = event.pairs[0]
    assert (first.number, first.direction, first.total_score, first.percentage, first.place) == (
        "1NS", "NS", "442.22", "45.50", "15")  # fmt: skip
    assert [p.name for p in first.players] == ["PIETER KLIFFEN", "PETER JONKER"]
    line = event.boards[0].lines[0]
    assert (line.ns_pair, line.ew_pair, line.score, line.points, line.ns_points, line.ew_points) == (
        "1NS", "1EW", 100, "MATCH_POINTS", "30", "6")  # fmt: skip
    assert sum(len(b.lines) for b in event.boards) == 512
    assert doc.handset[0].board == "1" and len(doc.handset[0].hands) == 4


def test_a_line_without_lead_and_an_adjusted_line():
    howell = usebio.load(shared_path("data", "usebio", "cross_imp_howell.xml")).event
    no_lead = [ln for b in howell.boards for ln in b.lines if ln.lead is None]
    # two passed-out boards: no LEAD element, an empty TRICKS, a score of 0
    assert [(ln.contract, ln.tricks, ln.score) for ln in no_lead] == [("PASS", None, 0)] * 2
    assert howell.pairs[0].direction is None  # a Howell has no directions
    butler = usebio.load(shared_path("data", "usebio", "butler_mitchell.xml")).event
    board = next(b for b in butler.boards if b.number == "15")
    adjusted = [ln for ln in board.lines if ln.adjusted]
    assert [(ln.score, ln.contract, ln.tricks, ln.ns_points) for ln in adjusted] == [
        ("A5050", None, None, "0")
    ]
    assert board.average == "-430"


@pytest.mark.parametrize("name", FILES)
def test_round_trip(name):
    doc = usebio.load(shared_path("data", "usebio", name))
    assert usebio.loads(usebio.dumps(doc)) == doc


def test_groups_of_fields_are_kept_and_written_back():
    """The EVENT's CONTACT (Compscore3) and a PAIR's MASTER_POINTS group (as other programs nest the awarded
    points and their type) come back as they were; a group never hides a PAIR or BOARD."""
    doc = usebio.load(shared_path("data", "usebio", "mp_pairs_mitchell_04.xml"))
    contact = dict(doc.event.details)["CONTACT"]
    assert isinstance(contact, tuple) and ("FULL_NAME", "Peter Busch") in contact
    assert doc.event.detail("CONTACT") is None and doc.event.detail("MASTER_POINT_TYPE") == "GREEN"
    text = (
        "<USEBIO><EVENT><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><MASTER_POINTS><MASTER_POINTS_AWARDED>"
        "12</MASTER_POINTS_AWARDED><MASTER_POINT_TYPE>RED</MASTER_POINT_TYPE></MASTER_POINTS></PAIR></PARTICIPANTS>"
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD></EVENT></USEBIO>"
    )
    nested = usebio.loads(text)
    assert nested.event.pairs[0].details == (
        ("MASTER_POINTS", (("MASTER_POINTS_AWARDED", "12"), ("MASTER_POINT_TYPE", "RED"))),
    )
    assert nested.event.details == () and len(nested.event.boards) == 1
    assert usebio.loads(usebio.dumps(nested)) == nested


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<USEBIO><EVENT>", "not well-formed XML"),
        ("<RESULTS/>", "root element is RESULTS"),
        ("<USEBIO/>", "EVENT is missing"),
        ("<USEBIO><EVENT><BOARD><BOARD_NUMBER>7</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
         "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>lots</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
         "BOARD 7 TRAVELLER_LINE 1: SCORE 'lots' is neither a number nor an adjusted score"),
        ("<USEBIO><EVENT><BOARD><BOARD_NUMBER>7</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
         "<SCORE>100</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
         "BOARD 7 TRAVELLER_LINE 1: EW_PAIR_NUMBER is missing"),
        ("<USEBIO><EVENT><BOARD><BOARD_NUMBER>7</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
         "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><TRICKS>ten</TRICKS><SCORE>100</SCORE></TRAVELLER_LINE></BOARD>"
         "</EVENT></USEBIO>",
         "BOARD 7 TRAVELLER_LINE 1: TRICKS 'ten' is not a whole number"),
        ("<USEBIO><EVENT><PARTICIPANTS><PAIR><DIRECTION>NS</DIRECTION></PAIR></PARTICIPANTS></EVENT></USEBIO>",
         "PAIR 1: PAIR_NUMBER is missing"),
    ],
)  # fmt: skip
def test_errors_name_the_element(text, message):
    with pytest.raises(usebio.UsebioError, match=message):
        usebio.loads(text)


def test_pairs_and_boards_inside_a_section():
    text = (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><SECTION SECTION_ID="A"><PARTICIPANTS><PAIR>'
        "<PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR></PARTICIPANTS><BOARD><BOARD_NUMBER>3"
        "</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        "<SCORE>A6040</SCORE></TRAVELLER_LINE></BOARD></SECTION></EVENT></USEBIO>"
    )
    event = usebio.loads(text).event
    assert [p.number for p in event.pairs] == ["1"]
    assert event.boards[0].number == "3" and event.boards[0].lines[0].score == "A6040"
