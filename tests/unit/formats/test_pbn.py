"""The PBN reader and writer against the real files in ../shared/data/pbn/ and hand-made broken inputs."""

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import Card, DealError, Seat, Vulnerability
from games.formats import pbn
from games.formats.pbn import PBNError
from games.formats.pbn.game import parse_deal
from tests.shared import shared_path


@pytest.fixture(scope="module")
def test_set():
    return pbn.parse_file(shared_path("data", "pbn", "test_set.pbn"))


@pytest.fixture(scope="module")
def acbl():
    return pbn.parse_file(shared_path("data", "pbn", "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn"))


@pytest.fixture(scope="module")
def example2():
    return pbn.parse_file(shared_path("data", "pbn", "example2.pbn"))


def test_every_shared_pbn_file_reads_without_a_problem():
    files = sorted(shared_path("data", "pbn").glob("*.pbn"))
    assert len(files) >= 3
    for path in files:
        games = pbn.parse_file(path)  # strict: the first problem would raise
        assert games and all(not g.errors for g in games), path.name


# --- test_set.pbn: Magic Contest (FFB) export, 28 boards with tables ---------------------------------


def test_test_set_has_28_boards_each_with_a_22_row_score_table(test_set):
    assert [g.board for g in test_set] == list(range(1, 29))
    assert [len(g.tables["ScoreTable"].rows) for g in test_set] == [22] * 28
    assert all(len(g.tables["OptimumResultTable"].rows) == 20 for g in test_set)


def test_test_set_is_read_as_iso_8859_1(test_set):
    # The file is ISO-8859-1 throughout ("S\xe9ance", "F\xe9d\xe9ration"), as PBN §2.2 has it.
    assert {g.tags["Event"] for g in test_set} == {"Open /2 DN1 National Finale directe 21-22 - Séance 5"}
    assert test_set[0].tags["Site"] == "Fédération Française de Bridge"


def test_test_set_score_table_keeps_quoted_fields(test_set):
    table = test_set[0].tables["ScoreTable"]
    assert table.names[:5] == ("Table", "Round", "PairId_NS", "PairId_EW", "Contract")
    assert table.columns[4] == pbn.Column("Contract", "", 4, "L")
    assert table.records()[0] == {
        "Table": "9", "Round": "1", "PairId_NS": "24", "PairId_EW": "8", "Contract": "3N", "Declarer": "W",
        "Result": "6", "Lead": "H7", "Score_NS": "150", "Score_EW": "-", "MP_NS": "40.0", "MP_EW": "2.0",
        "Percentage_NS": "95", "Percentage_EW": "5",
    }  # fmt: skip
    assert test_set[27].tables["ScoreTable"].rows[0] == (
        "19", "14", "4", "11", "2HX", "S", "8", "S6", "670", "-", "42.0", "0.0", "100", "0",
    )  # fmt: skip


def test_test_set_total_score_table_names_with_spaces_stay_whole(test_set):
    table = test_set[0].tables["TotalScoreTable"]
    assert len(table.rows) == 44
    assert table.column("Names")[0] == "Cédric LORENZINI - Thomas BESSIS"
    assert table.records()[4]["Names"] == "Philippe CHESNY - Rémi LEGRAS"
    assert table.column("TotalPercentage")[:3] == ("55.94", "54.34", "53.41")
    assert table.column("SessionRankTie")[23] == "12"
    assert "TotalScoreTable" not in test_set[1].tables


def test_test_set_repeated_score_tag_first_one_wins(test_set):
    board1 = test_set[0]
    assert board1.tags["Score"] == "EW 110"
    assert board1.score_ns == -110
    assert board1.ignored == (pbn.Tag("Score", "NS -150", 63),)
    assert board1.warnings == (
        "line 63: a second [Score] is ignored (PBN §3.4: a repeated tag pair is ignored)",
    )


def test_test_set_hand_added_auction(test_set):
    auction = test_set[0].auction
    assert auction.first is Seat.NORTH
    assert auction.line == 64
    assert auction.calls[:8] == ("1S", "Pass", "2H", "3D", "3S", "Pass", "4S", "X")
    assert auction.calls[10:12] == ("XX", "4NT")  # written "XX<tab> 4N"
    assert len(auction.calls) == 25 and auction.calls[-5:] == ("5S", "X", "Pass", "Pass", "Pass")
    assert [g.index for g in test_set if g.auction] == [0]


