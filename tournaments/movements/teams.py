"""Team events: military euchre forts, a round robin of teams, and Swiss pairing.

A match is a "table" of the movement with (home, away); the boards of a team match are the event's business (both
rooms play the same boards), so these movements carry none.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .howell import circle_rounds
from .model import Movement, MovementError, Requirements, Round, Table, Unit

MAX_FORTS = 12
"""Hoyle 1940 L11436: military euchre is "for a moderate number of tables, never more than twelve"."""


def military(forts: int) -> Movement:
    """Hoyle 1940 L11448-11462, Military Euchre: each table is a fort defended by four players; the N-S pair stays
    home and the E-W pair moves one table toward the head table (1) every game, until "they will have played a game
    against every other fort ... and at the same time the E and W pairs from the forts they have visited will have
    been at their home fort". Fort f's N-S is pair f, its E-W pair F+f; F-1 rounds; forts rank by flags won."""
    if not 2 <= forts <= MAX_FORTS:
        raise MovementError(
            f"military euchre is played by 2 to {MAX_FORTS} forts (Hoyle L11436), not {forts}"
        )
    rounds = []
    for r in range(1, forts):
        tables = tuple(Table(t, (t, forts + (t + r - 1) % forts + 1)) for t in range(1, forts + 1))
        rounds.append(Round(r, tables))
    home = tuple(range(1, forts + 1))
    away = tuple(range(forts + 1, 2 * forts + 1))
    own = tuple((f, forts + f) for f in home)
    return Movement(
        kind="military",
        unit=Unit.PAIR,
        entrants=2 * forts,
        rounds=tuple(rounds),
        name=f"Military euchre, {forts} forts",
        requirements=Requirements(max_meetings=1, fields=(home, away, *own)),
        notes=(f"fort f is pairs f (home, N-S) and {forts}+f (visiting, E-W)",),
    )


def round_robin(teams: int) -> Movement:
    """Every team meets every other once (the circle method); with an odd count one team has a bye each round."""
    if teams < 2:
        raise MovementError(f"a round robin needs at least 2 teams, not {teams}")
    even = teams + teams % 2
    m = even - 1
    rounds = []
    for g, matches in enumerate(circle_rounds(even, tuple((k, m - k, 0) for k in range(1, even // 2)))):
        played = [pair for pair in matches if even not in pair or teams == even]
        bye = tuple(p for pair in matches if even in pair and teams != even for p in pair if p != even)
        rounds.append(Round(g + 1, tuple(Table(i + 1, pair) for i, pair in enumerate(played)), sit_out=bye))
    return Movement(
        kind="round-robin",
        unit=Unit.TEAM,
        entrants=teams,
        rounds=tuple(rounds),
        name=f"Round robin, {teams} teams",
        requirements=Requirements(max_meetings=1, all_meet=True),
    )


def swiss_pairing(
    standings: Sequence[tuple[int, float]], played: Collection[tuple[int, int]], byes: Collection[int] = ()
) -> tuple[list[tuple[int, int]], int | None]:
    """The next Swiss round (standards.md 2.6): teams in order of score pair top down, never a rematch; with an odd
    count the lowest-placed team that has not had a bye gets it. Depth-first, so a forced rematch further down
    moves the pairing up rather than failing. Returns (matches, bye)."""
    order = [team for team, _ in sorted(standings, key=lambda item: -item[1])]
    met = {frozenset(pair) for pair in played}
    bye = None
    if len(order) % 2:
        candidates = [team for team in reversed(order) if team not in byes] or list(reversed(order))
        bye = candidates[0]
        order.remove(bye)

    def pair(rest: list[int]) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        first = rest[0]
        for other in rest[1:]:
            if frozenset((first, other)) not in met:
                tail = pair([team for team in rest[1:] if team != other])
                if tail is not None:
                    return [(first, other), *tail]
        return None

    matches = pair(order)
    if matches is None:
        raise MovementError("every possible pairing repeats a match: the Swiss has run out of new opponents")
    return matches, bye
