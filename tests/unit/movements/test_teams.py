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


def test_an_odd_round_robin_gives_each_team_one_bye_and_no_team_a_second():
    movement = teams_round_robin(7, boards_per_round=2)
    assert check(movement) == [] and len(movement.rounds) == 7
    assert sorted(team for rnd in movement.rounds for team in rnd.sit_out) == [1, 2, 3, 4, 5, 6, 7]
    for rnd in movement.rounds:  # three matches in two rooms each; the bye team at no table
        seated = {team for table in rnd.tables for team in table.players}
        assert len(rnd.tables) == 6 and seated == set(range(1, 8)) - set(rnd.sit_out)


def test_an_odd_swiss_gives_the_bye_to_the_lowest_team_without_one():
    first = swiss_first_round(7, 2)
    assert check(first) == [] and first.rounds[0].sit_out == (7,)
    standings = [(1, 15.0), (2, 5.0), (3, 12.0), (4, 8.0), (5, 10.0), (6, 10.0), (7, 12.0)]
    # 2 is last and has had no bye: it gets it; the rest pair top down (7 and 1 lead; 3 and 4 have met).
    assert swiss_pairing(standings, [(1, 2), (3, 4), (5, 6)], byes=[7]) == ([(1, 3), (7, 5), (6, 4)], 2)
    # If the rest cannot pair without a rematch once the lowest team sits out, the next one up takes the bye.
    assert swiss_pairing([(1, 10.0), (2, 8.0), (3, 5.0)], [(1, 2)]) == ([(1, 3)], 2)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: swiss_first_round(2), "a Swiss needs at least 3 teams, not 2: two teams play a teams match"),
    (lambda: teams_match(3), "a teams match is between 2 teams, not 3"),
])  # fmt: skip
def test_what_cannot_be_scored_is_refused_saying_why(make, message):
    with pytest.raises(MovementError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make()
