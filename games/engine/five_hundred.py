"""Five Hundred (bid euchre) for three players, or four in partnerships: packs of 33 and 43 cards, the bid
table, the widow, the joker at no-trumps, nullo, scoring to 500 and the revoke.

Sources: Hoyle 1940 (`rules-hoyle-1940.md`, L = line of the 1940 text: L11557-11657, nullo L18730-18743),
the c.1910 Hoyle (000 L51729-51886) and Hoffmann (002 L1619-1659). Where they disagree the reading is an
option of `FiveHundredRules`. Players are 0-2 or 0-3 clockwise; a "party" is a player with three, a
partnership (player % 2) with four. Suit contracts rank as in euchre ("the right and left bowers coming
next, as usual", L11566-11568), so they use `EuchreTricks`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.engine.cards import JOKER, Card, Rank, Suit, deck
from games.engine.euchre import EuchreTricks
from games.engine.report import Irregularity, IrregularityKind
from games.engine.trick_play import PlayAudit, TrickRules, audit_tricks

TRICKS = 10
HAND_SIZE = 10
WIDOW = 3
BID_BASE: dict[Suit | None, int] = {
    Suit.SPADES: 40,
    Suit.CLUBS: 60,
    Suit.DIAMONDS: 80,
    Suit.HEARTS: 100,
    None: 120,
}
"""Six tricks in each denomination, None being no trumps. The 1940 row labels are OCR-garbled and rebuilt
(1940 §5 item 1); 000 L51826-51838 prints the same table legibly."""
NULLO_VALUE = 250


class Schedule(enum.Enum):
    """The bid table."""

    HOYLE = "hoyle"
    """Six-trick value times the tricks over five: 7♦ 160 beats 8♠ 120 (1940 L11590-11604; 000 L51826-51838)."""
    AVONDALE = "avondale"
    """Up 100 a trick from the six-trick value, no two bids equal (002 L1631-1643)."""


class JokerAtNoTrumps(enum.Enum):
    """The joker in a no-trump hand, "the only trump ... practically a suit by itself"."""

    HOYLE = "hoyle"
    """It cannot be played while holding the suit led; led, its leader names the suit to follow
    (1940 L11569-11574; 000 L51775-51790)."""
    HOFFMANN = "hoffmann"
    """As HOYLE, but the leader may not name a suit he has renounced, and played to the lead of a suit its
    holder has already renounced it "has no winning value" (002 L1625, L1644)."""


class NoBid(enum.Enum):
    REDEAL = "redeal"
    """"If no one will bid 6 tricks in anything, the deal passes to the left" (1940 L11604-11605)."""
    NO_TRUMPS = "no_trumps"
    """Played at no-trumps without the widow, eldest leading, 10 a trick to each player (002 L1628)."""


class Bidding(enum.Enum):
    ONE_ROUND = "one_round"
    """"There are no second bids" (1940 L11586): each player bids or passes once, from the eldest."""
    UNTIL_PASSED = "until_passed"
    """"A player who has once 'passed' cannot subsequently bid" (002 L1628): the others bid on."""


class RevokeRule(enum.Enum):
    AMERICAN = "american"
    """Hand abandoned: a revoking bidder is set back his bid and the adversaries score their tricks so far;
    a revoking adversary: no adversary scores, the bidder scores his bid (1940 L11647-11657; 000 L51874-51882)."""
    HOFFMANN = "hoffmann"
    """A revoking bidder is set back and the adversaries score as the hand is played out; a revoking
    adversary scores nothing and is set back 100, the others score normally (002 L1652-1653)."""


class Fours(enum.Enum):
    """Which two fours join the four-hand pack (1940 L11562-11563 says only "two 4's")."""

    BLACK = "black"
    """"All the cards above the three-spot ... excepting the four of diamonds and hearts" (000 L51738-51741)."""
    RED = "red"
    """"Discarding the twos, threes, and black 4s" (Bicycle four-hand Five Hundred; Australian 43-card pack)."""


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of 6 to 9 (or 10) tricks in a suit or no trumps (trump None), or nullo."""

    tricks: int = 0
    trump: Suit | None = None
    nullo: bool = False

    def __str__(self) -> str:
        if self.nullo:
            return "nullo"
        return f"{self.tricks}{self.trump.value if self.trump else 'NT'}"


