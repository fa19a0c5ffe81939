"""The events an account's home page lists (events/queries/home.py)."""

from __future__ import annotations

from events.queries.home import account_events
from tests.factories import EventFactory, PlayerFactory, UserFactory


def test_an_account_sees_the_events_it_owns_or_helps_run_newest_first_with_their_players(event, staff_user, owner):
    PlayerFactory.create_batch(3, event=event)
    mine_later = EventFactory(owner=owner)
    EventFactory(owner=UserFactory())  # someone else's
    assert [(e.pk, e.player_count) for e in account_events(owner)] == [(mine_later.pk, 0), (event.pk, 3)]
    assert [e.pk for e in account_events(staff_user)] == [event.pk]
    assert list(account_events(UserFactory())) == []
