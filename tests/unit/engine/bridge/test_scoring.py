"""Scoring rule sets cell by cell: Law 77 (duplicate-2017) and the Hoyle 1940 tables (contract-1935, auction-1926,
progressive-contract)."""

import itertools

import pytest

from games.engine.bridge import (
    Contract,
    DealScore,
    Denomination,
    Penalty,
    Rubber,
    Vulnerability,
    honors,
    progressive_vulnerability,
    rules,
    score_deal,
    section_vulnerability,
)
from games.engine.cards import Deal, Seat, Side

DUP = rules("duplicate-2017")
C35 = rules("contract-1935")
A26 = rules("auction-1926")
PROG = rules("progressive-contract")


def law77(level: int, strain: str, penalty: int, vulnerable: bool, tricks: int) -> int:
    """Law 77 written out from the 2017 text (standards.md §3), independently of the engine."""
    target = level + 6
    if tricks < target:
        down = target - tricks
        if penalty == 0:
            return -down * (100 if vulnerable else 50)
        doubled = 300 * down - (100 if vulnerable else 400) if down >= 3 else [0, 100, 300][down]
        if vulnerable:
            doubled = 300 * down - 100
        return -doubled * (2 if penalty == 2 else 1)
    per = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    odd = per * level + (10 if strain == "NT" else 0)
    odd *= (1, 2, 4)[penalty]
    total = odd + ((500 if vulnerable else 300) if odd >= 100 else 50)
    total += {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}.get(level, 0)
    total += (0, 50, 100)[penalty]
    over = tricks - target
    total += over * (per if penalty == 0 else (200 if vulnerable else 100) * (1, 1, 2)[penalty])
    return total


COMBINATIONS = list(
    itertools.product(range(1, 8), ["C", "D", "H", "S", "NT"], range(3), (False, True), range(14))
)


def test_there_are_2940_combinations():
    assert len(COMBINATIONS) == 2940


def test_duplicate_2017_every_combination_against_law_77_and_endplay():
    from endplay.types import Contract as EContract
    from endplay.types import Denom, Player, Vul
    from endplay.types import Penalty as EPenalty

    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    epen = (EPenalty.passed, EPenalty.doubled, EPenalty.redoubled)
    wrong = []
    for level, strain, penalty, vulnerable, tricks in COMBINATIONS:
        contract = Contract(level, Denomination.parse(strain), Penalty(penalty), Seat.SOUTH)
        ours = score_deal(DUP, contract, tricks, vulnerable).net(Side.NS)
        book = law77(level, strain, penalty, vulnerable, tricks)
        theirs = EContract(
            level=level,
            denom=denoms[strain],
            declarer=Player.south,
            penalty=epen[penalty],
            result=tricks - level - 6,
        ).score(Vul.both if vulnerable else Vul.none)
        if not ours == book == theirs:
            wrong.append((level, strain, penalty, vulnerable, tricks, ours, book, theirs))
    assert wrong == []


@pytest.mark.parametrize(
    ("contract", "vulnerable", "tricks", "score"),
    [  # standards.md §3.3 TV-SCORE
        ("3NT", False, 9, 400),
        ("3NT", True, 11, 660),
        ("4S", True, 10, 620),
        ("1CX", False, 7, 140),
        ("2HX", True, 9, 870),
        ("6NT", True, 12, 1440),
        ("7CXX", False, 13, 1960),
        ("4HX", False, 7, -500),
        ("4HX", False, 6, -800),
        ("3NTXX", True, 7, -1000),
        ("7NT", False, 0, -650),
    ],
)
def test_standards_vectors(contract, vulnerable, tricks, score):
    # The standards page lists "1NT-13 NV -650", which cannot be (1NT can go at most 7 down); 7NT-13 is -650.
    assert score_deal(DUP, Contract.parse(contract, Seat.EAST), tricks, vulnerable).net(Side.EW) == score


def down(rule_set, contract, vulnerable, n):
    c = Contract.parse(contract, Seat.NORTH)
    return score_deal(rule_set, c, c.target - n, vulnerable).net(Side.EW)


