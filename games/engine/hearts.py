"""Hearts: packs for three to six players, the penalty cards (Black Lady, Black Jack, the joker), play, and
every settlement in the books: basic, sweepstake with jacks, Howell and spot.

Sources: Hoyle 1940 (`rules-hoyle-1940.md`, L = line of the 1940 text): hearts L12101-12246, joker hearts
L18421-18432; the c.1910 Hoyle (000 L51720-51726: a heart 1 and the queen of spades 13 against the taker).
Players are 0 to n-1 clockwise; the eldest hand, on the dealer's left, leads (L12117). Chips are exact
fractions because a divided pool need not split evenly.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from games.engine.cards import JOKER, STANDARD_DECK, Card, Rank, Suit
from games.engine.trick_play import PlayAudit, TrickRules, audit_tricks

QUEEN_OF_SPADES = Card(Suit.SPADES, Rank.QUEEN)
JACK_OF_SPADES = Card(Suit.SPADES, Rank.JACK)
TWO_OF_HEARTS = Card(Suit.HEARTS, Rank.TWO)


class Penalty(enum.Enum):
    """The extra penalty card of the variant, and what it counts in hearts."""

    NONE = "none"
    BLACK_LADY = "black_lady"
    """"The queen of spades is worth 13 hearts" (1940 L12230-12232; 000 L51724-51726)."""
    BLACK_JACK = "black_jack"
    """"The J of spades counts as 10 hearts" (1940 L12230-12231)."""
    JOKER = "joker"
    """The joker replaces the deuce of hearts and "counts for five hearts" (1940 L18421-18432)."""


_PENALTY_CARD = {Penalty.BLACK_LADY: (QUEEN_OF_SPADES, 13), Penalty.BLACK_JACK: (JACK_OF_SPADES, 10)}
_PENALTY_CARD[Penalty.JOKER] = (JOKER, 5)


@dataclass(frozen=True, slots=True)
class HeartsRules:
    """A hearts rule set: players, penalty card, pack trimming and whether an unwon pool becomes a jack."""

    players: int = 4
    penalty: Penalty = Penalty.NONE
    drop_black_deuces: bool = False
    """"The black deuces are sometimes discarded to make the pack even for five players" (1940 L12108-12109)."""
    jacks: bool = True
    """False in three-hand: "there are no jacks, the lowest score taking the pool" (1940 L12207-12210)."""

    def __post_init__(self) -> None:
        if not 3 <= self.players <= 6:
            raise ValueError(f"hearts is for three to six players (1940 L12104), not {self.players}")

    def pack(self) -> tuple[Card, ...]:
        """52 cards; three-hand drops the 2♠ (L12207-12208), five-hand may drop both black deuces, and
        joker hearts puts the joker in place of the 2♥."""
        dropped = set()
        if self.players == 3:
            dropped.add(Card(Suit.SPADES, Rank.TWO))
        if self.drop_black_deuces:
            dropped |= {Card(Suit.SPADES, Rank.TWO), Card(Suit.CLUBS, Rank.TWO)}
        if self.penalty is Penalty.JOKER:
            dropped.add(TWO_OF_HEARTS)
        cards = tuple(c for c in STANDARD_DECK if c not in dropped)
        return cards + ((JOKER,) if self.penalty is Penalty.JOKER else ())

    @property
    def hand_size(self) -> int:
        """Dealt "one at a time, as far as they will go equally" (L12107-12108); the rest are not dealt."""
        return len(self.pack()) // self.players


THREE_HAND = HeartsRules(players=3, jacks=False)
BLACK_LADY = HeartsRules(penalty=Penalty.BLACK_LADY)
BLACK_JACK = HeartsRules(penalty=Penalty.BLACK_JACK)
JOKER_HEARTS = HeartsRules(penalty=Penalty.JOKER)
RULE_SETS: Mapping[str, HeartsRules] = {
    "hoyle-1940": HeartsRules(),
    "black-lady": BLACK_LADY,
    "black-jack": BLACK_JACK,
    "joker": JOKER_HEARTS,
}
"""The hearts rule sets a Section may name (games.engine.rule_sets)."""


class HeartsTricks(TrickRules):
    """No trumps. The joker "ranks between the jack and the ten and will win any trick on which it is played,
    regardless of the suit led, unless there is a higher heart played to the same trick" (L18421-18430); its
    holder must follow to hearts with it like a heart, and may play it to any other lead (R118)."""

    def __init__(self) -> None:
        super().__init__(None)

    def suit_of(self, card: Card) -> Suit | None:
        return Suit.HEARTS if card.is_joker else card.suit

    def free(self, card: Card, led: Suit | None) -> bool:
        return card.is_joker

    def winner(self, plays: Sequence[tuple[int, Card]], led: Suit | None) -> int:
        joker = next((player for player, card in plays if card.is_joker), None)
        if joker is None:
            return super().winner(plays, led)
        higher = [
            (card.rank, player)
            for player, card in plays
            if card.suit is Suit.HEARTS and card.rank >= Rank.JACK
        ]
        return max(higher)[1] if higher else joker


def hearts_count(rules: HeartsRules, taken: Iterable[Card]) -> int:
    """What a player's tricks count against him: one per heart, plus the variant's penalty card."""
    card, worth = _PENALTY_CARD.get(rules.penalty, (None, 0))
    return sum(1 for c in taken if c.suit is Suit.HEARTS) + sum(worth for c in taken if c == card)


def basic(counts: Sequence[int]) -> tuple[int, ...]:
    """Basic hearts: each player pays "a chip into the pool" for every heart he took (1940 L12122-12125)."""
    return tuple(-n for n in counts)


@dataclass(frozen=True, slots=True)
class Sweepstake:
    """A sweepstake settlement: each player's net chips and the jack (the pool left for the next deal)."""

    net: tuple[Fraction, ...]
    jack: int


