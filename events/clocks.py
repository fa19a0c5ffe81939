"""The official clocks between the database and the pages: what a page draws of a round's clock or a break's.

The arithmetic and the rules (time limit, warning, end of time) live in ``scoring.clock``;
the stored fields and their reading are ``ClockFields``' (``events/models/clock.py``),
the same for a round and for the break between sealed rounds. Here is only what a page
needs to draw a clock that counts down by itself (``static/council/live.js``).
"""

from __future__ import annotations

import datetime
import math
import zoneinfo
from typing import TYPE_CHECKING, Any

from django.utils import timezone
from django.utils.translation import gettext_lazy

from scoring import CONSTRUCTION_CLAUSE, SEALED_GAME_TYPES, ClockReading, end_of_time_text, read_clock

from .i18n import say
from .models import BreakClock, ClockFields, Event, Round

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def clock_display(event: Event, rnd: Round, *, extra_seconds: int = 0, label: str = "") -> dict[str, Any]:
    """Everything a template needs to draw the clock for the round, or for one table.

    The page shows the time at render; the script counts down from ``ends_at_ms``
    against the server's time (``now_ms``) so a phone with a wrong clock still shows
    the official time.
    """
    policy = event.rules
    now = timezone.now().timestamp()
    warning_seconds = policy.warning_minutes * 60
    reading = read_clock(rnd.clock(), now, warning_seconds, extra_seconds)
    return _drawn(
        rnd,
        reading,
        now,
        zone=event.zone,
        label=label or rnd.label,
        warning_seconds=warning_seconds,
        limit_minutes=policy.time_limit(event.game_type),
        extra_minutes=extra_seconds // 60,
        end_of_time=say(end_of_time_text(policy, event.game_type)),
        clause=policy.time_clause,
    )


def _drawn(
    row: ClockFields,
    reading: ClockReading,
    now: float,
    *,
    zone: zoneinfo.ZoneInfo,
    label: str,
    warning_seconds: int,
    limit_minutes: int,
    extra_minutes: int,
    end_of_time: StrOrPromise,
    clause: str,
) -> dict[str, Any]:
    """What ``templates/events/_clock.html`` and ``static/council/live.js`` draw of the reading of ``row``'s clock.

    Its words are in the reader's language: a clock is drawn for each request, never kept.
    ``ends_at`` is when time is called, in the event's zone ``zone``: the page writes it so,
    named, and the script rewrites it in the reader's own zone.
    """
    return {
        "label": str(label),
        "phase": reading.phase,
        "state": row.clock_state,
        "remaining": round(reading.remaining),
        "text": format_remaining(reading.remaining),
        "ends_at_ms": round(reading.ends_at * 1000) if reading.ends_at is not None else None,
        "ends_at": datetime.datetime.fromtimestamp(reading.ends_at, tz=zone) if reading.ends_at is not None else None,
        "now_ms": round(now * 1000),
        "warning_seconds": warning_seconds,
        "warning_minutes": warning_seconds // 60,
        "limit_minutes": limit_minutes,
        "extra_minutes": extra_minutes,
        "end_of_time": str(end_of_time),
        "clause": clause,
    }


BREAK_WARNING_SECONDS = 5 * 60
_BREAK_OVER = {
    True: gettext_lazy("Time: stop building. Register the deck you built; the first round is paired next."),
    False: gettext_lazy("Time: stop exchanging cards and get ready to play; the next round is paired now."),
}


def break_clock_display(event: Event) -> dict[str, Any] | None:
    """The sealed event's clock between rounds, drawn like a round's, while its break is on; else None.

    Policy #1 and Policy Number 4, The Sealed Deck Game (``scoring.clock.CONSTRUCTION_CLAUSE``).
    """
    if event.game_type not in SEALED_GAME_TYPES or event.status == Event.CLOSED:
        return None
    kept = current_break(event, event.latest_round())
    return drawn_break_clock(event, kept) if kept is not None else None


def current_break(event: Event, latest: Round | None) -> BreakClock | None:
    """The sealed event's break clock while its break is on (after ``latest``, the round paired last), else None.

    Read once per state of the event by a phone's region (events/pages/phones.py), which then
    draws it for each request (``drawn_break_clock``).
    """
    if event.game_type not in SEALED_GAME_TYPES or event.status == Event.CLOSED:
        return None
    kept = BreakClock.objects.filter(event=event).first()
    if kept is None or kept.after_round != (latest.number if latest else 0):
        return None
    return kept


def drawn_break_clock(event: Event, kept: BreakClock) -> dict[str, Any]:
    """What a page draws of the break clock ``kept`` (``current_break``) now."""
    now = timezone.now().timestamp()
    reading = read_clock(kept.clock(), now, BREAK_WARNING_SECONDS)
    return _drawn(
        kept,
        reading,
        now,
        zone=event.zone,
        label=kept.purpose,
        warning_seconds=BREAK_WARNING_SECONDS,
        limit_minutes=math.ceil(reading.remaining / 60),
        extra_minutes=0,
        end_of_time=_BREAK_OVER[kept.after_round == 0],
        clause=CONSTRUCTION_CLAUSE,
    )


def format_remaining(seconds: float) -> str:
    """1:05:09 or 04:59; the same format the page's script writes."""
    whole = max(0, int(-(-seconds // 1)))  # rounded up: 0.4 s left is still "00:01"
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"
