"""Four-hand euchre, the rules: packs, bowers, making trump, lone hands, play, scoring and penalties.

Players are 0-3 clockwise, partners opposite (team = player % 2), as in EGN. Sources: Hoyle 1940
(`rules-hoyle-1940.md`, L = line of the 1940 text), the older Hoyles (`000` = c.1910 Donohue, `002` =
Hoffmann) and modern play (`standards.md` §6.1). Where they disagree the reading is an option of
`EuchreRules`, documented on the field with its book and line.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from games.engine.cards import Card, Rank, Suit, deck
from games.engine.report import Irregularity, IrregularityKind
from games.engine.trick_play import TrickRules

PLAYERS = 4
HAND_SIZE = 5
TRICKS = 5

_SAME_COLOUR = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}


def same_colour(suit: Suit) -> Suit:
    """The other suit of the trump's colour, whose jack is the left bower."""
    return _SAME_COLOUR[suit]


class JokerTurnUp(enum.Enum):
    """What a turned-up joker makes trumps (the books disagree)."""

    SPADES = "spades"
    """"If it is turned up, spades are trumps, unless otherwise agreed beforehand" (1940 L11053-11055)."""
    DEALER_NAMES = "dealer_names"
    """"The dealer has the privilege of naming any suit he pleases for trump" (000 L1508-1509)."""
    NEXT_CARD = "next_card"
    """"The card next in order decides the trump suit" (002 L3155)."""


class LonerLead(enum.Enum):
    """Who leads to a lone hand. The books are silent (older §2.6 gap, V-EU-12); EGN names both."""

    LEFT_OF_DEALER = "LEFT_OF_DEALER"
    """The eldest hand, or the next player on when the eldest is the lone player's idle partner."""
    LEFT_OF_LONER = "LEFT_OF_LONER"
    """The player on the lone player's left."""


class LeadOutOfTurn(enum.Enum):
    """The penalty for a lead out of turn (1940 §5 item 13: the books conflict)."""

    CALL_SUIT = "call_suit"
    """"The right-hand adversary of the proper leader may call a suit" (1940 L11182-11186): no score."""
    LOSES_GAME = "loses_game"
    """"In short games like skat and euchre, a lead out of turn loses the game" (1940 L12620-12621)."""


class LonePlayer(enum.Enum):
    """Who of the making side may play alone (the books disagree)."""

    MAKER = "maker"
    """"No one but the player who orders up, takes up, or makes the trump, can play 'alone.' The dealer cannot
    play alone if his partner has assisted him" (1940 L11112-11115)."""
    MAKER_OR_PARTNER = "maker_or_partner"
    """"When he adopts, orders up or makes a trump; or when his partner assists, orders up or makes a trump"
    (000 Law 41 L887-892)."""


class Call(enum.Enum):
    """A first-round call: pass, or accept the turned suit (order up, assist, or the dealer's take up)."""

    PASS = "pass"
    ORDER = "order"


