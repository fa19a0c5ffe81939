"""Each player's name digest, recomputed for the whole skeleton (events/names.py, issue 28).

Names are now read with the whole of Unicode's confusables (version 16.0.0), before case
is folded, so "GaIadriel" and "Galadriel", "Aragom" and "Aragorn" share a key. Two
players of one event registered before may now share a digest. Both stay registered:
the digest is an index, not a unique constraint.
"""

from django.db import migrations

BATCH = 2000


def recompute_digests(apps, schema_editor):
    from events.names import name_digest

    Player = apps.get_model("events", "Player")
    # Read whole before writing: SQLite would see its own updates while a cursor walks the table.
    rows = list(Player.objects.order_by("pk").values_list("pk", "name", "name_digest"))
    recomputed = ((pk, name_digest(name), stored) for pk, name, stored in rows)
    changed = [Player(pk=pk, name_digest=digest) for pk, digest, stored in recomputed if digest != stored]
    Player.objects.bulk_update(changed, ["name_digest"], batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0017_organisers_and_report_devices"),
    ]

    operations = [
        migrations.RunPython(recompute_digests, migrations.RunPython.noop),
    ]
