"""The official clocks: a round's (Policy #1, Swiss System, Time Limits), and the helpers every clock change shares.

The arithmetic is ``scoring.clock``'s; the stored fields are ``ClockFields``'. A round's
clock and the break's between sealed rounds (``sealed.py``) change the same way: the
service locks the event and finds the clock's row, ``change_clock`` applies the engine's
step and saves it, and the service records the change with the clock before and after.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from scoring import MAX_ADJUSTMENT_MINUTES, Clock

from ..models import ClockFields, Event, Round
from ..record_words import AuditAction
from ..roles import Actor
from .base import ServiceError, locked_event, record_change
from .impartial import check_not_own_game

# One step of a clock: the engine's function of the clock and the time now.
Step = Callable[[Clock, float], Clock]


def change_clock(row: ClockFields, step: Step) -> tuple[dict[str, Any], dict[str, Any]]:
    """Change the clock kept in ``row`` by ``step`` and save it; return the clock before and after for the audit log.

    The caller holds the event's lock and records the change. A step the engine refuses
    (pausing a paused clock) is a ``ServiceError`` and changes nothing.
    """
    before = row.clock()
    try:
        after = step(before, timezone.now().timestamp())
    except scoring.RuleError as error:
        raise ServiceError.from_rule(error) from None
    row.store(after)
    row.save(update_fields=list(row.CLOCK_FIELDS))
    return clock_record(before), clock_record(after)


def clock_record(clock: Clock) -> dict[str, Any]:
    """The clock as the audit log keeps it."""
    ends_at = datetime.fromtimestamp(clock.ends_at, tz=UTC).isoformat() if clock.ends_at is not None else None
    return {"state": clock.state, "ends_at": ends_at, "remaining": clock.remaining}


def adjustment(minutes: int, limit: int = MAX_ADJUSTMENT_MINUTES) -> Step:
    """The step giving a clock ``minutes`` (a minus takes them back, never below zero), once the number is allowed.

    ``limit`` is the most minutes at once: a round's own (``Round.adjustment_limit``), or
    ``MAX_ADJUSTMENT_MINUTES`` for the break between sealed rounds.
    """
    check_minutes(minutes, limit)
    return lambda clock, now: scoring.adjust_clock(clock, minutes * 60, now)


def check_minutes(minutes: int, limit: int = MAX_ADJUSTMENT_MINUTES) -> None:
    """Refuse a number of minutes to give or take back that is 0 or over ``limit``."""
    if minutes == 0 or abs(minutes) > limit:
        raise ServiceError(adjustment_refusal(limit), field="minutes")


def adjustment_refusal(limit: int) -> str:
    """The refusal of a number of minutes to give or take back that is 0 or over ``limit``."""
    return ngettext(
        "Give between 1 and %(limit)s minute, or take back up to %(limit)s with a minus sign.",
        "Give between 1 and %(limit)s minutes, or take back up to %(limit)s with a minus sign.",
        limit,
    ) % {"limit": limit}


# Only the current round of a running event has a clock that matters.
def _clock_round(event: Event, rnd: Round) -> Round:
    if event.status != Event.RUNNING:
        raise ServiceError(_("The clock runs only while the event is running."), field="action")
    rnd = event.rounds.get(pk=rnd.pk)
    if event.rounds.filter(number__gt=rnd.number).exists():
        raise ServiceError(
            _("%(round)s is over; only the current round has a clock.") % {"round": rnd.label}, field="action"
        )
    return rnd


def _change_round_clock(
    rnd: Round, actor: Actor, action: AuditAction, step: Step, subject: Callable[[str], str]
) -> Round:
    """Change the round's clock by ``step``; ``subject(label)`` is the audit log's line, given the round's label."""
    with transaction.atomic(durable=True):
        event = locked_event(rnd.event)
        rnd = _clock_round(event, rnd)
        before, after = change_clock(rnd, step)
        record_change(event, actor, action, subject(rnd.label), before=before, after=after, round_number=rnd.number)
    return rnd


def start_clock(rnd: Round, *, actor: Actor) -> Round:
    """Start the round's clock, or run it again after a pause (Policy #1, Time Limits)."""
    return _change_round_clock(
        rnd,
        actor,
        AuditAction.CLOCK_STARTED,
        scoring.start_clock,
        lambda label: _("%(round)s: clock started") % {"round": label},
    )


def pause_clock(rnd: Round, *, actor: Actor) -> Round:
    """Pause the round's clock for the whole room, keeping the time left."""
    return _change_round_clock(
        rnd,
        actor,
        AuditAction.CLOCK_PAUSED,
        scoring.pause_clock,
        lambda label: _("%(round)s: clock paused") % {"round": label},
    )


def call_time(rnd: Round, *, actor: Actor) -> Round:
    """Call time now: every table without an extension starts the end-of-time procedure."""
    return _change_round_clock(
        rnd,
        actor,
        AuditAction.CLOCK_TIME_CALLED,
        scoring.call_time,
        lambda label: _("%(round)s: time called") % {"round": label},
    )


def adjust_time(rnd: Round, *, actor: Actor, minutes: int, table: int | None = None) -> Round:
    """Add minutes to the round's clock, or to one table's after a judge call; a minus takes them back.

    A table's extension adds to the round clock for that table alone; it cannot go below
    zero, and a table with a result needs no time. One change moves at most
    ``Round.adjustment_limit()`` minutes: 60, or the game's time limit when it is longer, so
    that a table of a round played over days may be given a day (docs/rules.md, reading 96).
    """
    step = adjustment(minutes, rnd.adjustment_limit())
    if table is None:
        return _change_round_clock(
            rnd,
            actor,
            AuditAction.CLOCK_ADJUSTED,
            step,
            # Translators: %(minutes)s is signed (+5, -2); "min" is minutes.
            lambda label: (
                _("%(round)s: %(minutes)s min for every table") % {"round": label, "minutes": f"{minutes:+d}"}
            ),
        )
    with transaction.atomic(durable=True):
        event = locked_event(rnd.event)
        rnd = _clock_round(event, rnd)
        game = rnd.games.filter(table=table).select_related("player_a", "player_b").first()
        if game is None:
            raise ServiceError(
                _("%(round)s has no table %(table)s.") % {"round": rnd.label, "table": table}, field="table"
            )
        check_not_own_game(event, game, actor)
        if game.result is not None:
            raise ServiceError(
                _("Table %(table)s already has its result; its time no longer runs.") % {"table": table}, field="table"
            )
        extra = game.extra_seconds + minutes * 60
        if extra < 0:
            extra_minutes = game.extra_seconds // 60
            raise ServiceError(
                ngettext(
                    "Table %(table)s has %(count)s extra minute; take back at most that many.",
                    "Table %(table)s has %(count)s extra minutes; take back at most that many.",
                    extra_minutes,
                )
                % {"table": table, "count": extra_minutes},
                field="minutes",
            )
        before = game.extra_seconds
        game.extra_seconds = extra
        game.save(update_fields=["extra_seconds"])
        record_change(
            event,
            actor,
            AuditAction.CLOCK_TABLE_ADJUSTED,
            # Translators: %(minutes)s is signed (+5, -2); "min" is minutes; "v" is "versus".
            _("Table %(table)s: %(minutes)s min (%(player_a)s v %(player_b)s)")
            % {"table": table, "minutes": f"{minutes:+d}", "player_a": game.player_a, "player_b": game.player_b},
            before={"extra_seconds": before},
            after={"extra_seconds": extra},
            round_number=rnd.number,
            table=table,
        )
    return rnd
