"""Real archives read as their writers meant (issue 16): a vugraph second table written without its Deal, and an
unfinished last trick written in the order played rather than under the seats' columns."""

from games.engine.bridge import ColumnPlay, replay, rules
from games.engine.report import IrregularityKind as K
from tests.unit.engine.bridge.test_replay import AUCTION, DEAL, ROWS

DUP = rules("duplicate-2017")


def _replay(deal, rows, **kw):
    args = dict(contract="6NT", declarer="E", recorded_result=10) | kw
    return replay(DUP, deal, AUCTION, ColumnPlay.of("S", rows), **args)


def test_a_table_without_its_deal_says_so_and_flags_only_what_the_play_proves():
    report = _replay(None, ROWS)
    assert report.irregularities == () and report.extra == {"notes": ["no deal: holdings not checked"]}
    # West shows out of clubs at trick 1 (S5 for the CA... here: the C9 swapped with trick 7's S5) and plays a club
    # later: the play alone proves the revoke. A card no hand could be seen to hold is never guessed at.
    rows = [list(r) for r in ROWS]
    rows[0][1], rows[6][1] = rows[6][1], rows[0][1]
    report = _replay(None, rows)
    revokes = [(i.kind, i.trick, i.seat) for i in report.irregularities if i.kind is K.REVOKE]
    assert revokes == [(K.REVOKE, 1, "W")]
    assert all(i.kind is not K.CARD_NOT_HELD for i in report.irregularities)


def test_an_unfinished_last_trick_in_play_order_is_read_so_and_noted():
    # After 12 tricks East leads the H4 to the 13th ("HQ HK SK H4" under S W N E): written as the cards fell,
    # "H4 HQ - -" puts the H4 under South, who does not hold it; read in play order it is East's H4 and South's HQ.
    rows = [*ROWS[:12], ["H4", "HQ", "-", "-"]]
    report = _replay(DEAL, rows, recorded_result=10)
    assert report.irregularities == ()
    assert report.extra == {
        "notes": ["trick 13 is written in the order played, not under the seats' columns: read so"]
    }
    # Written under the columns it is read as written, with no note.
    report = _replay(DEAL, [*ROWS[:12], ["HQ", "-", "-", "H4"]], recorded_result=10)
    assert (report.irregularities, report.extra) == ((), {})


def test_a_last_trick_wrong_in_either_reading_is_reported():
    rows = [*ROWS[:12], ["H4", "SK", "-", "-"]]  # East's H4, then South's SK, which West holds
    report = _replay(DEAL, rows, recorded_result=10)
    assert [i.kind for i in report.irregularities][:1] == [K.CARD_NOT_HELD]
    assert "notes" not in report.extra
