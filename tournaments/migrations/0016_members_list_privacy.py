from django.db import migrations, models


class Migration(migrations.Migration):
    """Who may see a club's member list and numbers: its directors (the default), or its members signed in too; the
    number called "member number" everywhere."""

    dependencies = [("tournaments", "0015_merge")]

    operations = [
        migrations.AddField(
            model_name="club",
            name="members_see_members",
            field=models.BooleanField(
                default=False,
                help_text="Members signed in may see the member list and numbers; otherwise only the club's "
                "directors may (names on results are shown either way).",
            ),
        ),
        migrations.AlterField(
            model_name="player",
            name="federation_number",
            field=models.CharField(blank=True, max_length=20, verbose_name="member number"),
        ),
    ]