NULLO = Bid(nullo=True)


@dataclass(frozen=True, slots=True)
class FiveHundredRules:
    """A Five Hundred rule set; defaults are the 1940 Hoyle's three-hand game."""

    players: int = 3
    schedule: Schedule = Schedule.HOYLE
    max_tricks: int = 9
    """9 in the 1940 and 000 tables, 10 in the Avondale table (002 L1631-1643)."""
    nullo: bool = False
    """Nullo 500 (1940 L18730-18743): a bid of 250 to take no trick, played alone even with a partner."""
    joker_at_no_trumps: JokerAtNoTrumps = JokerAtNoTrumps.HOYLE
    no_bid: NoBid = NoBid.REDEAL
    bidding: Bidding = Bidding.ONE_ROUND
    revoke: RevokeRule = RevokeRule.AMERICAN
    fours: Fours = Fours.BLACK
    hearts_below_diamonds: bool = False
    """The rank of the red suits. False: diamonds 80, hearts 100 (000 L51826-51838, and the 1940 table as
    rebuilt, §5 item 1). True: hearts 80, diamonds 100, which the 1940 worked example needs ("makes 7 in hearts,
    160", L11635-11641) and the order of its garbled row labels ("PLERE", "PINON") allows; 000's prose also
    puts hearts below diamonds (L51810-51811)."""
    game: int = 500

    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise ValueError(f"Five Hundred is for three or four players, not {self.players}")

    def pack(self) -> tuple[Card, ...]:
        """33 cards for three (32 and the joker) and 43 for four: the 6s, 5s and two 4s added (L11560-11563)."""
        if self.players == 3:
            return deck(Rank.SEVEN, joker=True)
        colour = "black" if self.fours is Fours.BLACK else "red"
        fours = tuple(Card(s, Rank.FOUR) for s in Suit if s.colour == colour)
        return deck(Rank.FIVE) + fours + (JOKER,)

    def party(self, player: int) -> int:
        return player % 2 if self.players == 4 else player

    @property
    def parties(self) -> int:
        return 2 if self.players == 4 else 3


HOYLE_1940 = FiveHundredRules()
HOYLE_1940_FOUR = FiveHundredRules(players=4)
AVONDALE = FiveHundredRules(
    schedule=Schedule.AVONDALE, max_tricks=10, nullo=True, joker_at_no_trumps=JokerAtNoTrumps.HOFFMANN
)
"""Hoffmann's game (002): Avondale table, no-trump joker restrictions; with nullo as in 1940 L18730-18737."""


def bid_value(rules: FiveHundredRules, bid: Bid) -> int:
    if bid.nullo:
        return NULLO_VALUE
    trump = bid.trump
    if rules.hearts_below_diamonds and trump in (Suit.HEARTS, Suit.DIAMONDS):
        trump = Suit.DIAMONDS if trump is Suit.HEARTS else Suit.HEARTS
    base = BID_BASE[trump]
    if rules.schedule is Schedule.HOYLE:
        return base * (bid.tricks - 5)
    return base + 100 * (bid.tricks - 6)


def bid_rank(rules: FiveHundredRules, bid: Bid) -> tuple[int, int]:
    """Bids rank by value ("the most valuable game", L11601-11604); on equal values "the preference is given
    to the suit which requires most tricks" (000 L51813-51818)."""
    return bid_value(rules, bid), bid.tricks


@dataclass(frozen=True, slots=True)
class Auction:
    """The auction's result: the bidder and his bid (None when no one bid) and what was wrong with it."""

    bidder: int | None
    bid: Bid | None
    irregularities: tuple[Irregularity, ...] = ()


