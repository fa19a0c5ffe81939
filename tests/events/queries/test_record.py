"""The event's record: the audit log narrowed, each table's versions, the snapshots (events/queries/record.py)."""

from __future__ import annotations

from events import services
from events.models import Game
from events.queries.record import audit_choices, audit_entries, result_history, snapshot_list, snapshot_of
from scoring.messages import Text
from tests.factories import EventFactory
from tests.helpers import WIN_A, WIN_B, actor, run_event


def test_the_log_is_narrowed_by_kind_round_table_and_who_changed(event, staff_user):
    run_event(event, 4, 2)
    game = Game.objects.get(round__event=event, round__number=2, table=1)
    services.record_result(game, WIN_B, actor=actor(staff_user, "staff"), expected_version=game.version)
    everything = list(audit_entries(event))
    assert everything == sorted(everything, key=lambda entry: (entry.at, entry.id), reverse=True)  # newest first
    results = audit_entries(event, action="result.")
    assert {entry.action for entry in results} == {"result.recorded", "result.corrected"}
    assert {entry.action for entry in audit_entries(event, action="round.paired")} == {"round.paired"}
    assert {entry.round_number for entry in audit_entries(event, round_number=2)} == {2}
    at_table = audit_entries(event, action="result.", round_number=2, table=1)
    assert [(entry.action, entry.actor_label) for entry in at_table] == [
        ("result.corrected", "staff"),
        ("result.recorded", "owner"),
    ]
    assert [entry.action for entry in audit_entries(event, actor="staff")] == ["result.corrected"]


def test_the_filters_offer_the_kinds_and_the_people_in_the_log(event, staff_user):
    run_event(event, 4, 1)
    game = Game.objects.get(round__event=event, table=1)
    services.record_result(game, WIN_B, actor=actor(staff_user, "staff"), expected_version=game.version)
    actions, people = audit_choices(event)
    assert "result.corrected" in actions and list(actions) == sorted(set(actions))
    assert list(people) == ["owner", "staff"]


def test_a_tables_history_is_every_version_of_its_result_oldest_first_with_its_explanation(event):
    run_event(event, 4, 1)
    game = Game.objects.select_related("round").get(round__event=event, table=2)
    services.record_result(game, WIN_B, actor=actor(event.owner), expected_version=game.version)
    history = result_history(event, game)
    assert [entry.action for entry in history] == ["result.recorded", "result.corrected"]
    assert [entry.after["result"] for entry in history] == [WIN_A, WIN_B]
    assert all(isinstance(entry.explained, Text) for entry in history)


def test_snapshots_are_listed_newest_first_and_another_events_is_not_found(event, owner):
    run_event(event, 4, 2)
    listed = list(snapshot_list(event))
    assert [snapshot.reason for snapshot in listed] == [
        "Round 2 complete",
        "Round 2 paired",
        "Round 1 complete",
        "Round 1 paired",
    ]
    assert "data" in listed[0].get_deferred_fields()  # the documents stay unread
    assert snapshot_of(event, listed[0].pk) == listed[0]
    other = run_event(EventFactory(owner=owner), 4, 1)
    assert snapshot_of(other, listed[0].pk) is None
