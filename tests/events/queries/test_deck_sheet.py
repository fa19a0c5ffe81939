"""The blank deck registration sheet (events/queries/deck_sheet.py)."""

from __future__ import annotations

import pytest

from events import services
from events.models import Event
from events.queries.deck_sheet import deck_sheet


@pytest.fixture
def hero_event(event):
    event.format = "single-deck"  # Policy #1's one format
    event.policy = "policy-1-1996"
    event.save()
    return event


def test_the_blank_sheet_asks_for_what_the_format_needs(hero_event):
    sheet = deck_sheet(hero_event)
    assert ([str(deck) for deck in sheet.decks], sheet.against_fallen_wizard, sheet.fallen_wizard) == (
        ["Deck"],
        False,
        None,
    )
    assert (sheet.sealed, len(sheet.lines), len(sheet.sections)) == (False, 12, 6)
    Event.objects.filter(pk=hero_event.pk).update(policy="policy-4-2001", format="general-opponent")
    hero_event.refresh_from_db()
    general = deck_sheet(hero_event)
    assert (len(general.decks), general.against_fallen_wizard, general.fallen_wizard) == (2, True, "optional")


def test_the_sheet_states_a_house_policys_deck_numbers_and_who_may_play_the_one_ring(owner):
    changes = {"copies": 2, "one_ring_alignments": ["hero", "fallen-wizard"], "sideboard_limits": {"two-deck": 0}}
    services.save_house_policy(
        owner=owner, document={"key": "club", "title": "Club", "base": "policy-4-2001", "changes": changes}
    )
    event = services.create_event(owner=owner, name="Club Day", policy="club", game_type="two-deck")
    sheet = deck_sheet(event)
    assert (sheet.deck_rules.copies, sheet.sideboard_limit, sheet.starter, sheet.creature_minimum) == (
        2,
        0,
        False,
        None,
    )
    assert [str(label) for label in sheet.one_ring_alignments or []] == ["Hero", "Fallen-wizard"]
    assert sheet.deck_rules.copies_clause.startswith("Club, house rule on copies of a card")
