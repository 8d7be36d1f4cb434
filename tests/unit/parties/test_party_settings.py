"""A party's settings as a typed value (issue 27): read strictly from the JSON a party keeps beside its movement and
written back to exactly that JSON, so stored parties and the API's answers keep their shape."""

import pytest

from parties.core import Fort, PartySettings, PartySettingsError
from tournaments.movements.progressive import Method

COUPLES = {
    "seed": "5f1c0a9e",
    "method": "split",
    "ends": "time",
    "minutes": 20,
    "ladies": [1, 3, 5, 7, 9],
    "queue": [9, 10, 1, 2, 3, 4, 5, 6, 7, 8, 11],
    "sitting_out": {"1": [9, 10], "2": [1, 2]},
    "joined": {"11": 2},
    "left": {"4": 3},
}
"""A couples party of 11 as create_party and parties.players keep it: round 1's spares (the couple 9 and 10), a
gentleman come late for round 2, player 4 gone after round 2."""


def test_the_settings_read_back_to_the_json_they_were_read_from():
    settings = PartySettings.from_json(COUPLES)
    assert settings.method is Method.SPLIT
    assert settings.sitting_out == {1: (9, 10), 2: (1, 2)}
    assert settings.as_json() == COUPLES
    assert list(settings.as_json()) == list(COUPLES), "the keys in the order the set-up writes them"
    assert PartySettings.from_json(None).as_json() == {}, "a party seated by hand keeps no settings"


def test_who_is_at_the_party_each_round():
    settings = PartySettings.from_json(COUPLES)
    assert [settings.here(11, r) for r in (1, 2, 3)] == [False, True, True], "the late gentleman from round 2"
    assert [settings.here(4, r) for r in (1, 2, 3)] == [True, True, False], "player 4 gone from round 3"
    assert settings.sitting_out_in(2) == (1, 2) and settings.sitting_out_in(3) == ()


def test_the_ladies_the_deals_and_the_forts_as_set_up_or_by_default():
    assert PartySettings.from_json(COUPLES).ladies_of(11) == {1, 3, 5, 7, 9}
    assert PartySettings().ladies_of(8) == {1, 3, 5, 7}, "a party given by its number: the odd numbers"
    assert PartySettings.from_json({"ends": "deals", "deals": 4}).round_deals == 4
    assert PartySettings.from_json({"ends": "time", "deals": 4}).round_deals is None
    forts = PartySettings.from_json({"forts": ["Fort Henry"]}).forts_of(8)
    assert forts == (Fort(1, "Fort Henry", "red"), Fort(2, "Fort 2", "blue"))


@pytest.mark.parametrize(
    ("stored", "problem"),
    [
        ([1, 2], "party: an object of settings, not [1, 2]"),
        ({"head": "stay"}, "party.head: not a setting a party keeps"),
        ({"method": "wrap"}, "party.method: together or split, not 'wrap'"),
        ({"ends": "dawn"}, "party.ends: one of bell, deals, time, not 'dawn'"),
        ({"deals": "4"}, "party.deals: a number from 0, not '4'"),
        ({"ladies": [1, "3"]}, "party.ladies[1]: a number from 1, not '3'"),
        ({"forts": ["Fort Henry", 2]}, "party.forts[1]: text, not 2"),
        ({"sitting_out": {"one": [9]}}, "party.sitting_out.one: keyed by a number, not 'one'"),
        ({"sitting_out": {"2": [9, 0]}}, "party.sitting_out.2[1]: a number from 1, not 0"),
        ({"left": [4]}, "party.left: an object by number, not [4]"),
        ({"joined": {"11": True}}, "party.joined.11: a number from 1, not True"),
    ],
)
def test_stored_settings_that_are_wrong_are_refused_saying_where(stored, problem):
    with pytest.raises(PartySettingsError) as refused:
        PartySettings.from_json(stored)
    assert str(refused.value) == problem
