"""`python manage.py bridgemate SECTION --url http://bcs-pc:5079`: Traveller as the scoring program of the club's
Bridgemate Control Software, through its Data Connector (games.bridgemate)."""

import os
import time

from django.core.management.base import BaseCommand, CommandError

from games import bridgemate
from tournaments.models import Section, Status


class Command(BaseCommand):
    help = (
        "Send a section to BCS (movement, players, hand records); with --poll read the tables' results into "
        "Traveller and send its results back for the Bridgemates' ranking."
    )

    def add_arguments(self, parser):
        parser.add_argument("section", type=int, help="the section's id")
        parser.add_argument(
            "--url",
            default=os.environ.get("BRIDGEMATE_URL", f"http://localhost:{bridgemate.DEFAULT_PORT}"),
            help="the Data Connector on the BCS computer (default $BRIDGEMATE_URL or http://localhost:5079)",
        )
        parser.add_argument("--club-id", default=os.environ.get("BRIDGEMATE_CLUB_ID", ""))
        parser.add_argument("--licence-key", default=os.environ.get("BRIDGEMATE_LICENCE_KEY", ""))
        parser.add_argument(
            "--poll", action="store_true", help="read results (the section is not sent again)"
        )
        parser.add_argument(
            "--interval",
            type=float,
            default=0,
            help="with --poll: poll every N seconds until the section ends",
        )

    def handle(self, *args, **options):
        section = Section.objects.select_related("session__event__club").filter(id=options["section"]).first()
        if section is None:
            raise CommandError(f"no section {options['section']}")
        if not options["club_id"]:
            raise CommandError("the Data Connector needs the club's id: --club-id or $BRIDGEMATE_CLUB_ID")
        try:
            client = bridgemate.client_for(options["url"], options["club_id"], options["licence_key"])
            if not options["poll"]:
                dto = bridgemate.send_section(section, client, options["club_id"])
                tables = dto.sessions[0].scoring_groups[0].sections[0].tables
                self.stdout.write(
                    f"{section} sent to BCS at {client.base_address}: {len(tables)} tables, "
                    f"{len(dto.handrecords or [])} hand records, {len(dto.player_data or [])} players "
                    f"(session {bridgemate.session_guid(section)})"
                )
                return
            sent = None
            while True:
                sent = self._poll(section, client, sent)
                section.refresh_from_db()
                if not options["interval"] or section.status != Status.RUNNING:
                    return
                time.sleep(options["interval"])
        except bridgemate.BridgemateError as error:
            raise CommandError(str(error)) from None

    def _poll(self, section, client, sent):
        """One poll; Traveller's results go back whenever they differ from what was last sent (an entry, a
        director's correction or a resolved conflict). Returns what was sent."""
        report = bridgemate.poll_results(section, client)
        for line in report.entered:
            self.stdout.write(f"entered {line}")
        for line in report.conflicts + report.refused:
            self.stderr.write(line)
        self.stdout.write(
            f"{len(report.entered)} entered, {len(report.repeated)} already in, {len(report.conflicts)} "
            f"conflicts, {len(report.refused)} refused"
        )
        versions = frozenset(section.results.values_list("id", "version"))
        if versions != sent:
            for line in bridgemate.send_rankings(section, client):
                self.stderr.write(f"not sent back: {line}")
            self.stdout.write(f"{len(versions)} results sent back to BCS for the Bridgemates' ranking")
        return versions
