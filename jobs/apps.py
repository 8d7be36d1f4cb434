from django.apps import AppConfig


class JobsConfig(AppConfig):
    name = "jobs"
    verbose_name = "Background jobs"

    def ready(self) -> None:
        """Registers the Celery tasks' names (the outbox sends rows by name) and, for STANDINGS_REFRESH=jobs,
        the standings job as the refresh after a change."""
        from scoring.services import on_standings_changed  # models are loaded only now

        from . import services, tasks  # noqa: F401 - tasks: registers the task names the outbox rows hold

        on_standings_changed("jobs", services.refresh_standings_later)
