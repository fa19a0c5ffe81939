"""An event's deck settings: the sign-up's window and the challenge decks or scenarios posted
(events/services/deck_settings.py)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from events import services
from tests.helpers import actor

NOW = timezone.make_aware(datetime.datetime(2026, 11, 20, 12, 0))


@pytest.mark.parametrize(
    "choices, said",
    [
        (["A\x00B"], "control character"),
        (["x" * 101], "longer than 100 characters"),
        ([f"Deck {n}" for n in range(21)], "at most 20"),
    ],
)
def test_posted_choices_are_refused_next_to_their_field(event, choices, said):
    with pytest.raises(services.ServiceError) as refused:
        services.update_deck_settings(
            event,
            actor=actor(event.owner),
            deck_lists_wanted=True,
            sign_up_opens_at=None,
            sign_up_closes_at=None,
            sign_up_cap=None,
            deck_deadline=None,
            deck_choices=choices,
        )
    assert refused.value.field == "deck_choices" and said in str(refused.value)


def test_deck_settings_refuse_a_window_that_closes_before_it_opens(event):
    with pytest.raises(services.ServiceError) as refused:
        services.update_deck_settings(
            event,
            actor=actor(event.owner),
            deck_lists_wanted=True,
            sign_up_opens_at=NOW,
            sign_up_closes_at=NOW,
            sign_up_cap=None,
            deck_deadline=None,
        )
    assert refused.value.field == "sign_up_closes_at"
