from django.db import migrations


class Migration(migrations.Migration):
    """Tally and TallyVersion are the parties app's models now (parties 0001 takes them over): the games app forgets
    them in its state only, and their tables, games_tally and games_tallyversion, stay as they are with their rows."""

    dependencies = [
        ("games", "0013_usebio_imported_file"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="TallyVersion"),
                migrations.DeleteModel(name="Tally"),
            ],
            database_operations=[],
        ),
    ]
