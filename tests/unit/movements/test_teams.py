"""Teams movements in two rooms (open and closed), and the Swiss draw (tournaments.movements.teams)."""

import dataclasses

import pytest

from tournaments.movements import check
from tournaments.movements.model import MovementError, Round
from tournaments.movements.teams import (
    swiss_first_round,
    swiss_pairing,
    teams_match,
    teams_round_robin,
    two_rooms,
)


def test_a_match_is_played_in_an_open_and_a_closed_room_on_the_same_boards():
    assert [(t.number, t.players, t.boards) for t in two_rooms([(1, 2), (3, 4)], (5, 6))] == [
        (1, (1, 2), (5, 6)),  # open room: home N-S
        (2, (2, 1), (5, 6)),  # closed room: away N-S
        (3, (3, 4), (5, 6)),
        (4, (4, 3), (5, 6)),
    ]


def test_each_round_of_a_teams_movement_plays_the_next_set_and_every_team_meets_every_other_once():
    movement = teams_round_robin(6, boards_per_round=3)
    assert check(movement) == [] and len(movement.rounds) == 5 and movement.boards == 15
    assert [t.boards for t in movement.rounds[1].tables] == [(4, 5, 6)] * 6
    met = [frozenset(t.players) for rnd in movement.rounds for t in rnd.tables if t.number % 2]
    assert len(met) == len(set(met)) == 15


def test_the_checker_finds_a_repeat_meeting_in_a_teams_movement():
    first = swiss_first_round(4, 2)
    again = Round(2, two_rooms([(1, 2), (3, 4)], (3, 4)))
    problems = check(dataclasses.replace(first, rounds=(*first.rounds, again), boards=4))
    # Two rooms a match: one match is two meetings at the table, a rematch four.
    assert [(p.code, p.message) for p in problems] == [
        ("meets-too-often", "teams 1 and 2 meet 4 times"),
        ("meets-too-often", "teams 3 and 4 meet 4 times"),
    ]


def test_a_swiss_draws_top_down_without_a_rematch():
    # Standings after round 1 (1 v 2, 3 v 4, 5 v 6, 7 v 8): 1 and 2 lead but have met, so 1 meets 3.
    standings = [(1, 15.0), (2, 15.0), (3, 12.0), (4, 8.0), (5, 5.0), (6, 5.0), (7, 20.0), (8, 0.0)]
    matches, bye = swiss_pairing(standings, [(1, 2), (3, 4), (5, 6), (7, 8)])
    assert (matches, bye) == ([(7, 1), (2, 3), (4, 5), (6, 8)], None)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: swiss_first_round(7), "an even number of teams, please (a bye's VPs are not set), not 7"),
    (lambda: teams_round_robin(5), "an even number of teams, please (a bye's VPs are not set), not 5"),
    (lambda: teams_match(3), "a teams match is between 2 teams, not 3"),
])  # fmt: skip
def test_what_cannot_be_scored_is_refused_saying_why(make, message):
    with pytest.raises(MovementError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make()