def test_contract_1935_undertrick_table():
    # Hoyle 1940 L20360-20369: down 1..7.
    table = {
        (False, ""): [50, 100, 150, 200, 250, 300, 350],
        (False, "X"): [100, 300, 500, 700, 900, 1100, 1300],
        (True, ""): [100, 200, 300, 400, 500, 600, 700],
        (True, "X"): [200, 500, 800, 1100, 1400, 1700, 2000],
        # Prose L20451-20453: "no-game, redoubled ... 200, 500, 800, 1100, 1400, 1700, and 2000".
        (False, "XX"): [200, 500, 800, 1100, 1400, 1700, 2000],
    }
    for (vulnerable, dbl), column in table.items():
        assert [down(C35, f"7S{dbl}", vulnerable, n) for n in range(1, 8)] == column
    # The two readings the book leaves open.
    prose = rules("contract-1935", vulnerable_undoubled="prose")
    assert [down(prose, "7S", True, n) for n in range(1, 5)] == [100, 300, 500, 700]
    assert [down(C35, "7SXX", True, n) for n in range(1, 4)] == [400, 1000, 1600]
    as_doubled = rules("contract-1935", vulnerable_redoubled="as-doubled")
    assert [down(as_doubled, "7SXX", True, n) for n in range(1, 4)] == [200, 500, 800]


def test_contract_1935_made_contracts():
    # Below the line only what was bid; overtricks above at trick value or 100/200 doubled (L20355-20357);
    # no bonus for a doubled contract made (L20423); slams bid and made 500/750, 1000/1500.
    score = score_deal(C35, Contract.parse("2S", Seat.NORTH), 10, False)
    assert (score.below_ns, score.above_ns) == (60, 60)
    score = score_deal(C35, Contract.parse("2SX", Seat.NORTH), 10, True)
    assert (score.below_ns, score.above_ns) == (120, 400)
    score = score_deal(C35, Contract.parse("1NTXX", Seat.NORTH), 8, False)
    assert (score.below_ns, score.above_ns) == (160, 200)
    assert score_deal(C35, Contract.parse("6H", Seat.NORTH), 12, True).above_ns == 750
    assert score_deal(C35, Contract.parse("7NT", Seat.NORTH), 13, False).total(Side.NS) == 220 + 1000


def hand(spades="", hearts="", diamonds="", clubs=""):
    return f"{spades}.{hearts}.{diamonds}.{clubs}"


def deal_with(north, south, east, west):
    return Deal.from_pbn(f"N:{north} {east} {south} {west}", hand_size=None)


def test_contract_1935_honors():
    # L20345-20346, L20424-20425: 4 trump honors in one hand 100, 5 (or 4 aces at no-trumps) 150, none for split.
    deal = deal_with(hand("AKQJ"), hand("T"), hand("2"), hand("3"))
    assert honors(C35, Denomination.SPADES, deal) == DealScore(above_ns=100)
    deal = deal_with(hand("AKQJT"), hand(), hand(), hand())
    assert honors(C35, Denomination.SPADES, deal).above_ns == 150
    deal = deal_with(hand("AKQ"), hand("JT"), hand(), hand())
    assert honors(C35, Denomination.SPADES, deal) == DealScore()
    deal = deal_with(hand("A", "A", "A", "A"), hand(), hand(), hand())
    assert honors(C35, Denomination.NOTRUMP, deal).above_ns == 150
    # Honors go to the side holding them, whoever declares (EW hold them here).
    deal = deal_with(hand(), hand(), hand("AKQJ"), hand())
    assert score_deal(C35, Contract.parse("1S", Seat.NORTH), 7, False, deal).above_ew == 100


@pytest.mark.parametrize(
    ("north", "south", "points"),
    [  # Auction Law 59 (Hoyle 1940 L6152-6175)
        ("AKQ", "", 30),
        ("AK", "Q", 30),
        ("AK", "QJ", 40),
        ("AKQJ", "", 80),
        ("AKQ", "JT", 50),
        ("AKQJ", "T", 90),
        ("AKQJT", "", 100),
        ("AK", "", 0),
    ],
)
def test_auction_1926_honors(north, south, points):
    deal = deal_with(hand(north), hand(south), hand(), hand())
    assert honors(A26, Denomination.SPADES, deal).above_ns == points