def test_test_set_typed_tags(test_set):
    board1, board2 = test_set[0], test_set[1]
    assert (board1.dealer, board1.vulnerable, board1.declarer) == (Seat.NORTH, Vulnerability.NONE, Seat.NORTH)
    assert (board1.contract, board1.result) == ("4SX", 9)
    assert Card.parse("SA") in board1.deal.hands[Seat.EAST]
    assert board2.tags["Contract"] == "" and board2.contract is None and board2.result is None
    assert board2.vulnerable is Vulnerability.NS and board2.dealer is Seat.EAST
    assert test_set[0].tags["OptimumContract"] == "3H N 9"
    assert test_set[0].tables["OptimumResultTable"].rows[0] == ("W", "S", "7")


# --- ACBL (BBO) export: one game per table with auction and play --------------------------------------


def test_acbl_counts(acbl):
    assert len(acbl) == 576
    assert sum(g.play is not None for g in acbl) == 572
    assert sum(g.auction is not None for g in acbl) == 573
    assert [(g.index, g.board, g.line) for g in acbl if g.contract is None] == [
        (287, 6, 9525),
        (431, 9, 14246),
        (575, 12, 19004),
    ]
    assert [g.board for g in acbl if g.contract == "Pass"] == [7]
    assert all(not g.errors and not g.warnings for g in acbl)


def test_acbl_first_game(acbl):
    game = acbl[0]
    assert game.tags["West"] == "Sandy ss" and game.tags["DealId"] == "20712549.lin"
    assert (game.declarer, game.contract, game.result) == (Seat.EAST, "6NT", 10)
    assert game.auction.calls == ("Pass", "2C", "Pass", "2D", "Pass", "2NT", "Pass", "3C", "Pass", "3H", "Pass", "6NT",
                                  "Pass", "Pass", "Pass")  # fmt: skip
    play = game.play
    assert play.first is Seat.SOUTH and play.seats == (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
    assert len(play.tricks) == 13 and play.tricks[0] == ("C3", "C9", "CT", "CA")
    assert play.by_seat(12) == {Seat.SOUTH: "HQ", Seat.WEST: "HK", Seat.NORTH: "SK", Seat.EAST: "H4"}
    assert play.trick_lines[0] == 20


def test_acbl_notes_and_claims(acbl):
    game = acbl[2]
    assert game.auction.notes == {1: "opening pts", 2: "blackwood"}
    assert [(a.index, a.note) for a in game.auction.annotations] == [(1, 1), (7, 2)]
    claimed = acbl[3]  # a claim: trick 12 stops after one card, then rows of "-" up to 13
    assert claimed.play.tricks[11:] == (("-", "DQ", "-", "-"), ("-", "-", "-", "-"))
    assert len(claimed.play.recorded) == 12 and not claimed.play.ended
    assert acbl[537].auction.notes == {1: "minörs"}  # the file's one ISO-8859-1 byte


# --- example2.pbn: RealBridge teams with DD tables ---------------------------------------------------


def test_example2(example2):
    assert len(example2) == 299
    assert sum(g.play is not None for g in example2) == 278
    assert sum(g.play is not None and g.play.ended for g in example2) == 214
    assert all(len(g.tables["OptimumResultTable"].rows) == 20 for g in example2)
    assert all(set(g.tables) == {"OptimumResultTable"} for g in example2)
    first = example2[0]
    assert first.tags["Table"] == "11" and first.tags["DoubleDummyTricks"] == "77667775576677566775"
    assert first.contract == "Pass" and first.auction.calls == ("Pass",) * 4
    assert first.tables["OptimumResultTable"].rows[:2] == (("N", "NT", "7"), ("N", "S", "7"))
    second = example2[1]
    assert second.auction.notes == {1: " 11-13,17-19 or clubs", 2: " 9-11, no 4cM"}
    assert second.play.tricks[-1] == ("-", "-", "H3", "-") and second.play.ended
    assert (second.contract, second.declarer, second.result, second.score_ns) == ("1NT", Seat.NORTH, 8, 120)


# --- broken inputs: a line number and the problem named ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('[Board "7"]\n[Deal "N:AKQ2.K54.A87.Q93 J85.QJ92.KQ3.J86 T976.A83.J54.AK2 43.T76.T962.T7543"]\n', 2,
         "board 7: 14 cards in West's hand, expected 13"),
        ('[Board "1"]\n[Auction "N"]\n1S Pass 9H\n', 3, "'9H' is not a call"),
        ('[Board "x"]\n', 1, 'game 1: \\[Board "x"\\] is not a board number'),
        ('[Board "1"]\n[Play "N"]\nSA SK SQ ZZ\n', 3, "'ZZ' is not a card"),
        ('[Event "a]\n', 1, "malformed tag"),
        ('hello\n[Event "a"]\n', 1, "'hello' is outside any section"),
        ('[ScoreTable "A;B"]\n1 2\n3\n', 3, r"\[ScoreTable\] row has 1 field, expected 2 \(A, B\)"),
        ('[Event "x"]\n{ never closed\n', 2, "never closed"),
        ('[Board "3"]\n[Dealer "Q"]\n', 2, 'board 3: \\[Dealer "Q"\\] is not N, E, S or W'),
        ('[Board "3"]\n[Declarer "S"]\n[Result "14"]\n', 3, "declarer's tricks, 0 to 13"),
        ('[Board "3"]\n[Contract "8NT"]\n', 2, "Pass or a contract"),
        ('[Board "3"]\n[Auction "Q"]\n', 2, "first caller must be N, E, S or W"),
        ('[Board "3"]\n[Play "N"]\nSA ^I SK\n', 3, "'\\^I' does not belong in the play"),
    ],
)  # fmt: skip
def test_broken_input_names_line_and_problem(text, line, message):
    with pytest.raises(PBNError, match=message) as info:
        pbn.parse(text, source="broken.pbn")
    assert info.value.line == line
    assert str(info.value).startswith(f"broken.pbn, line {line}: ")


