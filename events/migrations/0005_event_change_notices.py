"""On PostgreSQL, a NOTIFY at the commit of any statement that writes the event table.

Each app process listens (events/caching/versions.py) and forgets the event versions it
keeps for the public polls. A trigger rather than a call in the services, so that no
writer can forget it: the services, deletions, archive imports and the admin alike.
Per statement, not per row: the listeners forget everything on any notice, and
PostgreSQL folds equal notices of one transaction into one. TRUNCATE is included
because it writes no rows. SQLite has no listeners; nothing is made there.
"""

from django.db import migrations

CHANNEL = "council_event_changed"


def create_trigger(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"""
        CREATE FUNCTION council_notify_event_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('{CHANNEL}', '');
            RETURN NULL;
        END
        $$
    """)
    schema_editor.execute("""
        CREATE TRIGGER council_event_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON events_event
        FOR EACH STATEMENT EXECUTE FUNCTION council_notify_event_changed()
    """)


def drop_trigger(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP TRIGGER IF EXISTS council_event_written ON events_event")
    schema_editor.execute("DROP FUNCTION IF EXISTS council_notify_event_changed()")


class Migration(migrations.Migration):
    dependencies = [("events", "0004_cache_table")]

    operations = [migrations.RunPython(create_trigger, drop_trigger)]
