"""The round clock and its audit (events/services/clock.py), and the break's clock that changes the same way."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from events import services
from events.models import BreakClock, Event, Round
from scoring import EXCHANGE_MINUTES
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


def test_a_round_clock_and_a_break_clock_change_alike_under_the_same_steps(event, monkeypatch):
    # A sealed event after round 1 of 2: its round 1 still has a clock, and the exchanges' break is on.
    Event.objects.filter(pk=event.pk).update(game_type="sealed-standard", policy="policy-4-2001", format="hero-only")
    run_event(event, 4, 1)
    who = actor(event.owner)
    rnd = event.rounds.get(number=1)
    Round.objects.filter(pk=rnd.pk).update(clock_remaining=EXCHANGE_MINUTES * 60.0)  # the break's time
    now = [timezone.now()]
    monkeypatch.setattr("django.utils.timezone.now", lambda: now[0])
    steps = [
        (lambda: services.start_clock(rnd, actor=who), lambda: services.start_break_clock(event, actor=who)),
        (lambda: services.pause_clock(rnd, actor=who), lambda: services.pause_break_clock(event, actor=who)),
        (
            lambda: services.adjust_time(rnd, actor=who, minutes=5),
            lambda: services.adjust_break_clock(event, actor=who, minutes=5),
        ),
        (lambda: services.start_clock(rnd, actor=who), lambda: services.start_break_clock(event, actor=who)),
        (
            lambda: services.adjust_time(rnd, actor=who, minutes=-2),
            lambda: services.adjust_break_clock(event, actor=who, minutes=-2),
        ),
        (lambda: services.start_clock(rnd, actor=who), lambda: services.start_break_clock(event, actor=who)),
        (
            lambda: services.adjust_time(rnd, actor=who, minutes=-60),
            lambda: services.adjust_break_clock(event, actor=who, minutes=-60),
        ),
        (lambda: services.pause_clock(rnd, actor=who), lambda: services.pause_break_clock(event, actor=who)),
        (
            lambda: services.adjust_time(rnd, actor=who, minutes=0),
            lambda: services.adjust_break_clock(event, actor=who, minutes=0),
        ),
    ]
    outcomes = []
    for round_step, break_step in steps:
        now[0] += datetime.timedelta(seconds=100)
        outcome = []
        for step, row in ((round_step, lambda: Round.objects.get(pk=rnd.pk)), (break_step, BreakClock.objects.get)):
            try:
                step()
                refusal = None
            except services.ServiceError as error:
                refusal = (str(error), error.field)
            outcome.append((refusal, row().clock()))
        assert outcome[0] == outcome[1]
        outcomes.append(outcome[0])
    assert [refusal for refusal, _clock in outcomes] == [
        None,
        None,
        None,
        None,
        None,
        ("The clock is already running.", "action"),
        None,
        ("Time is already called; add minutes instead of pausing.", "action"),
        ("Give between 1 and 60 minutes, or take back up to 60 with a minus sign.", "minutes"),
    ]
    recorded = {
        family: list(event.audit_entries.filter(action__startswith=family).order_by("id").values("before", "after"))
        for family in ("clock.", "break.")
    }
    assert len(recorded["clock."]) == 6 and recorded["clock."] == recorded["break."]