def test_lenient_mode_keeps_going_and_collects_problems():
    text = '[Board "1"]\n[Dealer "Q"]\n\n[Board "2"]\n[Auction "N"]\n1S 9H Pass\n'
    games = pbn.parse(text, strict=False)
    assert [g.board for g in games] == [1, 2]
    assert [e.line for e in games[0].errors] == [2]
    assert games[1].auction.calls == ("1S", "Pass")
    assert [str(e) for e in games[1].errors] == ["line 6: '9H' is not a call"]


# --- syntax details of PBN 2.1 ---------------------------------------------------------------------------


def test_inheritance_hash_and_double_hash():
    text = (
        '[Event "##Club night"]\n[Site "Hall"]\n[Board "1"]\n\n'
        '[Site "#"]\n[Board "2"]\n\n'
        '[Board "3"]\n[Event "Second half"]\n\n'
        '[Board "4"]\n[Date "#"]\n'
    )
    games = pbn.parse(text)
    assert [g.tags.get("Event") for g in games] == ["Club night", "Club night", "Second half", "Second half"]
    assert [g.tags.get("Site") for g in games] == ["Hall", "Hall", None, None]
    assert games[3].tags["Date"] == ""  # "#" with nothing before it


def test_deal_inherited_with_a_warning():
    text = (
        '[Board "5"]\n[Deal "N:AKQ2.K54.A87.Q93 J85.QJ92.KQ3.J86 T976.A83.J54.AK2 43.T76.T962.T754"]\n\n'
        '[Board "#"]\n[Deal "#"]\n'
    )
    first, second = pbn.parse(text)
    assert second.board == 5 and second.deal == first.deal
    assert second.warnings == ("line 5: [Deal '#']: PBN §4.8 does not allow inheritance for Deal",)


def test_comments_escapes_and_annotations():
    text = (
        "% PBN 2.1\n"
        "; before the game\n"
        '[Event "The \\"Open\\" \\\\ Pairs"] ; after Event\n'
        '[Board "1"]\n[Dealer "W"]\n'
        "{ a comment\n\n over lines }\n"
        '[Auction "W"]\n'
        "1C! =1= Pass $5 ^I 1D ^S\n"
        "1H ?? AP\n"
        '[Note "1:could be short"]\n'
        '[Play "N"]\n'
        "SA ^R h10 S2 =1= -\n"
        "*\n"
        '[Note "1:count"]\n'
    )
    (game,) = pbn.parse(text)
    assert game.tags["Event"] == 'The "Open" \\ Pairs'
    assert [(c.text, c.brace, c.anchor) for c in game.comments] == [
        (" before the game", False, ""),
        (" after Event", False, "Event"),
        (" a comment\n\n over lines ", True, "Dealer"),
    ]
    auction = game.auction
    assert auction.calls == ("1C", "Pass", "1D", "^S", "1H", "AP")
    assert auction.annotations == (
        pbn.Annotation(0, note=1, suffix="!"),
        pbn.Annotation(1, nags=(5,)),
        pbn.Annotation(2, irregularity="I"),
        pbn.Annotation(4, suffix="??"),
    )
    assert auction.annotation(0).alert and not auction.annotation(4).alert
    assert auction.notes == {1: "could be short"}
    assert auction.made()[-4:] == (
        (Seat.WEST, "1H"),
        (Seat.NORTH, "Pass"),
        (Seat.EAST, "Pass"),
        (Seat.SOUTH, "Pass"),
    )
    play = game.play
    assert play.tricks == (("SA", "HT", "S2", "-"),) and play.ended
    assert play.annotations == (pbn.Annotation(1, irregularity="R"), pbn.Annotation(2, note=1))
    assert play.notes == {1: "count"}
    assert pbn.parse(pbn.write([game], export=False)) == [game]
    assert pbn.parse(pbn.write([game]))[0].comments == game.comments


