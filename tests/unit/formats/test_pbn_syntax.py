"""The PBN reader on hand-made text: broken input named by line, inheritance (# and ##), comments, escapes and
annotations, tags and table rows however they are laid out, byte order marks, line ends and the line-by-line
decoding, the tables read at once, and deals from any first seat."""

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import Card, DealError, Seat
from games.formats import pbn
from games.formats.pbn import PBNError
from games.formats.pbn.game import parse_deal


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


def test_headers_visitor_skips_a_broken_deal_that_parse_refuses():
    text = '[Board "1"]\n[Deal "N:AKQ.JT9 x"]\n\n[Board "2"]\n[Dealer "E"]\n'
    assert pbn.read(text, pbn.Headers()) == [
        {"Board": "1", "Deal": "N:AKQ.JT9 x"},
        {"Board": "2", "Dealer": "E"},
    ]
    with pytest.raises(PBNError, match="line 2: board 1: deal 'N:AKQ.JT9 x' has 2 hands"):
        pbn.parse(text)


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
