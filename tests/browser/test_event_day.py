"""A whole event in a real browser: the coordinator's laptop and a staff member's phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from events import services
from events.models import Event, Game
from tests.browser.conftest import fits_the_width, htmx_settled, paired_event
from tests.factories import UserFactory
from tests.helpers import actor

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "correct horse battery"


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Council")).to_be_visible()


def enter_result(page, table: int, mp_a: int, mp_b: int) -> None:
    # The form asks for its preview only once htmx has wired it: wait for the result page
    # to have loaded, or the typing may come first and no preview ever be asked for.
    expect(page.get_by_role("heading", name=re.compile(f"^Table {table} round"))).to_be_visible()
    page.wait_for_load_state("load")
    page.get_by_label(re.compile("final MP")).first.fill(str(mp_a))
    page.get_by_label(re.compile("final MP")).nth(1).fill(str(mp_b))
    expect(page.locator("#points-preview")).to_contain_text("tournament points")
    page.get_by_role("button", name="Save result").click()


def test_coordinator_runs_an_event_from_registration_to_final_standings(laptop, live_server):
    UserFactory(username="coordinator")
    base = live_server.url
    page = laptop
    log_in(page, base, "coordinator")

    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name").fill("Lothlórien Spring Open")
    page.get_by_label("Policy").select_option("policy-4-2001")
    page.get_by_label("Players expected").fill("5")
    expect(page.locator("#implications")).to_contain_text("3 for 5 players")
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("heading", name="Lothlórien Spring Open")).to_be_visible()

    # One name at a time, each ended by Enter, swapped in by htmx without a reload.
    name_field = page.get_by_label("Player name")
    for name in ["Ann", "Bob", "Cat", "Dan"]:
        page.get_by_label("Player name").fill(name)
        page.get_by_label("Player name").press("Enter")
        # Usually an htmx swap; a fast Enter before htmx has wired the new form posts it normally.
        expect(page.locator("main")).to_contain_text(f"Registered {name}.")
        htmx_settled(page)
    page.get_by_text("Paste a list of names").click()
    page.get_by_label("Paste a list, one player per line").fill("Eve\nann")
    page.get_by_role("button", name="Register them all").click()
    expect(page.locator("#players .errorlist")).to_contain_text("Line 2: ann is already registered")
    htmx_settled(page)
    page.get_by_label("Paste a list, one player per line").fill("Eve")
    page.get_by_role("button", name="Register them all").click()
    expect(page.locator("#players")).to_contain_text("Players (5 active)")
    assert name_field.count() == 1

    expect(page.get_by_text("the policy gives 3 Swiss rounds")).to_be_visible()
    page.get_by_role("button", name="Start with these rounds").click()
    expect(page.get_by_text("0 of 3 Swiss rounds paired")).to_be_visible()

    for number in (1, 2, 3):
        page.get_by_role("button", name=f"Pair round {number}").click()
        expect(page.get_by_role("heading", name=re.compile(f"Round {number}"))).to_be_visible()
        expect(page.locator("#tables")).to_contain_text("2 results missing")
        for table in (1, 2):
            page.get_by_role("link", name=f"Enter result for table {table}").click()
            enter_result(page, table, 20 + table, 10)
            expect(page.locator(f"#table-{table}")).to_contain_text("Confirmed")
        expect(page.locator("#tables")).to_contain_text("All results are in.")

    page.get_by_role("link", name="Standings, playoffs and close").click()
    expect(page.get_by_role("heading", name=re.compile("Standings"))).to_be_visible()
    rows = page.locator("tbody tr")
    expect(rows).to_have_count(5)
    page.get_by_role("button", name="Close the event").click()
    if page.get_by_label("Winner of the playoff").count():
        page.get_by_label("Winner of the playoff").select_option(index=1)
        page.get_by_role("button", name="Close the event").click()
    expect(page.get_by_role("heading", name=re.compile("Final standings"))).to_be_visible()
    assert Event.objects.get(name="Lothlórien Spring Open").status == "closed"


def test_round_page_shows_a_staff_result_without_reloading(laptop, live_server):
    event, rnd = paired_event("live", "policy-4-2001", 4)
    owner = event.owner
    log_in(laptop, live_server.url, "coordinator")
    laptop.goto(f"{live_server.url}/events/live/rounds/1/")
    expect(laptop.locator("#tables")).to_contain_text("2 results missing")
    for game in rnd.games.all():
        services.record_result(game, {"kind": "council", "mp": [10, 10]}, actor=actor(owner), expected_version=0)
    expect(laptop.locator("#tables")).to_contain_text("All results are in.", timeout=8_000)


def test_staff_enters_a_result_on_a_phone_with_the_free_council_calculator(phone, live_server):
    event, rnd = paired_event("phones", "version-3-1998", 4)
    owner = event.owner
    token = services.create_staff_link(event, actor=actor(owner))
    game = rnd.games.get(table=1)
    page = phone

    page.goto(f"{live_server.url}/staff/{token}/")
    expect(page.get_by_role("heading", name="2 tables still playing")).to_be_visible()
    assert fits_the_width(page)
    page.get_by_role("link", name=re.compile("Table 1")).click()
    # Measure the result page, not the staff page it is leaving.
    expect(page.get_by_role("heading", name=re.compile("^Table 1 round"))).to_be_visible()
    page.wait_for_load_state("load")
    assert fits_the_width(page)

    # A mistyped pair of equal scores: Version 3 needs the Weakest Link, said next to its field.
    page.get_by_label(f"{game.player_a.name}: final MP").fill("12")
    page.get_by_label(f"{game.player_b.name}: final MP").fill("12")
    page.get_by_role("button", name="Save result").click()
    expect(page.locator("#id_weakest_link_error")).to_contain_text("say who won the Weakest Link")
    assert Game.objects.get(pk=game.pk).result is None

    page.get_by_role("link", name="Free Council calculator").click()
    expect(page.get_by_role("heading", name="Free Council, table 1")).to_be_visible()
    page.wait_for_load_state("load")
    assert fits_the_width(page)
    page.locator("#id_a_character").fill("10")
    page.locator("#id_a_item").fill("4")
    page.locator("#id_b_character").fill("6")
    page.locator("#id_b_faction").fill("3")
    page.get_by_role("button", name="Calculate").click()
    expect(page.locator("#council-outcome")).to_contain_text(
        f"Final MP: {game.player_a.name} 16 · {game.player_b.name} 12"
    )
    # The form is sent on change and on submit: both answers in, so that no late swap replaces the link being
    # clicked (a person would tap it again).
    page.wait_for_load_state("networkidle")
    page.get_by_role("link", name="Use these MP for the result").click()
    expect(page.get_by_label(f"{game.player_a.name}: final MP")).to_have_value("16")
    # Version 3: 16/12 is over 1 and under 1.5 (16 < 18), so 4-2.
    expect(page.locator("#points-preview")).to_contain_text(
        f"{game.player_a.name}: 4 · {game.player_b.name}: 2 tournament points"
    )
    page.get_by_role("button", name="Save result").click()
    expect(page.get_by_role("heading", name="1 table still playing")).to_be_visible()
    expect(page.locator("#open-tables")).to_contain_text("Results in")
    game.refresh_from_db()
    assert (game.points, game.state, game.reported_by) == ([4, 2], "reported", "staff link")


def test_every_coordinator_page_fits_a_phone(phone, live_server):
    event, rnd = paired_event("narrow", "version-3-1998", 7, "A rather long event name for a narrow phone screen")
    owner = event.owner
    game = rnd.games.first()
    services.record_result(game, {"kind": "council", "mp": [21, 13]}, actor=actor(owner), expected_version=0)
    log_in(phone, live_server.url, "coordinator")
    pages = [
        "/",
        "/events/new/",
        "/events/import/",
        "/events/narrow/",
        "/events/narrow/settings/",
        f"/events/narrow/players/{event.players.first().pk}/",
        "/events/narrow/rounds/1/",
        "/events/narrow/tables/",
        f"/events/narrow/games/{game.pk}/result/",
        f"/events/narrow/games/{game.pk}/council/",
        "/events/narrow/standings/",
        "/events/narrow/staff/",
        "/events/narrow/audit/",
        "/e/narrow/",
        "/e/narrow/projector/",
        "/e/narrow/projector/?by=name",
        "/e/narrow/rounds/1/",
        "/events/narrow/print/pairings/",
        "/events/narrow/print/slips/",
        "/events/narrow/print/cards/",
        "/events/narrow/print/standings/",
    ]
    too_wide = []
    for path in pages:
        phone.goto(live_server.url + path)
        if not fits_the_width(phone):
            too_wide.append(path)
    assert too_wide == []


def test_a_large_event_is_searched_as_you_type_on_a_phone(phone, live_server):
    _event, rnd = paired_event("big", "policy-4-2001", 140, "A large open")
    game = rnd.games.select_related("player_a").get(table=57)
    log_in(phone, live_server.url, "coordinator")

    phone.goto(f"{live_server.url}/events/big/")
    expect(phone.get_by_text("Page 1 of 3")).to_be_visible()
    phone.wait_for_load_state("load")
    phone.get_by_label("Find a player: any part of a name").press_sequentially("player 100", delay=40)
    expect(phone.locator("#player-list")).to_contain_text("1 found for")
    expect(phone.locator("#player-list tbody tr")).to_have_count(1)
    expect(phone.locator("#player-list tbody")).to_contain_text("Player 100")
    assert fits_the_width(phone)

    phone.goto(f"{live_server.url}/events/big/rounds/1/")
    expect(phone.get_by_text("Page 1 of 2")).to_be_visible()
    phone.wait_for_load_state("load")
    phone.get_by_label("Find a table: its number, or any part of a player's name").press_sequentially("57", delay=40)
    expect(phone.locator("#tables tbody tr")).to_have_count(1)
    expect(phone.locator("#table-57")).to_contain_text(game.player_a.name)
    assert fits_the_width(phone)

    phone.goto(f"{live_server.url}/events/big/tables/")
    expect(phone.get_by_role("heading", name="70 tables still playing")).to_be_visible()
    phone.wait_for_load_state("load")
    phone.get_by_label("Find a table: its number, or any part of a player's name").press_sequentially("57", delay=40)
    expect(phone.locator("#open-tables .tables li")).to_have_count(1)
    assert fits_the_width(phone)


def test_a_name_typed_while_the_one_before_is_saving_is_never_lost(laptop, live_server):
    # A barcode scanner or a fast typist: the second name comes 30 ms after the first, while
    # the first is still on its way (held here for half a second), and a third is being typed.
    owner = UserFactory(username="coordinator")
    event = Event.objects.create(
        slug="scanner", name="Scanner Open", policy="policy-4-2001", game_type="two-deck", owner=owner
    )
    base = live_server.url
    page = laptop
    log_in(page, base, "coordinator")
    page.goto(f"{base}/events/{event.slug}/")
    htmx_settled(page)
    held = []

    def slow_first(route):
        if not held:
            held.append(route.request.post_data)
            page.wait_for_timeout(500)
        route.continue_()

    page.route(f"{base}/events/{event.slug}/players/", slow_first)
    box = page.get_by_label("Player name")
    box.fill("Ann Scanned")
    box.press("Enter")
    page.wait_for_timeout(30)
    box.fill("Bob Scanned")
    box.press("Enter")
    box.press_sequentially("Cat Typ")
    expect(page.locator("#players")).to_contain_text("Bob Scanned", timeout=10_000)
    htmx_settled(page)
    assert sorted(event.players.values_list("name", flat=True)) == ["Ann Scanned", "Bob Scanned"]
    # What was being typed is still in the box, and still has the focus.
    expect(page.get_by_label("Player name")).to_have_value("Cat Typ")
    expect(page.get_by_label("Player name")).to_be_focused()


def test_a_button_pressed_while_the_database_is_unreachable_says_nothing_was_saved(laptop, live_server):
    from django.template.loader import render_to_string

    owner = UserFactory(username="coordinator")
    event = Event.objects.create(
        slug="outage", name="Outage Open", policy="policy-4-2001", game_type="two-deck", owner=owner
    )
    page = laptop
    log_in(page, live_server.url, "coordinator")
    page.goto(f"{live_server.url}/events/{event.slug}/")
    # The page council/database_retry.py answers a save with while PostgreSQL is down.
    not_saved = render_to_string("503.html", {"read": False})
    page.route(
        f"**/events/{event.slug}/players/",
        lambda route: route.fulfill(status=503, body=not_saved, content_type="text/html; charset=utf-8"),
    )
    page.get_by_label("Player name").fill("Ann")
    page.get_by_label("Player name").press("Enter")
    expect(page.get_by_role("alert")).to_contain_text("Not saved: the database could not be reached")
    assert not event.players.exists()
