"""The round clock: the coordinator's official time (Policy #1, Swiss System, Time Limits).

The arithmetic is ``scoring.clock``'s; here the round's clock is changed and recorded.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

import scoring
import scoring.clock
from scoring.limits import MAX_ADJUSTMENT_MINUTES

from ..clocks import clock_record, round_clock, store_clock
from ..models import Event, Round
from ..roles import Actor
from .base import ServiceError, locked_event, record_change


# Only the current round of a running event has a clock that matters.
def _clock_round(event: Event, rnd: Round) -> Round:
    if event.status != Event.RUNNING:
        raise ServiceError("The clock runs only while the event is running.", field="action")
    rnd = Round.objects.get(pk=rnd.pk)
    if event.rounds.filter(number__gt=rnd.number).exists():
        raise ServiceError(f"{rnd.label} is over; only the current round has a clock.", field="action")
    return rnd


def _change_clock(rnd: Round, actor: Actor, action: str, change, subject: str) -> Round:
    with transaction.atomic(durable=True):
        event = locked_event(rnd.event)
        rnd = _clock_round(event, rnd)
        before = round_clock(rnd, event)
        try:
            after = change(before, timezone.now().timestamp())
        except scoring.RuleError as error:
            raise ServiceError.from_rule(error) from None
        store_clock(rnd, after)
        rnd.save(update_fields=["clock_state", "clock_ends_at", "clock_remaining"])
        record_change(event, actor, action, f"{rnd.label}: {subject}", before=clock_record(before),
               after=clock_record(after), round_number=rnd.number)
    return rnd


def start_clock(rnd: Round, *, actor: Actor) -> Round:
    """Start the round's clock, or run it again after a pause (Policy #1, Time Limits)."""
    return _change_clock(rnd, actor, "clock.started", scoring.clock.start_clock, "clock started")


def pause_clock(rnd: Round, *, actor: Actor) -> Round:
    """Pause the round's clock for the whole room, keeping the time left."""
    return _change_clock(rnd, actor, "clock.paused", scoring.clock.pause_clock, "clock paused")


def call_time(rnd: Round, *, actor: Actor) -> Round:
    """Call time now: every table without an extension starts the end-of-time procedure."""
    return _change_clock(rnd, actor, "clock.time-called", scoring.clock.call_time, "time called")


def _check_minutes(minutes: int) -> None:
    limit = MAX_ADJUSTMENT_MINUTES
    if minutes == 0 or abs(minutes) > limit:
        raise ServiceError(f"Give between 1 and {limit} minutes, or take back up to {limit} with a minus sign.",
                           field="minutes")


def adjust_time(rnd: Round, *, actor: Actor, minutes: int, table: int | None = None) -> Round:
    """Add minutes to the round's clock, or to one table's after a judge call; a minus takes them back.

    A table's extension adds to the round clock for that table alone; it cannot go below
    zero, and a table with a result needs no time.
    """
    _check_minutes(minutes)
    if table is None:
        return _change_clock(
            rnd, actor, "clock.adjusted", lambda clock, now: scoring.clock.adjust_clock(clock, minutes * 60, now),
            f"{minutes:+d} min for every table",
        )
    with transaction.atomic(durable=True):
        event = locked_event(rnd.event)
        rnd = _clock_round(event, rnd)
        game = rnd.games.filter(table=table).select_related("player_a", "player_b").first()
        if game is None:
            raise ServiceError(f"{rnd.label} has no table {table}.", field="table")
        if game.result is not None:
            raise ServiceError(f"Table {table} already has its result; its time no longer runs.", field="table")
        extra = game.extra_seconds + minutes * 60
        if extra < 0:
            raise ServiceError(f"Table {table} has {game.extra_seconds // 60} extra minutes; "
                               f"take back at most that many.", field="minutes")
        before = game.extra_seconds
        game.extra_seconds = extra
        game.save(update_fields=["extra_seconds"])
        record_change(event, actor, "clock.table-adjusted",
               f"Table {table}: {minutes:+d} min ({game.player_a} v {game.player_b})",
               before={"extra_seconds": before}, after={"extra_seconds": extra},
               round_number=rnd.number, table=table)
    return rnd
