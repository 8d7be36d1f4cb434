"""Where a board's matchpoints went (scoring.methods.verdicts), on figures worked by hand.

Each board's matchpoints are counted as Law 78A does on the EBU scale (2 per result beaten, 1 per tie; top
2(n−1)) against the other results given, then the steps par → contract played double dummy → after the lead →
tricks taken are subtracted."""

from games.engine.bridge.calls import Contract
from games.engine.bridge.scoring import rules
from games.engine.cards import Seat, Side
from scoring.methods.matchpoints import Scale
from scoring.methods.verdicts import Board, Verdict, gained, lost, scale_of, session_said, signed, verdict

DUPLICATE = rules("duplicate-2017")


def test_a_gift_lead_and_a_trick_given_back_in_the_play():
    # 4S by South, none vulnerable, par N-S +420; the field: 420, 420, 450, 170, −50 (six results, top 10).
    # Par and the contract double dummy (10 tricks, +420): beats 170 and −50 (4), ties two (2) = 6.
    # After the lead declarer could take 11 (+450): beats four (8), ties one (1) = 9: the lead gave +3.
    # Declarer took 10 (+420) = 6: the play gave back 3.
    board = Board(Contract.parse("4S", Seat.SOUTH), False, 10, 10, 11, 420, (420, 420, 450, 170, -50))
    assert verdict(board, Side.NS, DUPLICATE, Scale.EBU) == Verdict(0, 3, -3)
    assert verdict(board, Side.NS, DUPLICATE, Scale.EBU).said == "lead +3, play −3"


def test_defenders_gain_in_the_bidding_and_lose_on_the_lead():
    # 3NT by North, none vulnerable, par N-S +420 (4S); the field: 420, 420, 400, 450 (five results, top 8); E-W.
    # Par +420 for N-S: beats 400 (2), ties two (2) = 4, so E-W 4. 3NT double dummy, 9 tricks (+400): N-S 1,
    # E-W 7: bidding +3. After the lead 10 tricks (+430): N-S beat three (6), E-W 2: the lead −5. Taken 10: 0.
    board = Board(Contract.parse("3NT", Seat.NORTH), False, 10, 9, 10, 420, (420, 420, 400, 450))
    assert verdict(board, Side.EW, DUPLICATE, Scale.EBU) == Verdict(3, -5, 0)


def test_a_passed_out_board_loses_only_in_the_bidding():
    # Passed out (0), par N-S +110; the field: 110, 140, −50 (four results, top 6). Par beats −50 and ties 110
    # (3); the pass-out beats −50 only (2): bidding −1.
    board = Board(None, False, 0, 0, None, 110, (110, 140, -50))
    assert verdict(board, Side.NS, DUPLICATE, Scale.EBU) == Verdict(-1, 0, 0)


def test_a_doubled_sacrifice_on_the_acbl_scale():
    # 4HX by East, E-W vulnerable, par E-W +620 (4H=); the field (N-S): −620, −620, −650, +100 (top 4 at 1 per
    # result beaten, ½ per tie). Par −620 for N-S beats −650 and ties two: 1 + ½·2 = 2, E-W 2. 4HX double dummy
    # makes 10 (−790 for N-S, beats nothing): E-W 4, bidding +2. No lead known: lead 0. E-W took 8, two down
    # doubled vulnerable (N-S +500, beats all four): E-W 0, play −4.
    board = Board(Contract.parse("4HX", Seat.EAST), True, 8, 10, None, -620, (-620, -620, -650, 100))
    assert verdict(board, Side.EW, DUPLICATE, Scale.ACBL) == Verdict(2, 0, -4)


def test_the_session_sums_losses_and_gains_apart():
    boards = [Verdict(0, 3, -3), Verdict(3, -5, 0), Verdict(-1, 0, 0.5)]
    assert session_said(boards) == "bidding −1 MPs, lead −5, play −3"
    assert (lost(boards), gained(boards)) == (Verdict(-1, -5, -3), Verdict(3, 3, 0.5))
    assert signed(0.0) == "0" and signed(-1.25) == "−1.25"


def test_only_matchpointed_methods_have_a_verdict():
    assert scale_of("mp") is Scale.EBU and scale_of("mp-acbl") is Scale.ACBL
    assert scale_of("vp") is None and scale_of("butler") is None and scale_of("progressive") is None
