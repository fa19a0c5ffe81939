"""Players known across events on a phone at 360 px (issue 32): a registrar gives a number, a coordinator links a
registration to it by a name that reads the same, and the player's page and the rankings explain their place."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from events import services
from events.models import Event, Member
from tests.browser.conftest import fits_the_width
from tests.browser.test_accessibility import _axe, _none_broken
from tests.browser.test_event_day import log_in
from tests.factories import UserFactory
from tests.helpers import actor, play_round

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_registrar_and_a_coordinator_make_a_player_known_and_ranked(browser, phone, live_server):
    owner = UserFactory(username="coordinator")
    call_command("registrar", "coordinator", stdout=io.StringIO())
    base, page, found = live_server.url, phone, []
    log_in(page, base, "coordinator")

    page.get_by_role("link", name="Rankings").click()
    expect(page.get_by_role("heading", name="Rankings")).to_be_visible()
    page.get_by_role("link", name="Players known across events").click()
    page.get_by_label("Name", exact=True).fill("Galadriel Nenya")
    page.get_by_label("Country (optional)").select_option("FI")
    page.get_by_label("The player agrees to a public page").check()
    page.get_by_role("button", name="Give a player number").click()
    expect(page.get_by_role("heading", name="Galadriel Nenya 1001")).to_be_visible()
    assert fits_the_width(page)
    _axe(page, "a member's page", found)

    # An event of eight, one of them registered at the desk as "galadriel nenya": linked by confirming the name.
    event = Event.objects.create(
        slug="lorien", name="Lórien Cup", policy="policy-4-2001", game_type="two-deck", owner=owner
    )
    by = actor(owner)
    services.register_players(
        event, "galadriel nenya\nElrond\nCeleborn\nHaldir\nArwen\nLegolas\nGimli\nFrodo", actor=by
    )
    player = event.players.get(name="galadriel nenya")
    page.goto(f"{base}/events/lorien/players/{player.pk}/")
    page.get_by_role("button", name="Yes: player number 1001, Galadriel Nenya").click()
    expect(page.locator(".messages")).to_contain_text("galadriel nenya is player number 1001.")
    assert fits_the_width(page)
    _axe(page, "a registration's page, linked", found)
    player.refresh_from_db()
    assert player.member == Member.objects.get(number=1001)

    services.start_event(event, actor=by, rounds=3, confirm=True)
    for _round in range(3):
        play_round(event)
    services.close_event(event, actor=by)

    # Anyone may open her page and the rankings, as she agreed: her place, her ladder points, why they count.
    visitor = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    visitor.set_default_timeout(10_000)
    public = visitor.new_page()
    public.goto(f"{base}/players/1001/")
    main = public.locator("main")
    expect(main).to_contain_text("Lórien Cup")
    expect(main).to_contain_text("of 8")
    expect(main).to_contain_text("counted")
    expect(main).to_contain_text("Finland")
    assert fits_the_width(public)
    _axe(public, "a public member's page", found)
    public.goto(f"{base}/players/rankings/")
    expect(public.locator("table.rankings")).to_contain_text("Galadriel Nenya")
    expect(public.locator("table.rankings")).not_to_contain_text("Elrond")  # known to no one here
    assert fits_the_width(public)
    _axe(public, "the rankings", found)
    visitor.close()
    _none_broken(found)
