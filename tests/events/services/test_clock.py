"""The round clock and its audit (events/services/clock.py)."""

from __future__ import annotations

import pytest

from events import services
from tests.helpers import actor, open_game, run_event


def test_clock_start_pause_resume_call_and_extend_are_audited(event):
    run_event(event, 4, 1, leave_last_open=True)
    rnd = event.rounds.get(number=1)
    who = actor(event.owner)
    services.start_clock(rnd, actor=who)
    rnd.refresh_from_db()
    assert rnd.clock_state == "running" and rnd.clock_ends_at is not None
    services.pause_clock(rnd, actor=who)
    rnd.refresh_from_db()
    assert rnd.clock_state == "paused" and 80 * 60 - 5 < rnd.clock_remaining <= 80 * 60
    services.adjust_time(rnd, actor=who, minutes=5)
    rnd.refresh_from_db()
    assert 85 * 60 - 5 < rnd.clock_remaining <= 85 * 60
    services.start_clock(rnd, actor=who)
    services.call_time(rnd, actor=who)
    game = open_game(event)
    services.adjust_time(rnd, actor=who, minutes=3, table=game.table)
    game.refresh_from_db()
    assert game.extra_seconds == 180
    actions = list(
        event.audit_entries.filter(action__startswith="clock.").order_by("id").values_list("action", "table")
    )
    assert actions == [
        ("clock.started", None),
        ("clock.paused", None),
        ("clock.adjusted", None),
        ("clock.started", None),
        ("clock.time_called", None),
        ("clock.table_adjusted", game.table),
    ]
    entry = event.audit_entries.get(action="clock.paused")
    assert entry.before["state"] == "running" and entry.after["state"] == "paused"


def test_clock_refusals_change_nothing(event):
    run_event(event, 4, 2)
    who = actor(event.owner)
    old = event.rounds.get(number=1)
    with pytest.raises(services.ServiceError, match="only the current round"):
        services.start_clock(old, actor=who)
    current = event.rounds.get(number=2)
    with pytest.raises(services.ServiceError, match="not started") as refused:
        services.call_time(current, actor=who)
    assert refused.value.field == "action"
    with pytest.raises(services.ServiceError, match="between 1 and 60") as refused:
        services.adjust_time(current, actor=who, minutes=90)
    assert refused.value.field == "minutes"
    with pytest.raises(services.ServiceError, match="already has its result") as refused:
        services.adjust_time(current, actor=who, minutes=5, table=1)
    assert refused.value.field == "table"
    with pytest.raises(services.ServiceError, match="no table 9"):
        services.adjust_time(current, actor=who, minutes=5, table=9)
    assert not event.audit_entries.filter(action__startswith="clock.").exists()
    current.refresh_from_db()
    assert current.clock_state == "ready"


def test_a_table_cannot_give_back_more_than_it_was_given(event):
    run_event(event, 4, 1, leave_last_open=True)
    rnd, game = event.rounds.get(number=1), open_game(event)
    services.adjust_time(rnd, actor=actor(event.owner), minutes=2, table=game.table)
    with pytest.raises(services.ServiceError, match="has 2 extra minutes"):
        services.adjust_time(rnd, actor=actor(event.owner), minutes=-3, table=game.table)
    game.refresh_from_db()
    assert game.extra_seconds == 120
