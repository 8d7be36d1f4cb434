"""The database cache's table (settings.CACHES without REDIS_URL): made here so that `migrate` is all a new
install runs. It is made whatever CACHES says now, so a site may drop Redis later."""

from django.core.management.commands.createcachetable import Command as CreateCacheTable
from django.db import migrations

TABLE = "traveller_cache"


def create(apps, schema_editor):
    command = CreateCacheTable()
    command.verbosity = 0
    command.create_table(schema_editor.connection.alias, TABLE, dry_run=False)


def drop(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(TABLE)}")


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0008_game_hearts")]

    operations = [migrations.RunPython(create, drop)]