def test_auction_1926_no_trump_honors():
    aces = {3: 30, 4: 40}
    for count, points in aces.items():
        north = hand(*["A"] * (count - 1))
        deal = deal_with(north, hand("", "", "", "A"), hand(), hand())
        assert honors(A26, Denomination.NOTRUMP, deal).above_ns == points
    deal = deal_with(hand("A", "A", "A", "A"), hand(), hand(), hand())
    assert honors(A26, Denomination.NOTRUMP, deal).above_ns == 100


def test_auction_1926_tricks_penalties_slams():
    # Law 57: every odd trick counts (6,7,8,9,10), x2 doubled; "two odd tricks [in doubled spades] ... 36" (L4551).
    assert score_deal(A26, Contract.parse("1SX", Seat.NORTH), 8, False).below_ns == 36
    assert score_deal(A26, Contract.parse("1C", Seat.NORTH), 10, False).below_ns == 24
    # Law 61: doubled contract made: 50 and 50 per overtrick (100 redoubled).
    assert score_deal(A26, Contract.parse("1SX", Seat.NORTH), 8, False).above_ns == 100
    assert score_deal(A26, Contract.parse("1SXX", Seat.NORTH), 8, False).above_ns == 200
    # Law 58: 50 an undertrick, 100 doubled, 200 redoubled, to the adversaries.
    assert down(A26, "4H", False, 2) == 100
    assert down(A26, "4HX", False, 2) == 200
    assert down(A26, "4HXX", False, 2) == 400
    # Law 60: little slam 50 even when seven was bid and failed; grand slam 100; not doubled.
    failed_grand = score_deal(A26, Contract.parse("7NTX", Seat.NORTH), 12, False)
    assert (failed_grand.above_ns, failed_grand.above_ew) == (50, 100)
    assert score_deal(A26, Contract.parse("1NT", Seat.NORTH), 13, False).above_ns == 100


def test_progressive_contract():
    # L20379-20392: vulnerability by deal in the round; game 300/500, part score 50; penalty limit 1000.
    assert [progressive_vulnerability(n, Seat.EAST) for n in range(1, 5)] == [
        Vulnerability.NONE,
        Vulnerability.EW,
        Vulnerability.EW,
        Vulnerability.BOTH,
    ]
    assert progressive_vulnerability(2, Seat.SOUTH) is Vulnerability.NS
    assert score_deal(PROG, Contract.parse("4S", Seat.NORTH), 10, True).ns == 120 + 500
    assert score_deal(PROG, Contract.parse("2S", Seat.NORTH), 8, False).ns == 60 + 50
    assert score_deal(PROG, Contract.parse("1NTX", Seat.NORTH), 7, False).ns == 80 + 50  # no insult bonus
    assert down(PROG, "7SX", True, 7) == 1000
    assert down(rules("progressive-contract", penalty_limit=None), "7SX", True, 7) == 2000


def test_progressive_contract_section_takes_the_books_vulnerability():
    # 001 L20379-20387: deal 1 neither side, deals 2 and 3 the dealer's side, deal 4 both; boards 1-4 a round,
    # North dealing the first. Board 2 (East deals) is E-W vulnerable, not N-S as in the duplicate cycle.
    assert [section_vulnerability("progressive-contract", n) for n in range(1, 9)] == [
        Vulnerability.NONE, Vulnerability.EW, Vulnerability.NS, Vulnerability.BOTH,
    ] * 2  # fmt: skip
    assert [section_vulnerability("duplicate-2017", n) for n in range(1, 5)] == [
        Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH,
    ]  # fmt: skip
    east_vulnerable = section_vulnerability("progressive-contract", 2).of(Side.EW)
    # East 4S made on board 2: 120 + the vulnerable game bonus 500 (L20390) = 620, not 420.
    assert score_deal(PROG, Contract.parse("4S", Seat.EAST), 10, east_vulnerable).net(Side.EW) == 620


