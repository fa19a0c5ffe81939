"""Every forfeit keeps the winner's deck capability it was scored with (docs/rules.md, reading 77).

Forfeits saved before this version took the winner's capability at each reading, so a
list entered later could change a result already recorded. They keep the capability the
player has now, which is the one they have been scored with until today.
"""

from django.db import migrations


def _keep_capability(apps, schema_editor):
    Game = apps.get_model("events", "Game")
    Player = apps.get_model("events", "Player")
    capability = dict(Player.objects.values_list("pk", "deck_capability"))
    for game in Game.objects.filter(result__kind="forfeit"):
        if "capability" in game.result:
            continue
        winner = game.player_a_id if game.result.get("winner") == 0 else game.player_b_id
        game.result = {**game.result, "capability": capability[winner]}
        game.save(update_fields=["result"])


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0014_event_time_zone"),
    ]

    operations = [
        migrations.RunPython(_keep_capability, migrations.RunPython.noop),
    ]