def test_leading_dashes_in_an_auction_from_west():
    (game,) = pbn.parse('[Dealer "E"]\n[Auction "W"]\n- - 1S Pass\n2S AP\n')
    assert game.auction.made()[:2] == ((Seat.EAST, "1S"), (Seat.SOUTH, "Pass"))
    assert len(game.auction.made()) == 6  # 1S Pass 2S and AP's three passes


def test_tags_across_lines_and_several_on_a_line():
    (game,) = pbn.parse('[Event\n"Spread"] [Site "Here"]\n[Board "2"] [Dealer "E"]\n')
    assert game.tags == {"Event": "Spread", "Site": "Here", "Board": "2", "Dealer": "E"}


def test_table_rows_may_span_lines_and_quote_spaces_and_semicolons():
    (game,) = pbn.parse('[TotalScoreTable "Rank\\2R;Names\\20L"]\n1 "A; B" 2\n"C {D}"\n')
    assert game.tables["TotalScoreTable"].rows == (("1", "A; B"), ("2", "C {D}"))


def test_unknown_section_kept_raw():
    (game,) = pbn.parse('[Board "1"]\n[Custom "x"]\nsome data "with space"\n')
    assert game.sections == (pbn.Section("Custom", "x", ("some", "data", "with space")),)
    assert "Custom" not in game.tags


def test_bytes_with_bom_and_crlf():
    (game,) = pbn.parse('[Event "Caf\u00e9"]\r\n[Board "1"]\r\n'.encode("utf-8-sig"))
    assert game.tags == {"Event": "Café", "Board": "1"}
    (game,) = pbn.parse('[Event "Caf\u00e9"]\r\n'.encode("iso-8859-1"))
    assert game.tags == {"Event": "Café"}


# --- writer ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["test_set.pbn", "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn", "example2.pbn"]
)
def test_real_files_round_trip(name):
    games = pbn.parse_file(shared_path("data", "pbn", name))
    again = pbn.parse(pbn.write(games, export=False))
    assert again == games
    exported = pbn.parse(pbn.write(games))
    assert [g.deal for g in exported] == [g.deal for g in games]
    assert [g.tables for g in exported] == [g.tables for g in games]
    assert [g.play for g in exported] == [g.play for g in games]
    assert [g.auction for g in exported] == [g.auction for g in games]


def test_export_format_layout(test_set):
    text = pbn.write(test_set[:2])
    lines = text.split("\r\n")
    assert lines[:3] == [
        "% PBN 2.1",
        "% EXPORT",
        '[Event "Open /2 DN1 National Finale directe 21-22 - Séance 5"]',
    ]
    assert [line.split(" ")[0] for line in lines[2:17]] == [f"[{n}" for n in pbn.MANDATORY_TAGS]
    assert '\r\n 1 44  1   N-S 3383.0 55.94 "Cédric LORENZINI - Thomas BESSIS"' in text
    assert (
        '\r\n 9  1 24  8 3N   W  6 H7   "150"      - 40.0  2.0  95   5\r\n' not in text
    )  # only needed quotes
    assert "\r\n 9  1 24  8 3N   W  6 H7     150      - 40.0  2.0  95   5\r\n" in text
    assert "\n" not in text.replace("\r\n", "")


def test_build_a_hand_record():
    deal = pbn.parse('[Deal "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n')[
        0
    ].deal
    game = pbn.Game.build({"Board": "2", "Dealer": "E", "Vulnerable": "NS"}, deal=deal)
    assert game.tags["Deal"] == "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    assert pbn.parse(pbn.write([game]))[0].deal == deal
    with pytest.raises(PBNError, match="not N, E, S or W"):
        pbn.Game.build({"Board": "2", "Dealer": "Z"})
    with pytest.raises(PBNError, match="line break"):
        pbn.Game.build({"Event": "two\nlines"})
    with pytest.raises(PBNError, match="reads as inheritance"):
        pbn.Game.build({"Event": "#1"})
    with pytest.raises(PBNError, match="is a section"):
        pbn.Game.build({"Auction": "N"})
    with pytest.raises(PBNError, match="ends in 'Table'"):
        pbn.Game.build({}, tables=[pbn.Table.of("Scores", ["A"], [("1",)])])


