"""Mitchell, the book's "compass game": N-S stay, E-W move up one table, boards move down one table.

Hoyle 1940 L5352-5358 (seed 001): "all those sitting N and S keep their seats ... all those sitting E and W go from
table to table ... The trays ... travel one table at a time in a direction opposite to that taken by the E and W
players." E-W and boards close on each other by two tables a round, so with an even number of tables an E-W pair
meets its first boards again after T/2 rounds; L5360-5363 cures that with the skip, the club standard also with a
share and a relay (standards.md 5.1).

Pairs: N-S pair t is pair t (it sits at table t), E-W pair e is pair T + e (it starts at table e).
"""

from __future__ import annotations

from collections.abc import Iterable

from .model import Movement, MovementError, Requirements, Round, Table, Unit, boards_of_set

EVEN_TABLE_METHODS = ("skip", "relay", "bye", "carry")

ROVER_ORDER = {
    6: (1, 3, 5, 2, 4),
    7: (1, 3, 5, 7, 2, 4),
    8: (1, 6, 2, 7, 3, 8, 4),
    9: (1, 5, 9, 2, 4, 7, 3, 6),
    10: (1, 7, 2, 8, 3, 9, 4, 10, 5),
    11: (1, 3, 5, 7, 9, 11, 2, 4, 6, 8),
    12: (3, 9, 4, 10, 5, 11, 6, 12, 7, 1, 8),
    13: (1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10),
    14: (1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7),
    15: (1, 3, 5, 7, 9, 12, 14, 2, 4, 6, 8, 10, 11, 13),
}
"""The rover's table in rounds 2, 3, ... (EBU PSMoveManual, standards.md 5.1); the rover sits out round 1."""


def mitchell(
    tables: int,
    rounds: int | None = None,
    boards_per_round: int = 2,
    even: str = "skip",
    arrow_switch: Iterable[int] = (),
    missing: int | None = None,
    rover: bool = False,
) -> Movement:
    """A Mitchell for `tables` full tables.

    even: "skip" (L5360-5363: E-W skip a table half-way; at most T-1 rounds), "relay" (tables 1 and T share a set
    and a relay stand between tables T/2 and T/2+1 holds one, standards.md 5.1; T rounds), "bye" (the T+1-table
    Mitchell with its last table a bye stand: T+1 sets and rounds, see bye_stand) or "carry" (L5363-5369: E-W
    carry the set they played to the next table for the pair behind them; 2T sets, T rounds, any T).
    arrow_switch: round numbers in which every table turns its boards, so the E-W pairs play them as N-S and the two
    fields become one (a one-winner Mitchell).
    missing: a pair that is absent (a phantom); its opponent sits out.
    rover: an extra pair 2T+1 that sits out round 1 and then displaces N-S pairs (the displaced pair sits out).
    """
    if tables < 2:
        raise MovementError(f"a Mitchell needs at least 2 tables, not {tables}")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    if even not in EVEN_TABLE_METHODS:
        raise MovementError(f"even-table method {even!r} is not one of {', '.join(EVEN_TABLE_METHODS)}")
    method = even if tables % 2 == 0 or even == "carry" else "plain"
    if method == "bye":
        if missing is not None or rover:
            raise MovementError("a bye stand Mitchell takes no phantom and no rover: its table is the bye")
        return bye_stand(tables, rounds, boards_per_round, arrow_switch)
    if method == "relay" and tables < 4:
        raise MovementError(
            "share-and-relay needs at least 4 tables (with 2, the two tables would share everything)"
        )
    most = tables - 1 if method == "skip" else tables
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise MovementError(f"a {tables}-table Mitchell ({method}) has 1 to {most} rounds, not {rounds}")
    switched = set(arrow_switch)
    if not switched <= set(range(1, rounds + 1)):
        raise MovementError(f"arrow-switch rounds {sorted(switched)} are not all among rounds 1..{rounds}")
    if missing is not None and not 1 <= missing <= 2 * tables:
        raise MovementError(f"the missing pair must be one of 1..{2 * tables}, not {missing}")

    positions = _board_positions(tables, method)
    sets = 2 * tables if method == "carry" else len(positions)
    built = []
    for r in range(rounds):
        ew_shift = r + 1 if method == "skip" and r >= tables // 2 else r
        # position -> set number; a set is numbered by its first table (the relay's set last)
        set_at = {
            positions[(i + r) % len(positions)]: _label(positions[i], sets) for i in range(len(positions))
        }
        row = []
        for t in range(tables):
            ew = tables + (t - ew_shift) % tables + 1
            position = 0 if method == "relay" and t == tables - 1 else t  # tables 1 and T share
            pair = (ew, t + 1) if r + 1 in switched else (t + 1, ew)
            played = _carried_set(t, r, tables) if method == "carry" else set_at[position]
            row.append(Table(t + 1, pair, boards_of_set(played, boards_per_round)))
        relay = boards_of_set(set_at["relay"], boards_per_round) if method == "relay" else ()
        shares = ((1, tables),) if method == "relay" else ()
        built.append(Round(r + 1, tuple(row), relay=relay, shares=shares))
    if missing is not None:
        built = [_without(rnd, missing) for rnd in built]
    entrants = 2 * tables
    notes = [f"{method} Mitchell"] if method != "plain" else []
    if rover:
        built = _add_rover(built, tables, entrants + 1)
        entrants += 1
    if switched:
        notes.append("arrow switch in round(s) " + ", ".join(map(str, sorted(switched))))
    field = () if switched else (tuple(range(1, tables + 1)), tuple(range(tables + 1, 2 * tables + 1)))
    requirements = Requirements(max_meetings=1, fields=field, equal_boards=missing is None and not rover)
    return Movement(
        kind="mitchell",
        unit=Unit.PAIR,
        entrants=entrants,
        rounds=tuple(built),
        boards=sets * boards_per_round,
        name=f"Mitchell {tables} tables",
        requirements=requirements,
        notes=tuple(notes),
        phantoms=() if missing is None else (missing,),
    )


