"""Real archives read as their writers meant (issue 16): a vugraph second table written without its Deal, and an
unfinished last trick written in the order played rather than under the seats' columns."""

from games.engine.bridge import ColumnPlay, replay, rules
from games.engine.report import IrregularityKind as K
from tests.unit.engine.bridge.speedball import AUCTION, DEAL, ROWS, revoked_rows

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


# ROWS with tricks 2, 5, 7 and 10 written as a vugraph converter writes them, the leader's card first (East led the
# D6 to trick 2, West the D5 to trick 5, East the DJ to trick 7 and the HT to trick 10), the rest under the columns.
MIXED = {1: "D6 D3 DA D2", 4: "D5 D4 DK D8", 6: "DJ C7 S5 DT", 9: "HT H8 H5 HJ"}
MIXED_NOTE = "tricks 2, 5, 7 and 10 are written in the order played, not under the seats' columns: read so"


def _mixed(rows):
    return [MIXED[t].split() if t in MIXED else list(row) for t, row in enumerate(rows)]


def test_a_record_of_mixed_trick_orders_is_read_without_a_false_irregularity():
    # Read under the columns, trick 2 would have South play the D6 and West the D3, which East and South hold.
    report = _replay(DEAL, _mixed(ROWS))
    assert (report.irregularities, report.tricks_computed) == ((), 10)
    assert report.extra == {"notes": [MIXED_NOTE]}
    assert _replay(DEAL, ROWS).extra == {}


def test_a_real_revoke_is_still_caught_in_a_mixed_record():
    # North plays the DT to trick 1 (clubs led) while holding clubs, and his CT to trick 7: the columns give every
    # card of trick 1 to its holder, so it is read so, and the revoke is North's.
    rows = _mixed(revoked_rows())
    rows[6] = ["DJ", "C7", "S5", "CT"]
    report = _replay(DEAL, rows)
    assert [(i.kind, i.trick, i.seat, i.card) for i in report.irregularities] == [(K.REVOKE, 1, "N", "DT")]
    assert report.extra["notes"] == [MIXED_NOTE]
