"""The books' fixed movements of individuals as party kinds: pivot auction bridge (Hoyle 1940 L5414–5428) and eight
individual players (L5498–5541). Hand-worked from the book's words, not from the movement that makes them."""

from itertools import combinations

import pytest

from parties.core import KINDS
from tournaments.movements.model import MovementError


def test_the_pivot_sits_still_and_has_each_of_the_three_for_a_partner_for_one_rubber():
    """L5417–5428: the pivot (player 1) sits still; at the end of a rubber "the player on the pivot's right becomes
    the partner for the second rubber, the partner on the first rubber moving to the seat on the pivot's left".
    The pivot at N: its left is E, its right is W."""
    pivot = KINDS["pivot-bridge"]
    assert pivot.first_seating(4) == ((1, 3, 2, 4),)  # 2 the first partner, opposite
    assert pivot.fixed_round(2) == ((1, 2, 4, 3),)  # 4 was on the right: now partner; 2 goes to the left
    assert pivot.fixed_round(3) == ((1, 4, 3, 2),)
    assert pivot.fixed_round(4) is None, "three rubbers, then the party is over"
    partners = [seating[0][2] for seating in (pivot.fixed_round(n) for n in (1, 2, 3))]
    assert sorted(partners) == [2, 3, 4]
    assert (pivot.game, pivot.rule_set, pivot.scoring, pivot.moves_by_winners) == (
        "bridge",
        "auction-1926",
        "net",
        False,
    )


def test_eight_individual_players_partner_everyone_once_and_meet_everyone_twice():
    """L5510–5541: seat 0 (player 8) sits still, the others go to the next greater numbered seat after four deals;
    "every player has every other once for a partner, and plays twice against every other"."""
    eight = KINDS["eight-individual"]
    rounds = [eight.fixed_round(n) for n in range(1, 8)]
    assert eight.fixed_round(8) is None and rounds[0] == eight.first_seating(8)
    assert all(8 in (r[0][3],) for r in rounds), "player 8 sits still at table A, seat W"
    partners, opponents = [], []
    for seating in rounds:
        assert sorted(p for table in seating for p in table) == list(range(1, 9))
        for n, e, s, w in seating:
            partners += [frozenset((n, s)), frozenset((e, w))]
            opponents += [frozenset((a, b)) for a in (n, s) for b in (e, w)]
    every = {frozenset(pair) for pair in combinations(range(1, 9), 2)}
    assert sorted(map(sorted, partners)) == sorted(map(sorted, every)), "each pair partners once"
    assert all(opponents.count(pair) == 2 for pair in every), "and opposes twice"
    assert len(eight.deals) == 4, "four deals at each table a round"


@pytest.mark.parametrize(
    ("kind", "players"), [("pivot-bridge", 8), ("eight-individual", 12), ("eight-individual", 4)]
)
def test_a_fixed_movement_is_refused_any_other_number_of_players(kind, players):
    with pytest.raises(
        MovementError, match=f"is played by {4 if kind == 'pivot-bridge' else 8} players, not {players}"
    ):
        KINDS[kind].check(players)


def test_the_host_page_says_a_fixed_movement_has_no_head_table_to_win():
    assert (
        KINDS["pivot-bridge"]
        .head_rule()
        .startswith("no head table: everyone moves by the book's fixed rounds")
    )
    assert "L5498–5541" in KINDS["eight-individual"].head_rule()
