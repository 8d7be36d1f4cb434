"""Mitchell and Howell: every size proved by the checker, and exact expectations from the book and the standards."""

import pytest

from tournaments.movements import MovementError, check, howell, mitchell, summarize, three_quarter_howell


@pytest.mark.parametrize("tables", range(3, 31))
@pytest.mark.parametrize("even", ["skip", "relay"])
def test_every_mitchell_is_sound(tables, even):
    if even == "relay" and tables % 2:
        return
    movement = mitchell(tables, even=even, boards_per_round=2)
    assert check(movement) == []
    summary = summarize(movement)
    # every E-W pair meets every N-S pair at most once and plays a different set each round
    assert all(len(boards) == 2 * len(movement.rounds) for boards in summary.boards_played.values())


def test_compass_game_book_movement():
    """Hoyle 1940 L5352-5358: N-S keep their seats, E-W go up one table, trays go the opposite way."""
    movement = mitchell(5, boards_per_round=1)
    first, second = movement.rounds[0], movement.rounds[1]
    for table in first.tables:
        moved_to = second.table(table.number % 5 + 1)
        assert second.table(table.number).ns == table.ns
        assert moved_to.ew == table.ew
        down = second.table((table.number - 2) % 5 + 1)
        assert down.boards == table.boards


def test_even_tables_need_the_skip():
    """Hoyle 1940 L5360-5363: without the skip E-W meet trays they have already played (after T/2 rounds)."""
    movement = mitchell(6, boards_per_round=1)
    assert check(movement) == []
    # round 4 (half way, 1-based) is where every E-W pair skips a table
    r3, r4 = movement.rounds[2], movement.rounds[3]
    ew_table = {t.ew: t.number for t in r3.tables}
    assert all(t.number == (ew_table[t.ew] + 1) % 6 + 1 for t in r4.tables)


def test_share_and_relay():
    movement = mitchell(6, even="relay", boards_per_round=2)
    assert len(movement.rounds) == 6
    assert all(rnd.shares == ((1, 6),) and len(rnd.relay) == 2 for rnd in movement.rounds)
    assert movement.rounds[0].table(1).boards == movement.rounds[0].table(6).boards


def test_missing_pair_and_arrow_switch():
    movement = mitchell(7, missing=3, arrow_switch=[7])
    assert check(movement) == []
    assert all(3 not in t.players for rnd in movement.rounds for t in rnd.tables)
    assert [len(rnd.sit_out) for rnd in movement.rounds] == [1] * 7
    last = movement.rounds[-1]
    assert all(t.ew <= 7 for t in last.tables)  # N-S pairs play the last round's boards as E-W


@pytest.mark.parametrize("tables", [4, 5, 6, 7, 8, 10, 11, 12, 13, 14])
def test_rover(tables):
    movement = mitchell(tables, even="relay" if tables % 2 == 0 else "skip", rover=True)
    assert check(movement) == []
    assert movement.rounds[0].sit_out[-1] == 2 * tables + 1


@pytest.mark.parametrize("tables", [9, 15])
def test_rover_meets_one_pair_twice_at_9_and_15_tables(tables):
    """standards.md 5.1 (EBU PSMoveManual): "At 9 and 15 tables the rover meets one EW pair twice"."""
    problems = check(mitchell(tables, rover=True))
    assert [p.code for p in problems] == ["meets-too-often"]
    assert str(2 * tables + 1) in problems[0].message


@pytest.mark.parametrize("pairs", range(3, 43))
def test_every_howell_is_sound(pairs):
    movement = howell(pairs, boards_per_round=2)
    assert check(movement) == []
    summary = summarize(movement)
    ns = [summary.ns_rounds[p] for p in range(1, pairs + 1) if p != pairs + pairs % 2]
    assert max(ns) - min(ns) <= (2 if pairs <= 4 else 1)


@pytest.mark.parametrize("pairs", [6, 8, 12, 20])
def test_three_quarter_howell(pairs):
    movement = three_quarter_howell(pairs)
    assert len(movement.rounds) == round((pairs - 1) * 3 / 4)
    assert check(movement) == []


def test_bad_sizes_get_clear_errors():
    with pytest.raises(MovementError, match="at least 2 tables"):
        mitchell(1)
    with pytest.raises(MovementError, match="1 to 5 rounds"):
        mitchell(6, rounds=6)
    with pytest.raises(MovementError, match="at least 3 pairs"):
        howell(2)


