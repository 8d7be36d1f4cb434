"""Duplicate auction bridge as an event (Hoyle 1940, 001_d7ba09a064da292c.txt L5336–5344): "the trick and honor
scores are added together, and put down in a lump sum. If 30 or more trick points are made on one deal, 125 points
are added for a game won ... the difference only is recorded"."""

import pytest

from games.engine.bridge import Contract, DealScore, Denomination, claimed_honors, event_score, rules
from games.engine.cards import Deal, Seat

A26 = rules("auction-1926")
C35 = rules("contract-1935")
DUP = rules("duplicate-2017")

# N-S hold the ace, king and queen of spades and two aces (hearts, spades); E-W the other two aces.
DEAL = Deal.from_pbn("N:AKQ5432.A32.32.2 JT9.KQJ.KQJ.KQJ9 876.T987.T98.T87 .654.A7654.A6543")


def test_3nt_made_is_the_trick_points_and_the_game_125():
    """3 odd tricks at no-trumps are 30 trick points (Law 57): 30 + 125 = 155, not 30."""
    contract = Contract.parse("3NT", Seat.NORTH)
    assert event_score(A26, contract, 9, deal=DEAL).ns == 155
    assert event_score(A26, contract, 9).ns == 155


def test_4s_made_with_three_trump_honors_is_191():
    """4 odd tricks in spades 36, the game 125 and simple honors 30 (Law 59) in one sum: 191."""
    contract = Contract.parse("4S", Seat.NORTH)
    assert event_score(A26, contract, 10, deal=DEAL).ns == 191
    assert (
        event_score(A26, contract, 10, claimed=claimed_honors(A26, Denomination.SPADES, "N-S 30")).ns == 191
    )
    assert event_score(A26, contract, 10).ns == 161, "no deal and no claim: no honors"


def test_short_of_30_trick_points_no_game_and_the_difference_only():
    """2S made is 18 trick points: no 125. Honors held by the other side: the difference only (L5341–5342)."""
    contract = Contract.parse("2S", Seat.EAST)
    score = event_score(A26, contract, 8, deal=DEAL)
    assert (score.below_ew, score.above_ns) == (18, 30)
    assert score.ns == 30 - 18


def test_the_defenders_game_is_not_theirs():
    """Undertricks are above the line (Law 58): a defeated contract gives no 125."""
    contract = Contract.parse("4S", Seat.EAST)
    assert event_score(A26, contract, 8).ns == 100


def test_claimed_honors_must_be_a_holding_of_the_rule_set():
    assert claimed_honors(A26, Denomination.HEARTS, "EW 90") == DealScore(above_ew=90)
    assert claimed_honors(A26, Denomination.NOTRUMP, "") == DealScore()
    with pytest.raises(ValueError, match="honors of 90 are not held at NT under auction-1926"):
        claimed_honors(A26, Denomination.NOTRUMP, "N-S 90")
    with pytest.raises(ValueError, match="honors do not count under duplicate-2017"):
        claimed_honors(DUP, Denomination.SPADES, "N-S 100")
    with pytest.raises(ValueError, match="not a side and points"):
        claimed_honors(C35, Denomination.SPADES, "north 100")
    assert claimed_honors(C35, Denomination.SPADES, "N-S 150") == DealScore(above_ns=150)
