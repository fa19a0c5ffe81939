"""Each player's name digest (events/names.py), and stored values brought within today's limits.

Before issue 14 a name could hold control characters, and a ranking or the planned
rounds could exceed what scoring/limits.py now allows; the engine refuses such values,
so a snapshot or an event holding them could no longer be restored or exported. They
are repaired here, in the rows and in every snapshot: control characters, line
separators and directional overrides are taken out of texts, a name left with nothing
visible becomes its player's id, a ranking beyond the limit is dropped, planned rounds
beyond it are cut to it.
"""

import unicodedata

from django.db import migrations, models

MAX_RANKING = 1_000_000
MAX_ROUNDS = 30
REFUSED = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _clean(text):
    if not isinstance(text, str):
        return text
    return "".join(char for char in text if unicodedata.category(char) not in ("Cc", "Cs") and char not in REFUSED)


def _name(text, fallback):
    from scoring import name_problem

    cleaned = _clean(text)
    return cleaned if isinstance(cleaned, str) and not name_problem(cleaned) else fallback


def _repair_archive(data):
    """The snapshot's document with every value brought within the limits; None when nothing changed."""
    if not isinstance(data, dict):
        return None
    before = repr(data)
    event = data.get("event") if isinstance(data.get("event"), dict) else {}
    for key in ("place", "rounds_note"):
        if key in event:
            event[key] = _clean(event[key])
    if "name" in event:
        event["name"] = _name(event["name"], "Event")
    if isinstance(event.get("rounds_planned"), int) and event["rounds_planned"] > MAX_ROUNDS:
        event["rounds_planned"] = MAX_ROUNDS
    for player in data.get("players") or []:
        if not isinstance(player, dict):
            continue
        player["name"] = _name(player.get("name"), str(player.get("id")))
        if "avatar" in player:
            player["avatar"] = _name(player["avatar"], None)
            if player["avatar"] is None:
                del player["avatar"]
        if isinstance(player.get("ranking"), int) and player["ranking"] > MAX_RANKING:
            del player["ranking"]
    return data if repr(data) != before else None


def repair_and_digest(apps, schema_editor):
    from events.names import name_digest

    Event = apps.get_model("events", "Event")
    Player = apps.get_model("events", "Player")
    Snapshot = apps.get_model("events", "Snapshot")
    for event in Event.objects.all():
        place, note = _clean(event.place), _clean(event.rounds_note)
        name = _name(event.name, "Event")
        planned = min(event.rounds_planned, MAX_ROUNDS) if event.rounds_planned else event.rounds_planned
        if (place, note, name, planned) != (event.place, event.rounds_note, event.name, event.rounds_planned):
            Event.objects.filter(pk=event.pk).update(place=place, rounds_note=note, name=name, rounds_planned=planned)
    for player in Player.objects.all():
        name = _name(player.name, player.archive_id)
        avatar = _name(player.avatar, "") if player.avatar else ""
        ranking = player.ranking if player.ranking is None or player.ranking <= MAX_RANKING else None
        Player.objects.filter(pk=player.pk).update(
            name=name, avatar=avatar, ranking=ranking, name_digest=name_digest(name)
        )
    for snapshot in Snapshot.objects.all():
        repaired = _repair_archive(snapshot.data)
        if repaired is not None:
            Snapshot.objects.filter(pk=snapshot.pk).update(data=repaired)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0006_free_text_of_any_length"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_digest",
            field=models.CharField(blank=True, max_length=32),
        ),
        migrations.AddIndex(
            model_name="player",
            index=models.Index(fields=["event", "name_digest"], name="events_play_event_i_f4f96b_idx"),
        ),
        migrations.RunPython(repair_and_digest, migrations.RunPython.noop),
    ]
