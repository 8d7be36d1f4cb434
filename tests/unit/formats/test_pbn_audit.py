"""The ScoreTable audit (games.formats.pbn.audit.score_table): each row's score against its contract, declarer and
result, every wrong row named in order even when its fields were seen on an earlier row or board."""

from games.engine.bridge import rules
from games.engine.bridge.calls import Contract
from games.engine.bridge.scoring import contract_score, score_deal
from games.engine.cards import Seat, Vulnerability
from games.formats import pbn
from games.formats.pbn.audit import _Seen, replay_games, score_table

BOARDS = """[Board "1"]
[ScoreTable "Table\\\\2R;Contract\\\\4L;Declarer\\\\1R;Result\\\\2R;Score_NS\\\\6R;Score_EW\\\\6R"]
 1 3NT  N  9  400   -
 2 3NT  S  9  400   -
 3 3NT  N  9  430   -
 4 4SX  E  8  100   -
 5 4SX  W  8    -  100
 6 9Z   N  9  400   -
 7 3NT  N 14  400   -
 8 3NT  Q  9  400   -
 9 3NT  N  ^9 400   -
10 Pass -  -    0   -
11 Pass -  -   50   -
12 3NT  N  9  A60   -
13 -    -  -  400   -
14 3NT  N  9  430   -

[Board "2"]
[ScoreTable "Contract\\\\4L;Declarer\\\\1R;Result\\\\2R;Score_EW\\\\6R"]
3NT  N  9 -400
3NT  N  9 -430
"""


def _found(rule_set: str) -> list[tuple[str, str, str | None, str | None]]:
    seen = _Seen()  # one file: the second board's rows are checked with what the first one's showed
    return [
        (i.kind.value, i.message, i.seat, i.law)
        for game in pbn.parse(BOARDS)
        for i in score_table(game.tables["ScoreTable"], Vulnerability.NONE, rules(rule_set), seen)
    ]


def test_wrong_and_unreadable_rows_are_named_in_order_each_time_they_occur():
    mismatch = "scores North-South +400, the row says"
    assert _found("duplicate-2017") == [
        ("score_mismatch", f"ScoreTable row 3 (table 3): 3NT by N with 9 tricks {mismatch} +430", "N", "77"),
        ("score_mismatch", "ScoreTable row 4 (table 4): 4SX by E with 8 tricks scores North-South +300, the row says +100",
         "E", "77"),
        ("score_mismatch", "ScoreTable row 5 (table 5): 4SX by W with 8 tricks scores North-South +300, the row says -100",
         "W", "77"),
        ("malformed_record", "ScoreTable row 6 (table 6): '9Z' is not a contract (as in 4SX, 3NT or Pass)", None, None),
        ("malformed_record", "ScoreTable row 7 (table 7): 14 tricks is not 0 to 13", None, None),
        ("malformed_record", "ScoreTable row 8 (table 8): 'Q' is not a seat (N, E, S or W)", None, None),
        ("malformed_record", "ScoreTable row 9 (table 9): invalid literal for int() with base 10: '^9'", None, None),
        ("score_mismatch", "ScoreTable row 11 (table 11): Pass scores North-South +0, the row says +50", None, "77"),
        ("score_mismatch", f"ScoreTable row 14 (table 14): 3NT by N with 9 tricks {mismatch} +430", "N", "77"),
        ("score_mismatch", f"ScoreTable row 2: 3NT by N with 9 tricks {mismatch} +430", "N", "77"),
    ]  # fmt: skip


def test_rows_right_under_one_rule_set_are_checked_again_under_another():
    found = _found("contract-1935")  # no part-score or game bonus on a deal of a rubber
    assert [message.split(":")[0] for _, message, _, _ in found if "North-South +100," in message] == [
        "ScoreTable row 1 (table 1)", "ScoreTable row 2 (table 2)", "ScoreTable row 3 (table 3)",
        "ScoreTable row 14 (table 14)", "ScoreTable row 1", "ScoreTable row 2",
    ]  # fmt: skip


def test_contract_score_is_either_declarers_net_score():
    for name in ("duplicate-2017", "contract-1935", "auction-1926", "progressive-contract"):
        rule_set = rules(name)
        for text in ("1C", "3NT", "4SX", "6HXX", "7NT"):
            contract = Contract.parse(text)
            assert contract is not None
            for tricks in range(14):
                for vulnerable in (False, True):
                    for seat in (Seat.NORTH, Seat.WEST):
                        declared = Contract(contract.level, contract.denomination, contract.penalty, seat)
                        net = score_deal(rule_set, declared, tricks, vulnerable).net(seat.side)
                        assert contract_score(rule_set, contract, tricks, vulnerable) == net


def test_a_files_tables_checked_up_front_name_what_each_table_checked_alone_names():
    """replay_games checks every ScoreTable of a file at once (check_score_tables), then walks only the tables of a
    group with a wrong row; each board's rows are named as score_table names them, board by board, under the
    board's own vulnerability (boards 2 and 5: North-South vulnerable; board 3: East-West)."""
    again = BOARDS.replace('[Board "1"]', '[Board "3"]').replace('[Board "2"]', '[Board "5"]')
    games = pbn.parse(BOARDS + "\n" + again)
    vulnerabilities = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.NS)
    found = {}
    for name in ("duplicate-2017", "auction-1926"):
        seen = _Seen()
        found[name] = [
            [
                (i.kind.value, i.message)
                for i in score_table(game.tables["ScoreTable"], vul, rules(name), seen)
            ]
            for game, vul in zip(games, vulnerabilities, strict=True)
        ]
        report = replay_games(games, rules(name))
        assert [[(i.kind.value, i.message) for i in game.irregularities] for game in report.games] == found[
            name
        ]
    assert found["duplicate-2017"][1] == found["duplicate-2017"][3] == [
        ("score_mismatch", "ScoreTable row 1: 3NT by N with 9 tricks scores North-South +600, the row says +400"),
        ("score_mismatch", "ScoreTable row 2: 3NT by N with 9 tricks scores North-South +600, the row says +430"),
    ]  # fmt: skip
