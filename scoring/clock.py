"""The round clock: the coordinator's official time keeping device, as pure arithmetic.

Policy #1, Swiss System, Time Limits: "A tournament coordinator will have an official
time keeping device. He or she should announce the time 5 minutes before final time will
be called." Version 3 and Policy Number 4 say 10 or 15 minutes (docs/rules.md, reading 2).
When the time limit is reached, play goes on until the player who went second finishes a
turn, then the Free Council (End-of-Game) begins: ``Policy.end_of_time``.

A clock is a value; every change returns a new one. Times are seconds since the epoch,
passed in by the caller, so the rules can be tested without waiting.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from .errors import RuleError
from .messages import _
from .policies.terms import Policy

READY = "ready"
RUNNING = "running"
PAUSED = "paused"
CLOCK_STATES = (READY, RUNNING, PAUSED)


@dataclass(frozen=True)
class Clock:
    """A round's clock.

    ``ends_at`` is when time is called while the clock runs; ``remaining`` is the
    time left, in seconds, while it is ready or paused. A running clock whose
    ``ends_at`` has passed shows time: that is how time is called early, too.
    """

    state: str
    ends_at: float | None = None
    remaining: float | None = None


@dataclass(frozen=True)
class ClockReading:
    """What a clock shows at one moment, for the whole round or one table."""

    phase: str  # "ready", "paused", "running", "warning" or "time"
    remaining: float  # seconds, never negative
    ends_at: float | None  # when time is called, for a clock that runs


def new_clock(policy: Policy, game_type: str) -> Clock:
    """A ready clock holding the time limit of the policy for the game type.

    Policy #1, Swiss System: Time Limits; Version 3 and Policy Number 4, Time Limits.
    """
    return Clock(state=READY, remaining=float(policy.time_limit(game_type) * 60))


# Policy #1 and Policy Number 4, The Sealed Deck Game: "Each player is allowed 45
# minutes to construct a deck" (Policy Number 4 gives a sealed game 50 minutes of play
# but keeps the 45 to build).
CONSTRUCTION_MINUTES = 45
CONSTRUCTION_CLAUSE = "Policy #1 and Policy Number 4, The Sealed Deck Game"
# "Such exchanges must be completed in the time allotted between rounds": the texts
# give no number; this is the coordinator's to change (docs/rules.md).
EXCHANGE_MINUTES = 10


def break_clock(minutes: int) -> Clock:
    """A ready clock for the time between rounds of a sealed event: building the deck, or exchanging cards."""
    return Clock(state=READY, remaining=float(minutes * 60))


def start_clock(clock: Clock, now: float) -> Clock:
    """Start a ready clock, or run a paused one again from where it stopped."""
    if clock.state == RUNNING:
        raise RuleError(_("The clock is already running."), field="action")
    return Clock(state=RUNNING, ends_at=now + (clock.remaining or 0.0))


def pause_clock(clock: Clock, now: float) -> Clock:
    """Stop a running clock, keeping the time left (a pause for the whole room)."""
    if clock.state != RUNNING:
        raise RuleError(_("Only a running clock can be paused."), field="action")
    left = max(0.0, cast(float, clock.ends_at) - now)  # a running clock has its end
    if left == 0:
        raise RuleError(_("Time is already called; add minutes instead of pausing."), field="action")
    return Clock(state=PAUSED, remaining=left)


def call_time(clock: Clock, now: float) -> Clock:
    """Call time now, whatever is left: the end-of-time procedure starts at every table."""
    if clock.state == READY:
        raise RuleError(_("The clock has not started; start it before calling time."), field="action")
    if clock.state == RUNNING and cast(float, clock.ends_at) <= now:
        raise RuleError(_("Time is already called."), field="action")
    return Clock(state=RUNNING, ends_at=now)


def adjust_clock(clock: Clock, seconds: float, now: float) -> Clock:
    """Add time to the clock (negative seconds take it back, never below zero).

    Minutes added after time was called count from now: the coordinator gives the
    room that much more play, which is what an extension after time means.
    """
    if clock.state == RUNNING:
        ends_at = cast(float, clock.ends_at)  # a running clock has its end
        if seconds >= 0:
            return replace(clock, ends_at=max(ends_at, now) + seconds)
        return replace(clock, ends_at=min(ends_at, max(now, ends_at + seconds)))
    return replace(clock, remaining=max(0.0, (clock.remaining or 0.0) + seconds))


def read_clock(clock: Clock, now: float, warning_seconds: float, extra_seconds: float = 0) -> ClockReading:
    """What the clock shows at ``now``; ``extra_seconds`` is one table's extension.

    The warning phase is the policy's announcement before time (``Policy.warning_minutes``).
    """
    if clock.state == RUNNING:
        ends_at = cast(float, clock.ends_at) + extra_seconds  # a running clock has its end
        left = max(0.0, ends_at - now)
        if left == 0:
            phase = "time"
        elif left <= warning_seconds:
            phase = "warning"
        else:
            phase = RUNNING
        return ClockReading(phase=phase, remaining=left, ends_at=ends_at)
    return ClockReading(phase=clock.state, remaining=max(0.0, (clock.remaining or 0.0) + extra_seconds), ends_at=None)


def end_of_time_text(policy: Policy, game_type: str) -> str:
    """What the players do when time is called, in the policy's words for the game type."""
    return policy.end_of_time_scenario if game_type == "scenario" else policy.end_of_time
