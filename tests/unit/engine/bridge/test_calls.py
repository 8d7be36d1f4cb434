"""Auction legality, declarer and Law 2 board conditions."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.bridge import (
    Call,
    Contract,
    Denomination,
    Penalty,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    check_auction,
)
from games.engine.cards import Seat
from games.engine.report import IrregularityKind as K


def kinds(result):
    return [(i.kind, i.seat) for i in result.irregularities]


def test_declarer_is_first_of_the_side_to_name_the_strain():
    # Hoyle 1940 L4556-4564 in spirit: S opens 1H, N raises to 4H: South declares.
    result = check_auction(Seat.SOUTH, "1H Pass 2H Pass 4H Pass Pass Pass")
    assert result.complete and not result.irregularities
    assert result.contract == Contract(4, Denomination.HEARTS, Penalty.UNDOUBLED, Seat.SOUTH)
    # Hoyle c.1910 (000 L51578-51580): the player who made the final bid plays it.
    last = check_auction(Seat.SOUTH, "1H Pass 2H Pass 4H Pass Pass Pass", declarer_rule="last-bidder")
    assert last.contract.declarer is Seat.SOUTH
    last = check_auction(Seat.SOUTH, "1H Pass 4H AP", declarer_rule="last-bidder")
    assert last.contract.declarer is Seat.NORTH


def test_doubles_redoubles_and_all_pass():
    result = check_auction(Seat.NORTH, "1S X XX Pass Pass Pass")
    assert result.contract == Contract(1, Denomination.SPADES, Penalty.REDOUBLED, Seat.NORTH)
    assert check_auction(Seat.EAST, ["AP"]).contract is None
    assert check_auction(Seat.EAST, ["AP"]).complete
    assert len(check_auction(Seat.EAST, "1C AP").calls) == 4
    assert check_auction(Seat.NORTH, "1NT X Pass Pass XX AP").contract.penalty is Penalty.REDOUBLED


@pytest.mark.parametrize(
    ("calls", "expected"),
    [
        ("1S 1H AP", [(K.INSUFFICIENT_BID, "E")]),
        ("1S 1NT X AP", []),  # South doubles East's bid: legal
        ("1S Pass X AP", [(K.ILLEGAL_CALL, "S")]),  # South doubles partner North's bid
        ("X AP", [(K.ILLEGAL_CALL, "N")]),
        ("1S X Pass XX AP", [(K.ILLEGAL_CALL, "W")]),  # West redoubles his own side's double
        ("1S X X AP", [(K.ILLEGAL_CALL, "S")]),
        ("1S Pass Pass", [(K.INCOMPLETE_AUCTION, None)]),
        ("1S Pass Pass Pass 2S", [(K.CALL_AFTER_AUCTION, "N")]),
        ("1S 8H AP", [(K.MALFORMED_RECORD, "E")]),
    ],
)
def test_irregular_calls_are_reported_with_seat(calls, expected):
    assert kinds(check_auction(Seat.NORTH, calls.split())) == expected


def test_call_and_contract_parsing():
    assert str(Call.parse("1n")) == "1NT"
    assert str(Contract.parse("4SX")) == "4SX"
    assert Contract.parse("3NTXX").penalty is Penalty.REDOUBLED
    assert Contract.parse("Pass") is None
    with pytest.raises(ValueError, match="not a contract"):
        Contract.parse("9S")
    # A spelling read before (as written, or after normalizing) gives the same contract; a declarer makes its own.
    assert Contract.parse(" 4sx") == Contract.parse("4SX") == Contract.parse("4SX")
    assert Contract.parse("4SX", Seat.EAST).declarer is Seat.EAST and Contract.parse("4SX").declarer is None
    with pytest.raises(ValueError, match="not a contract"):
        Contract.parse("9S")  # a refused text is refused again, not kept
    assert [Denomination.parse(t) for t in ("c", " h ", "n", "NT", "♦", "♠")] == [
        Denomination.CLUBS, Denomination.HEARTS, Denomination.NOTRUMP, Denomination.NOTRUMP,
        Denomination.DIAMONDS, Denomination.SPADES,
    ]  # fmt: skip
    with pytest.raises(ValueError, match="'X' is not a denomination"):
        Denomination.parse("X")
    assert Vulnerability.parse("Both") is Vulnerability.BOTH
    assert Vulnerability.parse("-") is Vulnerability.NONE


@pytest.mark.parametrize("level", range(1, 8))
def test_every_contract_as_pbn_and_scoring_programs_spell_it(level):
    # PBN §3.4.9: level, denomination ("NT", or "N" as the scoring programs write it), "X" or "XX" (or "D", "R"
    # as some programs write them); any case, any white space around.
    names = {"C": Denomination.CLUBS, "D": Denomination.DIAMONDS, "H": Denomination.HEARTS,
             "S": Denomination.SPADES, "N": Denomination.NOTRUMP, "NT": Denomination.NOTRUMP}  # fmt: skip
    penalties = {"": Penalty.UNDOUBLED, "X": Penalty.DOUBLED, "XX": Penalty.REDOUBLED, "D": Penalty.DOUBLED,
                 "R": Penalty.REDOUBLED}  # fmt: skip
    for letters, denomination in names.items():
        for suffix, penalty in penalties.items():
            for text in (f"{level}{letters}{suffix}", f" {level}{letters}{suffix} ".lower()):
                read = Contract.parse(text)
                assert (read.level, read.denomination, read.penalty) == (level, denomination, penalty)
    south = Contract.parse(f"{level}N", Seat.SOUTH)
    assert south == Contract(level, Denomination.NOTRUMP, declarer=Seat.SOUTH)
    assert [Contract.parse(text) for text in ("Pass", "PASS", "pass", " P ", "AP")] == [None] * 5


# standards.md §3.4 (Law 2): dealer and vulnerability of boards 1-16.
LAW2 = {
    "None": (1, 8, 11, 14),
    "NS": (2, 5, 12, 15),
    "EW": (3, 6, 9, 16),
    "All": (4, 7, 10, 13),
}


def test_law_2_cycle():
    for vul, boards in LAW2.items():
        for board in boards:
            assert board_vulnerability(board).value == vul
            assert board_vulnerability(board + 16).value == vul
    assert [board_dealer(b).value for b in range(1, 9)] == list("NESWNESW")
    with pytest.raises(ValueError):
        board_dealer(0)


def test_law_2_agrees_with_endplay():
    from endplay.types import Player, Vul

    names = {Vul.none: "None", Vul.ns: "NS", Vul.ew: "EW", Vul.both: "All"}
    for board in range(1, 65):
        assert names[Vul.from_board(board)] == board_vulnerability(board).value
        assert Player.from_board(board).abbr == board_dealer(board).value


# --- hypothesis: random legal auctions are accepted; the declarer is the first of the side to name the strain ---

STRAINS = ["C", "D", "H", "S", "NT"]


def legal_auction(rng):
    """A random legal auction (with its expected contract) built call by call from the legal choices."""
    calls, seat = [], rng.randrange(4)
    dealer = seat
    last, bidder, doubled, doubler, passes, named = -1, -1, 0, -1, 0, {}
    while not (passes == 3 and last >= 0) and passes != 4:
        choices = ["Pass"] * 6
        choices += [f"{r // 5 + 1}{STRAINS[r % 5]}" for r in range(last + 1, min(last + 4, 35))]
        if last >= 0 and (bidder - seat) % 2 and doubled == 0:
            choices.append("X")
        if doubled == 1 and (doubler - seat) % 2:
            choices.append("XX")
        call = rng.choice(choices)
        if call == "Pass":
            passes += 1
        elif call == "X":
            doubled, doubler, passes = 1, seat, 0
        elif call == "XX":
            doubled, passes = 2, 0
        else:
            last = (int(call[0]) - 1) * 5 + STRAINS.index(call[1:])
            bidder, doubled, passes = seat, 0, 0
            named.setdefault((seat % 2, call[1:]), seat)
        calls.append(call)
        seat = (seat + 1) % 4
    if last < 0:
        return dealer, calls, None
    strain = STRAINS[last % 5]
    declarer = named[(bidder % 2, strain)]
    return dealer, calls, f"{last // 5 + 1}{strain}{['', 'X', 'XX'][doubled]} by {'NESW'[declarer]}"


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_legal_auctions_are_accepted(rng):
    dealer, calls, expected = legal_auction(rng)
    result = check_auction(Seat.parse("NESW"[dealer]), calls)
    assert result.irregularities == () and result.complete
    found = None if result.contract is None else f"{result.contract} by {result.contract.declarer}"
    assert found == expected
