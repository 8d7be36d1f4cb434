"""One registry of movement kinds (tournaments.movements.registry), read by the API, the set-up page and the command."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments import setup_pages
from tournaments.movements import check
from tournaments.movements.registry import KINDS, SECTION_KINDS

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
        "mitchell", "howell", "three-quarter-howell", "swiss", "teams-round-robin", "teams-match",
    ]  # fmt: skip
    assert setup_pages.MOVEMENTS == {
        "mitchell": ("Mitchell (two fields, N-S stay)", "tables"),
        "howell": ("Howell (everyone meets everyone)", "pairs"),
        "three-quarter-howell": ("Three-quarter Howell", "pairs"),
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
