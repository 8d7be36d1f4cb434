"""Trick play shared by the non-bridge engines (euchre, whist, hearts, Five Hundred).

Every one of these games plays tricks the same way: the leader plays any card, the others in turn must
follow the suit led if they can (general laws, Hoyle 1940 L12616-12630; whist L18285-18288; euchre
L11123-11125; hearts L12117-12120; Five Hundred L11607-11609), the highest card wins and its player
leads next. The games differ only in which suit a card belongs to (the euchre left bower is a trump),
which card may be played regardless (the hearts joker) and how strong a card is; a `TrickRules`
subclass says that, and `audit_tricks` does the rest.

Plays are recorded trick by trick in the order the cards fell, as EGN does: who played each card
follows from the leader and the seating. When the hands are not known they are rebuilt from the cards
each player is seen to play, so a revoke is found when the player later shows the suit he renounced.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from games.engine.cards import Card, Suit
from games.engine.report import Irregularity, IrregularityKind


class TrickRules:
    """Plain trick play: cards keep their printed suit, an optional trump suit beats the others, aces high."""

    def __init__(self, trump: Suit | None = None) -> None:
        self.trump = trump

    def suit_of(self, card: Card) -> Suit | None:
        """The suit the card counts as for following (None: a suit by itself, as the no-trump joker)."""
        return card.suit

    def led_suit(self, card: Card, called: Suit | None) -> Suit | None:
        """The suit the others must follow when `card` is led; `called` is a suit named with a joker lead."""
        return self.suit_of(card)

    def free(self, card: Card, led: Suit | None) -> bool:
        """True when the card may be played to `led` whatever else the player holds."""
        return False

    def power(self, card: Card, led: Suit | None) -> int:
        """How strongly the card bids for the trick; 0 when it cannot win it."""
        suit = self.suit_of(card)
        if suit is not None and suit == self.trump:
            return 100 + card.rank.value
        if suit is not None and suit == led:
            return card.rank.value
        return 0

    def winner(self, plays: Sequence[tuple[int, Card]], led: Suit | None) -> int:
        """The player of the strongest card (the first card wins ties, which only cards of power 0 make)."""
        best_player, best_power = plays[0][0], self.power(plays[0][1], led)
        for player, card in plays[1:]:
            power = self.power(card, led)
            if power > best_power:
                best_player, best_power = player, power
        return best_player


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick as replayed: who led, who played what in order, who won."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True, slots=True)
class PlayAudit:
    """The tricks replayed, the tricks each player won and everything found wrong, in order of play."""

    tricks: tuple[Trick, ...]
    won: Mapping[int, int]
    irregularities: tuple[Irregularity, ...]
    hands: Mapping[int, frozenset[Card]]


def trick_winner(rules: TrickRules, plays: Sequence[tuple[int, Card]], called: Suit | None = None) -> int:
    """The player whose card wins the trick."""
    return rules.winner(plays, rules.led_suit(plays[0][1], called))


def legal_cards(rules: TrickRules, holding: frozenset[Card], led: Suit | None) -> frozenset[Card]:
    """The cards of `holding` that may be played to a trick whose led suit is `led` (None: leading)."""
    if led is None:
        return holding
    following = frozenset(c for c in holding if rules.suit_of(c) == led or rules.free(c, led))
    if any(rules.suit_of(c) == led for c in holding):
        return following
    return holding


def seat_tricks(
    rules: TrickRules,
    order: Sequence[int],
    first_leader: int,
    tricks: Sequence[Sequence[Card]],
    called: Sequence[Suit | None] = (),
) -> tuple[Trick, ...]:
    """Give each card of each trick to its player: the leader, then clockwise among `order` (the players
    taking part). Extra cards in an over-long trick are dropped here; `audit_tricks` reports them."""
    seated: list[Trick] = []
    leader = first_leader
    for number, cards in enumerate(tricks, start=1):
        start = order.index(leader)
        plays = tuple((order[(start + i) % len(order)], card) for i, card in enumerate(cards[: len(order)]))
        if not plays:
            seated.append(Trick(number, leader, (), leader))
            continue
        winner = trick_winner(rules, plays, called[number - 1] if number <= len(called) else None)
        seated.append(Trick(number, leader, plays, winner))
        leader = winner
    return tuple(seated)


def audit_tricks(
    rules: TrickRules,
    order: Sequence[int],
    first_leader: int,
    tricks: Sequence[Sequence[Card]],
    hands: Mapping[int, frozenset[Card]] | None = None,
    *,
    called: Sequence[Suit | None] = (),
    pack: frozenset[Card] | None = None,
    names: Sequence[str] | None = None,
    law_follow: str | None = None,
    no_revoke: Collection[int] = (),
) -> PlayAudit:
    """Replay the tricks and report every card not held, card played twice, short or long trick and revoke.

    `hands` are the hands as they stood before the first trick; without them each player's hand is the
    set of cards he is seen to play. `pack` (when given) is the game's deck: a card outside it is not
    held by anyone. `names` name the players in reports (default "0", "1"...); `law_follow` is cited on
    revokes. A renounce by a player in `no_revoke` (a whist dummy, whose cards lie face up) is not a revoke.
    """
    seated = seat_tricks(rules, order, first_leader, tricks, called)
    if hands is None:
        rebuilt: dict[int, set[Card]] = {p: set() for p in order}
        for trick in seated:
            for player, card in trick.plays:
                rebuilt[player].add(card)
        hands = {p: frozenset(cards) for p, cards in rebuilt.items()}
    holding = {p: set(hands.get(p, frozenset())) for p in order}
    played: dict[Card, tuple[int, int]] = {}
    found: list[Irregularity] = []
    won = dict.fromkeys(order, 0)

    def seat(player: int) -> str:
        return names[player] if names is not None else str(player)

    def name(player: int) -> str:
        return names[player] if names is not None else f"player {player}"

    def report(kind: IrregularityKind, number: int, player: int, card: Card | None, message: str, law=None):
        found.append(Irregularity(kind, message, number, seat(player), str(card) if card else None, law))

    for trick, cards in zip(seated, tricks, strict=True):
        n = trick.number
        if len(cards) != len(order):
            report(
                IrregularityKind.WRONG_CARD_COUNT,
                n,
                trick.leader,
                None,
                f"trick {n} has {len(cards)} cards, expected {len(order)}",
            )
        if not trick.plays:
            continue
        led = rules.led_suit(trick.plays[0][1], called[n - 1] if n <= len(called) else None)
        for position, (player, card) in enumerate(trick.plays):
            if pack is not None and card not in pack:
                report(IrregularityKind.CARD_NOT_HELD, n, player, card, f"{card} is not in this game's pack")
                continue
            if card in played:
                first_trick, first_player = played[card]
                report(
                    IrregularityKind.CARD_PLAYED_TWICE,
                    n,
                    player,
                    card,
                    f"{card} was already played by {name(first_player)} to trick {first_trick}",
                )
                continue
            played[card] = (n, player)
            if card not in holding[player]:
                owner = next((p for p, cards in holding.items() if card in cards), None)
                whose = f"; {name(owner)} holds it" if owner is not None else ""
                report(
                    IrregularityKind.CARD_NOT_HELD,
                    n,
                    player,
                    card,
                    f"{name(player)} does not hold {card}{whose}",
                )
                if owner is not None:
                    holding[owner].discard(card)
                continue
            if (
                position > 0
                and player not in no_revoke
                and card not in legal_cards(rules, frozenset(holding[player]), led)
            ):
                shown = sorted(c for c in holding[player] if rules.suit_of(c) == led)
                report(
                    IrregularityKind.REVOKE,
                    n,
                    player,
                    card,
                    f"{name(player)} played {card} to a {led.name.lower() if led else 'joker'} lead "
                    f"while holding {', '.join(map(str, shown))}",
                    law_follow,
                )
            holding[player].discard(card)
        won[trick.winner] += 1
    return PlayAudit(seated, won, tuple(found), hands)
