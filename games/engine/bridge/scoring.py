"""Bridge scoring as named rule sets.

- `duplicate-2017`: Law 77 of the 2017 Laws of Duplicate Bridge (standards.md §3).
- `contract-1935`: the Contract Bridge scoring sheet "Revised to 1935" in Hoyle 1940 (rules-hoyle-1940.md §2.1,
  L20324–20466): rubber scoring, honors 100/150, rubber 700/500, no bonus for a doubled contract made.
- `auction-1926`: the Laws of Auction Bridge, revised April 1926, in Hoyle 1940 (§2.3, Laws 57–70,
  L6116–6276): every odd trick counts, honors 30–100, slams 50/100 to either side, game 30, rubber 250.
- `progressive-contract`: Hoyle 1940 "Progressive Contract Scoring" (§1.6, L20376–20392): each deal scored
  alone with the 1935 values plus a game bonus of 300/500 and a part-score bonus of 50, vulnerability from the
  deal's place in a round of four, and a penalty limit of 1000.
- `contract-1935-duplicate`: contract-1935 with the game and part-score bonuses of progressive contract
  (L20390–20391) on every deal. The book prints no duplicate contract scoring: under plain contract-1935 a
  duplicate deal scores no game bonus (4♠ made is 120), so at matchpoints a game is worth a part-score; this
  named reading gives 4♠ made 420 not vulnerable, 620 vulnerable.

Where the books disagree or say nothing, the reading is an option of `Rules`, named after its source.
A deal's score is a `DealScore`: points below the line (toward game) and above it, for each side.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.bridge.calls import (
    Contract,
    Denomination,
    Penalty,
    Vulnerability,
    board_dealer,
    board_vulnerability,
)
from games.engine.cards import Deal, Rank, Seat, Side

DUPLICATE_2017 = "duplicate-2017"
CONTRACT_1935 = "contract-1935"
AUCTION_1926 = "auction-1926"
PROGRESSIVE_CONTRACT = "progressive-contract"
CONTRACT_1935_DUPLICATE = "contract-1935-duplicate"


@dataclass(frozen=True, slots=True)
class Rules:
    """A rule set and its options. Build one with `rules(name, **options)`.

    declarer_rule: "first-named" (Law 53 definition; Auction §43, 1940 L5984–5988) or "last-bidder" (Hoyle
        c.1910, 000 L51578–51580).
    vulnerable_undoubled: contract-1935 undertricks vulnerable undoubled: "table" (100 each, L20363–20369) or
        "prose" (100, 300, 500 …, "exactly the same when declarer is a game-in; but undoubled", L20447–20451).
    vulnerable_redoubled: contract-1935 undertricks vulnerable redoubled, which the book never gives:
        "twice-doubled" (400, 1000, 1600 …: redoubling doubles the doubled penalty, as the Laws do since 1935)
        or "as-doubled" (200, 500, 800 …: the prose's one column for "no-game, redoubled, or game-in doubled",
        L20451–20453, read as covering game-in redoubled too).
    penalty_limit: progressive-contract cap on the undertrick penalty of one deal ("Penalty Limit 1000",
        L20392, unexplained in the book; None for no cap).
    rubber_bonus: auction-1926 bonus for the rubber: 250 (Law 64, 1940 L6223; Hoffmann 002 L1578) or 100
        (Hoyle c.1910 000 L51598, "same as Bridge").
    game_bonus: a game (300, vulnerable 500) or part-score (50) bonus on every deal, as duplicate (Law 77) and
        progressive contract (L20390–20391) score; off under contract-1935's rubber scoring, which the
        contract-1935-duplicate reading turns on.
    concession: a trick conceded that the side could not lose by any play: "void" (contract laws 1935, "Tricks
        Conceded in Error", 1940 L21659–21661; Law 71B of 2017) or "stand" (Auction Law 128, 1940 L6715–6721:
        "the concession shall stand, even if it can be shown that the tricks conceded could not all have been
        won"). See games.engine.bridge.claims.
    """

    name: str
    declarer_rule: str = "first-named"
    vulnerable_undoubled: str = "table"
    vulnerable_redoubled: str = "twice-doubled"
    penalty_limit: int | None = None
    rubber_bonus: int = 250
    game_bonus: bool = True
    concession: str = "void"

    @property
    def rubber(self) -> bool:
        """Whether deals are scored into a rubber (below and above the line) rather than each on its own."""
        return self.name in (CONTRACT_1935, AUCTION_1926)

    @property
    def honors(self) -> bool:
        return self.name != DUPLICATE_2017


RULE_SETS: Mapping[str, Rules] = {
    DUPLICATE_2017: Rules(DUPLICATE_2017),
    CONTRACT_1935: Rules(CONTRACT_1935, game_bonus=False),
    CONTRACT_1935_DUPLICATE: Rules(CONTRACT_1935),
    AUCTION_1926: Rules(AUCTION_1926, concession="stand"),
    PROGRESSIVE_CONTRACT: Rules(PROGRESSIVE_CONTRACT, penalty_limit=1000),
}

_OPTION_VALUES = {
    "declarer_rule": ("first-named", "last-bidder"),
    "vulnerable_undoubled": ("table", "prose"),
    "vulnerable_redoubled": ("twice-doubled", "as-doubled"),
    "concession": ("void", "stand"),
}


def rules(name: str, **options: Any) -> Rules:
    """The named rule set, with any options changed. Unknown names and option values are a ValueError."""
    try:
        base = RULE_SETS[name]
    except KeyError:
        raise ValueError(f"unknown rule set {name!r}; known: {', '.join(RULE_SETS)}") from None
    for option, value in options.items():
        allowed = _OPTION_VALUES.get(option)
        if allowed is not None and value not in allowed:
            raise ValueError(f"{option} must be one of {', '.join(allowed)}, not {value!r}")
    try:
        return dataclasses.replace(base, **options)
    except TypeError:
        raise ValueError(f"unknown option among {', '.join(options)}") from None


@dataclass(frozen=True, slots=True)
class DealScore:
    """The points of one deal: below the line (trick score, toward game) and above it, for each side."""

    below_ns: int = 0
    below_ew: int = 0
    above_ns: int = 0
    above_ew: int = 0

    def below(self, side: Side) -> int:
        return self.below_ns if side is Side.NS else self.below_ew

    def above(self, side: Side) -> int:
        return self.above_ns if side is Side.NS else self.above_ew

    def total(self, side: Side) -> int:
        return self.below(side) + self.above(side)

    def net(self, side: Side) -> int:
        """The side's points less the other side's: the duplicate score of that side."""
        ns = self.below_ns + self.above_ns - self.below_ew - self.above_ew
        return ns if side is Side.NS else -ns

    @property
    def ns(self) -> int:
        return self.net(Side.NS)

    @classmethod
    def to(cls, side: Side, below: int = 0, above: int = 0) -> DealScore:
        if side is Side.NS:
            return cls(below, 0, above, 0)
        return cls(0, below, 0, above)

    def __add__(self, other: DealScore) -> DealScore:
        return DealScore(
            self.below_ns + other.below_ns,
            self.below_ew + other.below_ew,
            self.above_ns + other.above_ns,
            self.above_ew + other.above_ew,
        )


def score_deal(
    rule_set: Rules,
    contract: Contract | None,
    tricks: int,
    vulnerable: bool = False,
    deal: Deal | None = None,
) -> DealScore:
    """Score one deal: `tricks` taken by declarer, `vulnerable` whether declarer's side is.

    The contract must have a declarer. Honors (rubber rule sets and progressive contract) are counted when the
    deal is given. A passed-out deal scores nothing.
    """
    if contract is None:
        return DealScore()
    if contract.declarer is None:
        raise ValueError(f"contract {contract} has no declarer")
    _check_tricks(tricks)
    side = contract.declarer.side
    if rule_set.name == AUCTION_1926:
        score = _auction_1926(contract, tricks, side)
    else:
        below, above, defenders = _contract(rule_set, contract, tricks, vulnerable)
        ns = side is Side.NS
        score = DealScore(below, 0, above, defenders) if ns else DealScore(0, below, defenders, above)
    if rule_set.honors and deal is not None:
        score = score + honors(rule_set, contract.denomination, deal)
    return score


def contract_score(rule_set: Rules, contract: Contract, tricks: int, vulnerable: bool = False) -> int:
    """`score_deal(...).net` of declarer's side with no deal given: the same whoever declares, so a scoring
    program's table of results is checked without a declared contract (or a DealScore) for each row."""
    _check_tricks(tricks)
    if rule_set.name == AUCTION_1926:
        return _auction_1926(contract, tricks, Side.NS).ns
    below, above, defenders = _contract(rule_set, contract, tricks, vulnerable)
    return below + above - defenders


def _check_tricks(tricks: int) -> None:
    if not 0 <= tricks <= 13:
        raise ValueError(f"{tricks} tricks is not 0 to 13")


def _trick_score(contract: Contract) -> int:
    """Law 77 / 1935 sheet (L20333–20339): 20 a minor, 30 a major, 40 + 30 at no-trumps; ×2 doubled, ×4 redoubled."""
    first, each = _TRICK_VALUES[contract.denomination._value_]
    return (first + each * (contract.level - 1)) * contract.penalty.multiplier


# Each denomination's trick values (by its value: Denomination properties run Python code): the first, each after.
_TRICK_VALUES = {"C": (20, 20), "D": (20, 20), "H": (30, 30), "S": (30, 30), "NT": (40, 30)}


def _contract(rule_set: Rules, contract: Contract, tricks: int, vulnerable: bool) -> tuple[int, int, int]:
    """Modern contract scoring (duplicate-2017, contract-1935 and progressive-contract): declarer's side's points
    below and above the line, and the defenders' (plain ints: DealScore objects cost more than the sums)."""
    over = tricks - contract.target
    penalty = contract.penalty
    if over < 0:
        points = _undertricks(rule_set, -over, penalty, vulnerable)
        if rule_set.penalty_limit is not None:
            points = min(points, rule_set.penalty_limit)
        return 0, 0, points
    trick_score = _trick_score(contract)
    if not penalty:  # undoubled (Penalty.UNDOUBLED is 0: reading the member runs Python code)
        overtricks = over * _TRICK_VALUES[contract.denomination._value_][1]
    else:
        overtricks = over * (100 if vulnerable else 50) * penalty.multiplier
    above = overtricks
    if contract.level == 6:
        above += 750 if vulnerable else 500
    elif contract.level == 7:
        above += 1500 if vulnerable else 1000
    if rule_set.game_bonus:
        # Duplicate and progressive score a game or part-score bonus on every deal (Law 77; L20390–20391).
        above += (500 if vulnerable else 300) if trick_score >= 100 else 50
    if rule_set.name == DUPLICATE_2017:
        above += (
            25 * penalty.multiplier if penalty else 0
        )  # Law 77: 50, or 100 redoubled, "for making a doubled contract"
    return trick_score, above, 0


def _undertricks(rule_set: Rules, down: int, penalty: Penalty, vulnerable: bool) -> int:
    """The defenders' points for `down` undertricks."""
    if rule_set.name == DUPLICATE_2017:
        if not penalty:  # undoubled, as in _contract
            return down * (100 if vulnerable else 50)
        if vulnerable:
            doubled = 200 + 300 * (down - 1)
        else:  # Law 77: 100, then 200 for the 2nd and 3rd, then 300 each
            doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return doubled * (penalty.multiplier // 2)
    # The 1935 sheet (L20360–20369): first undertrick, then each further one.
    if penalty is Penalty.UNDOUBLED:
        if not vulnerable:
            first, each = 50, 50
        elif rule_set.vulnerable_undoubled == "prose":
            first, each = 100, 200
        else:
            first, each = 100, 100
    elif penalty is Penalty.DOUBLED:
        first, each = (200, 300) if vulnerable else (100, 200)
    elif vulnerable and rule_set.vulnerable_redoubled == "twice-doubled":
        first, each = 400, 600
    else:  # no-game redoubled, and game-in redoubled read "as-doubled" (L20451–20453)
        first, each = 200, 300
    return first + each * (down - 1)


_AUCTION_TRICK_VALUES = {
    Denomination.CLUBS: 6,
    Denomination.DIAMONDS: 7,
    Denomination.HEARTS: 8,
    Denomination.SPADES: 9,
    Denomination.NOTRUMP: 10,
}


def _auction_1926(contract: Contract, tricks: int, side: Side) -> DealScore:
    """Auction Laws 57–61 (L6122–6205)."""
    mult = contract.penalty.multiplier
    over = tricks - contract.target
    score = DealScore()
    if over >= 0:
        # Law 57: every odd trick won counts below, at ×2 / ×4; Law 61: 50 (100) bonus and per overtrick.
        below = (tricks - 6) * _AUCTION_TRICK_VALUES[contract.denomination] * mult
        above = 50 * (mult // 2) * (1 + over) if contract.penalty else 0
        score = DealScore.to(side, below=below, above=above)
    else:
        score = DealScore.to(side.other, above=-over * 50 * mult)  # Law 58
    # Law 60: 50 for twelve tricks, 100 for thirteen, to whichever side wins them, not affected by doubling.
    for winner, taken in ((side, tricks), (side.other, 13 - tricks)):
        if taken >= 12:
            score = score + DealScore.to(winner, above=100 if taken == 13 else 50)
    return score


_HONOR_RANKS = frozenset({Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN})


def honors(rule_set: Rules, denomination: Denomination, deal: Deal) -> DealScore:
    """Honors, scored above the line by the side holding them, whatever the contract's fate.

    contract-1935 and progressive-contract (L20345–20346, L20424–20425): four trump honors in one hand 100 (value
    rebuilt from OCR "ti)"), five in one hand or four aces at no-trumps 150; nothing for the fifth in partner's
    hand. auction-1926 (Law 59, L6152–6175): 3 honors 30, 4 between partners 40, 4 in one hand 80, 3 + 2 50,
    4 + 1 90, 5 in one hand 100; no-trumps 3 aces 30, 4 between partners 40, 4 in one hand 100.
    """
    trump = denomination.suit
    counts: dict[Seat, int] = {}
    for seat, hand in deal.hands.items():
        if trump is None:
            counts[seat] = sum(1 for card in hand if card.rank is Rank.ACE)
        else:
            counts[seat] = sum(1 for card in hand if card.suit is trump and card.rank in _HONOR_RANKS)
    score = DealScore()
    for side in Side:
        one, two = sorted((counts.get(seat, 0) for seat in side.seats), reverse=True)
        points = _honor_points(rule_set, trump is None, one, two)
        if points:
            score = score + DealScore.to(side, above=points)
    return score


def _honor_points(rule_set: Rules, notrump: bool, most: int, other: int) -> int:
    """Points for a side whose two hands hold `most` and `other` honors (aces at no-trumps)."""
    if rule_set.name != AUCTION_1926:
        if notrump:
            return 150 if most == 4 else 0
        return {4: 100, 5: 150}.get(most, 0)
    together = most + other
    if notrump:
        return 100 if most == 4 else {3: 30, 4: 40}.get(together, 0)
    if most == 5:
        return 100
    if most == 4:
        return 90 if other == 1 else 80
    if most == 3 and other == 2:
        return 50
    return {3: 30, 4: 40}.get(together, 0)


def honor_values(rule_set: Rules, denomination: Denomination) -> frozenset[int]:
    """The honor scores a side can hold in `denomination` under `rule_set` (none under duplicate-2017)."""
    if not rule_set.honors:
        return frozenset()
    notrump = denomination is Denomination.NOTRUMP
    cards = 4 if notrump else 5
    points = (
        _honor_points(rule_set, notrump, most, other)
        for most in range(cards + 1)
        for other in range(min(most, cards - most) + 1)
    )
    return frozenset(points) - {0}


def claimed_honors(rule_set: Rules, denomination: Denomination, text: str) -> DealScore:
    """Honors as the players claim them at the table ("N-S 30", "EW 100"; blank for none), when the board was not
    dealt by us and the hands are unknown. The points must be a holding's under the rule set (Law 59 for
    auction-1926)."""
    words = (text or "").upper().replace("-", "").split()
    if not words:
        return DealScore()
    values = honor_values(rule_set, denomination)
    if not values:
        raise ValueError(f"honors do not count under {rule_set.name}")
    if len(words) != 2 or words[0] not in ("NS", "EW") or not words[1].isdigit():
        raise ValueError(f'honors {text!r} are not a side and points, as "N-S 30" or "E-W 100"')
    points = int(words[1])
    if points not in values:
        allowed = ", ".join(map(str, sorted(values)))
        raise ValueError(
            f"honors of {points} are not held at {denomination.value} under {rule_set.name} ({allowed})"
        )
    return DealScore.to(Side.NS if words[0] == "NS" else Side.EW, above=points)


def event_score(
    rule_set: Rules,
    contract: Contract | None,
    tricks: int,
    vulnerable: bool = False,
    deal: Deal | None = None,
    claimed: DealScore = DealScore(),
) -> DealScore:
    """One deal of a duplicate event: `score_deal` with honors from the deal, or as `claimed` when it is unknown.

    Duplicate auction (Hoyle 1940, 001 L5336–5344): the trick and honor scores of a hand are added in one sum and
    "if 30 or more trick points are made on one deal, 125 points are added for a game won"; only the difference
    is recorded (`DealScore.net`).
    """
    score = score_deal(rule_set, contract, tricks, vulnerable, deal)
    if deal is None:
        score = score + claimed
    if rule_set.name == AUCTION_1926:
        for side in Side:
            if score.below(side) >= 30:
                score = score + DealScore.to(side, above=125)
    return score


def progressive_vulnerability(deal_number: int, dealer: Seat) -> Vulnerability:
    """Progressive contract (L20379–20387): deal 1 of a round none, deals 2 and 3 the dealer's side, deal 4 both."""
    if not 1 <= deal_number <= 4:
        raise ValueError(f"deal {deal_number} of a progressive round is not 1 to 4")
    if deal_number == 1:
        return Vulnerability.NONE
    if deal_number == 4:
        return Vulnerability.BOTH
    return Vulnerability.NS if dealer.side is Side.NS else Vulnerability.EW


def section_vulnerability(rule_set: str, board: int, dealer: Seat | None = None) -> Vulnerability:
    """A board's vulnerability in a Section under `rule_set`: the duplicate cycle (Law 2), but under
    progressive-contract the board's place in a round of four deals and its dealer (the Law 2 dealer unless
    given: North deals the first, then clockwise): board 2, East dealing, is E-W vulnerable (L20379–20387)."""
    if rule_set != PROGRESSIVE_CONTRACT:
        return board_vulnerability(board)
    return progressive_vulnerability((board - 1) % 4 + 1, dealer or board_dealer(board))


@dataclass(frozen=True, slots=True)
class Rubber:
    """A rubber in progress under contract-1935 or auction-1926: best of three games.

    Game is 100 (1935, L20342) or 30 (Auction Law 62) below the line, and each game starts from zero for both
    sides. The rubber bonus is 700 in two games or 500 in three (1935, L20437–20439), or `rules.rubber_bonus`
    (Auction Law 64). An unfinished rubber gives 300 to a side with a game (1935, L20439–20440) or 125 for each
    game won (Auction Law 70, L6272–6276). Under contract-1935 a side with a game is vulnerable.
    """

    rule_set: Rules
    games_ns: int = 0
    games_ew: int = 0
    leg_ns: int = 0
    leg_ew: int = 0
    points: DealScore = DealScore()

    def __post_init__(self) -> None:
        if not self.rule_set.rubber:
            raise ValueError(f"{self.rule_set.name} does not score rubbers")

    @property
    def game(self) -> int:
        return 30 if self.rule_set.name == AUCTION_1926 else 100

    def games(self, side: Side) -> int:
        return self.games_ns if side is Side.NS else self.games_ew

    @property
    def finished(self) -> bool:
        return max(self.games_ns, self.games_ew) == 2

    @property
    def vulnerability(self) -> Vulnerability:
        if self.rule_set.name == AUCTION_1926:
            return Vulnerability.NONE
        return Vulnerability.of_sides(self.games_ns > 0, self.games_ew > 0)

    def add(self, score: DealScore) -> Rubber:
        if self.finished:
            raise ValueError("the rubber is over")
        leg_ns, leg_ew = self.leg_ns + score.below_ns, self.leg_ew + score.below_ew
        games_ns, games_ew = self.games_ns, self.games_ew
        if leg_ns >= self.game or leg_ew >= self.game:
            games_ns += leg_ns >= self.game
            games_ew += leg_ew >= self.game
            leg_ns = leg_ew = 0
        return dataclasses.replace(
            self,
            games_ns=games_ns,
            games_ew=games_ew,
            leg_ns=leg_ns,
            leg_ew=leg_ew,
            points=self.points + score,
        )

    def bonus(self, side: Side) -> int:
        """The rubber bonus (finished) or the unfinished-rubber allowance for `side`."""
        won, lost = self.games(side), self.games(side.other)
        if self.finished:
            if won < 2:
                return 0
            if self.rule_set.name == AUCTION_1926:
                return self.rule_set.rubber_bonus
            return 700 if lost == 0 else 500
        if self.rule_set.name == AUCTION_1926:
            return 125 * won
        return 300 if won else 0

    def total(self, side: Side) -> int:
        return self.points.total(side) + self.bonus(side)
