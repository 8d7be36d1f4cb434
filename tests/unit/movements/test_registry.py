"""One registry of movement kinds (tournaments.movements.registry), read by the API, the set-up page and the command."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.movements import check
from tournaments.movements.registry import KINDS, SECTION_KINDS
from tournaments.pages import setup as setup_pages

# A size each kind can be made at: (size keyword or None, value).
SIZES = {
    "mitchell": 5, "howell": 8, "three-quarter-howell": 8, "individual": 8, "eight-players": None, "pivot": None,
    "military": 4, "progressive-fixed": 8, "round-robin": 4, "swiss": 8, "teams-round-robin": 6, "teams-match": 2,
}  # fmt: skip


def test_every_kind_is_registered_once_and_each_generator_makes_a_movement_that_checks():
    assert set(KINDS) == set(SIZES)
    for name, kind in KINDS.items():
        sizes = {} if kind.size is None else {kind.size: SIZES[name]}
        if name == "progressive-fixed":
            sizes |= {"rounds": 3, "seconds": 0.5}
        assert check(kind.generate(**sizes)) == [], name


def test_a_section_is_offered_the_pairs_kinds_and_the_set_up_page_lists_exactly_those():
    assert list(SECTION_KINDS) == [
        "mitchell", "howell", "three-quarter-howell", "individual", "swiss", "teams-round-robin", "teams-match",
    ]  # fmt: skip
    assert setup_pages.MOVEMENTS == {
        "mitchell": ("Mitchell (two fields, N-S stay)", "tables"),
        "howell": ("Howell (everyone meets everyone)", "pairs"),
        "three-quarter-howell": ("Three-quarter Howell", "pairs"),
        "individual": (
            "Individual (whist tournament: everyone partners everyone once)",
            "players",
        ),
        "swiss": ("Swiss teams (IMPs to VPs, WBF scale; no repeat meetings)", "teams"),
        "teams-round-robin": ("Teams round robin (IMPs to VPs)", "teams"),
        "teams-match": ("Teams match (open and closed room, IMPs)", "teams"),
    }


@pytest.mark.parametrize("name", sorted(KINDS))
def test_the_command_offers_every_kind_and_names_its_size(name):
    kind = KINDS[name]
    args = [] if kind.size is None else [f"--{kind.size}", str(SIZES[name])]
    if name == "progressive-fixed":
        args += ["--rounds", "3", "--seconds", "0.5"]
    out = StringIO()
    call_command("movement", name, *args, "--format", "json", stdout=out)
    assert json.loads(out.getvalue())["check"]["ok"] is True


@pytest.mark.parametrize("tables", [5, 6])
def test_every_page_option_of_a_kind_makes_a_movement_that_checks(tables):
    """The set-up page's choices (registry PageOption) stand for generator options that build and check."""
    for name, kind in SECTION_KINDS.items():
        for option in kind.page:
            for value, _ in option.choices:
                before = {"even": "relay"} if option.name != "even" and tables % 2 == 0 else {}
                keywords = before | option.keywords(value, tables, before)
                movement = kind.generate(**{kind.size: tables}, **keywords)
                assert check(movement) == [], (name, option.name, value)
    switched = KINDS["mitchell"].page[1].keywords("last-two", 6, {"even": "relay"})
    assert switched == {"arrow_switch": (5, 6)}, "a 6-table relay Mitchell plays 6 rounds"
    assert KINDS["mitchell"].page[1].keywords("last", 6, {}) == {"arrow_switch": (5,)}, "a skip plays 5"