def bye_stand(
    tables: int, rounds: int | None = None, boards_per_round: int = 2, arrow_switch: Iterable[int] = ()
) -> Movement:
    """An even Mitchell of T tables played as the T+1-table one with its last table empty: that table's set rests
    on a bye stand each round, the E-W pair that comes to it sits out, and so does the N-S pair that would meet the
    missing E-W pair (none in round 1). Every pair meets every pair of the other direction once in T+1 rounds,
    sitting out one of them, on the T+1 sets of the odd Mitchell, each at the same table in the same round: a
    section of 6 tables plays across the field with one of 7 (standards.md 5.1).

    Pairs: N-S pair t is pair t, E-W pair e is pair T + e, as in the T+1-table Mitchell without its pairs T+1 and
    2T+2."""
    empty = tables + 1
    full = mitchell(empty, rounds, boards_per_round, arrow_switch=arrow_switch)
    wider = mitchell(empty, rounds, boards_per_round, arrow_switch=arrow_switch, missing=2 * empty)

    def pair(number: int) -> int:
        return number - 1 if number > empty else number

    built = []
    for rnd, whole in zip(wider.rounds, full.rounds, strict=True):
        kept = tuple(
            Table(t.number, tuple(map(pair, t.players)), t.boards) for t in rnd.tables if t.number != empty
        )
        idle = [p for t in rnd.tables if t.number == empty for p in t.players] + list(rnd.sit_out)
        sit_out = tuple(sorted(pair(p) for p in idle if p != empty))
        built.append(Round(rnd.number, kept, relay=whole.table(empty).boards, sit_out=sit_out))
    field = wider.requirements.fields and (tuple(range(1, empty)), tuple(range(empty, 2 * empty - 1)))
    return Movement(
        kind="mitchell",
        unit=Unit.PAIR,
        entrants=2 * tables,
        rounds=tuple(built),
        boards=wider.boards,
        name=f"Mitchell {tables} tables, bye stand",
        requirements=Requirements(max_meetings=1, fields=field),
        notes=(
            f"the {empty}-table Mitchell with table {empty} empty: its boards rest on a bye stand, and the pairs "
            "that would play there sit out",
            *wider.notes,
        ),  # fmt: skip
    )


