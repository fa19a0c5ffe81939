"""Snapshots taken on their own and restored (events/services/snapshots.py)."""

from __future__ import annotations

from events import services
from events.archive import event_archive
from tests.helpers import actor, open_game, register, run_event


def test_snapshots_are_taken_when_a_round_is_paired_and_when_it_is_complete(event):
    run_event(event, 4, 2)
    assert list(event.snapshots.order_by("id").values_list("reason", flat=True)) == [
        "Round 1 paired",
        "Round 1 complete",
        "Round 2 paired",
        "Round 2 complete",
    ]
    assert event.snapshots.get(reason="Round 2 complete").data == event_archive(event)


def test_a_drop_that_concedes_the_last_open_game_completes_the_round_snapshot(event):
    run_event(event, 4, 1, leave_last_open=True)
    game = open_game(event)
    services.drop_player(game.player_a, actor=actor(event.owner))
    snapshot = event.snapshots.get(reason="Round 1 complete")
    assert snapshot.data["rounds"][0]["games"][-1]["result"] == {
        "kind": "forfeit",
        "winner": 1,
        "reason": "drop",
        "capability": "marshalling-points",
    }


def test_restoring_to_registration_removes_later_players_and_rounds(event):
    register(event, 4)
    services.start_event(event, actor=actor(event.owner), rounds=2, note="the test's own number")
    services.take_snapshot(event, actor=actor(event.owner))
    taken = event.snapshots.get()
    services.register_players(event, "Late Comer", actor=actor(event.owner))
    services.pair_round(event, actor=actor(event.owner), seed=1)
    services.restore_snapshot(taken, actor=actor(event.owner))
    event.refresh_from_db()
    assert event_archive(event) == taken.data
    assert event.rounds.count() == 0 and not event.players.filter(name="Late Comer").exists()