def test_contract_1935_in_a_duplicate_section_both_readings():
    # The book's 1935 sheet scores a rubber: no game bonus on a deal (L20324-20392), so 4S made is 120 and at
    # matchpoints a game is worth a part-score. The named reading contract-1935-duplicate adds progressive
    # contract's game and part-score bonuses (L20390-20391) to every deal.
    assert score_deal(C35, Contract.parse("4S", Seat.NORTH), 10, False).ns == 120
    assert score_deal(C35, Contract.parse("2S", Seat.NORTH), 8, False).ns == 60
    c35d = rules("contract-1935-duplicate")
    assert c35d.name == "contract-1935" and c35d.game_bonus
    assert score_deal(c35d, Contract.parse("4S", Seat.NORTH), 10, False).ns == 120 + 300
    assert score_deal(c35d, Contract.parse("4S", Seat.NORTH), 10, True).ns == 120 + 500
    assert score_deal(c35d, Contract.parse("2S", Seat.NORTH), 8, False).ns == 60 + 50
    # otherwise the 1935 sheet: no bonus for a doubled contract made, the 1935 undertricks
    assert score_deal(c35d, Contract.parse("1NTX", Seat.NORTH), 7, False).ns == 80 + 50
    assert down(c35d, "3S", True, 1) == down(C35, "3S", True, 1) == 100


def test_contract_rubber():
    # Game 100 below the line; 700 in two games, 500 in three (L20437-20439); a game makes a side vulnerable.
    rubber = Rubber(C35)
    rubber = rubber.add(score_deal(C35, Contract.parse("2S", Seat.NORTH), 8, False))
    assert rubber.leg_ns == 60 and rubber.vulnerability is Vulnerability.NONE
    rubber = rubber.add(score_deal(C35, Contract.parse("2H", Seat.EAST), 9, False))
    rubber = rubber.add(score_deal(C35, Contract.parse("2D", Seat.SOUTH), 8, False))
    assert rubber.games_ns == 1 and rubber.leg_ns == 0 and rubber.leg_ew == 0
    assert rubber.vulnerability is Vulnerability.NS
    assert rubber.bonus(Side.NS) == 300  # unfinished rubber, a game up (L20439-20440)
    rubber = rubber.add(score_deal(C35, Contract.parse("3NT", Seat.SOUTH), 9, True))
    assert rubber.finished and rubber.bonus(Side.NS) == 700 and rubber.bonus(Side.EW) == 0
    assert rubber.total(Side.NS) == 60 + 40 + 100 + 700
    with pytest.raises(ValueError, match="over"):
        rubber.add(DealScore())


def test_auction_rubber():
    # Game 30 (Law 62); rubber 250 (Law 64) or 100 (Hoyle c.1910); unfinished 125 a game (Law 70).
    for bonus in (250, 100):
        rubber = Rubber(rules("auction-1926", rubber_bonus=bonus))
        rubber = rubber.add(score_deal(A26, Contract.parse("3NT", Seat.NORTH), 9, False))
        assert rubber.bonus(Side.NS) == 125 and rubber.vulnerability is Vulnerability.NONE
        rubber = rubber.add(score_deal(A26, Contract.parse("4S", Seat.EAST), 10, False))
        rubber = rubber.add(score_deal(A26, Contract.parse("2NT", Seat.NORTH), 11, False))
        assert rubber.finished and rubber.bonus(Side.NS) == bonus and rubber.bonus(Side.EW) == 0


def test_bad_rule_names_and_options():
    with pytest.raises(ValueError, match="unknown rule set"):
        rules("chicago")
    with pytest.raises(ValueError, match="declarer_rule"):
        rules("auction-1926", declarer_rule="loudest")
    with pytest.raises(ValueError, match="unknown option"):
        rules("auction-1926", honours=False)
    with pytest.raises(ValueError, match="does not score rubbers"):
        Rubber(DUP)
