"""Fixtures shared by the event app's tests; plain helpers live in tests/helpers.py."""

from __future__ import annotations

import pytest

from events import services
from tests.helpers import actor, register


@pytest.fixture
def reporting(event):
    """Round 1 of four players, paired, with players reporting their own results."""
    event.players_report = True
    event.save()
    register(event, 4)
    services.start_event(event, actor=actor(event.owner), rounds=3)
    services.pair_round(event, actor=actor(event.owner), seed=1)
    event.refresh_from_db()
    return event
