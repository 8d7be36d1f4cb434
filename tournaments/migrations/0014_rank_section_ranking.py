"""A Section's ranking rule; existing sections get their scoring method's default (scoring.methods.registry, as
it stood: percentage for EBU matchpoints, factored totals for ACBL matchpoints and IMPs)."""

from django.db import migrations, models

DEFAULTS = {"mp": "percentage", "mp-acbl": "factored", "butler": "factored", "cross-imp": "factored"}


def defaults(apps, schema_editor):
    Section = apps.get_model("tournaments", "Section")
    for method, ranking in DEFAULTS.items():
        Section.objects.filter(scoring_method=method).update(ranking=ranking)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_section_round_started"),
    ]

    operations = [
        migrations.AddField(
            model_name="section",
            name="ranking",
            field=models.CharField(
                blank=True,
                help_text="How pairs who played different numbers of boards are ranked: percentage, factored or "
                "total (scoring.methods.registry.RANKINGS); blank: the scoring method's default.",
                max_length=20,
            ),
        ),
        migrations.RunPython(defaults, migrations.RunPython.noop),
    ]
