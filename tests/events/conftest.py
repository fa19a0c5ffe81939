"""Fixtures shared by the event app's tests; plain helpers live in tests/helpers.py."""

from __future__ import annotations

import pytest

from events import services
from events.pages import phones
from events.pages.kept import forget_all
from events.queries.rankings import forget_remembered_facts
from tests.factories import EventFactory
from tests.helpers import actor, register, run_event


@pytest.fixture(autouse=True)
def no_shared_page_kept_from_another_test():
    # The pages every phone shares are kept in this process's memory by slug and version
    # (events/pages/kept.py); each test's events are new, though their slugs repeat.
    forget_all()
    phones.forget_all()
    forget_remembered_facts()
    yield
    forget_all()
    phones.forget_all()
    forget_remembered_facts()


@pytest.fixture
def reporting(event):
    """Round 1 of four players, paired, with players reporting their own results."""
    event.players_report = True
    event.save()
    register(event, 4)
    services.start_event(event, actor=actor(event.owner), rounds=3, note="the test's own number")
    services.pair_round(event, actor=actor(event.owner), seed=1)
    event.refresh_from_db()
    return event


@pytest.fixture
def large(owner):
    """65 players, one more than a phone's page lists: round 1 played, round 2 paired with its clock running."""
    event = run_event(EventFactory(owner=owner, slug="large", name="Lórien Grand Open"), 65, 1)
    rnd = services.pair_round(event, actor=actor(owner), seed=2)
    services.start_clock(rnd, actor=actor(owner))
    event.refresh_from_db()
    return event
