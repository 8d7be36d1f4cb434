"""The movement's JSON form read back (tournaments.movements.jsonout.movement_from_json): the strict inverse of
movement_data, through which the apps read a Section's movement (Section.plan), and its errors naming where."""

from dataclasses import replace

import pytest

from tournaments.movements.jsonout import movement_data, movement_from_json, with_round
from tournaments.movements.mitchell import mitchell
from tournaments.movements.model import MovementError, Round, Unit
from tournaments.movements.registry import KINDS, SECTION_KINDS
from tournaments.movements.teams import swiss_first_round, two_rooms

SIZES = {
    "mitchell": 5, "howell": 8, "three-quarter-howell": 8, "individual": 8, "eight-players": None, "pivot": None,
    "military": 4, "progressive-fixed": 8, "round-robin": 5, "swiss": 7, "teams-round-robin": 5, "teams-match": 2,
}  # fmt: skip
"""A size each kind is made at (odd teams: a bye each round)."""


def made(name: str, size: int | None = None):
    kind = KINDS[name]
    sizes = {} if kind.size is None else {kind.size: size or SIZES[name]}
    if name == "progressive-fixed":
        sizes |= {"rounds": 3, "seconds": 0.5}
    return kind.generate(**sizes)


def round_trip(movement) -> None:
    assert movement_from_json(movement_data(movement)) == replace(movement, name=movement.title)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_reads_back_as_it_was_written(name):
    round_trip(made(name))


@pytest.mark.parametrize("tables", [5, 6])
def test_every_set_up_option_reads_back(tables):
    for kind in SECTION_KINDS.values():
        for option in kind.page:
            for value, _ in option.choices:
                before = {"even": "relay"} if option.name != "even" and tables % 2 == 0 else {}
                round_trip(
                    kind.generate(**{kind.size: tables}, **before | option.keywords(value, tables, before))
                )


def test_a_phantom_pair_and_its_opponents_sitting_out_read_back():
    movement = mitchell(5, missing=3)
    assert movement.phantoms == (3,)
    round_trip(movement)


def test_the_teams_of_two_rooms_are_found_in_a_movement_written_before_it_said_its_unit():
    data = movement_data(made("teams-round-robin"))
    for key in ("unit", "entrants", "boards", "requirements"):
        del data[key]
    plan = movement_from_json(data)
    assert (plan.unit, plan.requirements.rooms, plan.entrants, plan.boards) == (Unit.TEAM, 2, 5, 40)
    pairs = movement_from_json(
        {"rounds": [{"round": 1, "tables": [{"table": 1, "ns": 1, "ew": 2, "boards": [1, 2]}]}]}
    )
    assert (pairs.unit, pairs.requirements.rooms, pairs.entrants, pairs.boards) == (Unit.PAIR, 1, 2, 2)


def test_a_hand_written_movement_may_leave_a_seat_empty():
    plan = movement_from_json({"rounds": [{"tables": [{"table": 1, "ns": "1", "ew": "-", "boards": [1]}]}]})
    assert plan.rounds[0].number == 1
    assert plan.rounds[0].tables[0].players == (1, 0)


def _mitchell_data() -> dict:
    return movement_data(mitchell(5))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["rounds"][3]["tables"][2].update(boards=[27]),
            r"^rounds\[3\]\.tables\[2\]: board 27 is not in the set \(boards 1 to 10\)$",
        ),
        (
            lambda d: d["rounds"][1]["tables"][0].update(ns="x"),
            r"^rounds\[1\]\.tables\[0\]\.ns: 'x' is not a number from 1$",
        ),
        (
            lambda d: d["rounds"][0]["tables"][4].update(ew="11"),
            r"^rounds\[0\]\.tables\[4\]: pair 11 is not one of the 10 entrants$",
        ),
        (
            lambda d: d["rounds"][2]["tables"][1].update(table=1),
            r"^rounds\[2\]\.tables\[1\]: table 1 is listed twice$",
        ),
        (lambda d: d["rounds"][4].update(round=1), r"^rounds\[4\]: round 1 is listed twice$"),
        (lambda d: d["rounds"][0].update(tables="all"), r"^rounds\[0\]\.tables: a list, not str$"),
        (
            lambda d: d["rounds"][0]["tables"][0].update(boards=[1, 1]),
            r"^rounds\[0\]\.tables\[0\]\.boards: a board is listed twice$",
        ),
        (
            lambda d: d["rounds"][0]["tables"][0].update(seats={"N": "1", "E": "2", "S": "3", "W": "4"}),
            r"^rounds\[0\]\.tables\[0\]: a pair movement seats 2 at a table, not 4$",
        ),
        (lambda d: d.update(unit="couple"), r"^unit: 'couple' is not one of pair, player, team$"),
        (
            lambda d: d.update(requirements={"rooms": "two"}),
            r"^requirements\.rooms: 'two' is not a number from 1$",
        ),
        (
            lambda d: d.update(requirements={"luck": 1}),
            r"^requirements\.luck: not a promise a movement makes$",
        ),
        (
            lambda d: d.update(relays=[{"round": 9, "boards": [1]}]),
            r"^relays: round 9 is not one of the movement's rounds$",
        ),
        (lambda d: d.update(rounds=[]), r"^rounds: a list of the movement's rounds, please$"),
        (lambda d: d.update(entrants="ten"), r"^entrants: a count, not 'ten'$"),
    ],
)
def test_a_wrong_movement_is_refused_naming_where(change, message):
    data = _mitchell_data()
    change(data)
    with pytest.raises(MovementError, match=message):
        movement_from_json(data)


def test_what_is_no_movement_at_all_is_refused():
    for data in (None, [], "rounds", {"rounds": "all"}):
        with pytest.raises(MovementError):
            movement_from_json(data)


def test_a_swiss_round_drawn_as_play_goes_is_added_and_read_back():
    """A Swiss of 7 teams seats its first round at set-up and draws the next from the standings: the round drawn
    (teams 1 v 4, 2 v 7, 3 v 5 on boards 3-4, team 6 with the bye) is kept in the stored movement and read back
    as the same Round, with what the app keeps beside it (planned rounds) untouched."""
    first = swiss_first_round(7, boards_per_round=2)
    stored = {**movement_data(first), "planned_rounds": 3}
    drawn = Round(2, two_rooms([(1, 4), (2, 7), (3, 5)], (3, 4)), sit_out=(6,))
    added = with_round(stored, drawn)
    plan = movement_from_json(added)
    assert [r.number for r in plan.rounds] == [1, 2] and plan.rounds[1] == drawn
    assert [(t.number, t.ns, t.ew) for t in plan.rounds[1].tables] == [
        (1, 1, 4), (2, 4, 1), (3, 2, 7), (4, 7, 2), (5, 3, 5), (6, 5, 3)
    ]  # fmt: skip
    assert (plan.boards, added["planned_rounds"], plan.unit) == (4, 3, Unit.TEAM)
    assert len(stored["rounds"]) == 1, "the stored movement itself is left as it was"
