"""A party's tally rows as the parties app's models (issue 27): moved from the games app in state only, so a club's
database keeps every tally and its versions, in the tables the games app made, and the permissions given on them;
and a section with tallies entered is archived, not deleted."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from config.refusals import Conflict
from parties.models import Tally, TallyVersion
from tests.integration.api_helpers import make_director
from tournaments import upkeep
from tournaments.models import Event, Section, Session

BEFORE = ("games", "0013_usebio_imported_file")
"""The games app's last migration with Tally and TallyVersion among its models."""


def euchre_party() -> Section:
    _, club = make_director()
    event = Event.objects.create(club=club, name="Saturday Euchre Party", date="2026-12-05")
    return Section.objects.create(
        session=Session.objects.create(event=event), name="A", scoring_method="progressive"
    )


@pytest.mark.django_db(transaction=True)
def test_a_clubs_tallies_and_their_versions_stay_when_the_models_move_to_parties():
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])  # back to a database the games app's Tally wrote
    old = executor.loader.project_state([BEFORE]).apps
    party = euchre_party()
    written = old.get_model("games", "Tally").objects.create(
        section_id=party.id, round=1, table=2, hands=6, ns_points=2, ew_points=4, winners="EW",
        lone_hands={"6": 1}, frozen=True, version=1,
    )  # fmt: skip
    old.get_model("games", "TallyVersion").objects.create(
        tally=written, number=1, after={"ns_points": 2, "ew_points": 4}, changed_by_label="table 2 scorer",
        kind="entered",
    )  # fmt: skip
    ContentType.objects.clear_cache()
    hosts = Group.objects.create(name="hosts")
    hosts.permissions.add(Permission.objects.get(content_type__app_label="games", codename="change_tally"))

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    ContentType.objects.clear_cache()

    tally = Tally.objects.get(section=party)
    assert (tally.id, tally.round, tally.table, tally.ns_points, tally.ew_points, tally.winners) == (
        written.id, 1, 2, 2, 4, "EW",
    )  # fmt: skip
    assert tally.lone_hands == {"6": 1} and tally.frozen and tally.version == 1
    assert list(TallyVersion.objects.values_list("tally_id", "number", "kind", "changed_by_label")) == [
        (written.id, 1, "entered", "table 2 scorer")
    ]
    assert (Tally._meta.db_table, TallyVersion._meta.db_table) == ("games_tally", "games_tallyversion")
    assert list(hosts.permissions.values_list("content_type__app_label", "codename")) == [
        ("parties", "change_tally")
    ]
    assert not ContentType.objects.filter(app_label="games", model__in=["tally", "tallyversion"]).exists()


@pytest.mark.django_db
def test_a_party_with_tallies_entered_is_archived_not_deleted():
    """The bell leaves a blank tally at each table of the next round: those are nothing to keep."""
    party = euchre_party()
    for table, (ns, ew) in {1: (6, 2), 2: (2, 4), 3: (4, 4)}.items():
        Tally.objects.create(section=party, round=1, table=table, hands=ns + ew, ns_points=ns, ew_points=ew)
        Tally.objects.create(section=party, round=2, table=table)
    assert upkeep.what_depends([party]) == ["3 tallies"]
    with pytest.raises(Conflict, match="has 3 tallies: archive it instead"):
        upkeep.check_deletable(party.session, [party])
