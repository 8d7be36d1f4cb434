from django.db import migrations


class Migration(migrations.Migration):
    """Joins four changes made side by side: long table codes, imported sections' conventions, the ranking rule
    and duplicate whist."""

    dependencies = [
        ("tournaments", "0014_codes_long_table_codes_first_run"),
        ("tournaments", "0014_imports_section_conventions"),
        ("tournaments", "0014_rank_section_ranking"),
        ("tournaments", "0014_rules_duplicate_whist"),
    ]

    operations = []
