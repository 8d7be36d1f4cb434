from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Boards, deals, results and play records; the pure rules engines live in games.engine."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