@dataclass(frozen=True, slots=True)
class EuchreRules:
    """A euchre rule set. Defaults are the 1940 Hoyle's straight euchre (L11045-11193)."""

    lowest: Rank = Rank.SEVEN
    """Seven: the 32-card pack, "deleting all below the seven" (1940 L11048-11049); nine: the modern
    24-card pack (standards §6.1); eight: 28 cards."""
    joker: bool = False
    """The joker as best bower, above the right bower (1940 L11053; 000 L1502-1511)."""
    joker_turn_up: JokerTurnUp = JokerTurnUp.SPADES
    game: int = 5
    """"Five points is game" (1940 L11130); 7 or 10 by agreement, 10 in modern tournaments (standards §6.1)."""
    point: int = 1
    """Makers taking 3 or 4 tricks, alone or not (000 Law 1 L631-638; 002 L626)."""
    march: int = 2
    lone_march: int = 4
    euchred: int = 2
    """To the adversaries when the makers take fewer than three (1940 L11080-11087)."""
    lone_euchred: int = 2
    """A euchred lone hand gives 2: 000 rejects the "absurd notion" of 4 (L1172-1178); some modern events
    give 4 (standards §6.1)."""
    revoke: int = 2
    """"The side not in error scores two points penalty" (1940 L11188-11191; 000 Law 32 L843-844). Against a
    lone hand the lone player scores what he would have won had he succeeded, the lone march (L11191-11193)."""
    turned_down_suit_makeable: bool = False
    """False: "excepting the suit already turned down" (000 L393-402, Law 40 L881-885); True: 002 silent (L624)."""
    stick_the_dealer: bool = False
    """True: the dealer must name a trump when all pass twice (EGN `std`, modern; not in the books, where the
    deal "passes to the left", 1940 L11108-11110)."""
    lone_hands: bool = True
    """False at the progressive head table and in military euchre (1940 L11381-11384, L11448-11452)."""
    dealer_partner_alone: bool = False
    """True: the dealer's partner "cannot 'assist'... If he orders up he must play alone" (progressive euchre,
    1940 L11382-11384; EGN `canadian`)."""
    lone_player: LonePlayer = LonePlayer.MAKER
    lone_takeover: bool = False
    """Whether a player may take over the lone hand his partner announced. False: "If your partner announce that
    he will play alone, you cannot supersede him and play alone yourself" (002 L645; 000 Law 43 L902-905); True:
    "Under the more modern practice the player having the later call can play alone in place of his partner"
    (002 footnote 25, L3156)."""
    cut_throat_march: int = 3
    """Three-hand march: 3 "following the analogy of the four-handed game, where a lone hand counts four" (000
    L1586-1590; 1940 L11136-11138); 2, "the same as in the two-handed or four-handed game" (002 L627)."""
    cut_throat_set_back: bool = False
    """Three-hand euchre: False, "each of his adversaries scores two points" (002 L627; 000 L1595-1596); True,
    the two "deducted from the score of the euchred player, who is 'set back'", below zero if need be (002 L627)."""
    loner_lead: LonerLead = LonerLead.LEFT_OF_DEALER
    lead_out_of_turn: LeadOutOfTurn = LeadOutOfTurn.CALL_SUIT

    def pack(self) -> tuple[Card, ...]:
        return deck(self.lowest, joker=self.joker)


HOYLE_1940 = EuchreRules()
PROGRESSIVE_1940 = EuchreRules(dealer_partner_alone=True)
"""Drive or progressive euchre away from the head table (1940 L11381-11384); game 5."""
PROGRESSIVE_HEAD_TABLE_1940 = replace(PROGRESSIVE_1940, lone_hands=False)
MODERN = EuchreRules(lowest=Rank.NINE, game=10, stick_the_dealer=True)
"""Modern tournament euchre: 24 cards, game 10, stick the dealer (standards §6.1; EGN base rules)."""
RULE_SETS: Mapping[str, EuchreRules] = {
    "hoyle-1940": HOYLE_1940,
    "progressive-1940": PROGRESSIVE_1940,
    "modern": MODERN,
}
"""The euchre rule sets a Section may name (games.engine.rule_sets)."""


class EuchreTricks(TrickRules):
    """Euchre ranking: joker, right bower, left bower, then A K Q 10 9 8 7 of trumps; the left bower and the
    joker are trumps for following (002 L616; 1940 L11057-11065, figures rebuilt from L11566-11568)."""

    def __init__(self, trump: Suit) -> None:
        super().__init__(trump)
        self.left = Card(same_colour(trump), Rank.JACK)
        self.right = Card(trump, Rank.JACK)

    def suit_of(self, card: Card) -> Suit | None:
        if card.is_joker or card == self.left:
            return self.trump
        return card.suit

    def power(self, card: Card, led: Suit | None) -> int:
        if card.is_joker:
            return 300
        if card == self.right:
            return 200
        if card == self.left:
            return 199
        return super().power(card, led)


def turned_suit(
    rules: EuchreRules, turned: Card, *, named: Suit | None = None, next_card: Card | None = None
) -> Suit:
    """The suit offered in the first round. A turned-up joker offers what `rules.joker_turn_up` says."""
    if not turned.is_joker:
        return turned.suit  # type: ignore[return-value]
    if rules.joker_turn_up is JokerTurnUp.SPADES:
        return Suit.SPADES
    if rules.joker_turn_up is JokerTurnUp.DEALER_NAMES:
        if named is None:
            raise ValueError("the joker was turned up: the dealer must name the trump suit")
        return named
    if next_card is None or next_card.is_joker:
        raise ValueError("the joker was turned up: the next card, which decides the trump, is needed")
    return next_card.suit  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class TrumpMaking:
    """What the calls made: the trump, the maker, how (order up, assist, take up, make), whether alone and who.

    `trump` is None when every player passed twice and the deal passes to the left.
    """

    trump: Suit | None
    maker: int | None
    how: str | None
    round: int | None
    alone: bool
    irregularities: tuple[Irregularity, ...] = ()
    loner: int | None = None

    @property
    def taken_up(self) -> bool:
        """True when the turned card went into the dealer's hand (the first round)."""
        return self.round == 1


