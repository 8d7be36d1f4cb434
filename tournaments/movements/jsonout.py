"""The movement as JSON-ready data, the shape `manage.py movement --format json` prints (issue 4) and a Section
stores (Section.movement), and its strict inverse (`movement_from_json`), through which the apps read it
(Section.plan): a typed Movement, or a MovementError saying where the data is wrong."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from .check import check, summarize
from .model import SEAT_LETTERS, Movement, MovementError, Requirements, Round, Table, Unit

_DEFAULTS = Requirements()


def movement_data(movement: Movement) -> dict[str, object]:
    """Pairs and players as strings numbered from 1; individual tables give "seats" instead of ns/ew."""
    rounds = [round_data(rnd, movement.unit) for rnd in movement.rounds]
    problems = check(movement)
    data: dict[str, object] = {
        "kind": movement.kind,
        "name": movement.title,
        "unit": movement.unit.value,
        "entrants": movement.entrants,
        "boards": movement.boards,
        "rounds": rounds,
        "relays": [{"round": rnd.number, "boards": list(rnd.relay)} for rnd in movement.rounds if rnd.relay],
        "check": {"ok": not problems, "problems": [p.message for p in problems]},
    }
    summary = summarize(movement)
    if movement.unit is Unit.PLAYER:
        data["quality"] = summary.repeats()
        data["coverage"] = {str(board): len(plays) for board, plays in sorted(summary.coverage.items())}
    else:  # the direction balance (rounds each pair sits N-S, of the rounds it plays); who played each board how
        data["ns_rounds"] = {
            str(p): [summary.ns_rounds[p], summary.played_rounds[p]] for p in movement.players
        }
        data["coverage"] = {
            str(board): {"ns": [str(ns) for ns, _ in plays], "ew": [str(ew) for _, ew in plays]}
            for board, plays in sorted(summary.coverage.items())
        }
    if movement.notes:
        data["notes"] = list(movement.notes)
    if movement.phantoms:
        data["phantoms"] = [str(p) for p in movement.phantoms]
    promised = _requirements_data(movement.requirements)
    if promised:
        data["requirements"] = promised
    return data


def round_data(rnd: Round, unit: Unit) -> dict[str, object]:
    """One round as movement_data gives it: its tables (ns/ew, or an individual's seats), sit-outs and shares."""
    tables = []
    for table in rnd.tables:
        entry: dict[str, object] = {"table": table.number}
        if unit is Unit.PLAYER:
            entry["seats"] = {seat: str(p) for seat, p in table.seats.items()}
        else:
            entry.update({"ns": str(table.ns), "ew": str(table.ew)})
        entry["boards"] = list(table.boards)
        tables.append(entry)
    item: dict[str, object] = {"round": rnd.number, "tables": tables}
    if rnd.sit_out:
        item["sit_out"] = [str(p) for p in rnd.sit_out]
    if rnd.shares:
        item["shares"] = [list(group) for group in rnd.shares]
    return item


def with_round(data: dict[str, Any], rnd: Round) -> dict[str, Any]:
    """A stored movement (movement_data's shape, with what apps add) with one more round of teams played after
    its last (a Swiss's round, drawn as play goes); its set of boards grows to the round's last board."""
    boards = max((b for table in rnd.tables for b in table.boards), default=0)
    return {
        **data,
        "rounds": [*data["rounds"], round_data(rnd, Unit.TEAM)],
        "boards": max(boards, _count(data, "boards", 0)),
    }


def _requirements_data(requirements: Requirements) -> dict[str, object]:
    """The promises that differ from the defaults (fields as lists of lists)."""
    found: dict[str, object] = {}
    for f in fields(Requirements):
        value = getattr(requirements, f.name)
        if value != getattr(_DEFAULTS, f.name):
            found[f.name] = [list(group) for group in value] if f.name == "fields" else value
    return found


EMPTY_SEATS = (None, "", "-", 0, "0")
"""How a hand-written movement (sent through the API) leaves a seat empty: read as entrant 0, nobody."""


def movement_from_json(data: object) -> Movement:
    """The Movement `data` (movement_data's shape) stands for; MovementError naming where it is wrong
    ("rounds[3].tables[2]: board 27 is not in the set"). What the writer derives (check, coverage, quality,
    ns_rounds) and what apps add (a party's settings, a Swiss's planned rounds) is not read. A movement written
    before it said its unit, entrants and boards (or written by hand) has them found from its tables: seats mean
    players; an entrant seated both N-S and E-W in one round means teams in two rooms."""
    if not isinstance(data, dict):
        raise MovementError("the movement must be an object with a list of rounds")
    raw_rounds = data.get("rounds")
    if not isinstance(raw_rounds, list) or not raw_rounds:
        raise MovementError("rounds: a list of the movement's rounds, please")
    relays = _relays(data.get("relays", []))
    rounds = tuple(_round(rnd, i, relays) for i, rnd in enumerate(raw_rounds))
    seen = [r.number for r in rounds]
    for i, rnd in enumerate(rounds):
        if seen.index(rnd.number) != i:
            raise MovementError(f"rounds[{i}]: round {rnd.number} is listed twice")
    for number in relays:
        if number not in seen:
            raise MovementError(f"relays: round {number} is not one of the movement's rounds")
    individual = any(len(t.players) == 4 for r in rounds for t in r.tables)
    unit = _unit(data.get("unit"), individual, rounds)
    requirements = _requirements(data.get("requirements"), unit, rounds)
    seated = {p for r in rounds for t in r.tables for p in t.players} | {p for r in rounds for p in r.sit_out}
    entrants = _count(data, "entrants", max(seated, default=0))
    boards = _count(
        data, "boards", max((b for r in rounds for t in r.tables for b in (*t.boards, *r.relay)), default=0)
    )
    seats = unit.seats
    for i, rnd in enumerate(rounds):
        for j, table in enumerate(rnd.tables):
            if (
                len(table.players) != seats
                or max(table.players) > entrants
                or max(table.boards, default=0) > boards
            ):
                _misfit(table, f"rounds[{i}].tables[{j}]", unit, entrants, boards)
        if max(rnd.sit_out, default=0) > entrants:
            raise MovementError(
                f"rounds[{i}].sit_out: {unit.value} {max(rnd.sit_out)} is not one of the {entrants} entrants"
            )
    return Movement(
        kind=_text(data, "kind"),
        unit=unit,
        entrants=entrants,
        rounds=rounds,
        boards=boards,
        name=_text(data, "name"),
        requirements=requirements,
        notes=tuple(_strings(data.get("notes", []), "notes")),
        phantoms=tuple(
            _entrant(p, f"phantoms[{i}]") for i, p in enumerate(_list(data.get("phantoms", []), "phantoms"))
        ),
    )


def _misfit(table: Table, where: str, unit: Unit, entrants: int, boards: int) -> None:
    """What is wrong with a table that does not fit the movement: its seats, an entrant or a board."""
    if len(table.players) != unit.seats:
        raise MovementError(
            f"{where}: a {unit.value} movement seats {unit.seats} at a table, not {len(table.players)}"
        )
    for entrant in table.players:
        if entrant > entrants:
            raise MovementError(f"{where}: {unit.value} {entrant} is not one of the {entrants} entrants")
    for board in table.boards:
        if board > boards:
            raise MovementError(f"{where}: board {board} is not in the set (boards 1 to {boards})")


def _round(data: object, index: int, relays: dict[int, tuple[int, ...]]) -> Round:
    """rounds[index]; a hand-written round without its number is numbered by its place."""
    where = f"rounds[{index}]"
    if not isinstance(data, dict):
        raise MovementError(f"{where}: a round is an object with its tables")
    number = _whole(data.get("round", index + 1), f"{where}.round")
    tables = tuple(
        _table(t, f"{where}.tables[{j}]") for j, t in enumerate(_list(data.get("tables"), f"{where}.tables"))
    )
    numbers = [t.number for t in tables]
    for j, table in enumerate(tables):
        if numbers.index(table.number) != j:
            raise MovementError(f"{where}.tables[{j}]: table {table.number} is listed twice")
    sit_out = tuple(
        _entrant(e, where, f"sit_out[{k}]")
        for k, e in enumerate(_list(data.get("sit_out", []), f"{where}.sit_out", "the entrants sitting out"))
    )
    shares = tuple(
        _numbers(group, f"{where}.shares[{k}]")
        for k, group in enumerate(_list(data.get("shares", []), f"{where}.shares"))
    )
    return Round(number, tables, relay=relays.get(number, ()), sit_out=sit_out, shares=shares)


def _table(data: object, where: str) -> Table:
    if not isinstance(data, dict):
        raise MovementError(f"{where}: a table is an object with its number, entrants and boards")
    number = _whole(data.get("table"), f"{where}.table")
    seats = data.get("seats")
    if seats:
        if not isinstance(seats, dict) or set(seats) - set(SEAT_LETTERS):
            raise MovementError(f"{where}.seats: an object of the seats N, E, S and W")
        players = tuple(_entrant(seats.get(seat), where, f"seats.{seat}") for seat in SEAT_LETTERS)
    else:
        players = (_entrant(data.get("ns"), where, "ns"), _entrant(data.get("ew"), where, "ew"))
    boards = _numbers(data.get("boards", []), f"{where}.boards")
    if len(set(boards)) != len(boards):
        raise MovementError(f"{where}.boards: a board is listed twice")
    return Table(number, players, boards)


def _relays(data: object) -> dict[int, tuple[int, ...]]:
    found: dict[int, tuple[int, ...]] = {}
    for i, relay in enumerate(_list(data, "relays")):
        if not isinstance(relay, dict):
            raise MovementError(f"relays[{i}]: an object of a round and its boards")
        found[_whole(relay.get("round"), f"relays[{i}].round")] = _numbers(
            relay.get("boards"), f"relays[{i}].boards"
        )
    return found


def _unit(value: object, individual: bool, rounds: tuple[Round, ...]) -> Unit:
    if value is None:
        return Unit.PLAYER if individual else Unit.TEAM if _two_rooms(rounds) else Unit.PAIR
    try:
        return Unit(value)
    except ValueError:
        raise MovementError(f"unit: {value!r} is not one of {', '.join(u.value for u in Unit)}") from None


def _two_rooms(rounds: tuple[Round, ...]) -> bool:
    """Some entrant sits N-S at one table and E-W at another in one round: its open and closed rooms."""
    return any({t.ns for t in r.tables if t.ns} & {t.ew for t in r.tables if t.ew} for r in rounds)


def _requirements(data: object, unit: Unit, rounds: tuple[Round, ...]) -> Requirements:
    if data is None:
        return Requirements(rooms=2) if unit is Unit.TEAM and _two_rooms(rounds) else _DEFAULTS
    if not isinstance(data, dict):
        raise MovementError("requirements: an object of the movement's promises")
    known = {f.name: f for f in fields(Requirements)}
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in known:
            raise MovementError(f"requirements.{name}: not a promise a movement makes")
        if name == "fields":
            groups = _list(value, "requirements.fields")
            value = tuple(
                tuple(_whole(e, f"requirements.fields[{i}]") for e in _list(g, f"requirements.fields[{i}]"))
                for i, g in enumerate(groups)
            )
        elif isinstance(getattr(_DEFAULTS, name), bool):
            if not isinstance(value, bool):
                raise MovementError(f"requirements.{name}: true or false, not {value!r}")
        elif value is not None:
            value = _whole(value, f"requirements.{name}")
        values[name] = value
    return Requirements(**values)


def _count(data: dict[str, Any], name: str, found: int) -> int:
    value = data.get(name)
    if value is None:
        return found
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise MovementError(f"{name}: a count, not {value!r}")
    return value


def _whole(value: object, where: str) -> int:
    """A positive whole number (or the digits of one, as the writer gives entrants)."""
    if isinstance(value, str) and value.isdecimal() and value.isascii():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise MovementError(f"{where}: {value!r} is not a number from 1")
    return value


def _numbers(value: object, where: str) -> tuple[int, ...]:
    """A list of numbers from 1 (board or table numbers)."""
    items = _list(value, where)
    if all(type(n) is int and n > 0 for n in items):  # as the writer gives them: read at once
        return tuple(items)
    return tuple(_whole(n, f"{where}[{k}]") for k, n in enumerate(items))


def _entrant(value: object, where: str, key: str = "") -> int:
    """An entrant's number at `where`.`key` ("3" as the writer gives it, or 3); an empty seat of a hand-written
    movement is 0. The place is named only when it is wrong (a movement has thousands of seats)."""
    if type(value) is str and value.isdecimal() and value.isascii():
        return int(value)
    return 0 if value in EMPTY_SEATS else _whole(value, f"{where}.{key}" if key else where)


def _list(value: object, where: str, what: str = "") -> list[Any]:
    if not isinstance(value, list):
        raise MovementError(
            f"{where}: a list of {what}, please" if what else f"{where}: a list, not {type(value).__name__}"
        )
    return value


def _strings(value: object, where: str) -> list[str]:
    items = _list(value, where)
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise MovementError(f"{where}[{i}]: text, not {item!r}")
    return items


def _text(data: dict[str, Any], name: str) -> str:
    value = data.get(name, "")
    if not isinstance(value, str):
        raise MovementError(f"{name}: text, not {value!r}")
    return value
