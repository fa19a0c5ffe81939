"""The table of Django's database cache (settings.CACHES), where pages' kept parts live.

Made by ``createcachetable`` inside the migration, so that ``migrate`` alone prepares a
database, as the deployment docs promise.
"""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def drop_cache_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name('council_cache')}")


class Migration(migrations.Migration):
    dependencies = [("events", "0003_trust")]

    operations = [migrations.RunPython(create_cache_table, drop_cache_table)]