def make_trump(
    rules: EuchreRules,
    dealer: int,
    offered: Suit,
    calls: Sequence[Call | Suit],
    alone: bool = False,
    loner: int | None = None,
    superseded: int | None = None,
) -> TrumpMaking:
    """Run the two rounds of making trump (1940 L11089-11110; 000 L356-402).

    First round, from the eldest hand: pass or accept the turned suit (the eldest and third hand "order it
    up", the dealer's partner "assists", the dealer "takes it up"). Second round: pass or name another suit.
    The first call that is not a pass makes the trump. `alone` says a lone hand is played, by `loner`
    (the maker when not given); `superseded` is the partner whose lone hand the loner took over.
    """
    found: list[Irregularity] = []

    def bad(kind: IrregularityKind, player: int, message: str, law: str) -> None:
        found.append(Irregularity(kind, message, None, str(player), None, law))

    made: tuple[Suit, int, str, int] | None = None
    for index, call in enumerate(calls):
        player = (dealer + 1 + index) % PLAYERS
        if made is not None:
            bad(
                IrregularityKind.CALL_AFTER_AUCTION,
                player,
                f"call {index + 1} comes after the trump was made",
                "1940 L11089-11106",
            )
            break
        if index >= 2 * PLAYERS:
            bad(IrregularityKind.ILLEGAL_CALL, player, "more than two rounds of calls", "1940 L11108-11110")
            break
        first_round = index < PLAYERS
        if call is Call.PASS:
            continue
        if first_round and call is Call.ORDER:
            how = {dealer: "take up", (dealer + 2) % PLAYERS: "assist"}.get(player, "order up")
            made = (offered, player, how, 1)
        elif not first_round and isinstance(call, Suit):
            if call is offered and not rules.turned_down_suit_makeable:
                bad(
                    IrregularityKind.ILLEGAL_CALL,
                    player,
                    f"player {player} named {call.name.lower()}, the suit turned down",
                    "000 Law 40 L881-885",
                )
                continue
            made = (call, player, "make", 2)
        else:
            bad(
                IrregularityKind.ILLEGAL_CALL,
                player,
                f"{'a suit cannot be named' if first_round else 'the turned card cannot be ordered'} "
                f"in the {'first' if first_round else 'second'} round",
                "1940 L11089-11106",
            )
    if made is None:
        if len(calls) >= 2 * PLAYERS and rules.stick_the_dealer:
            bad(IrregularityKind.ILLEGAL_CALL, dealer, "the dealer is stuck and must name a trump", "EGN std")
        elif len(calls) < 2 * PLAYERS:
            bad(
                IrregularityKind.INCOMPLETE_AUCTION,
                (dealer + 1 + len(calls)) % PLAYERS,
                f"only {len(calls)} calls and no trump made",
                "1940 L11098-11110",
            )
        return TrumpMaking(None, None, None, None, False, tuple(found))
    trump, maker, how, round_ = made
    loner = (maker if loner is None else loner) if alone else None
    if alone and not rules.lone_hands:
        bad(IrregularityKind.ILLEGAL_LONE_HAND, maker, "no lone hands at this table", "1940 L11381-11383")
    elif loner is not None and loner % 2 != maker % 2:
        bad(
            IrregularityKind.ILLEGAL_LONE_HAND, loner, "only the makers may play alone", "000 Law 42 L894-900"
        )
    elif loner is not None and superseded is not None:
        _check_takeover(rules, dealer, loner, superseded, bad)
    elif loner is not None and loner != maker and rules.lone_player is LonePlayer.MAKER:
        bad(IrregularityKind.ILLEGAL_LONE_HAND, loner, "only the maker may play alone", "1940 L11112-11115")
    if how == "assist" and rules.dealer_partner_alone and not alone:
        bad(
            IrregularityKind.ILLEGAL_LONE_HAND,
            maker,
            "the dealer's partner cannot assist: if he orders up he must play alone",
            "1940 L11382-11384",
        )
    return TrumpMaking(trump, maker, how, round_, alone, tuple(found), loner)


