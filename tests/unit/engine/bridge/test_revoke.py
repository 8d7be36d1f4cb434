"""Tricks transferred for revokes: Law 64 (2017), the 1935 contract laws and the 1926 auction laws."""

from games.engine.bridge import rules
from games.engine.bridge.revoke import revoke_transfer

DUP = rules("duplicate-2017")
C35 = rules("contract-1935")
A26 = rules("auction-1926")
N, E, S, W = range(4)
SPADES, HEARTS = 3, 2


def winners(*seats):
    """The seat winning each trick, from trick 1."""
    return list(seats)


# South declares; East (a defender) revokes at trick 3.
def test_law_64_offender_won_the_revoke_trick():
    tricks = winners(S, S, E, N, W, S, S, S, S, S, S, S, S)  # East wins trick 3; West wins trick 5 later
    assert revoke_transfer(DUP, [(3, E, SPADES)], tricks, S) == 2
    tricks = winners(S, S, E, N, N, S, S, S, S, S, S, S, S)  # no later trick for East-West
    assert revoke_transfer(DUP, [(3, E, SPADES)], tricks, S) == 1


def test_law_64_offender_did_not_win_the_revoke_trick():
    tricks = winners(S, S, W, N, N, S, S, S, S, S, S, S, S)  # partner West won it
    assert revoke_transfer(DUP, [(3, E, SPADES)], tricks, S) == 1
    tricks = winners(S, S, N, N, N, S, S, S, S, S, S, S, S)  # East-West won nothing from trick 3 on (64B1)
    assert revoke_transfer(DUP, [(3, E, SPADES)], tricks, S) == 0
    # A claim after trick 9 giving East-West one trick counts as a later trick.
    assert revoke_transfer(DUP, [(3, E, SPADES)], tricks[:9], S, claimed=(3, 1)) == 1


def test_law_64_exceptions():
    tricks = winners(S, S, E, N, W, S, S, S, S, S, S, S, S)
    assert revoke_transfer(DUP, [(12, E, SPADES)], tricks, S) == 0  # 64B7: trick 12
    assert revoke_transfer(DUP, [(3, N, SPADES)], tricks, S) == 0  # 64B4: dummy's cards are faced
    # 64B2: a second revoke in the same suit by the same player is not rectified again.
    assert revoke_transfer(DUP, [(3, E, SPADES), (5, E, SPADES)], tricks, S) == 2
    assert revoke_transfer(DUP, [(3, E, SPADES), (5, W, HEARTS)], tricks, S) == 3
    # Declarer's own revoke moves tricks to the defenders.
    assert revoke_transfer(DUP, [(2, S, SPADES)], tricks, S) == -2


def test_contract_1935_two_then_one_from_tricks_won_after():
    # L21609-21619: two tricks for the first revoke, one for each further, only from tricks won since.
    tricks = winners(E, W, E, W, W, S, S, S, S, S, S, S, S)
    assert revoke_transfer(C35, [(3, E, SPADES)], tricks, S) == 2
    assert revoke_transfer(C35, [(3, E, SPADES), (4, W, HEARTS)], tricks, S) == 3
    assert revoke_transfer(C35, [(5, W, SPADES)], tricks, S) == 1  # only trick 5 won by East-West since
    assert revoke_transfer(C35, [(4, E, SPADES), (5, W, HEARTS)], winners(E, W, E, N, W, *[S] * 8), S) == 1
    assert revoke_transfer(C35, [(12, E, SPADES)], tricks, S) == 0
    assert revoke_transfer(C35, [(3, N, SPADES)], tricks, S) == 0


def test_auction_1926_from_any_tricks_and_revokes_cancel():
    # Laws 122-125 (L6674-6691): two tricks, then one each, from any tricks the side won; both sides: the difference.
    tricks = winners(E, W, E, N, N, S, S, S, S, S, S, S, S)
    assert revoke_transfer(A26, [(9, E, SPADES)], tricks, S) == 2
    assert revoke_transfer(A26, [(9, E, SPADES), (10, W, HEARTS)], tricks, S) == 3
    assert revoke_transfer(A26, [(9, E, SPADES), (10, S, HEARTS)], tricks, S) == 0
    assert revoke_transfer(A26, [(9, E, SPADES)], winners(E, *[S] * 12), S) == 1  # Law 124: it had one trick
    assert revoke_transfer(A26, [(3, N, SPADES)], tricks, S) == 0  # Law 117: dummy
