"""Import of whole events, their stages too (events/services/imports.py)."""

from __future__ import annotations

import pytest

from events import services
from events.archive import event_archive
from events.models import Event, Game, HousePolicy
from tests.helpers import actor, play_round, register, run_event


def test_export_import_export_gives_the_same_archive(event, owner):
    run_event(event, 7, 2)
    services.register_players(event, "Late Lucy", actor=actor(owner))
    services.drop_player(event.players.get(name="Player 01"), actor=actor(owner))
    services.pair_round(event, actor=actor(owner), seed=11)
    first = event_archive(event)
    copy = services.import_event(first, owner=owner)
    assert copy.slug == "lorien-open-2"
    assert event_archive(copy) == first
    assert copy.players.get(name="Late Lucy").joined_after_round == 2
    assert copy.rounds_by_policy == 3  # 7 starters under Policy Number 4


def test_import_of_a_bad_archive_names_the_field_and_saves_nothing(owner):
    bad = {
        "format": "council-archive/1",
        "event": {"name": "X", "policy": "policy-4-2001", "game_type": "two-deck"},
        "players": [{"id": "a", "name": "A"}, {"id": "a", "name": "B"}],
    }
    with pytest.raises(services.ServiceError, match=r"players\[1\]\.id"):
        services.import_event(bad, owner=owner)
    assert Event.objects.count() == 0


def test_import_of_the_documented_example(owner):
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parents[3] / "docs" / "archive-example.json").read_text())
    event = services.import_event(data, owner=owner)
    assert (event.status, event.rounds.count(), event.players.count()) == ("running", 1, 3)
    assert Game.objects.get(round__event=event).points == [6, 0]  # 20-10 is ratio 2


def test_stages_survive_export_import_and_a_restore(event, owner):
    Event.objects.filter(pk=event.pk).update(top_cut=2)
    event.refresh_from_db()
    register(event, 4)
    who = actor(owner)
    services.start_event(event, actor=who, rounds=1, note="the test's own number")
    play_round(event)
    services.start_stage(event, actor=who, seed=3)
    services.pair_round(event, actor=who)
    first = event_archive(event)
    assert first["format"] == "council-archive/2" and first["stages"][0]["kind"] == "elimination"
    assert first["rounds"][1]["stage"] == 1 and first["event"]["top_cut"] == 2
    copy = services.import_event(first, owner=owner)
    assert event_archive(copy) == first
    kept = event.snapshots.filter(reason__contains="paired").first()
    services.undo_round(event.latest_round(), actor=who)
    services.restore_snapshot(kept, actor=who)
    assert event_archive(event) == first


def test_an_event_under_a_house_policy_exports_it_whole_and_imports_it_back(owner):
    document = {
        "key": "online-worlds",
        "title": "Online Worlds 2024",
        "date": "2024-11-20",
        "base": "policy-4-2001",
        "changes": {"time_limits": {"two-deck": 120}, "tie_points": 2},
    }
    HousePolicy.objects.create(key="online-worlds", title="Online Worlds 2024", document=document, owner=owner)
    event = services.create_event(owner=owner, name="Online Worlds", policy="online-worlds", game_type="two-deck")
    run_event(event, 6, 2)
    first = event_archive(event)
    assert first["format"] == "council-archive/3" and first["event"]["policy"] == document
    # The kept policy changes later; the event and its archive keep the version it ran under.
    HousePolicy.objects.filter(key="online-worlds").update(document={**document, "changes": {}})
    copy = services.import_event(first, owner=owner)
    assert event_archive(copy) == first
    assert copy.rules.time_limit("two-deck") == 120 and copy.rules.tie_points == 2
    assert event_archive(event) == first


def test_an_archive_of_the_second_format_imports_as_before(owner):
    event = services.create_event(owner=owner, name="Plain", policy="policy-4-2001", game_type="two-deck")
    run_event(event, 4, 1)
    archive = event_archive(event)
    assert archive["format"] == "council-archive/2" and archive["event"]["policy"] == "policy-4-2001"
    copy = services.import_event(archive, owner=owner)
    assert copy.policy_document is None and event_archive(copy) == archive
