from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Clubs, players, events, sections, entries, rounds and seating."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        """No PDF fetches anything. The printables pass every name through tournaments.movements.cards.plain, so
        no markup of ours names an address; should one ever slip through, reportlab is told to trust no host and
        no scheme, and refuses to open a URL rather than fetch it (it reads these settings at its first open)."""
        from reportlab import rl_config

        rl_config.trustedHosts = ["no-host.invalid"]
        rl_config.trustedSchemes = []
