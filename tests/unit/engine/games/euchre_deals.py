"""Random legal euchre deals for the euchre and EGN tests."""

import random

from games.engine.cards import Suit
from games.engine.euchre import (
    Call,
    EuchreDeal,
    EuchreRules,
    EuchreTricks,
    opening_leader,
    turned_suit,
)
from tests.unit.engine.games.play import random_tricks

P, OR = Call.PASS, Call.ORDER


def random_deal(seed: int, rules: EuchreRules):
    """A random legal deal: shuffled pack, random decisive call, random discard and legal play."""
    rnd = random.Random(seed)
    pack = list(rules.pack())
    rnd.shuffle(pack)
    hands = {p: frozenset(pack[5 * p : 5 * p + 5]) for p in range(4)}
    dealer, turned = rnd.randrange(4), pack[20]
    offered = turned_suit(rules, turned)
    decisive = rnd.randrange(8)
    if decisive < 4:
        calls = (P,) * decisive + (OR,)
        trump = offered
    else:
        trump = rnd.choice([s for s in Suit if s is not offered])
        calls = (P,) * decisive + (trump,)
    maker = (dealer + 1 + decisive) % 4
    alone = rnd.random() < 0.25
    discard = None
    playing = dict(hands)
    if decisive < 4:
        discard = rnd.choice(sorted(hands[dealer] | {turned}))
        playing[dealer] = (hands[dealer] | {turned}) - {discard}
    order = [p for p in range(4) if not (alone and p == (maker + 2) % 4)]
    tricks_rules = EuchreTricks(trump)
    played = random_tricks(
        tricks_rules, playing, order, opening_leader(rules, dealer, maker if alone else None), rnd
    )
    deal = EuchreDeal(
        dealer, turned, calls, alone, tuple(tuple(c for _, c in t) for t in played), discard, hands
    )
    return deal, played, tricks_rules, maker
