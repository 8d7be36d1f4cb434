"""The PBN reader and writer against the real files in ../shared/data/pbn/: what each file holds, round trips,
export and the visitors (hand-made text: test_pbn_syntax)."""

import pytest

from games.engine.cards import Card, Seat, Vulnerability
from games.formats import pbn
from games.formats.pbn import PBNError
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


# --- syntax details of PBN 2.1 ---------------------------------------------------------------------------


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


# --- visitors: what a caller is handed as a file streams by --------------------------------------------


def test_score_tables_visitor_hands_tags_and_tables_as_parse_reads_them(test_set):
    found = pbn.read(shared_path("data", "pbn", "test_set.pbn").read_bytes(), pbn.ScoreTables())
    assert [tags["Board"] for tags, _ in found] == [str(n) for n in range(1, 29)]
    assert [tables for _, tables in found] == [dict(g.tables) for g in test_set]
    assert found[0][0] == dict(test_set[0].tags)


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