def auction(rules: FiveHundredRules, dealer: int, calls: Sequence[Bid | None]) -> Auction:
    """Run the bidding from the eldest hand; a call is a Bid or None (pass). One round, or (UNTIL_PASSED)
    round and round among those who have not passed until all but the best bidder have."""
    n = rules.players
    found: list[Irregularity] = []
    waiting = [(dealer + 1 + i) % n for i in range(n)]
    best: tuple[int, Bid] | None = None
    turn = 0

    def over() -> bool:
        if rules.bidding is Bidding.ONE_ROUND:
            return turn >= n
        return not waiting or (best is not None and set(waiting) <= {best[0]})

    for index, call in enumerate(calls):
        if over():
            found.append(
                _irregular(IrregularityKind.CALL_AFTER_AUCTION, f"call {index + 1} after the auction ended")
            )
            break
        player = waiting[turn % len(waiting)] if rules.bidding is Bidding.UNTIL_PASSED else waiting[turn]
        if call is None:
            if rules.bidding is Bidding.UNTIL_PASSED:
                waiting.remove(player)
                turn -= 1
        elif problem := _bid_problem(rules, call, best[1] if best else None):
            found.append(_irregular(IrregularityKind.INSUFFICIENT_BID, f"player {player}: {problem}", player))
        else:
            best = (player, call)
        turn += 1
    if not over() and not found:
        found.append(
            _irregular(IrregularityKind.INCOMPLETE_AUCTION, f"the auction stops after {len(calls)} calls")
        )
    if best is None:
        return Auction(None, None, tuple(found))
    return Auction(best[0], best[1], tuple(found))


def _bid_problem(rules: FiveHundredRules, bid: Bid, best: Bid | None) -> str | None:
    if bid.nullo and not rules.nullo:
        return "nullo is not played under these rules"
    if not bid.nullo and not 6 <= bid.tricks <= rules.max_tricks:
        return f"a bid is of 6 to {rules.max_tricks} tricks, not {bid.tricks}"
    if best is not None and bid_rank(rules, bid) <= bid_rank(rules, best):
        return f"{bid} ({bid_value(rules, bid)}) does not beat {best} ({bid_value(rules, best)})"
    return None


class NoTrumpTricks(TrickRules):
    """No trumps but the joker, a suit by itself (L11569-11574); in nullo the same, and a led joker takes no
    called suit: "any suit may be discarded on it" (L18741-18743). Under Hoffmann's rule a joker played to the
    lead of a suit its holder renounced earlier cannot win (002 L1644); that needs the tricks in order, so an
    instance follows one deal."""

    def __init__(self, hoffmann: bool = False) -> None:
        super().__init__(None)
        self.hoffmann = hoffmann
        self.renounced: dict[int, set[Suit]] = {}

    def suit_of(self, card: Card) -> Suit | None:
        return None if card.is_joker else card.suit

    def led_suit(self, card: Card, called: Suit | None) -> Suit | None:
        return called if card.is_joker else card.suit

    def power(self, card: Card, led: Suit | None) -> int:
        return 300 if card.is_joker else super().power(card, led)

    def winner(self, plays: Sequence[tuple[int, Card]], led: Suit | None) -> int:
        dead = {
            player
            for position, (player, card) in enumerate(plays)
            if self.hoffmann and card.is_joker and position > 0 and led in self.renounced.get(player, set())
        }
        live = [(p, c) for p, c in plays if p not in dead] or list(plays)
        note_renounces(self.renounced, plays, led)
        return super().winner(live, led)


def note_renounces(
    renounced: dict[int, set[Suit]], plays: Sequence[tuple[int, Card]], led: Suit | None
) -> None:
    """Record who did not follow the suit led at no trumps (the joker, a suit by itself, does not follow)."""
    for player, card in plays[1:]:
        if led is not None and (card.is_joker or card.suit is not led):
            renounced.setdefault(player, set()).add(led)


def trick_rules(rules: FiveHundredRules, bid: Bid | None) -> TrickRules:
    """How the cards rank for a contract (None: the no-bid hand at no trumps)."""
    if bid is not None and not bid.nullo and bid.trump is not None:
        return EuchreTricks(bid.trump)
    return NoTrumpTricks(hoffmann=rules.joker_at_no_trumps is JokerAtNoTrumps.HOFFMANN)


