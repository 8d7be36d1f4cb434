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


def default_rule_set(game: str) -> str:
    """The rule set a new Section of `game` starts with."""
    return BY_GAME[game][0] if game in BY_GAME else scoring.DUPLICATE_2017


def check_rule_set(game: str, name: str) -> None:
    """A ValueError naming the known rule sets when `name` is not one of `game`'s."""
    known = BY_GAME.get(game, BY_GAME["bridge"])[1]
    if name not in known:
        raise ValueError(f"{name!r} is not a rule set of {game}; known: {', '.join(known)}")
