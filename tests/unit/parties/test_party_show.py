"""What a party shows its room: each player's place (the projector's "find your name" list, a phone after the bell)
and each kind's prizes in its book's words (issue 28: "games won" was said of every kind)."""

import pytest

from parties.core import KINDS, Place, places
from parties.standings import figure, prize_figure


def test_each_player_has_a_table_a_seat_and_the_partner_opposite():
    found = places([(1, {"N": 7, "E": 2, "S": 11, "W": 4}), (2, {"N": 1, "E": 3, "S": 5, "W": 6})])
    assert found[7] == Place(1, "N", 11) and found[11] == Place(1, "S", 7)
    assert found[2] == Place(1, "E", 4) and found[6] == Place(2, "W", 3)
    assert sorted(found) == [1, 2, 3, 4, 5, 6, 7, 11]


def test_a_seat_left_empty_leaves_its_partner_without_one():
    assert places([(3, {"N": 9, "E": None, "S": 10, "W": 12})])[12] == Place(3, "W", None)


@pytest.mark.parametrize(
    ("kind", "by", "book"),
    [
        ("euchre", "by games won", "L11413–11430"),
        ("euchre-couples", "by games won", "L11413–11430"),
        ("star-euchre", "by stars", "002 L681"),
        ("hearts", "by punch marks", "L12252–12266"),
        ("military-euchre", "to the forts, by the flags captured", "L11463–11466"),
        ("contract-bridge", "by total points", "L20376–20392"),
        ("individual-bridge", "by net score", "L5408–5411"),
    ],
)
def test_each_kind_says_how_its_prizes_go_by_its_book(kind, by, book):
    assert KINDS[kind].prizes_by == by
    assert book in KINDS[kind].prize_rule
    if not kind.startswith("euchre"):
        assert "games won" not in KINDS[kind].prize_rule


def test_lone_hands_are_played_only_at_the_euchre_kinds_that_allow_them():
    """Lone hands away from the head table (Hoyle 1940 L11381–11382), none in military euchre (L11446)."""
    assert {name for name, kind in KINDS.items() if kind.lone_hands} == {
        "euchre",
        "euchre-couples",
        "star-euchre",
    }


@pytest.mark.parametrize(
    ("scoring", "total", "played", "sat", "said"),
    [
        ("games", 3, 3, 0, "3 games won"),
        # won 2 of the 2 rounds played, the third sat out at their average of 1 a round
        ("punches", 3, 2, 1, "3 punch marks (2 in the 2 rounds played, the round sat out at the average)"),
        # won 1 of 2: 1.5, not "1.50" nor "2"
        ("games", 1.5, 2, 1, "1.5 games won (1 in the 2 rounds played, the round sat out at the average)"),
        # 1 of 3 played, two of five sat out: 5/3 shown to one decimal
        (
            "games",
            5 / 3,
            3,
            2,
            "1.7 games won (1 in the 3 rounds played, the 2 rounds sat out at the average)",
        ),
        ("net", 471, 3, 0, "net score 471"),
        ("points", 1230, 2, 1, "1230 points (820 in the 2 rounds played, the round sat out at the average)"),
        ("flags", 5, 3, 0, "5 flags captured"),
    ],
)
def test_a_prize_winners_figure_says_what_it_counts_and_how_a_sit_out_was_averaged(
    scoring, total, played, sat, said
):
    """Issue 28: the prize list said "3 punch marks" of a player who won 2 and sat a round out, "471 net score",
    and the standings "1.50"."""
    assert prize_figure(scoring, total, played, sat) == said


def test_a_figure_is_whole_when_whole_and_an_average_has_one_decimal():
    assert [figure(v) for v in (3.0, 1.5, 2.96, -0.04, -120.0, 4 / 3)] == [
        "3",
        "1.5",
        "3",
        "0",
        "-120",
        "1.3",
    ]
