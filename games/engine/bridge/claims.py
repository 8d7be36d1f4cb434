"""Concessions in error: the tricks a side takes on every legal play of the remaining cards.

The books disagree on a trick conceded that could not have been lost (the rule set's `concession` option):

- Auction Bridge, Law 128 (Hoyle 1940, 001 L6715–6721): an accepted concession "shall stand, even if it can be
  shown that the tricks conceded could not all have been won" ("stand").
- Contract Bridge Laws 1935, "Tricks Conceded in Error" (001 L21659–21661): "If a side concedes a trick which it
  could not lose by any play of the cards, such concession is void" ("void"). Law 71B of the 2017 Laws cancels a
  concession of a trick "that could not be lost by any normal play of the remaining cards".

"Any play" is all four hands playing to keep the conceding side's tricks down, its own two included: the fewest
tricks the side takes over every legal continuation, not the double-dummy figure (best play by both sides), which
would void the concession of a finesse that happens to work. Normal play (2017) is a subset of any play, so a
concession void here is void under both codes.

The search is a branch and bound over the tricks left, on 52-bit hands (card index = suit order × 13 + rank − 2,
as in games.engine.bridge.play): cards of one hand with no outstanding card between them are played as one, a
position seen before is looked up, and the side's master trumps bound it from below (each is a trick won, since a
hand plays one card a trick). Before it, `can_take` looks for one play where all four hands help a side: finding
one proves the side's figure without any search, which settles most real claims. The search has a budget of cards
tried (`nodes`): a claim whose holdings cannot make it can take millions of cards to prove so (a real vugraph
archive spent 30 seconds on twelve), and what the budget does not settle is left "not settled", never guessed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from games.engine.bridge.play import trick_rank

_SUITS = tuple(0x1FFF << (13 * suit) for suit in range(4))


def fewest_tricks(
    hands: Sequence[int],
    leader: int,
    trump: int,
    side: int,
    trick: Sequence[tuple[int, int]] = (),
    *,
    at_least: int = 0,
    nodes: int | None = None,
) -> int | None:
    """The fewest of the remaining tricks `side` (0 North-South, 1 East-West) can take, whatever anyone plays.

    `hands` are the four seats' unplayed cards as bit masks (seat index order N, E, S, W); `trick` the
    (seat, card) already played to the unfinished trick, which `leader` led (or leads next when it is empty);
    `trump` is the trump suit's order, or -1 at no-trumps. When only "more than n?" matters, `at_least=n` skips
    proving figures below n (the answer is then n for any figure up to n). With `nodes`, the search gives up
    (None) after trying that many cards: a position it cannot settle within them is "not settled", never guessed.
    """
    ours = (side, side + 2)
    theirs = (1 - side, 3 - side)
    trump_mask = _SUITS[trump] if trump >= 0 else 0
    # Per position (the cards left and the leader): fewest tricks proved possible, and a figure proved too few.
    possible: dict[tuple[int, int], int] = {}
    too_few: dict[tuple[int, int], int] = {}

    def floor(held: Sequence[int]) -> int:
        """Tricks the side surely wins: its better hand's trumps above every opposing trump."""
        if not trump_mask:
            return 0
        above = ((held[theirs[0]] | held[theirs[1]]) & trump_mask).bit_length()
        return max(((held[seat] & trump_mask) >> above).bit_count() for seat in ours)

    def finishes(
        held: tuple[int, ...], leader: int, played: Sequence[tuple[int, int]], must_lose: bool
    ) -> Iterator[tuple[bool, tuple[int, ...], int]]:
        """Each distinct way to finish the trick: (tricks the side wins, hands after, winner).

        The likely ways first, so that the search mostly walks one line: the other side wins the trick as cheaply
        as it can (leading its best card, not overtaking partner); the side plays its lowest card of the suit led,
        throws its highest other cards and trumps last. With `must_lose`, only the ways the side loses the trick.
        """
        present = held[0] | held[1] | held[2] | held[3]
        for _, card in played:
            present |= 1 << card
        led = played[0][1] // 13 if played else -1
        top_seat, top_key = -1, -1
        for seat, card in played:
            key = trick_rank(card, led, trump)
            if key > top_key:
                top_seat, top_key = seat, key

        def extend(
            position: int, held: tuple[int, ...], led: int, top_seat: int, top_key: int
        ) -> Iterator[tuple[bool, tuple[int, ...], int]]:
            if position == 4:
                yield (top_seat & 1) == side, held, top_seat
                return
            seat = (leader + position) & 3
            hand = held[seat]
            legal = (hand & _SUITS[led] if led >= 0 else 0) or hand
            cards = []
            while legal:
                bit = legal & -legal
                legal ^= bit
                card = bit.bit_length() - 1
                below = present & _SUITS[card // 13] & (bit - 1)
                if not (
                    below and hand >> (below.bit_length() - 1) & 1
                ):  # else the same card as the one below
                    cards.append(card)
            if seat & 1 == side:
                ranked = sorted(cards, key=lambda card: _losing_order(card, led, trump))
            elif led < 0:
                ranked = sorted(cards, key=lambda card: -trick_rank(card, card // 13, trump))
            elif top_seat & 1 != side:
                ranked = sorted(cards, key=lambda card: trick_rank(card, led, trump))
            else:
                ranked = sorted(
                    cards,
                    key=lambda card: (trick_rank(card, led, trump) < top_key, trick_rank(card, led, trump)),
                )
            rest = list(held)
            for card in ranked:
                tried[0] += 1
                if tried[0] > budget:
                    raise _GaveUp
                rest[seat] = hand ^ (1 << card)
                lead = card // 13 if led < 0 else led
                key = trick_rank(card, lead, trump)
                winner, best = (seat, key) if key > top_key else (top_seat, top_key)
                if must_lose and winner & 1 == side and not overtaken(held, lead, position, best):
                    continue
                yield from extend(position + 1, tuple(rest), lead, winner, best)

        def overtaken(held: tuple[int, ...], led: int, position: int, best: int) -> bool:
            """Whether the other side, still to play to the trick, can beat `best`."""
            for later in range(position + 1, 4):
                seat = (leader + later) & 3
                if seat & 1 == side:
                    continue
                hand = held[seat]
                following = hand & _SUITS[led]
                if following:
                    top = trick_rank(following.bit_length() - 1, led, trump)
                elif trump >= 0 and hand & trump_mask:
                    top = trick_rank((hand & trump_mask).bit_length() - 1, led, trump)
                else:
                    continue  # a discard beats nothing
                if top > best:
                    return True
            return False

        return extend(len(played), held, led, top_seat, top_key)

    def holds(held: tuple[int, ...], leader: int, played: Sequence[tuple[int, int]], limit: int) -> bool:
        """Whether some play keeps the side to `limit` tricks or fewer from here."""
        present = held[0] | held[1] | held[2] | held[3]
        if limit >= (present.bit_count() + len(played)) // 4:
            return True
        if limit < 0 or (not played and floor(held) > limit):
            return False
        key = (present, leader)  # the hands are the dealt ones less the cards gone: the cards left say which
        if not played:
            if possible.get(key, 14) <= limit:
                return True
            if too_few.get(key, -1) >= limit:
                return False
        for won, after, winner in finishes(held, leader, played, limit == 0):
            if holds(after, winner, (), limit - won):
                if not played:
                    possible[key] = min(possible.get(key, 14), limit)
                return True
        if not played:
            too_few[key] = max(too_few.get(key, -1), limit)
        return False

    held = tuple(hands)
    tried = [0]  # cards tried, against the budget
    budget = 1 << 62 if nodes is None else nodes
    fewest = at_least
    try:
        while not holds(held, leader, tuple(trick), fewest):
            fewest += 1
    except _GaveUp:
        return None
    return fewest


class _GaveUp(Exception):
    """The search tried as many cards as it was allowed."""


def _losing_order(card: int, led: int, trump: int) -> tuple[int, int]:
    """The order the side tries its cards in to lose: the lowest of the suit led (or the lowest lead, not a trump),
    then its highest discards, a trump last."""
    suit, rank = card // 13, card % 13
    if led < 0:
        return (suit == trump, rank)
    if suit == led:
        return (0, rank)
    return (2, rank) if suit == trump else (1, -rank)


def can_take(
    hands: Sequence[int],
    leader: int,
    trump: int,
    side: int,
    target: int,
    trick: Sequence[tuple[int, int]] = (),
    *,
    cards: int = 64,
    search: bool = True,
) -> bool:
    """Whether some play of the remaining cards, all four hands helping `side`, gives it `target` of the tricks left
    (the same hands, leader, trump and unfinished trick as `fewest_tricks`).

    A cheap proof that a claim or concession stands, before any solver or search: most real claims are settled by
    the first line tried (the side wins each trick as cheaply as it can, the others follow low and throw their
    winners), and most of the rest by three that unblock (see `_first_line`). Only True is a proof: False means no
    such line was found within `cards` cards played. Without `search`, only those four lines are tried.
    """
    left = (sum(map(int.bit_count, hands)) + len(trick) + 3) // 4
    led, top_seat, top_key = -1, -1, -1
    if trick:
        led = trick[0][1] // 13
        for seat, card in trick:
            rank = _key(card, led, trump)
            if rank > top_key:
                top_seat, top_key = seat, rank
    start = _Start(hands, leader, len(trick), led, top_seat, top_key, left, trump, side, target, cards)
    return any(_first_line(start, line) for line in _LINES) or search and _search(start)


class _Start(NamedTuple):
    """Where `can_take`'s lines and search start: the hands, the unfinished trick (its leader, how many have
    played, the suit led, the seat and key of its best card so far), the tricks left, and what is asked."""

    hands: Sequence[int]
    leader: int
    position: int
    led: int
    top_seat: int
    top_key: int
    left: int
    trump: int
    side: int
    target: int
    cards: int


def _search(start: _Start) -> bool:
    """`can_take`'s search: each hand's cards in the order of the first line, within `cards` cards played."""
    hands, leader, position, led, top_seat, top_key, left, trump, side, target, cards = start
    held = list(hands)
    budget = cards

    def play(leader: int, position: int, led: int, top_seat: int, top_key: int, won: int, left: int) -> bool:
        nonlocal budget
        if won >= target:
            return True
        if won + left < target or budget <= 0:
            return False
        budget -= 1
        seat = (leader + position) & 3
        hand = held[seat]
        ours = seat & 1 == side
        following = hand & _SUITS[led] if led >= 0 else 0
        if following:
            # One suit, lowest first: the other side stays below; the side wins as cheaply as it can.
            base = led * 13
            order = [following]
            if ours and top_seat & 1 != side:
                beaten = top_key - (39 if led == trump else 13)  # the rank to beat: 13 or more when ruffed
                if beaten < 12:
                    above = following >> (base + beaten + 1) << (base + beaten + 1)
                    order = [above, following ^ above]
            options = []
            for mask in order:
                while mask:
                    bit = mask & -mask
                    mask ^= bit
                    options.append(bit.bit_length() - 1)
        else:
            options = []
            mask = hand
            while mask:
                bit = mask & -mask
                mask ^= bit
                options.append(bit.bit_length() - 1)
            if led < 0:
                options.sort(key=_HIGH_FIRST.__getitem__ if ours else _RANK.__getitem__)
            elif ours:
                # Win the trick as cheaply as possible (a ruff), or throw the lowest card when partner has it.
                mine = top_seat & 1 == side
                options.sort(
                    key=lambda card: (mine or _key(card, led, trump) < top_key, _key(card, led, trump))
                )
            else:
                # Throw the highest cards first, ruff last.
                options.sort(
                    key=lambda card: (
                        _key(card, led, trump) > top_key,
                        _key(card, led, trump) - 2 * (card % 13),
                    )
                )
        for card in options:
            held[seat] = hand ^ (1 << card)
            suit = card // 13
            lead = suit if led < 0 else led
            rank = card % 13 + (39 if suit == trump else 13 if suit == lead else 0)
            winner, best = (seat, rank) if rank > top_key else (top_seat, top_key)
            if position == 3:
                found = play(winner, 0, -1, -1, -1, won + (winner & 1 == side), left - 1)
            else:
                found = play(leader, position + 1, lead, winner, best, won, left)
            held[seat] = hand
            if found:
                return True
        return False

    return play(leader, position, led, top_seat, top_key, 0, left)


def _first_line(start: _Start, line: int) -> bool:
    """The first line `can_take` tries (each hand's first choice at every turn), played out without the search's
    recursion and sorting: whether it gives `side` its target within `cards` cards. Most real claims end here.

    That is line `_FIRST`; the three others play most of the claims it misses (a double-dummy solve each, a hundred
    times the cost) with the side unblocking: a partner already winning the trick overtakes, so that winners are not
    stranded in one hand, and the others throw their highest card that stays under the trick's best. `_TO_PARTNER`
    leads low to a suit partner heads, `_SHORT_FIRST` cashes the short suit's high cards first, `_MASTER` leads a
    card no opponent can beat."""
    hands, leader, position, led, top_seat, top_key, left, trump, side, target, cards = start
    unblock = line != _FIRST
    held = list(hands)
    keys = _KEYS[trump]
    turns = _TURNS[side]
    won = 0
    while won < target:
        if won + left < target or cards < 4 - position:
            return False
        cards -= 4 - position
        ranks = keys[led] if led >= 0 else keys[0]  # each card's `_key` in the suit led (set at the lead)
        for seat, ours in turns[leader][position]:
            hand = held[seat]
            if not hand:
                return False
            if led < 0:  # the others lead their lowest card
                if not ours:
                    card = _lowest(hand)
                elif line == _FIRST:
                    card = _highest(hand)
                elif line == _TO_PARTNER:
                    card = _to_partner(held, seat, hand)
                elif line == _SHORT_FIRST:
                    card = _short_first(hand)
                else:
                    card = _master(held, seat, hand)
                held[seat] = hand ^ (1 << card)
                led = card // 13
                ranks = keys[led]
                top_seat, top_key = seat, ranks[card]
                continue
            following = hand & _SUITS[led]
            if following:
                if ours and top_seat & 1 != side:
                    choice = following
                    beaten = top_key - (39 if led == trump else 13)  # as in can_take
                    after = (seat + 1) & 3  # an opponent still to play, unless the leader
                    if beaten < 12 and after != leader and held[after] & _SUITS[led]:
                        # He must follow: beat his lowest card too (cover), or he wins the trick.
                        theirs = held[after] & _SUITS[led]
                        beaten = max(beaten, (theirs & -theirs).bit_length() - 1 - 13 * led)
                    if beaten < 12:
                        shift = led * 13 + beaten + 1
                        choice = following >> shift << shift or following
                    card = (choice & -choice).bit_length() - 1
                elif unblock:  # partner overtakes; the others play their highest card below the best
                    below = following if ours else _under(following, led, top_key, trump)
                    card = below.bit_length() - 1 if below else (following & -following).bit_length() - 1
                else:
                    card = (following & -following).bit_length() - 1
            else:  # a discard or a ruff: can_take's sort keys, worked out on the masks
                trumps = hand & _SUITS[trump] if trump >= 0 else 0
                others = hand ^ trumps
                ruffed = top_key >= 39  # the trick's best card is a trump: only a higher trump beats it
                if ours:
                    beaters = (
                        trumps >> (13 * trump + top_key - 38) << (13 * trump + top_key - 38)
                        if ruffed
                        else trumps
                    )
                    if top_seat & 1 != side and beaters:
                        card = (beaters & -beaters).bit_length() - 1  # the cheapest ruff that wins the trick
                    else:
                        card = _lowest(others) if others else (trumps & -trumps).bit_length() - 1
                elif others:
                    card = _highest(others)  # throw winners
                else:
                    below = trumps & ((1 << (13 * trump + top_key - 39)) - 1) if ruffed else 0
                    card = (
                        below or trumps
                    ).bit_length() - 1  # the highest trump that does not win, else the highest
            held[seat] = hand ^ (1 << card)
            key = ranks[card]
            if key > top_key:
                top_seat, top_key = seat, key
        won += top_seat & 1 == side
        left -= 1
        leader, position, led, top_seat, top_key = top_seat, 0, -1, -1, -1
    return True


def _under(following: int, led: int, top_key: int, trump: int) -> int:
    """The cards of the suit led, held in `following`, that do not beat the trick's best card (`_key` top_key)."""
    if top_key >= 39 and led != trump:
        return following  # the trick is ruffed
    return following & ((1 << (13 * led + top_key - (39 if led == trump else 13))) - 1)


def _to_partner(held: list[int], seat: int, hand: int) -> int:
    """The unblocking lead: the lowest card of the first suit (clubs up) whose best card partner holds, else the
    highest card."""
    partner, others = held[seat ^ 2], held[seat ^ 1] | held[seat ^ 3] | hand
    for suit in _SUITS:
        if hand & suit and (partner & suit).bit_length() > (others & suit).bit_length():
            mine = hand & suit
            return (mine & -mine).bit_length() - 1
    return _highest(hand)


def _master(held: list[int], seat: int, hand: int) -> int:
    """The highest card that no opponent can beat in its suit, else the highest card."""
    theirs = held[seat ^ 1] | held[seat ^ 3]
    masters = 0
    for suit in _SUITS:
        mine = hand & suit
        if mine.bit_length() > (theirs & suit).bit_length():
            masters |= 1 << (mine.bit_length() - 1)
    return _highest(masters or hand)


def _short_first(hand: int) -> int:
    """The highest card of the hand's shortest suit (of two, the higher suit)."""
    short = hand
    for suit in _SUITS:
        mine = hand & suit
        if mine and mine.bit_count() <= short.bit_count():
            short = mine
    return short.bit_length() - 1


def _highest(mask: int) -> int:
    """The card of highest rank in a mask (of two, the one of the lower suit)."""
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & 0x1FFF  # the ranks held, in any suit
    same = mask & _BY_RANK[ranks.bit_length() - 1]
    return (same & -same).bit_length() - 1


def _lowest(mask: int) -> int:
    """The card of lowest rank in a mask (of two, the one of the lower suit)."""
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & 0x1FFF
    same = mask & _BY_RANK[(ranks & -ranks).bit_length() - 1]
    return (same & -same).bit_length() - 1


# The lines `can_take` plays before any search, in the order tried (see `_first_line`).
_FIRST, _TO_PARTNER, _SHORT_FIRST, _MASTER = _LINES = (0, 1, 2, 3)
# The seats still to play to a trick and whether each is on `side`, by side, leader and the cards already played.
_TURNS = tuple(
    tuple(
        tuple(
            tuple(((leader + turn) & 3, (leader + turn) & 1 == side) for turn in range(played, 4))
            for played in range(4)
        )
        for leader in range(4)
    )
    for side in range(2)
)
_BY_RANK = tuple(sum(1 << (13 * suit + rank) for suit in range(4)) for rank in range(13))


_RANK = tuple(card % 13 for card in range(52))
_HIGH_FIRST = tuple(-rank for rank in _RANK)


def _key(card: int, led: int, trump: int) -> int:
    """A card's rank in a trick: trumps over the suit led over discards."""
    suit = card // 13
    return card % 13 + (39 if suit == trump else 13 if suit == led else 0)


# `_key` of each card, per trump (-1 at no-trumps: the last entry) and suit led.
_KEYS = tuple(
    tuple(tuple(_key(card, led, trump) for card in range(52)) for led in range(4))
    for trump in (0, 1, 2, 3, -1)
)