def score_deal(
    rules: FiveHundredRules, bidder: int | None, bid: Bid | None, won: Mapping[int, int]
) -> tuple[int, ...]:
    """Points per party for a deal played out. `won` is tricks per player.

    Made: the bid's value, "but he cannot score more than he has bid unless he takes all ten tricks, in which
    case he scores at least 250" (L11610-11614). Failed: set back the bid (L11619-11626). Every adversary
    scores 10 a trick (L11616-11617). Nullo: 250, or set back 250 and each adversary 10 for each trick the
    bidder took (L18737-18741; the book gives the adversaries nothing when nullo is made). No bid at no
    trumps (002 L1628): 10 a trick to everyone."""
    points = [0] * rules.parties
    tricks = [0] * rules.parties
    for player, count in won.items():
        tricks[rules.party(player)] += count
    if bidder is None or bid is None:
        return tuple(10 * t for t in tricks)
    makers = rules.party(bidder)
    value = bid_value(rules, bid)
    if bid.nullo:
        taken = won.get(bidder, 0)
        for party in range(rules.parties):
            points[party] = (value if taken == 0 else -value) if party == makers else 10 * taken
        return tuple(points)
    for party in range(rules.parties):
        if party != makers:
            points[party] = 10 * tricks[party]
    if tricks[makers] >= bid.tricks:
        points[makers] = max(value, NULLO_VALUE) if tricks[makers] == TRICKS else value
    else:
        points[makers] = -value
    return tuple(points)


def revoke_score(
    rules: FiveHundredRules,
    bidder: int,
    bid: Bid,
    offender: int,
    tricks_so_far: Mapping[int, int],
    played_out: Mapping[int, int] | None = None,
) -> tuple[int, ...]:
    """Points per party for a revoke, per `rules.revoke`. `tricks_so_far` are tricks per player when the revoke
    was proved; `played_out` the tricks per player once the hand is played out (Hoffmann's rule only)."""
    makers = rules.party(bidder)
    value = bid_value(rules, bid)
    guilty = rules.party(offender)
    if rules.revoke is RevokeRule.AMERICAN:
        if guilty == makers:
            taken = [0] * rules.parties
            for player, count in tricks_so_far.items():
                taken[rules.party(player)] += count
            return tuple(-value if p == makers else 10 * taken[p] for p in range(rules.parties))
        return tuple(value if p == makers else 0 for p in range(rules.parties))
    if played_out is None:
        raise ValueError("Hoffmann's revoke rule scores the hand as played out: give the tricks played out")
    normal = score_deal(rules, bidder, bid, played_out)
    if guilty == makers:
        return tuple(-value if p == makers else normal[p] for p in range(rules.parties))
    return tuple(-100 if p == guilty else normal[p] for p in range(rules.parties))


def game_winner(
    rules: FiveHundredRules,
    before: Sequence[int],
    points: Sequence[int],
    bidder: int | None,
    trick_winners: Sequence[int] = (),
) -> int | None:
    """The party that wins the game on this deal: the bidder's party first, since "the bidder always has the
    first count" (L11609-11610, L11635-11641); else the first adversary to take the trick that carries him
    to 500 (002 L1647), found from `trick_winners` (players, in order), or the highest total without them."""
    after = [b + p for b, p in zip(before, points, strict=True)]
    if bidder is not None and after[rules.party(bidder)] >= rules.game:
        return rules.party(bidder)
    over = [party for party in range(rules.parties) if after[party] >= rules.game]
    if not over:
        return None
    running = list(before)
    for player in trick_winners:
        party = rules.party(player)
        running[party] += 10
        if party in over and running[party] >= rules.game:
            return party
    return max(over, key=lambda party: after[party])


@dataclass(frozen=True, slots=True)
class FiveHundredDeal:
    """One deal as recorded: dealer, calls, the tricks in the order played, the suit named for each joker
    lead at no trumps, and (if known) the hands dealt, the widow and the bidder's discard."""

    dealer: int
    calls: tuple[Bid | None, ...]
    tricks: tuple[tuple[Card, ...], ...] = ()
    called: tuple[Suit | None, ...] = ()
    hands: Mapping[int, frozenset[Card]] | None = None
    widow: frozenset[Card] | None = None
    discard: frozenset[Card] | None = None


@dataclass(frozen=True, slots=True)
class DealAudit:
    auction: Auction
    play: PlayAudit | None
    points: tuple[int, ...]
    complete: bool
    irregularities: tuple[Irregularity, ...]


