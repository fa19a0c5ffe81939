"""A championship weekend on phones at 360 px (issue 31): a gathering with a main event and two side events,
run from one coordinator's browser session; a player signs up once for two of them, and their phone follows
them to their table in whichever event is on."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from events import services
from events.models import Entrant, Event
from tests.browser.conftest import fits_the_width
from tests.browser.test_accessibility import _axe, _none_broken
from tests.browser.test_event_day import log_in
from tests.factories import UserFactory
from tests.helpers import actor

pytestmark = pytest.mark.django_db(transaction=True)


def _new_event_in_the_gathering(page, name: str, *, game_type: str = "", format_label: str = "") -> None:
    page.get_by_role("link", name="New event in this gathering").click()
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Policy", exact=True).select_option("policy-4-2001")
    if game_type:
        page.get_by_label("Game type").select_option(label=game_type)
    if format_label:
        page.get_by_label("Format").select_option(label=format_label)
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()


def _seat_of(event: Event, name: str) -> tuple[int, str]:
    rnd = event.rounds.order_by("-number").first()
    for game in rnd.games.select_related("player_a", "player_b"):
        if name in (game.player_a.name, game.player_b.name):
            opponent = game.player_b if game.player_a.name == name else game.player_a
            return game.table, opponent.name
    raise AssertionError(f"{name} has no game in {event.name}")


def test_a_weekend_of_three_events_runs_in_one_session_and_a_phone_follows_its_player(browser, phone, live_server):
    owner = UserFactory(username="coordinator")
    who = actor(owner)
    base, page, found = live_server.url, phone, []
    log_in(page, base, "coordinator")

    # The gathering and its three events, made from its page.
    page.get_by_role("link", name="New gathering").click()
    page.get_by_label("Name of the gathering").fill("Lórien Weekend 2026")
    page.get_by_label("Place").fill("Helsinki")
    page.get_by_role("button", name="Make the gathering").click()
    expect(page.get_by_role("heading", name="Lórien Weekend 2026")).to_be_visible()
    assert fits_the_width(page)
    _new_event_in_the_gathering(page, "Main event")
    page.get_by_role("link", name="Lórien Weekend 2026").click()
    _new_event_in_the_gathering(page, "Fallen-wizard side event", format_label="Fallen-wizard only")
    page.get_by_role("link", name="Lórien Weekend 2026").click()
    _new_event_in_the_gathering(page, "Sealed side event", game_type="Sealed deck, standard")
    page.get_by_role("link", name="Lórien Weekend 2026").click()
    events = {event.name: event for event in Event.objects.filter(gathering__name="Lórien Weekend 2026")}
    assert set(events) == {"Main event", "Fallen-wizard side event", "Sealed side event"}
    main, fallen, sealed = events["Main event"], events["Fallen-wizard side event"], events["Sealed side event"]
    for event in events.values():
        services.update_deck_settings(
            event,
            actor=who,
            deck_lists_wanted=False,
            sign_up_opens_at=timezone.now() - timedelta(hours=1),
            sign_up_closes_at=None,
            sign_up_cap=None,
            deck_deadline=None,
        )
    page.reload()
    for name in events:
        expect(page.locator(".gathering-events")).to_contain_text(name)
    _axe(page, "the gathering's page", found)
    public_address = f"{base}/g/{main.gathering.slug}/"

    # A player signs up once, on their own phone, for the main event and the sealed one.
    player_context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    player_context.set_default_timeout(10_000)
    ann = player_context.new_page()
    ann.goto(public_address)
    expect(ann.get_by_role("heading", name="Lórien Weekend 2026")).to_be_visible()
    ann.get_by_role("link", name="Sign up").click()
    ann.get_by_label("Your name, as it should appear on the pairings").fill("Ann Smith")
    ann.get_by_label("Main event").check()
    ann.get_by_label("Sealed side event").check()
    ann.get_by_label("Your name on the online client (optional)").fill("ann_of_lorien")
    assert fits_the_width(ann)
    _axe(ann, "the gathering's sign-up", found)
    ann.get_by_role("button", name="Sign up").click()
    expect(ann.get_by_role("heading", name="Ann Smith, you are registered")).to_be_visible()
    expect(ann.locator("main")).to_contain_text("No game for you right now")
    own_page = ann.url
    entrant = Entrant.objects.get(name="Ann Smith")
    assert sorted(entrant.players.values_list("event__name", flat=True)) == ["Main event", "Sealed side event"]
    assert fits_the_width(ann)
    _axe(ann, "an entrant's own page", found)

    # The coordinator registers others at the gathering's desk: one person in two events at once.
    page.reload()
    registering = page.locator("form[action$='/register/']")
    registering.get_by_label("Player's name").fill("Bob Brandybuck")
    registering.get_by_label("Main event").check()
    registering.get_by_label("Fallen-wizard side event").check()
    registering.get_by_role("button", name="Register").click()
    expect(page.locator(".messages")).to_contain_text("Bob Brandybuck is registered.")
    expect(page.locator("table.entrants")).to_contain_text("Main event, Fallen-wizard side event")
    assert fits_the_width(page)
    services.register_players(main, "Cat\nDan", actor=who)
    services.register_players(fallen, "Eve", actor=who)
    services.register_players(sealed, "Fay", actor=who)

    # The main event runs: its desk, reached from the gathering's page, starts and pairs round 1.
    page.get_by_role("link", name="Main event").click()
    page.get_by_role("button", name="Start with these rounds").click()
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.get_by_role("heading", name=re.compile("Round 1"))).to_be_visible()
    table, opponent = _seat_of(main, "Ann Smith")
    ann.goto(own_page)
    expect(ann.locator("#now")).to_contain_text(f"Round 1: table {table} against {opponent}.")
    expect(ann.locator("#now")).to_contain_text("Main event")
    expect(ann.get_by_role("link", name="Your page in Main event")).to_be_visible()
    assert fits_the_width(ann)
    _axe(ann, "an entrant's own page, with a table", found)
    # The public page follows the phone's own player too, once it says who it is.
    ann.goto(public_address)
    ann.get_by_label("Find your tables: choose your name").select_option(label="Ann Smith")
    ann.get_by_role("button", name="This is me").click()
    expect(ann.locator("#now")).to_contain_text(f"table {table} against {opponent}")
    expect(ann.locator(".gathering-events")).to_contain_text("Round 1 is on")
    _axe(ann, "the gathering's public page, with a table", found)

    # The main round's results are in; the sealed event pairs its round 1; the phone moves to that table.
    for game in main.rounds.get(number=1).games.all():
        services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=who, expected_version=game.version)
    page.goto(f"{base}/events/{sealed.slug}/")
    page.get_by_role("button", name="Start with these rounds").click()
    page.get_by_role("button", name="Pair round 1").click()
    sealed_table, sealed_opponent = _seat_of(sealed, "Ann Smith")
    ann.goto(own_page)
    now = ann.locator("#now")
    expect(now).to_contain_text(f"table {sealed_table} against {sealed_opponent}")
    expect(now.locator(".seat").first).to_contain_text("Sealed side event")  # the game still to play comes first
    expect(now).to_contain_text("Your game's result stands.")  # the main event's, played

    # The fallen-wizard event runs from the same session; Bob, in two events, is warned of on the gathering's page.
    page.goto(f"{base}/events/{fallen.slug}/")
    page.get_by_role("button", name="Start with these rounds").click()
    page.get_by_role("button", name="Pair round 1").click()
    services.pair_round(main, actor=who, seed=2)
    page.goto(f"{base}/gatherings/{main.gathering.slug}/")
    expect(page.locator("main")).to_contain_text(
        "Bob Brandybuck has a game waiting in Main event, Fallen-wizard side event at once."
    )
    assert fits_the_width(page)
    _axe(page, "the gathering's page, two games at once", found)
    player_context.close()
    _none_broken(found)
