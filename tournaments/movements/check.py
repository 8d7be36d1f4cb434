"""The checker: proves a movement's properties, or names each place where one breaks.

Existing scorers ship fixed movement files and trust them; we compute every property from the seating itself, so a
generated movement of any size, or an imported file, can be shown correct (or not) before a session starts.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations

from .model import Movement, Problem, Unit


@dataclass(slots=True)
class Summary:
    """Who met whom how often, who played which boards in which direction, who sat out."""

    meetings: Counter[tuple[int, int]] = field(default_factory=Counter)
    """Pairs/teams: times as opponents. Players: times at the same table."""
    partners: Counter[tuple[int, int]] = field(default_factory=Counter)
    opponents: Counter[tuple[int, int]] = field(default_factory=Counter)
    boards_played: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    coverage: dict[int, list[tuple[int, ...]]] = field(default_factory=lambda: defaultdict(list))
    """Board -> the seatings that played it, (N-S, E-W) or (N, E, S, W), in round order."""
    ns_rounds: Counter[int] = field(default_factory=Counter)
    """Pairs: rounds played sitting N-S (the direction balance)."""
    played_rounds: Counter[int] = field(default_factory=Counter)
    sit_outs: Counter[int] = field(default_factory=Counter)
    sat_out_boards: Counter[int] = field(default_factory=Counter)

    def repeats(self) -> dict[str, int]:
        """The quality of a progressive schedule: how many extra meetings beyond the first."""
        return {
            "partner_repeats": sum(count - 1 for count in self.partners.values() if count > 1),
            "opponent_repeats": sum(count - 1 for count in self.opponents.values() if count > 1),
            "table_repeats": sum(count - 1 for count in self.meetings.values() if count > 1),
        }


def _key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def summarize(movement: Movement, coverage: bool = True) -> Summary:
    summary = Summary()
    for rnd in movement.rounds:
        per_table = max((len(table.boards) for table in rnd.tables), default=0)
        for entrant in rnd.sit_out:
            summary.sit_outs[entrant] += 1
            summary.sat_out_boards[entrant] += per_table * movement.requirements.rooms
        for table in rnd.tables:
            for entrant in table.players:
                summary.played_rounds[entrant] += 1
                summary.boards_played[entrant].extend(table.boards)
            if coverage:
                for board in table.boards:
                    summary.coverage[board].append(table.players)
            if movement.unit is Unit.PLAYER:
                (north, south), (east, west) = table.partnerships
                summary.partners.update([_key(north, south), _key(east, west)])
                summary.opponents.update(_key(a, b) for a in (north, south) for b in (east, west))
                summary.meetings.update(_key(a, b) for a, b in combinations(table.players, 2))
            else:
                summary.meetings[_key(table.ns, table.ew)] += 1
                summary.ns_rounds[table.ns] += 1
    return summary


def check(movement: Movement) -> list[Problem]:
    """Every broken property, each named with its round and table; an empty list means the movement is sound."""
    problems = _check_seating(movement)
    if problems:
        return problems  # the counts below would only repeat a malformed seating
    summary = summarize(movement, coverage=False)
    if movement.boards:
        problems += _check_boards(movement, summary)
    problems += _check_sit_outs(movement, summary)
    problems += _check_meetings(movement, summary)
    if movement.unit is Unit.PLAYER:
        problems += _check_partnerships(movement, summary)
    return problems


def _check_seating(movement: Movement) -> list[Problem]:
    problems = []
    entrants = set(movement.players)
    for rnd in movement.rounds:
        where = f"round {rnd.number}"
        seen: Counter[int] = Counter(rnd.sit_out)
        tables = Counter(table.number for table in rnd.tables)
        for number, count in tables.items():
            if count > 1:
                problems.append(Problem("table-twice", f"{where}: table {number} is listed {count} times"))
        for table in rnd.tables:
            if len(table.players) != movement.unit.seats:
                problems.append(
                    Problem(
                        "seats",
                        f"{where}, table {table.number}: {len(table.players)} {movement.unit.value}s seated, "
                        f"{movement.unit.seats} expected",
                    )
                )
            seen.update(table.players)
        for entrant, count in sorted(item for item in seen.items() if item[1] > 1 or item[0] not in entrants):
            if entrant not in entrants:
                problems.append(
                    Problem("unknown", f"{where}: {movement.unit.value} {entrant} is not in the event")
                )
            elif count > movement.requirements.rooms:
                problems.append(
                    Problem("twice", f"{where}: {movement.unit.value} {entrant} is in {count} places")
                )
        for entrant in sorted(entrants - set(seen)):
            problems.append(
                Problem("unaccounted", f"{where}: {movement.unit.value} {entrant} neither plays nor sits out")
            )
    return problems


def _check_boards(movement: Movement, summary: Summary) -> list[Problem]:
    problems = []
    unit = movement.unit.value
    for rnd in movement.rounds:
        places: dict[int, list[int]] = defaultdict(list)
        for table in rnd.tables:
            if not table.boards:
                problems.append(Problem("no-boards", f"round {rnd.number}, table {table.number}: no boards"))
            for board in table.boards:
                if not 1 <= board <= movement.boards:
                    problems.append(
                        Problem(
                            "board-range",
                            f"round {rnd.number}, table {table.number}: no board {board} in play",
                        )
                    )
                places[board].append(table.number)
        shared = [set(group) for group in rnd.shares]
        resting = set(rnd.relay)
        for board, tables in sorted(
            item for item in places.items() if len(item[1]) > 1 or item[0] in resting
        ):
            duplicated = movement.requirements.rooms > 1
            if len(tables) > 1 and not duplicated and not any(set(tables) <= group for group in shared):
                listed = ", ".join(map(str, tables))
                problems.append(
                    Problem(
                        "board-two-places", f"round {rnd.number}: board {board} is at tables {listed} at once"
                    )
                )
            if board in resting:
                problems.append(
                    Problem(
                        "board-on-relay",
                        f"round {rnd.number}: board {board} is both on the relay and in play",
                    )
                )
    for entrant, boards in sorted(summary.boards_played.items()):
        if len(set(boards)) == len(boards):
            continue
        for board, count in sorted(Counter(boards).items()):
            if count > movement.requirements.rooms:
                problems.append(
                    Problem("board-replayed", f"{unit} {entrant} plays board {board} {count} times")
                )
    if movement.requirements.equal_boards:
        totals = {
            entrant: len(summary.boards_played.get(entrant, ())) + summary.sat_out_boards[entrant]
            for entrant in movement.players
        }
        if len(set(totals.values())) > 1:
            most = max(totals.values())
            short = ", ".join(f"{e} ({n})" for e, n in totals.items() if n != most)
            problems.append(
                Problem(
                    "unequal-boards", f"{unit}s play or sit out unequal numbers of boards: {most} but {short}"
                )
            )
    return problems


def _check_sit_outs(movement: Movement, summary: Summary) -> list[Problem]:
    counts = [summary.sit_outs[entrant] for entrant in movement.players]
    if counts and max(counts) - min(counts) > 1:
        worst = max(movement.players, key=lambda e: summary.sit_outs[e])
        return [
            Problem(
                "sit-out-balance",
                f"{movement.unit.value} {worst} sits out {max(counts)} rounds, another only {min(counts)}",
            )
        ]
    return []


def _check_meetings(movement: Movement, summary: Summary) -> list[Problem]:
    problems = []
    req = movement.requirements
    unit = movement.unit.value
    what = "share a table" if movement.unit is Unit.PLAYER else "meet"
    if req.max_meetings is not None:
        for (a, b), count in sorted(summary.meetings.items()):
            if count > req.max_meetings:
                problems.append(Problem("meets-too-often", f"{unit}s {a} and {b} {what} {count} times"))
    field_of = {entrant: i for i, group in enumerate(req.fields) for entrant in group}
    for a, b in sorted(summary.meetings):
        if a in field_of and field_of.get(b) == field_of[a]:
            problems.append(Problem("same-field", f"{unit}s {a} and {b} are in the same field but meet"))
    if req.all_meet:
        for a, b in combinations(movement.players, 2):
            if (a, b) not in summary.meetings and not (a in field_of and field_of.get(b) == field_of[a]):
                problems.append(Problem("never-meet", f"{unit}s {a} and {b} never meet"))
    return problems


def _check_partnerships(movement: Movement, summary: Summary) -> list[Problem]:
    problems = []
    req = movement.requirements
    pairs = list(combinations(movement.players, 2))
    for label, counts, exactly, most in (
        ("partner", summary.partners, req.partner_exactly, req.max_partner),
        ("oppose", summary.opponents, req.opponent_exactly, req.max_opponent),
    ):
        for pair in pairs:
            count = counts[pair]
            if (exactly is not None and count != exactly) or (most is not None and count > most):
                wanted = f"exactly {exactly}" if exactly is not None else f"at most {most}"
                problems.append(
                    Problem(
                        f"{label}-count",
                        f"players {pair[0]} and {pair[1]} {label} {count} times, {wanted} wanted",
                    )
                )
    return problems


def properties(movement: Movement) -> dict[str, bool | int]:
    """The properties two movements for the same field can be compared by (ours must have at least a file's)."""
    summary = summarize(movement)
    players = movement.players
    one_place = all(
        len({b for t in rnd.tables for b in t.boards}) == sum(len(t.boards) for t in rnd.tables)
        for rnd in movement.rounds
    )
    totals = {len(summary.boards_played.get(p, ())) + summary.sat_out_boards[p] for p in players}
    return {
        "no_replay": all(len(set(b)) == len(b) for b in summary.boards_played.values()),
        "one_place": one_place,
        "equal_boards": len(totals) <= 1,
        "all_meet": all(pair in summary.meetings for pair in combinations(players, 2)),
        "max_meetings": max(summary.meetings.values(), default=0),
        "max_partner": max(summary.partners.values(), default=0),
        "max_opponent": max(summary.opponents.values(), default=0),
    }
