"""The statuses kept in the database are named once (TextChoices), and their stored values never change."""

from __future__ import annotations

from events.models import Event, EventStatus, Game, GameState, Player, PlayerStatus


def test_the_stored_values_of_each_status_are_those_every_earlier_version_wrote():
    # Rows and snapshots hold these strings: renaming one would need a data migration.
    assert [s.value for s in EventStatus] == ["registration", "running", "closed"]
    assert [s.value for s in PlayerStatus] == ["active", "dropped", "ejected"]
    assert [s.value for s in GameState] == ["playing", "reported", "confirmed"]


def test_the_models_read_their_statuses_from_the_enums():
    assert Event._meta.get_field("status").choices == EventStatus.choices
    assert Player._meta.get_field("status").choices == PlayerStatus.choices
    assert Game._meta.get_field("state").choices == GameState.choices
    assert (Event.RUNNING, Player.DROPPED, Game.CONFIRMED) == (
        EventStatus.RUNNING,
        PlayerStatus.DROPPED,
        GameState.CONFIRMED,
    )