def test_results_written_as_score_and_total_score_tables(tmp_path):
    scores = pbn.Table.of(
        "ScoreTable",
        ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Score_NS", "Score_EW", "MP_NS", "MP_EW"],
        [
            {"PairId_NS": 1, "PairId_EW": 12, "Contract": "4SX", "Declarer": "S", "Result": 8, "Score_EW": 300,
             "MP_NS": 0, "MP_EW": 4},
            {"PairId_NS": 2, "PairId_EW": 11, "Contract": "3NT", "Declarer": "N", "Result": 10, "Score_NS": 630,
             "MP_NS": 4, "MP_EW": 0},
        ],
    )  # fmt: skip
    totals = pbn.Table.of("TotalScoreTable", ["Rank", "PairId", "Names", "TotalPercentage"],
                          [(1, 2, "Anne Léger - Bob Smith", "61.50"), (2, 12, "Cy; Di", "38.50")])  # fmt: skip
    assert scores.spec == (
        "PairId_NS\\1R;PairId_EW\\2R;Contract\\3L;Declarer\\1L;Result\\2R;Score_NS\\3R;Score_EW\\3R;MP_NS\\1R;MP_EW\\1R"
    )
    game = pbn.Game.build({"Event": "Club pairs", "Board": "1", "Dealer": "N", "Vulnerable": "None"},
                          tables=[scores, totals])  # fmt: skip
    text = pbn.write([game])
    assert "\r\n1 12 4SX S  8   - 300 0 4\r\n2 11 3NT N 10 630   - 4 0\r\n" in text
    assert '\r\n1  2 "Anne Léger - Bob Smith" 61.50\r\n2 12 "Cy; Di"                 38.50\r\n' in text
    pbn.write_file(tmp_path / "out.pbn", [game])
    assert (tmp_path / "out.pbn").read_bytes().decode("iso-8859-1") == text
    (back,) = pbn.parse_file(tmp_path / "out.pbn")
    assert back.tables == {"ScoreTable": scores, "TotalScoreTable": totals}
    assert back.tables["TotalScoreTable"].records()[1] == {"Rank": "2", "PairId": "12", "Names": "Cy; Di",
                                                           "TotalPercentage": "38.50"}  # fmt: skip


def test_decode_byte_order_marks_and_line_by_line_fallback():
    assert pbn.decode('[Event "Zürich"]'.encode("utf-16")) == '[Event "Zürich"]'
    assert pbn.decode(b"\xef\xbb\xbf[Event]") == "[Event]"
    assert pbn.decode("é\n".encode() + "é\n".encode("iso-8859-1")) == "é\né\n"
    assert pbn.decode(b"\xef\xbb\xbfcaf\xe9") == "café"  # a UTF-8 BOM on Latin-1 text
    assert pbn.decode(b"\xff\xfe\x00\xd8") == "ÿþ\x00Ø"  # not UTF-16 after all
    both = "é".encode() + b"\xe9"  # a line of both is ISO-8859-1 as a whole
    assert pbn.decode(both + b"\ncaf\xe9\n\xc3\xa9") == "Ã©é\ncafé\né"


