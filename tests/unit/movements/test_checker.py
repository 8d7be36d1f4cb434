"""The checker finds each kind of broken movement, and says where."""

from dataclasses import replace

from tournaments.movements import Movement, Requirements, Round, Table, Unit, check, howell, mitchell, whist


def codes(movement):
    return [p.code for p in check(movement)]


def with_round(movement, index, rnd):
    rounds = list(movement.rounds)
    rounds[index] = rnd
    return replace(movement, rounds=tuple(rounds))


def test_board_in_two_places():
    movement = mitchell(5)
    first = movement.rounds[0]
    tables = list(first.tables)
    tables[1] = replace(tables[1], boards=tables[0].boards)
    problems = check(with_round(movement, 0, replace(first, tables=tuple(tables))))
    assert "round 1: board 1 is at tables 1, 2 at once" in [p.message for p in problems]


def test_board_replayed_and_unequal():
    movement = mitchell(5)
    last = movement.rounds[4]
    tables = list(last.tables)
    tables[0] = replace(tables[0], boards=movement.rounds[0].tables[0].boards)
    found = codes(with_round(movement, 4, replace(last, tables=tuple(tables))))
    assert "board-replayed" in found and "board-two-places" in found


def test_entrant_missing_twice_unknown():
    movement = howell(8)
    first = movement.rounds[0]
    tables = list(first.tables)
    tables[0] = replace(tables[0], players=(tables[1].ns, 99))
    found = codes(with_round(movement, 0, replace(first, tables=tuple(tables))))
    assert {"twice", "unknown", "unaccounted"} <= set(found)


def test_meetings_fields_and_all_meet():
    movement = mitchell(5)
    stricter = replace(movement, requirements=Requirements(max_meetings=1, all_meet=True))
    assert "never-meet" in codes(stricter)  # N-S pairs never meet each other
    swapped = replace(movement, rounds=movement.rounds + movement.rounds[:1])
    problems = check(replace(swapped, boards=movement.boards))
    assert any(p.code == "meets-too-often" and p.message == "pairs 1 and 6 meet 2 times" for p in problems)
    one_field = replace(movement, requirements=Requirements(fields=(tuple(range(1, 11)),)))
    assert "same-field" in codes(one_field)


def test_partnerships_of_individuals():
    movement = whist(8, None)
    shorter = replace(movement, rounds=movement.rounds[:6])
    problems = check(shorter)
    assert problems and all(p.code in {"partner-count", "oppose-count"} for p in problems)
    assert any(p.message.endswith("partner 0 times, exactly 1 wanted") for p in problems)


def test_sit_out_balance_and_seats():
    tables = (Table(1, (1, 2)),)
    rounds = tuple(Round(r, tables, sit_out=(3, 4)) for r in (1, 2))
    movement = Movement("test", Unit.PAIR, 4, rounds, requirements=Requirements(max_meetings=None))
    assert codes(movement) == ["sit-out-balance"]
    bad = Movement("test", Unit.PLAYER, 4, (Round(1, (Table(1, (1, 2, 3)),), sit_out=(4,)),))
    assert "seats" in codes(bad)
