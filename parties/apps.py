from django.apps import AppConfig


class PartiesConfig(AppConfig):
    """Progressive parties: the kinds the books describe, their set-up, seating, tallies, the bell and prizes."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "parties"

    def ready(self) -> None:
        """The apps below call a party's logic through the hooks it registers here (none of them imports parties):
        scoring recomputes a party's standings by `progressive_standings`, the pages show its rows and summary,
        and jobs runs the bell by its task."""
        from jobs.services import on_job  # models are loaded only now
        from scoring.services import on_whole_standings
        from tournaments import page_data
        from tournaments.models import ScoringMethod

        from . import pages, standings, tasks

        on_whole_standings(ScoringMethod.PROGRESSIVE, standings.progressive_standings)
        page_data.PARTY.update(
            rows=standings.party_rows, summary=standings.party_summary, table=pages.table_page
        )
        on_job("bell", tasks.BELL)
