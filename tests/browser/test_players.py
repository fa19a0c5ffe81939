"""A player's phone at 360×740: find my table, say "this is me", follow the rounds and the clock."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from events import services
from events.models import Event, Game, Player
from tests.browser.conftest import fits_the_width, paired_event
from tests.events.services.test_clock import THREE_DAYS
from tests.factories import UserFactory
from tests.helpers import actor

pytestmark = pytest.mark.django_db(transaction=True)


def _seat(event, name: str, number: int) -> tuple[int, str]:
    game = (
        Game.objects.select_related("player_a", "player_b").get(
            round__event=event, round__number=number, player_a__name=name
        )
        if Game.objects.filter(round__event=event, round__number=number, player_a__name=name).exists()
        else Game.objects.select_related("player_a", "player_b").get(
            round__event=event, round__number=number, player_b__name=name
        )
    )
    opponent = game.player_b if game.player_a.name == name else game.player_a
    return game.table, opponent.name


def test_a_player_follows_the_event_on_a_phone_without_reloading(phone, live_server):
    owner = UserFactory(username="coordinator")
    who = actor(owner)
    event = Event.objects.create(
        slug="open",
        name="Minas Tirith Open",
        policy="policy-1-1996",
        game_type="one-deck-standard",
        format="single-deck",
        owner=owner,
    )
    services.register_players(event, "Éowyn Halfelven\nFaramir\nBeregond\nIoreth\nImrahil\nHúrin", actor=who)
    services.start_event(event, actor=who)
    services.pair_round(event, actor=who, seed=4)
    services.start_clock(event.rounds.get(number=1), actor=who)
    page = phone

    polls = []
    page.on(
        "response",
        lambda response: polls.append(response.status) if response.request.headers.get("hx-target") == "live" else None,
    )
    page.goto(f"{live_server.url}/e/open/")
    page.evaluate("window.stayedOnThePage = true")
    page.get_by_label("Any part of a name").press_sequentially("owyn", delay=40)
    table, opponent = _seat(event, "Éowyn Halfelven", 1)
    found = page.locator("#found")
    expect(found).to_contain_text(f"Éowyn Halfelven: table {table} against {opponent}")
    assert fits_the_width(page)
    found.get_by_role("button", name="This is me").click()

    me = page.locator(".me")
    expect(me.get_by_role("heading", name="Éowyn Halfelven")).to_be_visible()
    expect(me).to_contain_text(f"Round 1: table {table} against {opponent}.")
    assert fits_the_width(page)
    # Its own rows of the tables every phone shares (its table, its line in the standings) are
    # marked, without a style written into the page.
    mine = page.locator("#live tr.mine")
    expect(mine).to_have_count(2)
    expect(mine.first).to_contain_text("Éowyn Halfelven")
    assert mine.first.locator("td").first.evaluate("cell => getComputedStyle(cell).fontWeight") == "700"

    # The clock counts down on the phone by itself, between polls.
    clock = me.locator("[data-clock-time]")
    first = clock.text_content()
    assert re.fullmatch(r"4[45]:\d\d", first), first  # Policy #1: 45 minutes for a single-deck game
    expect(clock).not_to_have_text(first, timeout=3_000)
    page.evaluate("window.stayedOnThePage = true")  # the "This is me" form reloaded the page once

    # Every result of round 1 comes in and the coordinator pairs round 2: the phone follows.
    for game in Game.objects.filter(round__event=event, round__number=1):
        services.record_result(game, {"kind": "council", "mp": [12, 7]}, actor=who, expected_version=game.version)
    services.pair_round(event, actor=who, seed=5)
    table, opponent = _seat(event, "Éowyn Halfelven", 2)
    expect(me).to_contain_text(f"Round 2: table {table} against {opponent}.", timeout=8_000)
    expect(page.locator("#live tr.mine")).to_have_count(2)  # marked again in the tables the poll brought
    expect(page.locator("#me-heading + p")).to_be_visible()
    assert page.evaluate("window.stayedOnThePage") is True, "the new round came without a reload"
    expect(page.locator(".card-table tbody tr")).to_have_count(2)  # round 1 played, round 2 playing
    assert page.evaluate("(wrap => wrap.scrollWidth <= wrap.clientWidth)(document.querySelector('.me .table-wrap'))"), (
        "the tournament card fits the phone without scrolling sideways"
    )

    # The policy's warning, then time: the last seconds of a 45-minute round, without waiting 45 minutes.
    rnd = event.rounds.get(number=2)
    services.start_clock(rnd, actor=who)
    services.adjust_time(rnd, actor=who, minutes=-41)
    expect(me.locator(".clock-warning")).to_be_visible(timeout=8_000)
    expect(me.locator(".clock-warning")).to_contain_text("Less than 5 minutes")
    rnd.refresh_from_db()
    rnd.clock_ends_at = timezone.now() + timedelta(seconds=3)
    rnd.save(update_fields=["clock_ends_at"])
    Event.objects.filter(pk=event.pk).update(changed_at=timezone.now())
    expect(me.locator(".clock-time")).to_be_visible(timeout=10_000)
    expect(me.locator(".clock-time")).to_contain_text("Play on until the player who went second finishes a turn")
    expect(clock).to_have_text("00:00")
    assert page.evaluate("window.stayedOnThePage") is True
    assert fits_the_width(page)
    # While nothing changes, every poll is answered 304 and the page stays as it is.
    page.wait_for_timeout(500)
    quiet_from = len(polls)
    page.wait_for_timeout(3_000)
    assert 200 in polls[:quiet_from] and polls[quiet_from:] and set(polls[quiet_from:]) == {304}, polls
    expect(me.locator(".clock-time")).to_be_visible()

    # The polls brought no token (events/pages/phones.py): "choose again" sends the page's form, outside the region.
    assert page.locator("#me-choose input[name=csrfmiddlewaretoken]").input_value()
    page.get_by_role("button", name="Not Éowyn Halfelven? Choose again").click()
    expect(page.get_by_label("Any part of a name")).to_be_visible()
    expect(page.get_by_role("heading", name="Éowyn Halfelven")).to_have_count(0)


def test_the_projector_pages_through_the_tables(browser, live_server):
    paired_event("hall", "policy-4-2001", 60, "Hall of Fire")
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{live_server.url}/e/hall/projector/")
    tables = page.locator(".projector-list li")
    expect(tables).to_have_count(30)
    counter = page.locator("[data-page-counter]")
    expect(counter).to_have_text(re.compile(r"Page 1 of \d"))
    visible = page.locator(".projector-list li:not([hidden])")
    assert 0 < visible.count() < 30
    # Nothing shown is cut off at the bottom of the screen.
    assert page.evaluate("""() => [...document.querySelectorAll('.projector-list li:not([hidden])')]
        .every(li => li.getBoundingClientRect().bottom <= window.innerHeight)""")
    context.close()


def _report_from(page, live_server, code: str, name: str, game) -> str:
    page.goto(f"{live_server.url}/e/{game.round.event.slug}/")
    page.get_by_role("link", name="Report your result").click()
    page.get_by_label("Your own report code").fill(code.lower())
    page.get_by_role("button", name="Next").click()
    expect(page.locator("main")).to_contain_text(f"you are {name}")
    page.get_by_label("Free Council (marshalling points)").check()
    page.get_by_label(f"{game.player_a.name}: final MP").fill("18")
    page.get_by_label(f"{game.player_b.name}: final MP").fill("12")
    assert fits_the_width(page)
    page.get_by_role("button", name="Send my report").click()
    expect(page.locator(".messages")).to_contain_text(f"Table {game.table}:")
    assert fits_the_width(page)
    return page.locator(".messages").text_content()


def _phone(browser, number: int):
    # Two players' own phones: two browsers, each of its own make.
    return browser.new_context(
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
        user_agent=f"Mozilla/5.0 (Linux; Android 14; Phone {number}) Mobile",
    )


def test_both_players_report_from_their_phones_and_the_result_stands(browser, live_server):
    event, rnd = paired_event("report", "policy-4-2001", 4, "Bree Moot")
    Event.objects.filter(pk=event.pk).update(players_report=True)
    game = rnd.games.select_related("player_a", "player_b").order_by("table").first()

    told = []
    for number, (code, name) in enumerate(((game.code_a, game.player_a.name), (game.code_b, game.player_b.name))):
        context = _phone(browser, number)
        told.append(_report_from(context.new_page(), live_server, code, name, game))
        context.close()

    assert "The result stands once" in told[0] and "both reports agree, the result stands" in told[1]
    game.refresh_from_db()
    assert game.result == {"kind": "council", "mp": [18, 12]} and game.reported_by == "both players"


def test_one_phone_typing_both_codes_sends_the_table_to_staff(browser, live_server):
    """Issue 28's probe: one player types their own code, then their opponent's, on one phone."""
    event, rnd = paired_event("forged", "policy-4-2001", 4, "Bree Moot")
    Event.objects.filter(pk=event.pk).update(players_report=True)
    game = rnd.games.select_related("player_a", "player_b").order_by("table").first()
    context = _phone(browser, 1)
    page = context.new_page()
    _report_from(page, live_server, game.code_a, game.player_a.name, game)
    told = _report_from(page, live_server, game.code_b, game.player_b.name, game)
    assert "both reports came from this one device, so they settle nothing" in told
    context.close()
    game.refresh_from_db()
    assert game.result is None and game.reported_from_one_device


def test_at_a_large_event_the_phone_shows_its_own_seat_and_links_to_the_whole_lists(phone, live_server):
    # 66 players, two more than a phone's page lists: the tables and standings are pages every phone shares.
    event, first = paired_event("grand", "policy-4-2001", 66, "Grand Council of Lórien")
    who = actor(event.owner)
    for game in first.games.all():
        services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=who, expected_version=game.version)
    second = services.pair_round(event, actor=who, seed=2)
    services.start_clock(second, actor=who)
    game = second.games.select_related("player_a", "player_b").order_by("table")[20]
    me, opponent = game.player_a, game.player_b
    page = phone

    page.goto(f"{live_server.url}/e/grand/")
    page.get_by_label("Any part of a name").fill(me.name)
    page.locator("#found").get_by_role("button", name="This is me").click()
    mine = page.locator(".me")
    expect(mine).to_contain_text(f"Round 2: table {game.table} against {opponent.name}.")
    expect(mine.locator("[data-clock-time]")).to_have_text(re.compile(r"\d\d:\d\d"))
    expect(mine).to_contain_text("place ")
    expect(page.locator("table.pairings")).to_have_count(0)
    assert fits_the_width(page)

    # A tap away: every table of the round, landing on the phone's own, marked.
    page.get_by_role("link", name="Pairings of round 2").click()
    expect(page).to_have_url(f"{live_server.url}/e/grand/pairings/#table-{game.table}")
    expect(page.get_by_role("heading", name="Pairings", exact=True)).to_be_visible()
    own = page.locator(f"#table-{game.table}")
    expect(own).to_be_in_viewport()
    expect(own).to_have_class("mine")
    expect(page.locator("table.pairings tbody tr")).to_have_count(33)
    assert fits_the_width(page)

    # The shared page follows the event by itself, and the phone's row stays marked.
    services.record_result(game, {"kind": "council", "mp": [9, 21]}, actor=who, expected_version=game.version)
    expect(own.locator("td").nth(2)).not_to_have_text("playing", timeout=8_000)
    expect(page.locator(f"#table-{game.table}")).to_have_class("mine")

    # And the standings, landing on the phone's own line.
    page.get_by_role("link", name="Standings").click()
    expect(page).to_have_url(f"{live_server.url}/e/grand/standings/")
    page.goto(f"{live_server.url}/e/grand/")
    page.get_by_role("link", name="Standings").click()
    expect(page).to_have_url(f"{live_server.url}/e/grand/standings/#player-{me.pk}")
    expect(page.locator(f"#player-{me.pk}")).to_be_in_viewport()
    expect(page.locator("#standings tbody tr")).to_have_count(66)
    assert fits_the_width(page)


def test_online_sign_up_with_contacts_and_the_clock_deadline_in_the_readers_zone(browser, live_server):
    # A round of three days on the online client; the event is run from New Zealand, the player is in Finland.
    owner = UserFactory(username="coordinator")
    who = actor(owner)
    event = Event.objects.create(
        slug="online",
        name="Online Worlds",
        policy=THREE_DAYS["key"],
        policy_document=THREE_DAYS,
        game_type="two-deck",
        owner=owner,
        time_zone="Pacific/Auckland",
    )
    now = timezone.now()
    services.update_deck_settings(
        event,
        actor=who,
        deck_lists_wanted=False,
        sign_up_opens_at=now - timedelta(hours=1),
        sign_up_closes_at=now + timedelta(days=1),
        sign_up_cap=None,
        deck_deadline=None,
    )
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, timezone_id="Europe/Helsinki"
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/e/online/sign-up/")
    page.get_by_label("Your name, as it should appear on the pairings").fill("Éowyn Halfelven")
    page.get_by_label("Your name on the online client (optional)").fill("eowyn_r")
    page.get_by_label("Your e-mail address (optional)").fill("eowyn@example.org")
    page.get_by_label("Show my e-mail address to my opponents").check()
    assert fits_the_width(page)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Éowyn Halfelven, you are registered")).to_be_visible()
    private = page.url

    [faramir] = services.register_players(event, "Faramir", actor=who)
    Player.objects.filter(pk=faramir.pk).update(online_name="faramir_online", email="faramir@example.org")
    services.start_event(event, actor=who, rounds=1, note="one round online", confirm=True)
    rnd = services.pair_round(event, actor=who, seed=1)
    services.start_clock(rnd, actor=who)
    page.goto(private)
    opponents = page.locator("section[aria-labelledby=opponents-heading]")
    expect(opponents).to_contain_text("faramir_online")
    expect(opponents).not_to_contain_text("faramir@example.org")  # Faramir did not share it
    assert fits_the_width(page)

    page.goto(f"{live_server.url}/e/online/")
    deadline = page.locator(".clock-ends time")
    expect(deadline).not_to_contain_text("Pacific/Auckland")  # rewritten in the reader's own zone
    expect(deadline).to_contain_text(re.compile(r"EET|EEST|GMT\+[23]"))
    first = deadline.text_content()
    # The coordinator gives the round a day: the poll brings the clock anew, rewritten again.
    services.adjust_time(rnd, actor=who, minutes=1440)
    expect(deadline).not_to_have_text(first, timeout=8_000)
    expect(deadline).not_to_contain_text("Pacific/Auckland")
    expect(deadline).to_contain_text(re.compile(r"EET|EEST|GMT\+[23]"))
    assert fits_the_width(page)
    context.close()
