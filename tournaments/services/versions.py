"""A Section's versions: each change to what its standings or its room depend on (a setting, the movement, going
on with results missing) kept as a SectionVersion, with who made it and why."""

from __future__ import annotations

from games.versions import add_version
from tournaments.models import Section

SETTINGS = (
    "scoring_method", "ranking", "rule_set", "two_winners", "boards_per_round", "prizes", "lone_hand_prize",
)  # fmt: skip
"""Section settings that affect the standings: each change is a SectionVersion."""


def settings_of(section: Section) -> dict:
    return {name: getattr(section, name) for name in SETTINGS}


def record_version(section: Section, before: dict, user, reason: str) -> None:
    """A SectionVersion of the settings (and the movement, when `before` holds it) from `before` to now."""
    after = settings_of(section) | ({"movement": section.movement} if "movement" in before else {})
    add_version(section, after, before, user=user, reason=reason)


def record_reason(section: Section, user, reason: str) -> None:
    """Keep why the director did something the standings or the room depend on (going on with results missing,
    publishing before the rest of the field) as a SectionVersion."""
    record_version(section, settings_of(section), user, reason)
