"""Data written before a limit existed is brought within it, so it can still be restored and exported."""

from __future__ import annotations

import importlib

from django.apps import apps

from events import services
from events.archive import event_archive
from events.models import Event, Player
from events.names import name_digest
from events.services.snapshots import snapshot
from scoring import MAX_ROUNDS
from tests.helpers import actor, run_event

name_digest_migration = importlib.import_module("events.migrations.0007_players_name_digest")


def test_names_rankings_and_rounds_beyond_todays_limits_are_repaired_in_rows_and_snapshots(event):
    run_event(event, 4, 1)
    ann = event.players.order_by("name").first()
    # As an event stored before issue 14 could hold them: written past today's checks.
    Player.objects.filter(pk=ann.pk).update(name="Ann\x07 Smith\u202e", ranking=10**9, name_digest="")
    Event.objects.filter(pk=event.pk).update(rounds_planned=40, place="Caras\x1bGaladhon")
    old = snapshot(event, "Before the upgrade", 1)
    old.data["players"][0] |= {"name": "\u200b\x01", "ranking": 10**12}
    old.data["event"]["rounds_planned"] = 400
    old.save()

    name_digest_migration.repair_and_digest(apps, None)

    ann.refresh_from_db()
    event.refresh_from_db()
    assert (ann.name, ann.ranking, ann.name_digest) == ("Ann Smith", None, name_digest("Ann Smith"))
    assert (event.rounds_planned, event.place) == (MAX_ROUNDS, "CarasGaladhon")
    old.refresh_from_db()
    first = old.data["players"][0]
    assert first["name"] == first["id"] and "ranking" not in first
    assert old.data["event"]["rounds_planned"] == MAX_ROUNDS
    services.restore_snapshot(old, actor=actor(event.owner))
    assert event_archive(event)["event"]["rounds_planned"] == MAX_ROUNDS


rules_migration = importlib.import_module("events.migrations.0013_policy_formats_and_tie_options")


def test_policy_1_events_take_its_one_format_and_policy_4_ties_become_equal_mp_in_rows_and_snapshots(event):
    from events.models import Game

    run_event(event, 4, 1)
    p1 = services.create_event(
        owner=event.owner, name="Old Policy #1", policy="policy-1-1996", game_type="two-deck", format="single-deck"
    )
    # As stored before issue 27: Policy #1 with a later policy's format, a bare tie under
    # Policy Number 4, and an explanation kept only in English.
    Event.objects.filter(pk=p1.pk).update(format="general-opponent")
    Event.objects.filter(pk=event.pk).update(policy="policy-4-2001")
    game = Game.objects.filter(round__event=event).first()
    Game.objects.filter(pk=game.pk).update(
        result={"kind": "tie"},
        explanation_words=None,
        explanation="tie (both Wizards fail, or simultaneous elimination): 3-3",
    )
    old = snapshot(event, "Before the upgrade", 1)
    old.data["rounds"][0]["games"][0]["result"] = {"kind": "tie"}
    old.save()

    rules_migration._rules_by_policy(apps, None)

    p1.refresh_from_db()
    game.refresh_from_db()
    old.refresh_from_db()
    assert p1.format == "single-deck"
    assert (game.result, game.points) == ({"kind": "council", "mp": [0, 0]}, [3, 3])
    assert game.explanation_words["msgid"] == "equal MP %(mp_a)s-%(mp_b)s, tie: %(tie)s-%(tie)s"
    assert old.data["rounds"][0]["games"][0]["result"] == {"kind": "council", "mp": [0, 0]}
    services.restore_snapshot(old, actor=actor(event.owner))