def _decoded_line_by_line(data: bytes) -> str:
    """decode's rule, plainly: each line UTF-8 if it can be, else ISO-8859-1 (after the byte order marks)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        with contextlib.suppress(UnicodeDecodeError):
            return data.decode("utf-16")
    lines = []
    for line in data.removeprefix(b"\xef\xbb\xbf").split(b"\n"):
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError:
            lines.append(line.decode("iso-8859-1"))
    return "\n".join(lines)


# Pieces that make lines of UTF-8, of ISO-8859-1, of both, of broken and truncated sequences, and BOMs.
_PIECES = (b"\n", b"\r\n", b"a", b"[", b" ", b"\xe9", b"\xc3\xa9", b"\xc3", b"\xa9", b"\xe2\x82\xac", b"\xe2\x82",
           b"\xf0\x9f\x82\xa1", b"\xed\xa0\x80", b"\xc0\xaf", b"\xff", b"\x80", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\x00")  # fmt: skip


@settings(max_examples=600, deadline=None)
@given(st.one_of(st.binary(max_size=64), st.lists(st.sampled_from(_PIECES), max_size=40).map(b"".join)))
def test_decode_is_line_by_line_utf8_else_latin1(data):
    assert pbn.decode(data) == _decoded_line_by_line(data)


def test_old_macintosh_line_ends_and_a_tag_after_a_comment_on_its_line():
    (game,) = pbn.parse('[Event "Mac"]\r[Board "4"]\r{ note\r ends }[Dealer "W"]\r[Play "N"]\rSA S2 S3 S4\r')
    assert game.tags == {"Event": "Mac", "Board": "4", "Dealer": "W"}
    assert game.comments == (pbn.Comment(" note\n ends ", True, "Board"),)
    assert game.play.tricks == (("SA", "S2", "S3", "S4"),) and tuple(game.play.trick_lines) == (6,)


def test_a_play_row_remembers_its_line_when_two_tricks_share_one():
    (game,) = pbn.parse('[Board "1"]\n[Play "N"]\nSA S2 S3 S4 HA H2\nH3 H4\nDA D2 D3 D4\n')
    assert game.play.tricks == (("SA", "S2", "S3", "S4"), ("HA", "H2", "H3", "H4"), ("DA", "D2", "D3", "D4"))
    assert tuple(game.play.trick_lines) == (3, 3, 5)  # not lines 3 to 5


def test_export_spells_values_as_the_standard_asks():
    text = (
        '[Board "3"]\n[Dealer "s"]\n[Vulnerable "Love"]\n'
        '[Deal "W:43.T76.T962.T754 2AKQ.K54.A87.Q93 J85.QJ92.KQ3.J86 T976.A83.J54.AK2"]\n'
        '[Declarer "n"]\n[Contract "4hx"]\n[Result "EW 3"]\n'
        '[Auction "W"]\n- 1H =1= Pass 4H\nX AP\n[Note "1:five"]\n'
    )
    (game,) = pbn.parse(text)
    (exported,) = pbn.parse(pbn.write([game]))
    assert {
        k: exported.tags[k] for k in ("Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result")
    } == {
        "Dealer": "S",
        "Vulnerable": "None",
        "Deal": "S:T976.A83.J54.AK2 43.T76.T962.T754 AKQ2.K54.A87.Q93 J85.QJ92.KQ3.J86",
        "Declarer": "N",
        "Contract": "4HX",
        "Result": "10",
    }
    assert exported.tags["Event"] == "?" and exported.deal == game.deal
    assert exported.auction.first is Seat.WEST  # the "-" leads up to North, who is not the dealer: kept
    assert exported.auction.calls == game.auction.calls
    (dealer_first,) = pbn.parse(pbn.write(pbn.parse(text.replace('"s"', '"N"'))))
    assert dealer_first.auction.first is Seat.NORTH and dealer_first.auction.calls[:2] == ("1H", "Pass")
    assert dealer_first.auction.annotations == (pbn.Annotation(0, note=1),)


def test_double_hash_on_a_section_tag_is_for_that_game_only():
    games = pbn.parse('[Board "1"]\n[Auction "##N"]\n1S AP\n[ScoreTable "##A;B"]\n1 2\n\n[Board "2"]\n')
    assert games[0].auction.first is Seat.NORTH and games[0].tables["ScoreTable"].names == ("A", "B")
    assert games[1].tags == {"Board": "2"} and games[1].auction is None and not games[1].tables


def test_column_specs():
    assert pbn.parse_columns("Rank\\3R;-Contract\\5L;Declarer\\1;Multiplicity") == (
        pbn.Column("Rank", "", 3, "R"),
        pbn.Column("Contract", "-", 5, "L"),
        pbn.Column("Declarer", "", 1, ""),
        pbn.Column("Multiplicity"),
    )
    assert (
        pbn.Table("ScoreTable", pbn.parse_columns("Rank\\3R;-Contract\\5L")).spec == "Rank\\3R;-Contract\\5L"
    )
    # PBN §5.2: the width and alignment follow the name's last backslash; a backslash without a width is the name's.
    assert pbn.parse_columns(" +Names\\51l ; Odd\\x ; Two\\2\\3R ;\\4") == (
        pbn.Column("Names", "+", 51, "L"),
        pbn.Column("Odd\\x"),
        pbn.Column("Two\\2", "", 3, "R"),
        pbn.Column("", "", 4, ""),
    )


def test_table_rows_read_at_once_end_at_a_blank_line_and_name_the_uneven_one():
    """A table's rows up to a tag, an escape line or a line of white space only are read in one go (PBN §5.2:
    the table ends there); a row that does not come out even is named by its own line, the last one too."""
    games = pbn.parse('[Board "1"]\n[ScoreTable "A;B"]\n1 "x"\n3 4\n  \n[Board "2"]\n', strict=False)
    assert games[0].tables["ScoreTable"].rows == (("1", "x"), ("3", "4")) and games[1].board == 2
    with pytest.raises(PBNError, match=r"line 4: \[ScoreTable\] row has 1 field, expected 2"):
        pbn.parse('[Board "1"]\n[ScoreTable "A;B"]\n1 2\n3\n[Dealer "N"]\n')


# --- visitors: what a caller is handed as a file streams by --------------------------------------------


def test_score_tables_visitor_hands_tags_and_tables_as_parse_reads_them(test_set):
    found = pbn.read(shared_path("data", "pbn", "test_set.pbn").read_bytes(), pbn.ScoreTables())
    assert [tags["Board"] for tags, _ in found] == [str(n) for n in range(1, 29)]
    assert [tables for _, tables in found] == [dict(g.tables) for g in test_set]
    assert found[0][0] == dict(test_set[0].tags)


def test_headers_visitor_skips_a_broken_deal_that_parse_refuses():
    text = '[Board "1"]\n[Deal "N:AKQ.JT9 x"]\n\n[Board "2"]\n[Dealer "E"]\n'
    assert pbn.read(text, pbn.Headers()) == [
        {"Board": "1", "Deal": "N:AKQ.JT9 x"},
        {"Board": "2", "Dealer": "E"},
    ]
    with pytest.raises(PBNError, match="line 2: board 1: deal 'N:AKQ.JT9 x' has 2 hands"):
        pbn.parse(text)


def test_a_visitor_sees_every_game_in_order_and_skips_those_it_declines(acbl):
    class EvenBoards(pbn.Visitor[list[int]]):
        def __init__(self) -> None:
            self.seen: list[int] = []
            self.boards: list[int] = []

        def headers(self, tags, tables, line) -> bool:
            self.seen.append(int(tags["Board"]))
            return int(tags["Board"]) % 2 == 0

        def game(self, game) -> None:
            self.boards.append(game.board)

        def result(self) -> list[int]:
            return self.boards

    visitor = EvenBoards()
    boards = pbn.read(
        shared_path("data", "pbn", "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn").read_bytes(), visitor
    )
    assert visitor.seen == [g.board for g in acbl]
    assert boards == [g.board for g in acbl if g.board % 2 == 0]


def test_tag_lines_as_export_files_write_them_read_as_any_other_way_of_writing_them():
    """Export-format tag lines take a fast path (split at their quotes); the same lines indented take the
    general one. Escapes, a table spec's backslashes and a value ending in a backslash read alike."""
    lines = [
        '[Event "Club \\\\ night"]',
        '[Site "say \\"hi\\""]',
        '[Annotator "C:\\dir"]',
        '[ScoreTable "Table\\2R;Score_NS\\6R"]',
        '1 "150"',
        '2 "-50"',
        '[Room "Open"]',
    ]
    plain = pbn.parse("\n".join(lines) + "\n")
    indented = pbn.parse("\n".join(" " + line for line in lines) + "\n")
    assert plain[0].tags == indented[0].tags == {
        "Event": "Club \\ night", "Site": 'say "hi"', "Annotator": "C:\\dir", "Room": "Open"
    }  # fmt: skip
    assert plain[0].tables == indented[0].tables
    assert plain[0].tables["ScoreTable"].spec == "Table\\2R;Score_NS\\6R"
    assert plain[0].tables["ScoreTable"].rows == (("1", "150"), ("2", "-50"))


