import functools

from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Standings; the pure scoring functions live in scoring.methods."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"

    def ready(self) -> None:
        """STANDINGS_REFRESH=background: the refresher's thread refreshes after the commit."""
        from . import refresher, services  # models are loaded only now

        services.on_standings_changed(
            "background", functools.partial(services.once_committed, refresher.refresher.request)
        )
