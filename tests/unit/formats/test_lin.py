"""BBO LIN with play: ../shared/data/lin/example1.lin (endplay's test file, a BBO "My Hands" export; formats.md,
"lin/") read as PBN games the replay auditor checks, and written back byte for byte as endplay's test requires."""

import io
import json

import pytest
from django.core.management import call_command
from endplay.parsers import lin as endplay_lin

from games.engine.bridge import rules
from games.engine.cards import Seat, Vulnerability
from games.formats import lin, pbn
from games.formats.pbn.audit import replay_games
from tests.shared import shared_path


@pytest.fixture(scope="module")
def example1():
    path = shared_path("data", "lin", "example1.lin")
    return path, path.read_bytes()


def test_example1_round_trips_byte_for_byte(example1):
    path, data = example1
    parsed = lin.parse_file(path)
    assert lin.write(parsed) == data
    assert lin.write(parsed).decode().splitlines() == data.decode().splitlines()  # endplay: line by line too
    assert len(parsed.lines) == 8 and parsed.newline == "\n" and parsed.final_newline


def test_example1_reads_boards_players_alerts_and_claims(example1):
    path, _ = example1
    games = lin.games(lin.parse_file(path))
    assert [(g.board, g.dealer, g.vulnerable) for g in games] == [
        (1, Seat.NORTH, Vulnerability.NONE),
        (2, Seat.EAST, Vulnerability.NS),
        (3, Seat.SOUTH, Vulnerability.EW),
        (4, Seat.WEST, Vulnerability.BOTH),
        (5, Seat.NORTH, Vulnerability.NS),
        (6, Seat.EAST, Vulnerability.EW),
        (7, Seat.SOUTH, Vulnerability.BOTH),
        (8, Seat.WEST, Vulnerability.NONE),
    ]  # fmt: skip  (formats.md's table of example1's boards)
    first = games[0]
    assert first.tags["South"] == "domtp" and first.tags["West"] == "~~M25054gn"  # pn: S, W, N, E
    # md|3SKH4579QKAD69C58K,...: North deals; South's hand written low to high.
    assert first.deal.to_pbn(Seat.SOUTH).startswith("S:K.AKQ9754.96.K85 ")
    auction = first.auction
    assert auction.first is Seat.NORTH
    assert auction.calls == ("Pass", "Pass", "1H", "2H", "Pass", "4S", "5H", "Pass", "Pass", "Pass")
    assert auction.annotation(3).alert  # mb|2H!|: Michaels, alerted
    assert auction.notes[auction.annotation(3).note] == "Michaels -- 5+ !S; 9+ total points; forcing "
    assert not auction.annotation(2).alert and auction.notes[auction.annotation(2).note].startswith(
        "Major suit"
    )
    assert first.play.first is Seat.WEST and first.play.tricks[0] == (
        "C9",
        "C3",
        "C2",
        "CK",
    )  # W N E S columns
    assert [g.result for g in games] == [None, None, 9, None, None, None, 11, None]  # mc|9| and mc|11|
    assert all(not g.errors for g in games)


def test_example1_as_hand_records(example1):
    _, data = example1
    records = lin.read_lin(data)
    games = lin.games(lin.parse(data))
    assert [(r.board, r.dealer, r.vulnerability, r.deal) for r in records] == [
        (g.board, g.dealer, g.vulnerable, g.deal) for g in games
    ]
    assert len(records) == 8


def test_the_games_are_the_values_the_pbn_reader_gives(example1):
    path, _ = example1
    games = lin.games(lin.parse_file(path))
    assert pbn.parse(pbn.write(games, export=False)) == games


# formats.md's derived facts for example1 (contract and declarer's tricks), re-derived by our replay.
EXPECTED = [
    ("1", "5H", "S", 12, True), ("2", "2S", "W", 10, True), ("3", "2H", "S", 9, False), ("4", "4H", "S", 10, True),
    ("5", "3NT", "S", 10, True), ("6", "3H", "S", 9, True), ("7", "4S", "S", 11, False), ("8", "3NT", "S", 8, True),
]  # fmt: skip


def test_example1_replays_clean(example1):
    path, _ = example1
    report = replay_games(lin.games(lin.parse_file(path)), rules("duplicate-2017")).to_json()
    found = [
        (g["board"], g["contract"], g["declarer"], g["tricks_computed"], g["complete"])
        for g in report["games"]
    ]
    assert found == EXPECTED
    assert [g["tricks_recorded"] for g in report["games"]] == [None, None, 9, None, None, None, 11, None]
    assert report["summary"] == {"games": 8, "with_play": 8, "irregular": 0}
    assert [g["score"] for g in report["games"]] == [480, -170, 140, 620, 630, 140, 650, -50]


def test_manage_py_replay_reads_lin(example1):
    path, _ = example1
    out = io.StringIO()
    call_command("replay", str(path), "--format", "json", stdout=out)
    report = json.loads(out.getvalue())
    assert [(g["board"], g["contract"], g["tricks_computed"]) for g in report["games"]] == [
        (b, c, t) for b, c, _, t, _ in EXPECTED
    ]


