"""Random legal play for the hypothesis tests of the trick-taking engines."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.engine.cards import Card, Suit
from games.engine.trick_play import TrickRules, legal_cards


def random_tricks(
    rules: TrickRules,
    hands: Mapping[int, frozenset[Card]],
    order: Sequence[int],
    leader: int,
    rnd: random.Random,
    called: list | None = None,
) -> list[tuple[tuple[int, Card], ...]]:
    """Play every card out legally at random; returns the tricks as (player, card) in playing order. With
    `called`, a led joker (no suit of its own) gets a random suit named that its leader has not renounced,
    appended to `called` per trick."""
    holding = {p: set(hands[p]) for p in order}
    renounced: dict[int, set[Suit]] = {p: set() for p in order}
    tricks = []
    while holding[order[0]]:
        start = order.index(leader)
        plays: list[tuple[int, Card]] = []
        led = None
        for i in range(len(order)):
            player = order[(start + i) % len(order)]
            card = rnd.choice(sorted(legal_cards(rules, frozenset(holding[player]), led)))
            if i == 0:
                open_suits = [s for s in Suit if s not in renounced[player]] or list(Suit)
                named = rnd.choice(open_suits) if called is not None and rules.suit_of(card) is None else None
                led = rules.led_suit(card, named)
                if called is not None:
                    called.append(named)
            elif led is not None and rules.suit_of(card) != led:
                renounced[player].add(led)
            holding[player].discard(card)
            plays.append((player, card))
        tricks.append(tuple(plays))
        leader = rules.winner(plays, led)
    return tricks


def revoke_swaps(rules: TrickRules, tricks: Sequence[Sequence[tuple[int, Card]]]):
    """Every (t, j, player) where swapping the player's cards of tricks t < j makes a revoke at trick t: he
    followed the suit led at t and the card he played at j is of another suit. Tricks are 0-based."""
    swaps = []
    for t, trick in enumerate(tricks):
        led = rules.led_suit(trick[0][1], None)
        for position, (player, card) in enumerate(trick):
            if position == 0 or rules.suit_of(card) != led:
                continue
            for j in range(t + 1, len(tricks)):
                later = dict(tricks[j])[player]
                if rules.suit_of(later) != led and not rules.free(later, led):
                    swaps.append((t, j, player))
    return swaps


def swap(tricks, t: int, j: int, player: int):
    """The tricks with the player's cards of tricks t and j exchanged."""
    a, b = dict(tricks[t])[player], dict(tricks[j])[player]
    out = [list(trick) for trick in tricks]
    out[t] = [(p, b if p == player else c) for p, c in tricks[t]]
    out[j] = [(p, a if p == player else c) for p, c in tricks[j]]
    return [tuple(trick) for trick in out]
