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
    # The policy's two-deck game lasts 80 minutes: one change gives at most that (reading 96).
    with pytest.raises(services.ServiceError, match="between 1 and 80") as refused:
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


# A house policy for a round of three days on the online client.
THREE_DAYS = {
    "format": "council-house-policy/1",
    "key": "online-three-days",
    "title": "Online, three days a round",
    "base": "policy-4-2001",
    "changes": {"time_limits": {"two-deck": 3 * 24 * 60}},
}


def _adjustments(event) -> list[tuple[str, int | None]]:
    return list(event.audit_entries.filter(action__startswith="clock.").order_by("id").values_list("action", "table"))


def test_an_in_person_round_refuses_61_minutes_at_once_for_the_round_and_for_a_table(event):
    # A one-deck game lasts 50 minutes: the cap stays 60 (reading 96).
    Event.objects.filter(pk=event.pk).update(game_type="one-deck-standard")
    run_event(event, 4, 1, leave_last_open=True)
    rnd, game, who = event.rounds.get(number=1), open_game(event), actor(event.owner)
    assert rnd.adjustment_limit() == 60
    for table in (None, game.table):
        with pytest.raises(services.ServiceError) as refused:
            services.adjust_time(rnd, actor=who, minutes=61, table=table)
        assert (str(refused.value), refused.value.field) == (
            "Give between 1 and 60 minutes, or take back up to 60 with a minus sign.",
            "minutes",
        )
        with pytest.raises(services.ServiceError, match="between 1 and 60"):
            services.adjust_time(rnd, actor=who, minutes=-61, table=table)
    assert _adjustments(event) == []
    services.adjust_time(rnd, actor=who, minutes=60, table=game.table)
    game.refresh_from_db()
    assert game.extra_seconds == 3600


def test_a_round_of_three_days_gives_a_table_a_day_and_the_round_a_day(event):
    Event.objects.filter(pk=event.pk).update(policy=THREE_DAYS["key"], policy_document=THREE_DAYS)
    run_event(event, 4, 1, leave_last_open=True)
    rnd, game, who = event.rounds.get(number=1), open_game(event), actor(event.owner)
    assert rnd.adjustment_limit() == 4320
    services.start_clock(rnd, actor=who)
    rnd.refresh_from_db()
    ends_at = rnd.clock_ends_at
    services.adjust_time(rnd, actor=who, minutes=1440)
    services.adjust_time(rnd, actor=who, minutes=1440, table=game.table)
    rnd.refresh_from_db()
    game.refresh_from_db()
    assert (rnd.clock_ends_at - ends_at, game.extra_seconds) == (datetime.timedelta(days=1), 86400)
    assert _adjustments(event) == [
        ("clock.started", None),
        ("clock.adjusted", None),
        ("clock.table_adjusted", game.table),
    ]
    # More than the round's own three days at once is still a slip.
    with pytest.raises(services.ServiceError, match="between 1 and 4320 minutes") as refused:
        services.adjust_time(rnd, actor=who, minutes=4321, table=game.table)
    assert refused.value.field == "minutes"


def test_the_break_between_sealed_rounds_keeps_60_minutes_at_once(event):
    # Its clock is no round's: the break's limit is the slip's, whatever the game's time.
    Event.objects.filter(pk=event.pk).update(game_type="sealed-standard", policy="policy-4-2001", format="hero-only")
    run_event(event, 4, 1)
    with pytest.raises(services.ServiceError, match="between 1 and 60"):
        services.adjust_break_clock(event, actor=actor(event.owner), minutes=61)
