"""One spelling for every audit action code (AuditAction in events/record_words.py, issue 29).

Codes are ``family.what_happened``: a singular family, snake_case after the dot, ending
with what happened. The entries already in every event"s log are renamed to match, and
renamed back when the migration is reversed. The field now names its choices. Archives
and snapshots keep no audit entries, so nothing else holds a code.
"""

from django.db import migrations, models

# Frozen here, as this migration found them: the code an earlier version wrote, and its spelling now.
RENAMED = {
    "clock.table-adjusted": "clock.table_adjusted",
    "clock.time-called": "clock.time_called",
    "deck.capability": "deck.capability_set",
    "deck.link": "deck.link_created",
    "deck.links": "deck.links_created",
    "deck.product": "deck.product_entered",
    "deck.spot_check": "deck.spot_checked",
    "event.decks": "event.deck_settings_changed",
    "players.registered": "player.registered",
    "players.signed_up": "player.signed_up",
    "result.one_device": "result.one_device_reported",
}


def _rename(apps, names):
    AuditEntry = apps.get_model("events", "AuditEntry")
    for old, new in names.items():
        AuditEntry.objects.filter(action=old).update(action=new)


def spell_as_now(apps, schema_editor):
    _rename(apps, RENAMED)


def spell_as_before(apps, schema_editor):
    _rename(apps, {new: old for old, new in RENAMED.items()})


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0018_names_skeleton"),
    ]

    operations = [
        migrations.RunPython(spell_as_now, spell_as_before),
        migrations.AlterField(
            model_name="auditentry",
            name="action",
            field=models.CharField(
                choices=[
                    ("break.adjusted", "Time between rounds changed"),
                    ("break.paused", "Clock between rounds paused"),
                    ("break.started", "Clock between rounds started"),
                    ("clock.adjusted", "Round clock changed"),
                    ("clock.paused", "Round clock paused"),
                    ("clock.started", "Round clock started"),
                    ("clock.table_adjusted", "Time given to one table"),
                    ("clock.time_called", "Time called"),
                    ("deck.capability_set", "Deck capability set"),
                    ("deck.link_created", "Private deck link made"),
                    ("deck.link_revoked", "Private deck link revoked"),
                    ("deck.links_created", "Private deck links made"),
                    ("deck.product_entered", "Sealed product entered"),
                    ("deck.published", "Deck lists published"),
                    ("deck.saved", "Deck list saved"),
                    ("deck.spot_checked", "Deck checked at the table"),
                    ("event.arbiter_named", "Arbiter named"),
                    ("event.closed", "Event closed"),
                    ("event.co_champions_agreed", "Co-champions agreed"),
                    ("event.created", "Event created"),
                    ("event.deck_settings_changed", "Deck list settings changed"),
                    ("event.imported", "Event imported"),
                    ("event.rounds_changed", "Number of rounds changed"),
                    ("event.started", "Event started"),
                    ("event.updated", "Settings changed"),
                    ("player.dropped", "Player dropped"),
                    ("player.ejected", "Player ejected"),
                    ("player.organiser_registered", "Organiser registered as a player"),
                    ("player.registered", "Players registered"),
                    ("player.reinstated", "Player back in the event"),
                    ("player.removed", "Registration removed"),
                    ("player.signed_up", "Player signed up"),
                    ("player.updated", "Player changed"),
                    ("result.agreed", "Result agreed by both players"),
                    ("result.confirmed", "Result confirmed"),
                    ("result.corrected", "Result corrected"),
                    ("result.disputed", "Reports differ"),
                    ("result.one_device_reported", "Both reports from one device"),
                    ("result.recorded", "Result entered"),
                    ("result.reported", "Result reported by a player"),
                    ("round.paired", "Round paired"),
                    ("round.swapped", "Players swapped"),
                    ("round.undone", "Pairing undone"),
                    ("snapshot.restored", "Snapshot restored"),
                    ("snapshot.taken", "Snapshot taken"),
                    ("staff.added", "Staff added"),
                    ("staff.link_created", "Staff link made"),
                    ("staff.link_revoked", "Staff link revoked"),
                    ("staff.removed", "Staff removed"),
                    ("stage.cancelled", "Stage taken back"),
                    ("stage.started", "Stage started"),
                ],
                max_length=40,
            ),
        ),
    ]