def _board_positions(tables: int, method: str) -> list[int | str]:
    """The places a set passes through, in the order boards move (down one table a round), from table 1, so that
    table t starts with set t."""
    down = [0, *range(tables - 1, 0, -1)]  # table indexes 0, T-1, ..., 1, wrapping to 0
    if method != "relay":
        return down
    half = tables // 2
    path: list[int | str] = [0]  # table T shares table 1's set, so after table 1 comes table T-1
    for t in down[2:]:
        path.append(t)
        if t == half:  # between tables T/2+1 and T/2 (1-based) the set rests on the relay stand
            path.append("relay")
    return path


def _carried_set(t: int, r: int, tables: int) -> int:
    """The book's alternative to the skip (L5363-5369): each table holds two sets and plays one a round; E-W "take
    it with them to the next table, but put it under the tray they find there, leaving it to be played by the pair
    that will follow them". So a set played at table t in round r is played next at table t+1 in round r+2: sets
    1..T start in play, sets T+1..2T start under the trays (0-based t and r)."""
    return (t - r // 2) % tables + 1 + (tables if r % 2 else 0)


def _label(position: int | str, sets: int) -> int:
    return position + 1 if isinstance(position, int) else sets  # "relay": the relay stand holds the last set


def _without(rnd: Round, missing: int) -> Round:
    kept, idle = [], list(rnd.sit_out)
    for table in rnd.tables:
        if missing in table.players:
            idle.extend(p for p in table.players if p != missing)
        else:
            kept.append(table)
    return Round(rnd.number, tuple(kept), rnd.relay, tuple(sorted(idle)), rnd.shares)


def _add_rover(built: list[Round], tables: int, rover: int) -> list[Round]:
    """The published route where it is clean, else a searched one, else the published one as it is.

    At 9 and 15 tables no route avoids meeting some E-W pair twice (the search proves it; PSMoveManual says so too),
    and the checker reports that one repeat.
    """
    published = ROVER_ORDER.get(tables)
    order = published if published and _route_ok(built, published) else _rover_order(built) or published
    if order is None:
        raise MovementError(f"no rover route visits every round of a {tables}-table Mitchell")
    result = [
        Round(built[0].number, built[0].tables, built[0].relay, (*built[0].sit_out, rover), built[0].shares)
    ]
    for rnd, table_number in zip(built[1:], order, strict=False):
        tables_now, idle = [], list(rnd.sit_out)
        for table in rnd.tables:
            if table.number == table_number and rover not in idle:
                displaced = table.ns if table.ns <= tables else table.ew
                idle.append(displaced)
                seats = tuple(rover if p == displaced else p for p in table.players)
                table = Table(table.number, seats, table.boards)
            tables_now.append(table)
        result.append(Round(rnd.number, tuple(tables_now), rnd.relay, tuple(sorted(idle)), rnd.shares))
    return result


def _route_ok(built: list[Round], route: tuple[int, ...]) -> bool:
    met: set[int] = set()
    boards: set[int] = set()
    for rnd, number in zip(built[1:], route, strict=False):
        table = rnd.table(number)
        if table.ew in met or not boards.isdisjoint(table.boards):
            return False
        met.add(table.ew)
        boards.update(table.boards)
    return True


def _rover_order(built: list[Round], max_steps: int = 20_000) -> tuple[int, ...] | None:
    """A rover route where no table is visited twice, no board replayed and no E-W pair met twice (depth-first,
    bounded: at 9 tables the whole tree is searched in a moment; at 15 the budget runs out first)."""
    plays = [{t.number: (t.ew, t.boards) for t in rnd.tables} for rnd in built[1:]]
    steps = 0

    def extend(route: list[int], met: set[int], boards: set[int]) -> list[int] | None:
        nonlocal steps
        steps += 1
        if len(route) == len(plays):
            return route
        if steps > max_steps:
            return None
        for number, (ew, board_set) in plays[len(route)].items():
            if number not in route and ew not in met and boards.isdisjoint(board_set):
                found = extend([*route, number], met | {ew}, boards | set(board_set))
                if found:
                    return found
        return None

    route = extend([], set(), set())
    return None if route is None else tuple(route)
