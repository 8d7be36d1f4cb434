"""The score sheet (games.formats.pbn.sheet): one visitor reads a PBN session for the import and the re-scorer."""

import pytest

from games.formats import pbn
from games.formats.pbn.sheet import ScoreSheet, partnerships
from scoring.methods.matchpoints import Artificial
from tests.shared import shared_path

SESSION = """[Event "Club pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[ScoreTable "PairId_NS\\\\3R;PairId_EW\\\\3R;Contract\\\\5L;Declarer\\\\1R;Result\\\\2R;Score_NS\\\\6R;Score_EW\\\\6R"]
  1   2 7NT   N 13   1520      -
  3   4 6NT   N 12    990      -
[TotalScoreTable "Rank\\\\2R;PairId\\\\2R;Direction\\\\3R;TotalScoreMP\\\\5R;Names\\\\20L"]
 1  1 N-S  1.0 "Ann Bell - Cy Dunn"
 1  2 E-W  1.0 "Ed Fry - Gil Hunt"
"""


def sheet_of(text: str):
    return pbn.read(text, ScoreSheet(), source="s.pbn")


def read_file(name: str):
    path = shared_path("data", "pbn", name)
    return pbn.read(path.read_bytes(), ScoreSheet(), source=name)


def test_the_rows_are_what_the_tables_records_say_read_once_per_table():
    sheet = read_file("test_set.pbn")
    games = pbn.parse_file(shared_path("data", "pbn", "test_set.pbn"))
    assert sheet.scored and [board.game for board in sheet.boards] == games
    for board in sheet.boards:
        records = board.game.tables["ScoreTable"].records()
        assert [(r.ns, r.ew, r.contract, r.declarer, r.lead, r.mp_ns, r.pct_ew) for r in board.rows] == [
            (x["PairId_NS"], x["PairId_EW"], x["Contract"], x["Declarer"], x["Lead"], x["MP_NS"], x["Percentage_EW"])
            for x in records
        ]  # fmt: skip
    assert board.rows[0].where == "board 28 ScoreTable row 1"
    assert sheet.boards[16].rows[-1].score == Artificial(40.0, 60.0)  # board 17: A- / A+
    assert len(sheet.pairs) == 44 and not sheet.two_winners
    assert {p.tie_to for p in sheet.pairs} == {"-", "12", "31"}  # SessionRankTie: the file has four sessions


def test_a_file_of_one_game_per_table_keeps_its_games():
    sheet = read_file("example2.pbn")
    assert not sheet.scored and not sheet.pairs
    assert all(board.rows is None for board in sheet.boards)
    game = sheet.boards[0].game
    ns, ew = partnerships(game)
    assert ns == " - ".join(sorted((game.tags["North"], game.tags["South"])))
    assert ew == " - ".join(sorted((game.tags["East"], game.tags["West"])))


def test_the_deal_dealer_and_vulnerability_and_two_winners():
    sheet = sheet_of(SESSION)
    assert sheet.boards[0].deal == (
        "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
        "N",
        "None",
    )
    assert [(r.ns, r.ew, r.score, r.tricks) for r in sheet.boards[0].rows] == [
        ("1", "2", 1520, 13),
        ("3", "4", 990, 12),
    ]
    assert sheet.two_winners  # a pair placed first in each direction


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("1520      -", "1520    N-S"), "board 1 ScoreTable row 1: score '1520'/'N-S' is neither"),
        (("7NT   N 13", "7NT   N 14"), "board 1 ScoreTable row 1: 14 tricks is not 0 to 13"),
        (("  3   4 6NT", "  1   4 6NT"), "row 2: pair 1 already has a line on board board 1"),
        (("PairId_EW", "Pair_EW"), "board 1 ScoreTable row 1: no PairId_NS and PairId_EW columns"),
        (("Rank\\\\2R;PairId", "Rank\\\\2R;Pair"), "TotalScoreTable row 1: no PairId column"),
        # with no ScoreTable the file is one game per table, but its TotalScoreTable is still the pairs'
        (("[ScoreTable", "[ScoreTablx"), None),
    ],
)
def test_a_row_that_is_not_a_result_is_named(change, message):
    text = SESSION.replace(*change)
    if message is None:
        text = text.replace("Rank\\\\2R;PairId", "Rank\\\\2R;Pair")
        message = "TotalScoreTable row 1: no PairId column"
    with pytest.raises(ValueError, match=message):
        sheet_of(text)


def test_a_pbn_error_later_in_the_file_comes_before_a_bad_row():
    """As when every game is read first: the tables are read at the end of the file."""
    text = SESSION.replace("1520      -", "1520    N-S") + '\n[Board "2"]\n[Deal "N:AKQ"]\n'
    with pytest.raises(pbn.PBNError, match="line 14"):
        sheet_of(text)
