from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Standings; the pure scoring functions live in scoring.methods."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