@pytest.mark.parametrize("tables", [3, 4, 6, 7, 10, 16])
def test_the_books_carried_board(tables):
    """Hoyle 1940 L5363-5369: "only one of the two is played before moving, and the E and W players take it with
    them to the next table, but put it under the tray they find there, leaving it to be played by the pair that will
    follow them. This makes it unnecessary to skip any tables." """
    movement = mitchell(tables, even="carry", boards_per_round=1)
    assert check(movement) == [] and len(movement.rounds) == tables
    played = {(r.number, t.number): t.boards for r in movement.rounds for t in r.tables}
    first = movement.rounds[0].table(1)
    # E-W pair at table 1 carries board 1 to table 2; the pair behind them plays it there a round later
    assert played[(3, 2)] == first.boards
    behind = tables + (first.ew - tables - 2) % tables + 1  # the E-W pair that started one table lower
    assert movement.rounds[2].table(2).ew == behind


@pytest.mark.parametrize("pairs", [3, 5, 7, 9, 11, 13])
def test_an_odd_howells_tables_are_numbered_from_one(pairs):
    """Issue 29: the phantom pair stays at one table, and a 9-pair Howell's tables were numbered 2-5."""
    movement = howell(pairs)
    tables = (pairs + 1) // 2 - 1
    assert {t.number for rnd in movement.rounds for t in rnd.tables} == set(range(1, tables + 1))
    assert all(len(rnd.sit_out) == 1 for rnd in movement.rounds) and check(movement) == []


def test_a_bye_stand_mitchell_is_the_odd_one_with_its_last_table_empty():
    """6 tables on 7 sets (issue 29: 7 + 6 tables across the field): the 7-table Mitchell without table 7, whose set
    rests on a bye stand. Round by round, worked from the compass game (E-W up one table, sets down one): round 1
    is the 7-table round 1 at tables 1-6; in round 2 E-W pair 12 (the 7-table pair 13) comes to the bye stand and
    sits out, and the missing 7-table pair 14 would meet N-S 1, who sits out; set 1 goes down from table 1 to the
    bye stand."""
    movement = mitchell(6, even="bye", boards_per_round=1)
    assert (len(movement.rounds), movement.boards, movement.entrants) == (7, 7, 12)
    assert check(movement) == []
    seen = [
        [(t.number, t.ns, t.ew, t.boards[0]) for t in rnd.tables] + [("bye", rnd.relay, "out", rnd.sit_out)]
        for rnd in movement.rounds[:3]
    ]
    assert seen == [
        [(1, 1, 7, 1), (2, 2, 8, 2), (3, 3, 9, 3), (4, 4, 10, 4), (5, 5, 11, 5), (6, 6, 12, 6), ("bye", (7,), "out", ())],
        [(2, 2, 7, 3), (3, 3, 8, 4), (4, 4, 9, 5), (5, 5, 10, 6), (6, 6, 11, 7), ("bye", (1,), "out", (1, 12))],
        [(1, 1, 12, 3), (3, 3, 7, 5), (4, 4, 8, 6), (5, 5, 9, 7), (6, 6, 10, 1), ("bye", (2,), "out", (2, 11))],
    ]  # fmt: skip
    # Every pair sits out once and meets each of the other direction's six once; each table plays the set the
    # 7-table Mitchell plays there in that round, so the two sections play the same boards in the same rounds.
    out = [p for rnd in movement.rounds for p in rnd.sit_out]
    assert sorted(out) == list(range(1, 13))
    odd = mitchell(7, boards_per_round=1)
    assert all(t.boards == odd.rounds[r].table(t.number).boards for r, rnd in enumerate(movement.rounds)
               for t in rnd.tables)  # fmt: skip
    assert movement.name == "Mitchell 6 tables, bye stand"


@pytest.mark.parametrize("tables", range(2, 21, 2))
def test_every_bye_stand_mitchell_is_sound(tables):
    movement = mitchell(tables, even="bye", boards_per_round=2)
    assert check(movement) == [] and len(movement.rounds) == tables + 1
    assert check(mitchell(tables, even="bye", arrow_switch=[tables + 1])) == []


def test_a_bye_stand_takes_no_phantom_or_rover():
    with pytest.raises(MovementError, match="a bye stand Mitchell takes no phantom and no rover"):
        mitchell(6, even="bye", rover=True)
    assert mitchell(7, even="bye").name == "Mitchell 7 tables"  # odd tables play plain, as with skip or relay
