"""One naming for the official clock's fields (ClockFields in events/models/clock.py, issue 29).

The break between sealed rounds stored its clock as ``state``, ``ends_at`` and
``remaining``; a round as ``clock_state``, ``clock_ends_at`` and ``clock_remaining``.
Both now share the round's names; the columns are renamed, their values kept.
Archives and snapshots keep no break clock, so nothing else holds the old names.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("events", "0019_audit_action_spelling")]

    operations = [
        migrations.RenameField(model_name="breakclock", old_name="state", new_name="clock_state"),
        migrations.RenameField(model_name="breakclock", old_name="ends_at", new_name="clock_ends_at"),
        migrations.RenameField(model_name="breakclock", old_name="remaining", new_name="clock_remaining"),
    ]
