"""Movement values: who sits where with which boards, round by round.

One shape serves every kind. A table lists its entrants in seat order: pairs and teams as (N-S, E-W), individual
players as (N, E, S, W) so that partners are players[0] & players[2] and players[1] & players[3]. Entrants are
numbered from 1. A movement without duplicate boards (progressive parties, military euchre) has no boards at all.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

SEAT_LETTERS = ("N", "E", "S", "W")


class Unit(enum.Enum):
    """What moves: a pair, an individual player, or a team of four (military euchre, teams)."""

    PAIR = "pair"
    PLAYER = "player"
    TEAM = "team"

    @property
    def seats(self) -> int:
        return 4 if self is Unit.PLAYER else 2


@dataclass(frozen=True, slots=True)
class Table:
    number: int
    players: tuple[int, ...]
    boards: tuple[int, ...] = ()

    @property
    def ns(self) -> int:
        return self.players[0]

    @property
    def ew(self) -> int:
        return self.players[1]

    @property
    def seats(self) -> dict[str, int]:
        """Individual tables: {"N": 1, "E": 2, "S": 3, "W": 4}."""
        return dict(zip(SEAT_LETTERS, self.players, strict=True))

    @property
    def partnerships(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two sides at an individual table: (N, S) and (E, W)."""
        north, east, south, west = self.players
        return (north, south), (east, west)


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    relay: tuple[int, ...] = ()
    """Boards resting on a relay (bye) stand this round."""
    sit_out: tuple[int, ...] = ()
    shares: tuple[tuple[int, ...], ...] = ()
    """Groups of tables that share one set this round (they swap boards half-way through the round)."""

    def table(self, number: int) -> Table:
        for table in self.tables:
            if table.number == number:
                return table
        raise KeyError(f"round {self.number} has no table {number}")


@dataclass(frozen=True, slots=True)
class Requirements:
    """The properties a movement promises; the checker proves them.

    The universal ones (a board at one table per round, nobody plays a board twice or sits twice in a round, every
    entrant accounted for every round, sit-outs balanced) are always checked.
    """

    max_meetings: int | None = 1
    """How often two entrants may face each other (pairs/teams: as opponents; players: sharing a table)."""
    all_meet: bool = False
    """Every two entrants of the same field meet (complete Howell, round robin)."""
    equal_boards: bool = True
    """Every entrant plays or sits out the same number of boards."""
    partner_exactly: int | None = None
    """Individuals: every two players partner this many times (Wh: 1)."""
    max_partner: int | None = None
    opponent_exactly: int | None = None
    """Individuals: every two players oppose this many times (Wh: 2)."""
    max_opponent: int | None = None
    rooms: int = 1
    """Teams of four or more: each team sits in this many rooms at once (open and closed), plays each Board once
    per room, and every match of a round plays the same duplicated Boards."""
    fields: tuple[tuple[int, ...], ...] = ()
    """Entrants that never meet each other (Mitchell: the N-S pairs; military euchre: the home pairs)."""


@dataclass(frozen=True, slots=True)
class Movement:
    kind: str
    unit: Unit
    entrants: int
    rounds: tuple[Round, ...]
    boards: int = 0
    """The number of boards in play (numbered 1..boards); 0 for games without duplicate boards."""
    name: str = ""
    requirements: Requirements = field(default_factory=Requirements)
    notes: tuple[str, ...] = ()
    phantoms: tuple[int, ...] = ()
    """Numbers kept free for absent entrants (a missing Mitchell pair): they are in no seat and in no count."""

    @property
    def players(self) -> tuple[int, ...]:
        """The real entrants' numbers."""
        return tuple(e for e in range(1, self.entrants + 1) if e not in self.phantoms)

    @property
    def title(self) -> str:
        return self.name or f"{self.kind}, {self.entrants} {self.unit.value}s, {len(self.rounds)} rounds"


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken property, named so that a director can find it on the guide cards."""

    code: str
    message: str

    def __str__(self) -> str:
        return self.message


class MovementError(ValueError):
    """A movement cannot be built for the size asked for; the message says why."""


def boards_of_set(set_number: int, boards_per_round: int) -> tuple[int, ...]:
    """Boards of set s (1-based): set 1 is boards 1..B, set 2 is B+1..2B, and so on."""
    first = (set_number - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


def shared_tables(tables: tuple[Table, ...]) -> tuple[tuple[int, ...], ...]:
    """Groups of tables that hold the same board in one round (a share: they swap boards during the round)."""
    at: dict[int, set[int]] = {}
    for table in tables:
        for board in table.boards:
            at.setdefault(board, set()).add(table.number)
    return tuple(sorted({tuple(sorted(numbers)) for numbers in at.values() if len(numbers) > 1}))
