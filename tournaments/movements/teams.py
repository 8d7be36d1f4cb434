"""Team events: military euchre forts, a round robin of teams, and Swiss pairing.

A match is a "table" of the movement with (home, away); the boards of a team match are the event's business (both
rooms play the same boards), so these movements carry none.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .howell import circle_rounds
from .model import Movement, MovementError, Requirements, Round, Table, Unit, boards_of_set

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
    count the lowest-placed team that has not had a bye gets it (the next one up if the rest cannot then be paired
    without a rematch). Depth-first, so a forced rematch further down moves the pairing up rather than failing.
    Returns (matches, bye)."""
    order = [team for team, _ in sorted(standings, key=lambda item: -item[1])]
    met = {frozenset(pair) for pair in played}

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

    candidates: list[int | None] = [None]
    if len(order) % 2:
        candidates = [team for team in reversed(order) if team not in byes] or list(reversed(order))
    for bye in candidates:
        matches = pair([team for team in order if team != bye])
        if matches is not None:
            return matches, bye
    raise MovementError("every possible pairing repeats a match: the Swiss has run out of new opponents")


def two_rooms(matches: Sequence[tuple[int, int]], boards: tuple[int, ...]) -> tuple[Table, ...]:
    """Each match (home, away) played in two rooms on the same boards: the open room (table 2m-1) has home N-S,
    the closed room (table 2m) away N-S, so each Board's two results compare as IMPs (imps.teams_match)."""
    return tuple(
        table
        for m, (home, away) in enumerate(matches, start=1)
        for table in (Table(2 * m - 1, (home, away), boards), Table(2 * m, (away, home), boards))
    )


def _teams(kind: str, teams: int, rounds: Sequence[Round], boards_per_round: int, name: str) -> Movement:
    """A teams movement whose round r plays boards set r in both rooms of every match. With an odd number of teams
    the team left out of a round has a bye (its `sit_out`; scoring.teams gives it BYE_VPS)."""
    roomed = tuple(
        Round(
            rnd.number,
            two_rooms([(t.ns, t.ew) for t in rnd.tables], boards_of_set(rnd.number, boards_per_round)),
            sit_out=rnd.sit_out,
        )
        for rnd in rounds
    )
    return Movement(
        kind=kind,
        unit=Unit.TEAM,
        entrants=teams,
        rounds=roomed,
        boards=len(roomed) * boards_per_round,
        name=name,
        requirements=Requirements(max_meetings=2, rooms=2),
    )


def teams_round_robin(teams: int, boards_per_round: int = 8) -> Movement:
    """A round robin of two-room matches, boards_per_round boards a match."""
    return _teams(
        "teams-round-robin",
        teams,
        round_robin(teams).rounds,
        boards_per_round,
        f"Teams round robin, {teams} teams",
    )


def teams_match(teams: int = 2, boards_per_round: int = 24) -> Movement:
    """Two teams, one match of `boards_per_round` boards in the open and closed rooms."""
    if teams != 2:
        raise MovementError(f"a teams match is between 2 teams, not {teams}: choose a Swiss or a round robin")
    match = (Round(1, (Table(1, (1, 2)),)),)
    return _teams("teams-match", 2, match, boards_per_round, f"Teams match, {boards_per_round} boards")


def swiss_first_round(teams: int, boards_per_round: int = 8) -> Movement:
    """A Swiss teams event's first round (all level: 1 v 2, 3 v 4, ...; with an odd number the last team, the
    lowest seeded, has the bye, as swiss_pairing would give it); each next round is drawn from the standings by
    swiss_pairing when the round before is scored."""
    if teams < 3:
        raise MovementError(f"a Swiss needs at least 3 teams, not {teams}: two teams play a teams match")
    bye = (teams,) if teams % 2 else ()
    first = Round(1, tuple(Table(i, (2 * i - 1, 2 * i)) for i in range(1, teams // 2 + 1)), sit_out=bye)
    return _teams("swiss", teams, (first,), boards_per_round, f"Swiss teams, {teams} teams")