def audit_deal(rules: FiveHundredRules, deal: FiveHundredDeal) -> DealAudit:
    """Replay one deal: the auction, the widow, the play from the bidder's lead (L11607-11609) and the score."""
    result = auction(rules, deal.dealer, deal.calls)
    found = list(result.irregularities)
    none = tuple(0 for _ in range(rules.parties))
    if result.bid is None and rules.no_bid is NoBid.REDEAL:
        if deal.tricks:
            found.append(
                _irregular(IrregularityKind.MALFORMED_RECORD, "cards were played although no one bid")
            )
        return DealAudit(result, None, none, False, tuple(found))
    bidder, bid = result.bidder, result.bid
    idle = (bidder + 2) % 4 if bid is not None and bid.nullo and rules.players == 4 else None  # type: ignore[operator]
    order = [p for p in range(rules.players) if p != idle]
    leader = bidder if bidder is not None else (deal.dealer + 1) % rules.players
    hands = _hands_after_widow(deal, bidder, found)
    tricks_rules = trick_rules(rules, bid)
    play = audit_tricks(
        tricks_rules,
        order,
        leader,
        deal.tricks,
        hands,
        called=deal.called,
        pack=frozenset(rules.pack()),
        law_follow="1940 L11607-11609",
    )
    found.extend(play.irregularities)
    if isinstance(tricks_rules, NoTrumpTricks):
        found.extend(_check_joker_calls(rules, deal, bid, play))
    complete = len(deal.tricks) == TRICKS and all(len(t) == len(order) for t in deal.tricks)
    revoke = next((i for i in play.irregularities if i.kind is IrregularityKind.REVOKE), None)
    if (
        revoke is not None
        and bidder is not None
        and bid is not None
        and (complete or rules.revoke is RevokeRule.AMERICAN)
    ):
        # "up to that time": the tricks quitted before the revoke trick
        so_far = dict.fromkeys(order, 0)
        for trick in play.tricks[: (revoke.trick or 1) - 1]:
            so_far[trick.winner] += 1
        points = revoke_score(rules, bidder, bid, int(revoke.seat or 0), so_far, play.won)
    elif complete:
        points = score_deal(rules, bidder, bid, play.won)
    else:
        points = none
    return DealAudit(result, play, points, complete, tuple(found))


def _hands_after_widow(
    deal: FiveHundredDeal, bidder: int | None, found: list[Irregularity]
) -> Mapping[int, frozenset[Card]] | None:
    """The hands before the first trick: the bidder has taken the widow and laid out three (L11580-11583)."""
    if deal.hands is None:
        return None
    hands = dict(deal.hands)
    if bidder is None or deal.widow is None:
        return hands
    whole = hands[bidder] | deal.widow
    if deal.discard is not None:
        if len(deal.discard) != WIDOW or not deal.discard <= whole:
            found.append(
                Irregularity(
                    IrregularityKind.ILLEGAL_DISCARD,
                    f"the bidder must lay out three of his cards and the widow, not {sorted(map(str, deal.discard))}",
                    None,
                    str(bidder),
                    None,
                    "1940 L11582-11583",
                )
            )
        whole = whole - deal.discard
    hands[bidder] = whole
    return hands


def _check_joker_calls(
    rules: FiveHundredRules, deal: FiveHundredDeal, bid: Bid | None, play: PlayAudit
) -> list[Irregularity]:
    """A joker led at no trumps needs a named suit (L11572-11574), under Hoffmann's rule not one the leader
    has renounced (002 L1625); in nullo it takes none (L18741-18743)."""
    found = []
    nullo = bid is not None and bid.nullo
    renounced: dict[int, set[Suit]] = {}
    for trick in play.tricks:
        if not trick.plays:
            continue
        number, (leader, lead) = trick.number, trick.plays[0]
        named = deal.called[number - 1] if number <= len(deal.called) else None
        if lead.is_joker:
            if nullo and named is not None:
                found.append(
                    _irregular(
                        IrregularityKind.ILLEGAL_CALL, f"trick {number}: no suit is named to a nullo joker"
                    )
                )
            elif not nullo and named is None:
                found.append(
                    _irregular(
                        IrregularityKind.ILLEGAL_CALL, f"trick {number}: the joker led and no suit named"
                    )
                )
            elif rules.joker_at_no_trumps is JokerAtNoTrumps.HOFFMANN and named in renounced.get(
                leader, set()
            ):
                found.append(
                    _irregular(
                        IrregularityKind.ILLEGAL_CALL,
                        f"trick {number}: player {leader} named {named.name.lower()}, a suit he renounced",
                        leader,
                    )
                )
        note_renounces(renounced, trick.plays, named if lead.is_joker else lead.suit)
    return found


def _irregular(kind: IrregularityKind, message: str, player: int | None = None) -> Irregularity:
    return Irregularity(kind, message, None, None if player is None else str(player))
