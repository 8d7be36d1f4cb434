"""The one door to a party's settings in the database: read (`party_settings`, typed by
parties.core.PartySettings, once per movement a Section row holds) and written (`save_party_settings`) beside the
movement the party was seated with, as `Section.movement["party"]`. No other module of parties reads that dict."""

from __future__ import annotations

from typing import Any

from tournaments.models import Section

from .core import PartySettings

_CACHE = "_party_settings"


def party_settings(section: Section) -> PartySettings:
    """The party's settings; a stored value the reader refuses raises its PartySettingsError."""
    cached = section.__dict__.get(_CACHE)
    if cached is None or cached[0] is not section.movement:
        cached = (section.movement, PartySettings.from_json((section.movement or {}).get("party")))
        section.__dict__[_CACHE] = cached
    return cached[1]


def save_party_settings(section: Section, settings: PartySettings) -> None:
    """Keep the party's settings with its movement (the rest of the movement as it was)."""
    section.movement = with_party_settings(section.movement or {}, settings)
    section.save(update_fields=["movement"])
    section.__dict__[_CACHE] = (section.movement, settings)


def with_party_settings(movement: dict[str, Any], settings: PartySettings) -> dict[str, Any]:
    """A movement to install (tournaments.services.install_movement) with the party's settings beside it."""
    return {**movement, "party": settings.as_json()}
