"""The rule sets a Section may name, by game: one table, so that a euchre party never carries a bridge rule set."""

from __future__ import annotations

from collections.abc import Mapping

from games.engine import euchre, hearts, whist
from games.engine.bridge import scoring

BY_GAME: Mapping[str, tuple[str, Mapping[str, object]]] = {
    "bridge": (scoring.DUPLICATE_2017, scoring.RULE_SETS),
    "euchre": ("progressive-1940", euchre.RULE_SETS),
    "hearts": ("hoyle-1940", hearts.RULE_SETS),
    "whist": ("hoyle-1940", whist.RULE_SETS),
}


SECTION_CHOICES: Mapping[tuple[str, str], str] = {
    ("bridge", scoring.DUPLICATE_2017): "Duplicate bridge: the 2017 Laws (Law 77 scoring)",
    ("bridge", scoring.CONTRACT_1935_DUPLICATE): (
        "Contract bridge, 1935 scoring (Hoyle 1940) with duplicate bonuses: the book has no duplicate contract "
        "scoring, so each deal adds progressive contract's game bonus 300, vulnerable 500, or part-score 50 "
        "(L20390-20391): 4S made 420"
    ),
    ("bridge", scoring.CONTRACT_1935): (
        "Contract bridge, 1935 scoring as the book prints it (Hoyle 1940): no game bonus on a deal, so 4S made "
        "is 120 and at matchpoints a game is worth a part-score"
    ),
    ("bridge", scoring.PROGRESSIVE_CONTRACT): (
        "Progressive contract (Hoyle 1940 L20376-20392): boards in rounds of four, deal 1 neither side "
        "vulnerable, deals 2 and 3 the dealer's side, deal 4 both; game 300/500, part-score 50, penalties to 1000"
    ),
    ("bridge", scoring.AUCTION_1926): (
        "Duplicate auction bridge (Hoyle 1940 L5336-5344): trick and honor scores, 125 for a game"
    ),
    ("whist", "hoyle-1940"): (
        "Duplicate whist: the tricks N-S took, each above six one point to the side winning it (Hoyle 1940)"
    ),
}
"""The games and rule sets a duplicate Section can be set up with, as the set-up page offers them (the first the
default); the progressive parties' rule sets are the parties app's."""


BOARD_METHODS: Mapping[str, frozenset[str]] = {"whist": frozenset({"mp", "mp-acbl", "compass"})}
"""The scoring methods (tournaments.models.ScoringMethod's names) a game's board scores allow, where not every
one does: a duplicate whist board scores a few odd tricks, which the IMP scale turns into nothing."""


def check_scoring(game: str, method: str) -> None:
    """A ValueError naming what a Section of `game` can be scored by when `method` is not among them."""
    allowed = BOARD_METHODS.get(game)
    if allowed is not None and method not in allowed:
        raise ValueError(
            f"a {game} board scores a few odd tricks, not IMPs or VPs: score it by matchpoints or compass"
        )


def default_rule_set(game: str) -> str:
    """The rule set a new Section of `game` starts with."""
    return BY_GAME[game][0] if game in BY_GAME else scoring.DUPLICATE_2017


def check_rule_set(game: str, name: str) -> None:
    """A ValueError naming the known rule sets when `name` is not one of `game`'s."""
    known = BY_GAME.get(game, BY_GAME["bridge"])[1]
    if name not in known:
        raise ValueError(f"{name!r} is not a rule set of {game}; known: {', '.join(known)}")


def counts_honors(game: str, rule_set: str) -> bool:
    """Whether a result under `rule_set` carries honors (a bridge rule set of the books; whist's duplicate board
    counts tricks only)."""
    return game == "bridge" and scoring.rules(rule_set).honors
