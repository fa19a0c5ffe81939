"""The official clock as a row keeps it, one design for a round's clock and the break's between sealed rounds.

``ClockFields`` holds the three stored fields and turns them into the engine's
``scoring.clock.Clock`` and back; the arithmetic and the rules are the engine's, the
changes are ``events/services/clock.py``'s, and the drawing is ``events/clocks.py``'s.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import models

from scoring import CLOCK_STATES, READY, RUNNING, Clock


class ClockFields(models.Model):
    """An official clock (``scoring.clock``): running until ``clock_ends_at``, or holding
    ``clock_remaining`` seconds while ready or paused.

    A clock that never kept its time left (a round paired before clocks existed) holds
    ``full_clock_seconds()``, which each kind of clock states.
    """

    # What ``store`` writes: the fields a service saves after changing the clock.
    CLOCK_FIELDS = ("clock_state", "clock_ends_at", "clock_remaining")

    clock_state = models.CharField(max_length=16, choices=[(s, s.capitalize()) for s in CLOCK_STATES], default=READY)
    clock_ends_at = models.DateTimeField(null=True, blank=True)
    clock_remaining = models.FloatField(null=True, blank=True)

    class Meta:
        abstract = True

    def full_clock_seconds(self) -> float:
        """The time a ready clock holds when none was kept."""
        raise NotImplementedError

    def clock(self) -> Clock:
        """The clock as ``scoring.clock`` reads it."""
        if self.clock_state == RUNNING and self.clock_ends_at is not None:
            return Clock(state=RUNNING, ends_at=self.clock_ends_at.timestamp())
        if self.clock_remaining is None:
            return Clock(state=self.clock_state, remaining=self.full_clock_seconds())
        return Clock(state=self.clock_state, remaining=self.clock_remaining)

    @staticmethod
    def clock_values(clock: Clock) -> dict[str, Any]:
        """The stored fields' values for a clock: for a new row, or ``store``."""
        ends_at = datetime.datetime.fromtimestamp(clock.ends_at, tz=datetime.UTC) if clock.ends_at is not None else None
        return {"clock_state": clock.state, "clock_ends_at": ends_at, "clock_remaining": clock.remaining}

    def store(self, clock: Clock) -> None:
        """Copy a clock value onto the fields (the caller saves ``CLOCK_FIELDS``)."""
        for name, value in self.clock_values(clock).items():
            setattr(self, name, value)

    def time_is_up(self, now: datetime.datetime) -> bool:
        """True once the clock has run out."""
        return self.clock_state == RUNNING and self.clock_ends_at is not None and self.clock_ends_at <= now
