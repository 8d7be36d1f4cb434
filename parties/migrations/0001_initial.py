import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MOVED = ("tally", "tallyversion")


def content_types_follow(apps, schema_editor, source="games", target="parties"):
    """The moved models' content types change app, so that permissions given on them (and the admin's log) follow;
    one the target app already has is left as it is."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    taken = ContentType.objects.filter(app_label=target, model__in=MOVED).values_list("model", flat=True)
    ContentType.objects.filter(app_label=source, model__in=MOVED).exclude(model__in=list(taken)).update(
        app_label=target
    )


def content_types_back(apps, schema_editor):
    content_types_follow(apps, schema_editor, source="parties", target="games")


class Migration(migrations.Migration):
    """The party's tally rows become the parties app's models in state only: games 0014 forgot them and the tables
    keep the names the games app gave them (db_table), so no table is made, renamed or copied."""

    initial = True

    dependencies = [
        ("games", "0014_tally_moved_to_parties"),
        ("tournaments", "0017_desk_archive_and_profile"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Tally",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("round", models.PositiveSmallIntegerField()),
                        ("table", models.PositiveSmallIntegerField()),
                        ("hands", models.PositiveSmallIntegerField(default=0)),
                        ("ns_points", models.SmallIntegerField(default=0)),
                        ("ew_points", models.SmallIntegerField(default=0)),
                        (
                            "winners",
                            models.CharField(blank=True, help_text="NS or EW once decided.", max_length=2),
                        ),
                        ("lone_hands", models.JSONField(blank=True, default=dict)),
                        ("punches", models.JSONField(blank=True, default=dict)),
                        (
                            "flags",
                            models.JSONField(
                                blank=True, default=dict, help_text="Military euchre: flags won per side."
                            ),
                        ),
                        (
                            "hearts",
                            models.JSONField(
                                blank=True,
                                default=dict,
                                help_text='Progressive hearts: hearts taken this hand per player ({"3": 4}).',
                            ),
                        ),
                        (
                            "deals",
                            models.JSONField(
                                blank=True,
                                default=list,
                                help_text='Progressive contract: each deal\'s score per side, in order ([{"ns": 420, "ew": 0}, ...]).',
                            ),
                        ),
                        ("frozen", models.BooleanField(default=False)),
                        (
                            "version",
                            models.PositiveIntegerField(
                                default=0,
                                help_text="The number of its last TallyVersion: a phone saves over the version it read, or is told.",
                            ),
                        ),
                        ("updated", models.DateTimeField(auto_now=True)),
                        (
                            "section",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="tallies",
                                to="tournaments.section",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name_plural": "tallies",
                        "db_table": "games_tally",
                        "ordering": ["section_id", "round", "table"],
                    },
                ),
                migrations.CreateModel(
                    name="TallyVersion",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("number", models.PositiveIntegerField()),
                        ("before", models.JSONField(blank=True, null=True)),
                        ("after", models.JSONField()),
                        (
                            "changed_by_label",
                            models.CharField(
                                help_text='"director alice", "table 3 scorer", "import".', max_length=80
                            ),
                        ),
                        ("changed_at", models.DateTimeField(auto_now_add=True)),
                        ("reason", models.TextField(blank=True)),
                        ("kind", models.CharField(help_text="entered, frozen or corrected.", max_length=12)),
                        (
                            "changed_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "tally",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="versions",
                                to="parties.tally",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "games_tallyversion",
                        "ordering": ["tally_id", "number"],
                    },
                ),
                migrations.AddConstraint(
                    model_name="tally",
                    constraint=models.UniqueConstraint(
                        fields=("section", "round", "table"), name="unique_tally"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="tallyversion",
                    constraint=models.UniqueConstraint(
                        fields=("tally", "number"), name="unique_tally_version"
                    ),
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_follow, content_types_back),
    ]
