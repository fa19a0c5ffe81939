"""The round clock: the coordinator's official time (Policy #1, Swiss System, Time Limits).

The arithmetic is ``scoring.clock``'s; here the round's clock is changed and recorded.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
import scoring.clock
from scoring.limits import MAX_ADJUSTMENT_MINUTES

from ..clocks import clock_record, round_clock, store_clock
from ..models import Event, Round
from ..record_words import AuditAction
from ..roles import Actor
from .base import ServiceError, locked_event, record_change
from .impartial import check_not_own_game


# Only the current round of a running event has a clock that matters.
def _clock_round(event: Event, rnd: Round) -> Round:
    if event.status != Event.RUNNING:
        raise ServiceError(_("The clock runs only while the event is running."), field="action")
    rnd = Round.objects.get(pk=rnd.pk)
    if event.rounds.filter(number__gt=rnd.number).exists():
        raise ServiceError(
            _("%(round)s is over; only the current round has a clock.") % {"round": rnd.label}, field="action"
        )
    return rnd


def _change_clock(rnd: Round, actor: Actor, action: AuditAction, change, subject) -> Round:
    """Change the round's clock with ``change``; ``subject(label)`` is the audit log's line, given the round's label."""
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
        record_change(
            event,
            actor,
            action,
            subject(rnd.label),
            before=clock_record(before),
            after=clock_record(after),
            round_number=rnd.number,
        )
    return rnd


def start_clock(rnd: Round, *, actor: Actor) -> Round:
    """Start the round's clock, or run it again after a pause (Policy #1, Time Limits)."""
    return _change_clock(
        rnd,
        actor,
        AuditAction.CLOCK_STARTED,
        scoring.clock.start_clock,
        lambda label: _("%(round)s: clock started") % {"round": label},
    )


def pause_clock(rnd: Round, *, actor: Actor) -> Round:
    """Pause the round's clock for the whole room, keeping the time left."""
    return _change_clock(
        rnd,
        actor,
        AuditAction.CLOCK_PAUSED,
        scoring.clock.pause_clock,
        lambda label: _("%(round)s: clock paused") % {"round": label},
    )


def call_time(rnd: Round, *, actor: Actor) -> Round:
    """Call time now: every table without an extension starts the end-of-time procedure."""
    return _change_clock(
        rnd,
        actor,
        AuditAction.CLOCK_TIME_CALLED,
        scoring.clock.call_time,
        lambda label: _("%(round)s: time called") % {"round": label},
    )


def _check_minutes(minutes: int) -> None:
    limit = MAX_ADJUSTMENT_MINUTES
    if minutes == 0 or abs(minutes) > limit:
        raise ServiceError(adjustment_refusal(limit), field="minutes")


def adjustment_refusal(limit: int) -> str:
    """The refusal of a number of minutes to give or take back that is 0 or over ``limit``."""
    return ngettext(
        "Give between 1 and %(limit)s minute, or take back up to %(limit)s with a minus sign.",
        "Give between 1 and %(limit)s minutes, or take back up to %(limit)s with a minus sign.",
        limit,
    ) % {"limit": limit}


def adjust_time(rnd: Round, *, actor: Actor, minutes: int, table: int | None = None) -> Round:
    """Add minutes to the round's clock, or to one table's after a judge call; a minus takes them back.

    A table's extension adds to the round clock for that table alone; it cannot go below
    zero, and a table with a result needs no time.
    """
    _check_minutes(minutes)
    if table is None:
        return _change_clock(
            rnd,
            actor,
            AuditAction.CLOCK_ADJUSTED,
            lambda clock, now: scoring.clock.adjust_clock(clock, minutes * 60, now),
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
