"""One registry of scoring methods (scoring.methods.registry): a Section's method, rescore's and the files' names."""

import pytest

from scoring.methods.matchpoints import Scale
from scoring.methods.publishers import PUBLISHERS, pbn_publisher, usebio_publisher
from scoring.methods.registry import METHODS, RANKINGS
from scoring.methods.rescore import Method
from scoring.methods.session import (
    COMPSCORE,
    MAGIC_CONTEST,
    ButlerMethod,
    CrossImpMethod,
    MatchpointMethod,
    RankBy,
    SessionOptions,
    Total,
)
from tournaments.models import Conventions, ScoringMethod


def test_a_sections_methods_are_the_registry_and_the_progressive_tally():
    """The compass game (Hoyle 1940 L5371–5385) ranks each direction over the whole session (scoring.methods.books),
    not board by board, so a Section and rescore offer it beside the registry's methods; a teams Section's VPs
    are by match (scoring.teams.team_matches)."""
    sections = {c.value: c.label for c in ScoringMethod}
    assert {n: sections[n] for n in sections if n not in ("progressive", "compass", "vp")} == {
        name: s.description for name, s in METHODS.items()
    }
    assert {m.value for m in Method} == {"auto", "compass", *METHODS}


def test_a_section_neuberg_factors_a_short_board_to_the_session_and_a_rescore_does_not():
    assert METHODS["mp"].method == MatchpointMethod()
    assert METHODS["mp"].for_sections == MatchpointMethod(neuberg_to_session=True)
    assert METHODS["mp-acbl"].for_sections.board.scale is Scale.ACBL
    assert METHODS["butler"].for_sections == ButlerMethod()
    assert METHODS["cross-imp"].for_sections == CrossImpMethod()


def test_the_names_files_give_each_method():
    assert {n: (s.usebio_points, s.usebio_event, s.pbn) for n, s in METHODS.items()} == {
        "mp": ("MATCH_POINTS", "MP_PAIRS", "MatchPoints"),
        "mp-acbl": ("MATCH_POINTS", "MP_PAIRS", "MatchPoints"),
        "butler": ("BUTLER_POINTS", "BUTLER_PAIRS", "IMP;Butler"),
        "cross-imp": ("CROSS_IMP_POINTS", "CROSS_IMP", "IMP;Cross"),
    }


def test_a_sections_conventions_are_the_publishers():
    """An imported Section stores its publisher by the name scoring.methods.publishers gives it."""
    assert {c.value: c.label for c in Conventions if c.value} == {n: p.label for n, p in PUBLISHERS.items()}
    assert PUBLISHERS["compscore"].scoring(METHODS["mp"]) == (MatchpointMethod(), COMPSCORE)
    assert PUBLISHERS["magic"].scoring(METHODS["mp"]) == (MatchpointMethod(), MAGIC_CONTEST)
    assert PUBLISHERS["compscore"].scoring(METHODS["cross-imp"]) == (
        CrossImpMethod(),
        SessionOptions(publish_places=2),
    )


def test_files_name_their_publisher():
    assert [usebio_publisher(name) for name in ("Compscore3", "compscore 2", "Traveller", None)] == [
        "compscore", "compscore", "", ""
    ]  # fmt: skip
    assert pbn_publisher({"Application": "Magic Contest France - Read more at www.brenning.se"}) == "magic"
    assert pbn_publisher({"Generator": "Magic Contest 4.13"}) == "magic"
    assert pbn_publisher({"Generator": "JFR Pary"}) == pbn_publisher({}) == ""


def test_each_method_carries_the_ranking_rules_it_allows_its_default_first():
    """EBUScore ranks matchpoints by percentage; ACBLscore and Compscore factor a pair who played fewer boards;
    IMPs have no percentage, so they are factored (total / boards × most boards) or summed."""
    assert {n: [r.name for r in s.rankings] for n, s in METHODS.items()} == {
        "mp": ["percentage", "factored", "total"],
        "mp-acbl": ["factored", "percentage", "total"],
        "butler": ["factored", "total"],
        "cross-imp": ["factored", "total"],
    }
    assert METHODS["mp"].ranking("") is RANKINGS["percentage"]
    assert METHODS["butler"].ranking("").options() == SessionOptions(total=Total.FACTORED)
    assert METHODS["mp"].ranking("percentage").options() == SessionOptions(rank_by=RankBy.PERCENTAGE)
    assert METHODS["mp"].ranking("total").options() == SessionOptions()
    with pytest.raises(
        ValueError, match="Butler IMPs is not ranked by 'percentage'; .* one of: factored, total"
    ):
        METHODS["butler"].ranking("percentage")


def test_the_standings_name_the_rule_and_the_boards_factored_to():
    assert RANKINGS["factored"].shown.format(boards=26) == (
        "Totals factored to 26 boards, as Compscore and ACBLscore do"
    )
    assert RANKINGS["percentage"].shown.format(boards=26) == (
        "Ranked by percentage, as EBUScore does; totals are the points scored"
    )