def test_a_wrong_claim_is_an_irregularity(example1):
    # Board 3's declarer claims 9 after 11 tricks; claiming 13 is more than the cards allow.
    path, data = example1
    changed = data.replace(b"|mc|9|", b"|mc|13|")
    report = replay_games(lin.games(lin.parse(changed)), rules("duplicate-2017")).to_json()
    found = report["games"][2]["irregularities"]
    assert [(i["kind"], i["law"]) for i in found] == [("impossible_claim", "70"), ("result_mismatch", "79")]
    assert found[0]["message"] == (
        "declarer (S) is credited with 13 tricks after winning 7 of the first 11; only 7 to 9 are possible"
    )


def test_a_card_not_in_a_hand_is_a_malformed_record_and_the_other_boards_replay(example1):
    path, data = example1
    changed = data.replace(b"|md|3SKH4579QKAD69C58K,", b"|md|3SKH4579QKAD69C58KK,", 1)
    report = replay_games(lin.games(lin.parse(changed)), rules("duplicate-2017")).to_json()
    assert report["games"][0]["irregularities"][0]["kind"] == "malformed_record"
    assert (
        "board 1: CK is dealt twice: twice in South's hand"
        in report["games"][0]["irregularities"][0]["message"]
    )
    assert [g["irregularities"] for g in report["games"][1:]] == [[]] * 7


def test_lin_keeps_a_line_without_a_closing_bar():
    text = "pn|a,b,c,d|st||md|1SAKQJT98765432H,SH,SH,|mb|p"
    assert lin.write(lin.parse(text)) == text.encode()


def endplay_boards(data: bytes):
    """The boards as endplay's LIN reader (BBO's one board a line) reads them."""
    return endplay_lin.load(io.StringIO(data.decode("utf-8")))


def played(board) -> tuple:
    return (board.board_num, board.dealer, board.vul, board.deal.to_pbn(), [str(c) for c in board.auction],
            [c.announcement for c in board.auction], [str(c) for c in board.play], str(board.contract), board.claimed)  # fmt: skip


def test_example1_written_a_board_a_line_reads_in_endplay_as_bbo_wrote_it(example1):
    path, data = example1
    written = lin.write_hands(lin.games(lin.parse_file(path)))
    assert written.startswith(b"pn|domtp,~~M25054gn,~~M2509087,~~M25116nn|st||md|3SKHAKQ9754D96CK85,")
    assert [played(b) for b in endplay_boards(written)] == [played(b) for b in endplay_boards(data)]
    assert lin.games(lin.parse(written)) == lin.games(lin.parse_file(path))


# Board 1 bid to 4H by South, four tricks played (South wins the third and leads the fourth), then a claim.
PLAYED = """[Board "1"]
[West "Ann Lee"]
[North "Bo, Jr"]
[East "Cy"]
[South "Di"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:74.T8.K842.AQ743 JT832.J62.73.JT2 K.AKQ9754.96.K85 AQ965.3.AQJT5.96"]
[Declarer "S"]
[Contract "4H"]
[Result "10"]
[Auction "N"]
1C ! =1= Pass 1H Pass
4H Pass Pass Pass
[Note "1:may be short"]
[Play "W"]
SA S4 S2 SK
DA D2 D3 D6
H3 H8 H2 HA
C6 C3 C2 CK
*
"""


def test_a_played_board_reads_in_endplay_with_its_deal_auction_play_and_result():
    (game,) = pbn.parse(PLAYED)
    written = lin.write_hands([game])
    assert written == (
        b"pn|Di,Ann Lee,Bo Jr,Cy|st||md|3SKHAKQ9754D96CK85,SAQ965H3DAQJT5C96,S74HT8DK842CAQ743,SJT832HJ62D73CJT2|"
        b"sv|o|ah|Board 1|mb|1C!|an|may be short|mb|p|mb|1H|mb|p|mb|4H|mb|p|mb|p|mb|p|pg||"
        b"pc|SA|pc|S4|pc|S2|pc|SK|pg||pc|DA|pc|D2|pc|D3|pc|D6|pg||pc|H3|pc|H8|pc|H2|pc|HA|pg||"
        b"pc|CK|pc|C6|pc|C3|pc|C2|pg||mc|10|\r\n"
    )
    (board,) = endplay_boards(written)
    assert board.deal.to_pbn() == game.deal.to_pbn()
    assert (board.board_num, board.info.south, board.info.west, board.info.north) == (
        1,
        "Di",
        "Ann Lee",
        "Bo Jr",
    )
    assert [str(c) for c in board.auction] == [
        "1♣!*",
        "P",
        "1♥",
        "P",
        "4♥",
        "P",
        "P",
        "P",
    ]  # ! alerted, * explained
    assert board.auction[0].alertable and board.auction[0].announcement == "may be short"
    assert [str(c) for c in board.play][12:] == ["♣K", "♣6", "♣3", "♣2"]  # South, having won trick 3, leads
    assert board.claimed and str(board.contract) == "4♥S=" and board.contract.result == 0


def test_all_pass_is_written_as_the_passes_that_end_the_auction():
    (game,) = pbn.parse(PLAYED.replace("4H Pass Pass Pass", "4H AP"))
    (board,) = endplay_boards(lin.write_hands([game]))
    assert [str(c) for c in board.auction] == ["1♣!*", "P", "1♥", "P", "4♥", "P", "P", "P"]
