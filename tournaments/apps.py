from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Clubs, players, events, sections, entries, rounds and seating."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