def test_tag_kinds_on_the_fast_path_read_as_indented_lines_do():
    """plain_lines stores an identification tag, or a table's spec, without calling tag(); a name that ends in
    "Table" is a table only when rows follow, a tag named "Table" is a table number (§4.4.7), a second table of a
    game is ignored, and Auction, Play and Note always take tag()."""
    lines = [
        '[Board "7"]',
        '[Table "3"]',
        '[RoomTable "Open"]',
        '[MyTable "Seat;Pair"]',
        "N 1",
        "S 2",
        '[ScoreTable "Contract;Declarer;Result;Score_NS"]',
        '3NT N 9 "400"',
        '[ScoreTable "Contract"]',
        "4S",
        '[Note "1:two suits"]',
        '[Auction "N"]',
        "1NT =1= Pass Pass Pass",
        '[Room "Closed"]',
    ]
    plain = pbn.parse("\n".join(lines) + "\n", strict=False)
    indented = pbn.parse("\n".join(" " + line for line in lines) + "\n", strict=False)
    for (game,) in (plain, indented):
        assert game.tags == {"Board": "7", "Table": "3", "RoomTable": "Open", "Room": "Closed"}
        assert game.tables["MyTable"].records() == [{"Seat": "N", "Pair": "1"}, {"Seat": "S", "Pair": "2"}]
        assert game.tables["ScoreTable"].rows == (("3NT", "N", "9", "400"),)
        assert game.ignored == (pbn.Tag("ScoreTable", "Contract", 9),)
        assert game.auction.calls == ("1NT", "Pass", "Pass", "Pass")
        assert game.auction.notes == {1: "two suits"}
    assert plain[0].warnings == indented[0].warnings
    assert plain[0].tag_lines == indented[0].tag_lines
    assert plain[0].errors == indented[0].errors


def test_a_file_of_iso_8859_1_lines_only_is_read_in_one_decode():
    # No byte continues a UTF-8 character: every accented line is ISO-8859-1, as the standard's files are (§2.2).
    assert pbn.decode(b'[Event "S\xe9ance 5"]\n[Site "F\xe9d\xe9ration"]\r\n\xc3 \xff') == (
        '[Event "Séance 5"]\n[Site "Fédération"]\r\nÃ ÿ'
    )
    # One UTF-8 character anywhere and each line is decided on its own again.
    assert pbn.decode(b"S\xe9ance\n" + "Séance".encode()) == "Séance\nSéance"