def _check_takeover(
    rules: EuchreRules,
    dealer: int,
    loner: int,
    superseded: int,
    bad: Callable[[IrregularityKind, int, str, str], None],
) -> None:
    """A lone hand taken over from a partner: only under `lone_takeover`, and only by the later call."""
    if superseded != (loner + 2) % PLAYERS:
        bad(
            IrregularityKind.ILLEGAL_LONE_HAND,
            loner,
            "only a partner's lone hand can be taken over",
            "002 L645",
        )
    elif not rules.lone_takeover:
        bad(
            IrregularityKind.ILLEGAL_LONE_HAND,
            loner,
            f"player {superseded} announced a lone hand: his partner cannot supersede him",
            "002 L645; 000 Law 43 L902-905",
        )
    elif (loner - dealer - 1) % PLAYERS < (superseded - dealer - 1) % PLAYERS:
        bad(
            IrregularityKind.ILLEGAL_LONE_HAND,
            loner,
            f"only the player having the later call can play alone in place of his partner, player {superseded}",
            "002 fn. 25 L3156",
        )


def score_deal(rules: EuchreRules, maker: int, alone: bool, maker_tricks: int) -> tuple[int, int]:
    """Points to team 0 and team 1 for a deal played out (1940 L11080-11087; 000 Laws 1-2 L631-646)."""
    if maker_tricks == TRICKS:
        points, to_makers = (rules.lone_march if alone else rules.march), True
    elif maker_tricks >= 3:
        points, to_makers = rules.point, True
    else:
        points, to_makers = (rules.lone_euchred if alone else rules.euchred), False
    team = maker % 2 if to_makers else 1 - maker % 2
    return (points, 0) if team == 0 else (0, points)


def score_cut_throat(rules: EuchreRules, maker: int, maker_tricks: int) -> tuple[int, int, int]:
    """Points to players 0-2 in three-hand (cut-throat) euchre, each for himself against the maker."""
    points = [0, 0, 0]
    if maker_tricks >= 3:
        points[maker] = rules.cut_throat_march if maker_tricks == TRICKS else rules.point
    elif rules.cut_throat_set_back:
        points[maker] = -rules.euchred
    else:
        points = [0 if p == maker else rules.euchred for p in range(3)]
    return (points[0], points[1], points[2])


def cut_throat_winner(rules: EuchreRules, score: Sequence[int], dealer: int) -> int | None:
    """The three-hand winner: if two go out on the same euchre, "the elder hand of the two wins" (000
    L1662-1664; 002 L627), the elder being the nearer the dealer's left."""
    out = [p for p in ((dealer + 1 + i) % 3 for i in range(3)) if score[p] >= rules.game]
    return out[0] if out else None


def revoke_score(rules: EuchreRules, revokers: set[int], maker: int, alone: bool) -> tuple[int, int]:
    """Points for a revoke claimed and proved: the hands are abandoned and the side not in error scores the
    penalty, the lone march against a lone hand; revokes on both sides void the deal (1940 L11188-11193;
    000 Laws 32, 37, 38 L843-874)."""
    teams = {p % 2 for p in revokers}
    if len(teams) != 1:
        return (0, 0)
    innocent = 1 - teams.pop()
    points = rules.lone_march if alone and innocent == maker % 2 else rules.revoke
    return (points, 0) if innocent == 0 else (0, points)


def lead_out_of_turn_score(
    rules: EuchreRules, offender: int, maker: int, alone: bool, score: tuple[int, int]
):
    """Points for a lead out of turn: against a lone hand the lone player scores as if he had succeeded
    (1940 L11184-11186); otherwise nothing under CALL_SUIT, or the game to the other side under LOSES_GAME."""
    innocent = 1 - offender % 2
    if alone and innocent == maker % 2:
        points = rules.lone_march
    elif rules.lead_out_of_turn is LeadOutOfTurn.LOSES_GAME:
        points = max(rules.game - score[innocent], 0)
    else:
        return (0, 0)
    return (points, 0) if innocent == 0 else (0, points)


def winner(rules: EuchreRules, score: Sequence[int]) -> int | None:
    """The team that has reached game, if any."""
    for team in (0, 1):
        if score[team] >= rules.game:
            return team
    return None


def opening_leader(rules: EuchreRules, dealer: int, loner: int | None) -> int:
    """The eldest hand leads (1940 L11123), skipping a lone player's idle partner, or per `loner_lead`."""
    if loner is not None and rules.loner_lead is LonerLead.LEFT_OF_LONER:
        return (loner + 1) % PLAYERS
    eldest = (dealer + 1) % PLAYERS
    if loner is not None and eldest == (loner + 2) % PLAYERS:
        return (eldest + 1) % PLAYERS
    return eldest
