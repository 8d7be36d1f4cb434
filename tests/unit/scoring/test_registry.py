"""One registry of scoring methods (scoring.methods.registry): a Section's method, rescore's and the files' names."""

from scoring.methods.matchpoints import Scale
from scoring.methods.registry import METHODS
from scoring.methods.rescore import Method
from scoring.methods.session import ButlerMethod, CrossImpMethod, MatchpointMethod
from tournaments.models import ScoringMethod


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