# The same games as TABLES_READ_AT_ONCE, each table's tag with a comment after it on its line: the reader then reads
# the tag on its general path and each table's rows as a section's (Assembly.end_section), the rows taking as many
# lines as before.
TABLES_READ_AT_ONCE = [
    '[Board "1"]',
    '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
    "N  S  9",
    "S NT 10",
    '[ScoreTable "Contract;Declarer;Result;Score_NS;Names"]',
    '3NT N 9 "400" "Ann Bell"',
    '2S  S x"110" ""',
    "",
    '[Board "2"]',
    '[ScoreTable "Contract;Declarer;Result;Score_NS"]',
    "4S N 10 420",
    "4S N",
    '[Dealer "E"]',
    "",
    '[Board "3"]',
    '[ScoreTable "Contract;Score_NS"]',
    "1NT 90",
    "% a line for the program that wrote the file",
    "2NT 120",
    "; a comment between rows",
    "3NT 400",
    "",
    '[Board "4"]',
    '[MyTable ""]',
    "1 2",
    '[Table "3"]',
    "7 8",
    "",
]


def test_a_table_read_at_once_is_the_table_its_section_makes():
    """A table whose rows follow its tag and end at a tag or a blank line, filling whole rows, is made at once
    (_Reader.whole_table); anything else (an escape line or a comment among the rows, rows that do not come out
    even, data with no columns) is read as a section, as every table was before."""
    text = "\n".join(TABLES_READ_AT_ONCE) + "\n"
    at_once = pbn.parse(text, strict=False)
    commented = pbn.parse(text.replace('"]\n', '"] ; read as a section\n'), strict=False)
    first, second, third, fourth = at_once
    assert first.tables["OptimumResultTable"].rows == (("N", "S", "9"), ("S", "NT", "10"))
    assert first.tables["ScoreTable"].rows == (
        ("3NT", "N", "9", "400", "Ann Bell"),
        ("2S", "S", "x", "110", ""),
    )
    assert [str(e) for e in first.errors] == []
    assert [str(e) for e in second.errors] == ["line 12: [ScoreTable] row has 2 fields, expected 4 (Contract, "
                                                "Declarer, Result, Score_NS)"]  # fmt: skip
    assert second.tables["ScoreTable"].rows == (("4S", "N", "10", "420"),) and second.tags["Dealer"] == "E"
    assert third.tables["ScoreTable"].rows == (("1NT", "90"), ("2NT", "120"), ("3NT", "400"))
    assert [str(e) for e in fourth.errors] == ["line 24: [MyTable] has data but no columns"]
    assert fourth.sections == (pbn.Section("Table", "3", ("7", "8"), 26),)
    for made, read in zip(at_once, commented, strict=True):
        assert (made.tags, made.tag_lines, made.tables) == (read.tags, read.tag_lines, read.tables)
        assert (made.warnings, made.sections) == (read.warnings, read.sections)
        assert [(str(e), e.line) for e in made.errors] == [(str(e), e.line) for e in read.errors]
        assert [table.line for table in made.tables.values()] == [
            table.line for table in read.tables.values()
        ]
    assert [c.anchor for c in third.comments] == ["ScoreTable"]


@pytest.mark.parametrize("first", ["N", "E", "S", "W"])
def test_a_deal_reads_the_same_from_any_first_seat(first):
    hands = ["AKQ2.K54.A87.Q93", "J85.QJ92.KQ3.J86", "T976.A83.J54.AK2", "43.T76.T962.T754"]
    at = "NESW".index(first)
    deal = parse_deal(f"{first}:" + " ".join(hands[at:] + hands[:at]))
    assert deal.hands.masks == parse_deal("N:" + " ".join(hands)).hands.masks
    assert Card.parse("SA") in deal.hands[Seat.NORTH] and Card.parse("C4") in deal.hands[Seat.WEST]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("N:AKQ2.K54.A87.Q93 J85.QJ92.KQ3.J86 T976.A83.J54.AK2 43.T76.T962.T7543", "14 cards in West's hand"),
        ("E:AKQ2.K54.A87.Q93 J85.QJ92.KQ3.J86 T976.A83.J54.AK2 A3.T76.T962.T754", "SA is in both North's and East's"),
        ("N:AKQ2.K54.A87.Q93 - T976.A83.J54.AK2 43.T76.T962.T75", "12 cards in West's hand, expected 13"),
    ],
)  # fmt: skip
def test_a_deal_that_cannot_be_is_named_as_before(value, message):
    with pytest.raises(DealError, match=message):
        parse_deal(value)