def sweepstake(rules: HeartsRules, counts: Sequence[int], jack: int = 0) -> Sweepstake:
    """Sweepstake (1940 L12131-12137): every player pays for his hearts; a player taking none takes the pool,
    two taking none divide it; if three or four take none, or all take at least one, the pool stays as a
    "jack", which "can be won only by a single player taking no hearts" while the payments keep adding to it.
    Without jacks (three-hand, L12207-12210) the lowest score takes the pool, ties dividing."""
    pool = jack + sum(counts)
    clean = [p for p, n in enumerate(counts) if n == 0]
    if not rules.jacks:
        low = min(counts)
        takers = [p for p, n in enumerate(counts) if n == low]
    elif len(clean) == 1 or (len(clean) == 2 and jack == 0):
        takers = clean
    else:
        takers = []
    share = Fraction(pool, len(takers)) if takers else Fraction(0)
    net = tuple(-Fraction(n) + (share if p in takers else 0) for p, n in enumerate(counts))
    return Sweepstake(net, 0 if takers else pool)


def howell(counts: Sequence[int]) -> tuple[int, ...]:
    """Howell settlement (1940 L12153-12159): each pays, per heart taken, one counter for each other player,
    then draws one counter per heart he did not take. Net = (hearts not taken) - (players - 1) x (taken)."""
    total = sum(counts)
    return tuple((total - n) - (len(counts) - 1) * n for n in counts)


def spot_values(rules: HeartsRules, taken: Iterable[Card]) -> int:
    """Spot hearts: the pips on the hearts taken, "J Q K A being worth 11, 12, 13 and 14" (1940 L12197-12199)."""
    return sum(c.rank.value for c in taken if c.suit is Suit.HEARTS)


def spot(values: Sequence[int]) -> tuple[Fraction, ...]:
    """Spot settlement (1940 L12199-12201): the player with the smallest number collects from each of the
    others the excess they have over his; if two are equal, they divide what the others pay."""
    low = min(values)
    takers = [p for p, v in enumerate(values) if v == low]
    paid = sum(v - low for v in values)
    return tuple(Fraction(paid, len(takers)) if v == low else -Fraction(v - low) for v in values)


def audit_play(
    rules: HeartsRules,
    dealer: int,
    tricks: Sequence[Sequence[Card]],
    hands: Mapping[int, frozenset[Card]] | None = None,
) -> PlayAudit:
    """Replay a deal: eldest leads, follow suit if able, highest card of the suit led wins (L12117-12120)."""
    order = list(range(rules.players))
    return audit_tricks(
        HeartsTricks(),
        order,
        (dealer + 1) % rules.players,
        tricks,
        hands,
        pack=frozenset(rules.pack()),
        law_follow="1940 L12117-12119",
    )


def taken_cards(audit: PlayAudit) -> dict[int, list[Card]]:
    """The cards each player took in his tricks."""
    taken: dict[int, list[Card]] = {p: [] for p in audit.won}
    for trick in audit.tricks:
        taken.setdefault(trick.winner, []).extend(card for _, card in trick.plays)
    return taken
