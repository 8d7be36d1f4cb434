from django.apps import AppConfig


class PlayersConfig(AppConfig):
    """A member's own side of Traveller: signing in from a director's link, their results and where each board's
    matchpoints went."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "players"
