"""Who sits where at a party: the ladies of a party given by its number alone, a round's seating with its
sit-outs, the next round re-seated for the players present (`reseat`), and each player's place in a round. Pure
Python (no Django).

Seatings are tuples of tables from the head table (table 1) to the booby table, each (N, E, S, W) with partners
N & S and E & W, players numbered from 1. Where ladies and gentlemen matter, each player's side is part of the entry
(the set of ladies); players entered as couples are numbered together, so couple c is players 2c-1 and 2c. A party
given by its number alone has the ladies at the odd numbers.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from tournaments.movements.model import MovementError
from tournaments.movements.progressive import Seating


def ladies(players: int) -> frozenset[int]:
    """The ladies of a party given by its number alone: the odd numbers (couple c is lady 2c-1, gentleman 2c)."""
    return frozenset(range(1, players + 1, 2))


def came_with(player: int) -> int:
    """The one a player came with: couple c is players 2c-1 and 2c."""
    return player + 1 if player % 2 else player - 1


class Sides(Protocol):
    """What re-seating needs of a party's kind (parties.core.kinds.PartyKind): whether ladies partner gentlemen,
    and the seats the ladies take at a table set afresh."""

    @property
    def mixed(self) -> bool: ...
    @property
    def lady_seats(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Seated:
    """A round's seating and the players who sit it out (the spares of a number the tables cannot all seat)."""

    tables: Seating
    sitting_out: tuple[int, ...] = ()


MOST_SITTING_OUT = 3
"""The most players a round may leave out: fewer than a table's four (a fifth would make another table)."""


def sit_out_queue(first: Seated) -> tuple[int, ...]:
    """The order the party sits out in: round 1's spares, then round 1's seating, table 1's N, E, S and W first, then
    table 2's, and so on (a late arrival joins at the end). Everyone sits out once before anyone twice."""
    return first.sitting_out + tuple(p for table in first.tables for p in table if p not in first.sitting_out)


def _tables_filled(present: Collection[int], her: Collection[int], mixed: bool) -> int:
    if mixed:
        count = sum(1 for p in present if p in her)
        return min(count, len(present) - count) // 2
    return len(present) // 4


def reseat(
    kind: Sides,
    moved: Seating,
    present: Collection[int],
    her: Collection[int],
    played: Mapping[int, int],
    queue: Sequence[int],
) -> Seated:
    """The next round with its sit-outs. `moved`: the movement's seating of the players who played (one no longer
    `present` leaves a hole); `present`: everyone at the party for the round, those who sat out and late arrivals
    too; `played`: the rounds each has played; `queue`: the order of sitting out (sit_out_queue).

    The books do not seat a spare at a progressive party; the nearest is the ninth player of Hoyle 1940
    L5502–5508, who "cuts into whichever table first finishes", the one cut out waiting for the next. So here the
    players who have played the most rounds sit out, the queue deciding among equals: sitting out goes round the
    party in turn, a late arrival plays until he has caught up. Each comes in to the seat of one going out (a lady
    for a lady where ladies partner gentlemen), so the movement's partners, and its rule that winners partner
    losers, stand. Tables the present no longer fill are broken up from the booby end; a table more is set there."""
    here = set(present)
    tables = _tables_filled(here, her, kind.mixed)
    order = {p: i for i, p in enumerate(queue)}
    rows = [list(table) for table in moved[:tables]] + [[0, 0, 0, 0] for _ in range(tables - len(moved))]

    def side(player: int) -> bool:
        return kind.mixed and player in her

    def hole_side(row: list[int], i: int) -> bool:
        return side(row[i]) if row[i] else kind.mixed and "NESW"[i] in kind.lady_seats

    seated = {p for row in rows for p in row if p in here}
    going: list[int] = []
    for lady in (True, False) if kind.mixed else (False,):
        group = [p for p in here if side(p) is lady]
        seats = sum(1 for row in rows for i in range(4) if hole_side(row, i) is lady)
        out = sorted(group, key=lambda p: (-played.get(p, 0), order.get(p, len(order)), p))[
            : len(group) - seats
        ]
        coming = sorted(
            (p for p in group if p not in seated and p not in out),
            key=lambda p: (order.get(p, len(order)), p),
        )
        holes = [(r, i) for r, row in enumerate(rows) for i in range(4)
                 if hole_side(row, i) is lady and (row[i] in out or row[i] not in here)]  # fmt: skip
        if len(holes) != len(coming):
            raise MovementError(f"{len(coming)} players to seat in {len(holes)} places")
        for (r, i), player in zip(holes, coming, strict=True):
            rows[r][i] = player
        going.extend(out)
    return Seated(
        tuple((a, b, c, d) for a, b, c, d in rows),
        tuple(sorted(going, key=lambda p: order.get(p, len(order)))),
    )


def with_sit_outs(total: Fraction | int, played: int, sat_out: int) -> Fraction:
    """A player's figure with each round he sat out scored at his own average over the rounds he played. The books
    score no sit-out (Hoyle 1940's spare, L5502–5508, keeps "the usual individual rubber scores"), and prizes go by
    games won (L11413–11416): counted bare, a player the seating sent to sit out would lose a round's chance of a
    game through no doing of his own. Rounds missed by coming late or leaving early count nothing."""
    if not played or not sat_out:
        return Fraction(total)
    return Fraction(total) * (played + sat_out) / played


PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}


@dataclass(frozen=True, slots=True)
class Place:
    """Where a player sits in a round: the table, the seat and the partner opposite (N & S, E & W)."""

    table: int
    seat: str
    partner: int | None


def places(tables: Iterable[tuple[int, Mapping[str, int]]]) -> dict[int, Place]:
    """Every seated player's place in a round, from its tables (table number, seats N/E/S/W → player): what the
    projector's "find your name" list and a phone after the bell say."""
    found = {}
    for table, seats in tables:
        for seat, player in seats.items():
            if player is not None and seat in PARTNER_SEAT:
                partner = seats.get(PARTNER_SEAT[seat])
                found[int(player)] = Place(table, seat, int(partner) if partner is not None else None)
    return found
