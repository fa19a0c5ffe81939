"""Fixtures the service tests of several modules share: an event that asks for lists, an owner who plays."""

from __future__ import annotations

import pytest

from events import services
from tests.helpers import actor, register


@pytest.fixture
def hero_event(event):
    event.format = "single-deck"  # Policy #1's one format
    event.policy = "policy-1-1996"
    event.deck_lists_wanted = True
    event.save()
    return event


@pytest.fixture
def owner_plays(event, staff_user):
    """The owner plays among five others; the staff account is the arbiter. Round 1 is paired."""
    services.name_arbiter(event, actor=actor(event.owner), user_id=staff_user.pk)
    me = services.register_organiser(event, actor=actor(event.owner), user_id=event.owner.pk, name="Olwen")
    register(event, 5)
    services.start_event(event, actor=actor(event.owner), rounds=3, note="the test's own number", confirm=True)
    services.pair_round(event, actor=actor(event.owner), seed=1)
    event.refresh_from_db()
    return me
