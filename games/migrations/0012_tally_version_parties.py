from django.db import migrations, models
from django.db.models import Count


def number_the_versions(apps, schema_editor):
    """A tally's version is the number of its last TallyVersion (numbered 1, 2, ... as they were written)."""
    Tally = apps.get_model("games", "Tally")
    for tally in Tally.objects.annotate(written=Count("versions")).filter(written__gt=0).iterator():
        Tally.objects.filter(id=tally.id).update(version=tally.written)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0011_tally_deals"),
    ]

    operations = [
        migrations.AddField(
            model_name="tally",
            name="version",
            field=models.PositiveIntegerField(
                default=0,
                help_text="The number of its last TallyVersion: a phone saves over the version it read, or is told.",
            ),
        ),
        migrations.RunPython(number_the_versions, migrations.RunPython.noop),
    ]
