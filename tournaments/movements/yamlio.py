"""Read and write movement files in the bridgescorer YAML format (../shared/data/movements/, MIT).

Pair movements: numberTeams and hands of {table, round, ns, ew, boards}; individual movements: numberPlayers and
hands of {table, round, north, south, east, west, boards}. Boards that such a file puts at several tables in one
round are read as a declared share (they are deliberate there: the tables swap boards during the round).
"""

from __future__ import annotations

from collections import defaultdict

import yaml

from .model import Movement, MovementError, Requirements, Round, Table, Unit, shared_tables

_SEATS = ("north", "east", "south", "west")  # our seat order: N, E, S, W


def read_movement(text: str) -> Movement:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise MovementError(f"not a YAML movement file: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
        raise MovementError("a movement file needs a list of hands")
    individual = "numberPlayers" in data
    entrants = data.get("numberPlayers" if individual else "numberTeams")
    if not isinstance(entrants, int) or entrants < 2:
        raise MovementError(f"numberTeams/numberPlayers must be a count, not {entrants!r}")
    by_round: dict[int, list[Table]] = defaultdict(list)
    for i, hand in enumerate(data["hands"], start=1):
        try:
            seats = tuple(int(hand[s]) for s in _SEATS) if individual else (int(hand["ns"]), int(hand["ew"]))
            table = Table(int(hand["table"]), seats, tuple(int(b) for b in hand["boards"]))
            by_round[int(hand["round"])].append(table)
        except (KeyError, TypeError, ValueError) as error:
            raise MovementError(f"hand {i}: missing or bad field {error}") from None
    rounds = []
    for number in sorted(by_round):
        tables = tuple(sorted(by_round[number], key=lambda t: t.number))
        seated = {p for t in tables for p in t.players}
        idle = tuple(p for p in range(1, entrants + 1) if p not in seated)
        rounds.append(Round(number, tables, sit_out=idle, shares=shared_tables(tables)))
    boards = max((b for rnd in rounds for t in rnd.tables for b in t.boards), default=0)
    return Movement(
        kind="imported",
        unit=Unit.PLAYER if individual else Unit.PAIR,
        entrants=entrants,
        rounds=tuple(rounds),
        boards=boards,
        name=str(data.get("name", "")),
        requirements=Requirements(max_meetings=None),
        notes=tuple(str(data[k]) for k in ("description",) if k in data),
    )


def write_movement(movement: Movement) -> str:
    """The movement as a bridgescorer YAML file (sit-outs and relays are implicit there)."""
    individual = movement.unit is Unit.PLAYER
    hands = []
    for rnd in movement.rounds:
        for table in rnd.tables:
            hand: dict[str, object] = {"table": table.number, "round": rnd.number}
            if individual:
                hand.update(dict(zip(_SEATS, table.players, strict=True)))
            else:
                hand.update({"ns": table.ns, "ew": table.ew})
            hand["boards"] = list(table.boards)
            hands.append(hand)
    data = {
        "name": movement.name or movement.kind,
        "short": movement.title,
        "description": "; ".join(movement.notes) or movement.title,
        ("numberPlayers" if individual else "numberTeams"): movement.entrants,
        "hands": hands,
    }
    return "---\n" + yaml.safe_dump(data, sort_keys=False)
