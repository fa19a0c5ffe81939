"""What every service shares: each change moves the event to a new version (events/services/base.py)."""

from __future__ import annotations

from events.models import Event
from tests.helpers import register


def test_every_service_touches_the_event_for_live_pages(event):
    before = Event.objects.get(pk=event.pk).changed_at
    register(event, 2)
    assert Event.objects.get(pk=event.pk).changed_at > before
