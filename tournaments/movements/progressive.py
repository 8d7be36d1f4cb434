"""Result-driven progressions: the next seating depends on who won at each table.

A seating is a tuple of tables from the head table (table 1) to the booby table, each (N, E, S, W) with partners
N & S and E & W. Every function here is (seating, table results) -> next seating.

The books leave the ends of the line open (rules-hoyle-1940.md 1.7 and 1.9: "Not specified: what the winners at the
head table do"); the older Hoyle's euchre party (seed 002 L680) settles it: "The winners at the head table ... keep
their seats ... The losers are transferred to the booby table". HEAD_STAY follows that; HEAD_WRAP sends the head
winners to the booby table instead, the only way to keep the 1940 rule that no winner partners another winner
at every table.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence

from games.engine.cards import Side

from .model import MovementError

Seating = tuple[tuple[int, int, int, int], ...]


class Method(enum.Enum):
    """Hoyle 1940 L11401-11408, the two ways to move the players in Drive (progressive) euchre."""

    TOGETHER = "together"
    """1. "The winning pair may both go to the next table, toward the head table, where they separate as partners,
    the arriving lady taking the losing gentleman she finds at the table, and the arriving gentleman taking the
    losing lady." Also individual progressive bridge (L5394-5407) and the older book's party (seed 002 L680)."""
    SPLIT = "split"
    """2. "The Winning pair may separate at once, and go in different directions, the lady going toward the head
    table, the gentleman toward the booby table." """


class Head(enum.Enum):
    """What the head table's winners do when the winners move together."""

    STAY = "stay"
    """They keep their seats, partners again, and the winners from table 2 take the losers' places (seed 002
    L680, the star party)."""
    WRAP = "wrap"
    """They go round to the booby table and separate there like every arriving pair, so that no winner partners
    another winner (Hoyle 1940 L11408-11411)."""


def progress(
    seating: Seating,
    winners: Sequence[Side],
    method: Method = Method.TOGETHER,
    head: Head = Head.STAY,
    ladies: Collection[int] = (),
) -> Seating:
    """The next round of Drive/progressive euchre or individual progressive bridge.

    winners: the side that won at each table (the higher score when the head table's bell rang). "The arrivals
    always play with the losers as partners, so that no one who has just won a game ... shall play with another
    winner" (L11408-11411). ladies: who the ladies are, to pair arriving ladies with losing gentlemen; without it
    the winner sitting N or E counts as the one who moves up (method 2) or takes the first loser (method 1).
    """
    tables = len(seating)
    if len(winners) != tables:
        raise MovementError(f"{len(winners)} table results for {tables} tables")
    won = [_side(seating[t], winners[t]) for t in range(tables)]
    lost = [_side(seating[t], winners[t].other) for t in range(tables)]
    stay: list[list[int]] = [list(lost[t]) for t in range(tables)]
    arrive: list[list[int]] = [[] for _ in range(tables)]
    if method is Method.TOGETHER:
        for t in range(1, tables):
            arrive[t - 1].extend(won[t])
        if head is Head.STAY:
            stay[0] = list(won[0])
            arrive[tables - 1].extend(lost[0])
        else:
            arrive[tables - 1].extend(won[0])
    else:
        for t in range(tables):
            up, down = _up_and_down(won[t], ladies)  # at the ends of the line the winner has nowhere to go
            arrive[max(t - 1, 0)].append(up)
            arrive[min(t + 1, tables - 1)].append(down)
        if ladies and tables > 1:
            _balance_the_ends(stay, arrive, ladies)
    moved = [_seat(stay[t], arrive[t], ladies) for t in range(tables)]
    if method is Method.TOGETHER and head is Head.STAY:  # the head's winners in the seats they won from
        north, east, south, west = seating[0]
        one, other = arrive[0]
        moved[0] = (north, one, south, other) if winners[0] is Side.NS else (one, east, other, west)
    return tuple(moved)


def progress_hearts(
    seating: Seating, lady_winners: Sequence[int], gentleman_winners: Sequence[int], ladies: Collection[int]
) -> Seating:
    """Hoyle 1940 L12252-12263, Progressive Hearts, after every hand: at each table the lady with fewer hearts goes
    to the next higher table, the gentleman with fewer hearts toward the booby table ("so as not to meet the same
    winning lady again"); ties are cut, so the caller names the winners. At the ends of the line the winner stays
    and the other player of that sex goes round to the far end (HEAD_STAY's rule)."""
    tables = len(seating)
    if len(lady_winners) != tables or len(gentleman_winners) != tables:
        raise MovementError(f"one lady and one gentleman winner per table are needed for {tables} tables")
    places: list[list[int]] = [[] for _ in range(tables)]
    for t, table in enumerate(seating):
        lady, gent = lady_winners[t], gentleman_winners[t]
        if lady not in table or lady not in ladies or gent not in table or gent in ladies:
            raise MovementError(f"table {t + 1}: the winners must be a lady and a gentleman seated there")
        other_lady = next(p for p in table if p in ladies and p != lady)
        other_gent = next(p for p in table if p not in ladies and p != gent)
        places[max(t - 1, 0)].append(lady)
        places[t if t else tables - 1].append(other_lady)
        places[min(t + 1, tables - 1)].append(gent)
        places[t if t < tables - 1 else 0].append(other_gent)
    result = []
    for t, group in enumerate(places):
        her = [p for p in group if p in ladies]
        him = [p for p in group if p not in ladies]
        if len(her) != 2 or len(him) != 2:
            raise MovementError(f"table {t + 1} would not seat two ladies and two gentlemen")
        result.append((her[0], him[0], her[1], him[1]))
    return tuple(result)


def _balance_the_ends(stay: list[list[int]], arrive: list[list[int]], ladies: Collection[int]) -> None:
    """Method 2 with ladies and gentlemen: the head table's winning lady and the booby table's winning gentleman
    stay, so the head table would hold three ladies and the booby three gentlemen. Its losing lady goes to the
    booby table and the booby's losing gentleman comes to the head table; each end then seats two ladies, two
    gentlemen, every lady partnering a gentleman and every winner a loser (the book is silent on the ends)."""
    lady = next((p for p in stay[0] if p in ladies), None)
    gentleman = next((p for p in stay[-1] if p not in ladies), None)
    if lady is None or gentleman is None:
        return
    stay[0][stay[0].index(lady)] = gentleman
    stay[-1][stay[-1].index(gentleman)] = lady
    for end in (0, -1):  # the gentlemen as the table's first two, so that each partners a lady
        group = stay[end] + arrive[end]
        stay[end] = [p for p in group if p not in ladies]
        arrive[end] = [p for p in group if p in ladies]


def _side(table: tuple[int, int, int, int], side: Side) -> tuple[int, int]:
    north, east, south, west = table
    return (north, south) if side is Side.NS else (east, west)


def _up_and_down(pair: tuple[int, int], ladies: Collection[int]) -> tuple[int, int]:
    first, second = pair
    if ladies and second in ladies and first not in ladies:
        return second, first
    return first, second


def _seat(stay: list[int], arrive: list[int], ladies: Collection[int]) -> tuple[int, int, int, int]:
    """Each of the two who keep the table partners one of the other two, a lady with a gentleman where possible."""
    group = stay + arrive
    if len(group) != 4:
        raise MovementError(f"a table would seat {len(group)} players")
    first, second = stay
    one, other = arrive
    if ladies and (first in ladies) == (one in ladies) and (first in ladies) != (other in ladies):
        one, other = other, one
    return (first, second, one, other)
