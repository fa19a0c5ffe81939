"""A player and a staff member on 360-pixel phones in Spanish and in Finnish, whose words run longest.

The browser asks for its language (Accept-Language, as a phone set to Spanish does); the
pages come in it, with the clock's words and the numbers as the language writes them,
and nothing is wider than the screen. A player then switches the language at the foot
of the page, and it stays switched.
"""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import expect

from events import services
from events.models import Event
from tests.browser.conftest import fits_the_width, htmx_settled
from tests.factories import UserFactory
from tests.helpers import actor

pytestmark = pytest.mark.django_db(transaction=True)

# Anything wider than the screen, outside the tables that scroll sideways on purpose (.table-wrap).
OVERFLOWING = """() => [...document.querySelectorAll('main *, header *, footer *')]
    .filter(el => !el.closest('.table-wrap') && el.getClientRects().length)
    .filter(el => el.getBoundingClientRect().right > window.innerWidth + 1)
    .map(el => el.tagName + ': ' + el.textContent.trim().slice(0, 40))"""


def _words(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


def _running_event() -> tuple[Event, str]:
    owner = UserFactory(username="coordinator")
    who = actor(owner)
    event = Event.objects.create(
        slug="turku", name="Turun turnaus", policy="version-3-1998", game_type="two-deck", owner=owner
    )
    services.register_players(event, "Väinämöinen Kalevanpoika\nIlmarinen\nLemminkäinen\nAino", actor=who)
    services.start_event(event, actor=who)
    rnd = services.pair_round(event, actor=who, seed=3)
    services.start_clock(rnd, actor=who)
    return event, services.create_staff_link(event, actor=actor(owner))


def _phone(browser, language: str):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale=language
    )
    context.set_default_timeout(10_000)
    return context, context.new_page()


@pytest.mark.parametrize("language", ["es", "fi"])
def test_a_player_and_staff_read_and_enter_results_in_their_language_on_a_phone(browser, live_server, language):
    _event, token = _running_event()
    assert _words(language, "This page updates by itself.") != "This page updates by itself."  # the catalogue is read

    context, page = _phone(browser, language)
    page.goto(f"{live_server.url}/e/turku/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.locator("#find-name").press_sequentially("Väinä", delay=30)
    page.locator("#found button[name=player]").first.click()
    me = page.locator(".me")
    expect(me.get_by_role("heading", name="Väinämöinen Kalevanpoika")).to_be_visible()
    expect(page.locator("main")).to_contain_text(_words(language, "This page updates by itself."))
    assert fits_the_width(page)
    assert page.evaluate(OVERFLOWING) == []
    context.close()

    context, page = _phone(browser, language)
    page.goto(f"{live_server.url}/staff/{token}/")
    page.locator("a.tap").first.click()
    page.locator("input[name=kind][value=council]").check()
    page.locator("input[name=mp_a]").fill("25")
    page.locator("input[name=mp_b]").fill("10")
    assert fits_the_width(page)
    assert page.evaluate(OVERFLOWING) == []
    # The typing asks for a preview that swaps the form: a click during the swap may land on the old button.
    expect(page.locator("form.result")).to_contain_text("Väinämöinen Kalevanpoika: 6")
    htmx_settled(page)
    page.locator("form.result button[type=submit]").click()
    messages = page.locator(".messages")
    expect(messages).to_be_visible()
    # "Table 2: saved. ...", in the staff member's language.
    expect(messages).to_contain_text(_words(language, "Table %(table)s: saved. %(first)s v %(second)s.").split("%")[0])
    assert fits_the_width(page)
    assert page.evaluate(OVERFLOWING) == []
    context.close()


def test_the_switcher_changes_the_language_and_remembers_it(browser, live_server):
    _running_event()
    context, page = _phone(browser, "en-US")
    page.goto(f"{live_server.url}/e/turku/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator("#language-choice").select_option("fi")
    page.locator("form.languages button").click()
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    assert page.url.endswith("/e/turku/")
    page.goto(f"{live_server.url}/e/turku/")
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    expect(page.locator("#language-choice")).to_have_value("fi")
    context.close()
