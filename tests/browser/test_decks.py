"""A player's phone at 360×740: sign up, paste a deck list, fix the card name the app flags."""

from __future__ import annotations

import datetime
import re

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
    event = Event.objects.create(
        slug="open",
        name="Minas Tirith Open",
        policy="policy-1-1996",
        game_type="two-deck",
        format="single-deck",
        owner=owner,
    )
    now = timezone.now()
    services.update_deck_settings(
        event,
        actor=actor(owner),
        deck_lists_wanted=True,
        sign_up_opens_at=now - datetime.timedelta(hours=1),
        sign_up_closes_at=now + datetime.timedelta(days=1),
        sign_up_cap=40,
        deck_deadline=now + datetime.timedelta(days=1),
    )
    page = phone
    page.goto(f"{live_server.url}/e/open/sign-up/")
    page.get_by_label("Your name, as it should appear on the pairings").fill("Éowyn Halfelven")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Éowyn Halfelven, you are registered")).to_be_visible()
    assert fits_the_width(page)

    page.get_by_label("Deck list").fill(LEGAL.replace("3 Orc-patrol", "3 Orc-patorl"))
    page.get_by_role("button", name="Save and check").click()
    unknown = page.locator(".deck-unknown")
    expect(unknown).to_contain_text("Orc-patorl (line 28): did you mean Orc-patrol")
    assert fits_the_width(page)

    pasted = page.get_by_label("Deck list")
    pasted.fill(pasted.input_value().replace("Orc-patorl", "Orc-patrol"))
    page.get_by_role("button", name="Save and check").click()
    expect(page.get_by_role("heading", name="The list is legal")).to_be_visible()
    expect(page.locator("body")).to_contain_text("can destroy The One Ring")
    assert fits_the_width(page)
    assert DeckList.objects.get(player__name="Éowyn Halfelven").findings["legal"] is True


def test_a_sealed_player_sees_the_construction_clock_and_declares_nothing_they_need_not(phone, live_server):
    owner = UserFactory(username="coordinator")
    event = Event.objects.create(
        slug="sealed",
        name="Bree Sealed Day",
        policy="policy-4-2001",
        game_type="sealed-standard",
        format="fallen-wizard-only",
        owner=owner,
        deck_lists_wanted=True,
    )
    [player] = services.register_players(event, "Radagast's Friend", actor=actor(owner))
    player = services.make_deck_link(player, actor=actor(owner))
    services.enter_sealed_product(player, "Starter\n3 Orc-patrol\nGandalf", actor=actor(owner))
    services.start_break_clock(event, actor=actor(owner))
    page = phone
    page.goto(f"{live_server.url}/e/sealed/")
    expect(page.locator(".clock-label")).to_have_text("Deck construction")
    # The clock counts down by itself from the server's end time: a minute or less gone.
    expect(page.get_by_role("timer")).to_have_text(re.compile(r"4[45]:\d\d"))
    assert fits_the_width(page)
    page.goto(f"{live_server.url}/e/sealed/deck/{player.deck_token}/")
    page.get_by_text("The cards you received").click()
    expect(page.locator("pre.deck-text")).to_contain_text("3 Orc-patrol")
    page.get_by_label("Deck list").fill("Pool\nGandalf\nHazards\n3 Orc-patrol")
    page.get_by_role("button", name="Save and check").click()
    expect(page.locator("#id_avatar_error")).to_contain_text("This field is required.")
    assert fits_the_width(page)
    page.get_by_label("The Fallen-wizard you play").select_option("Gandalf")
    page.get_by_role("button", name="Save and check").click()
    expect(page.locator(".declarations")).to_contain_text("Fallen-wizard: Gandalf")
    assert fits_the_width(page)
