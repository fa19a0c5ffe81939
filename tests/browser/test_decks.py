"""A player's phone at 360×740: sign up, paste a deck list, fix the card name the app flags."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from events import services
from events.models import DeckList, Event
from tests.browser.conftest import fits_the_width
from tests.factories import UserFactory
from tests.helpers import actor
from tests.scoring.test_decks import LEGAL

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_signs_up_pastes_a_list_and_fixes_a_flagged_name_on_a_phone(phone, live_server):
    owner = UserFactory(username="coordinator")
    event = Event.objects.create(slug="open", name="Minas Tirith Open", policy="policy-1-1996", game_type="two-deck",
                                 format="hero-only", owner=owner)
    now = timezone.now()
    services.update_deck_settings(event, actor=actor(owner), deck_lists_wanted=True,
                                  sign_up_opens_at=now - datetime.timedelta(hours=1),
                                  sign_up_closes_at=now + datetime.timedelta(days=1), sign_up_cap=40,
                                  deck_deadline=now + datetime.timedelta(days=1))
    page = phone
    page.goto(f"{live_server.url}/e/open/sign-up/")
    page.get_by_label("Your name, as it should appear on the pairings").fill("Éowyn Halfelven")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Éowyn Halfelven, you are registered")).to_be_visible()
    assert fits_the_width(page)

    page.get_by_label("Deck list").fill(LEGAL.replace("3 Orc-patrol", "3 Orc-patorl"))
    page.get_by_role("button", name="Save and check").click()
    unknown = page.locator(".deck-unknown")
    expect(unknown).to_contain_text("Orc-patorl (line 23): did you mean Orc-patrol")
    assert fits_the_width(page)

    pasted = page.get_by_label("Deck list")
    pasted.fill(pasted.input_value().replace("Orc-patorl", "Orc-patrol"))
    page.get_by_role("button", name="Save and check").click()
    expect(page.get_by_role("heading", name="The list is legal")).to_be_visible()
    expect(page.locator("body")).to_contain_text("can destroy The One Ring")
    assert fits_the_width(page)
    assert DeckList.objects.get(player__name="Éowyn Halfelven").findings["legal"] is True
