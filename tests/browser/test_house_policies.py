"""A house policy made on a phone, and an event run under it: every page cites the house rule (issue 30)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import scoring
from events.models import Event, HousePolicy
from tests.browser.conftest import fits_the_width, htmx_settled
from tests.browser.test_accessibility import _axe, _none_broken
from tests.browser.test_event_day import enter_result, log_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

BASE = scoring.get_policy("policy-4-2001")
TIME_RULE = f"Online Worlds 2024, house rule on time (in place of {BASE.time_clause})"
TIEBREAK_RULE = f"Online Worlds 2024, house rule on tie-breakers (in place of {BASE.tiebreak_clause})"
COPIES_RULE = f"Online Worlds 2024, house rule on copies of a card (in place of {BASE.deck_rules.copies_clause})"
RATIO_RULE = (
    f"Online Worlds 2024, house rule on tournament points by marshalling point ratio (in place of {BASE.ratio_clause})"
)


def test_a_coordinator_makes_a_house_policy_on_a_phone_and_runs_an_event_under_it(phone, live_server):
    UserFactory(username="coordinator")
    base, page, found = live_server.url, phone, []
    log_in(page, base, "coordinator")

    page.get_by_role("link", name="House policies").click()
    expect(page.get_by_role("heading", name="House policies", exact=True)).to_be_visible()
    page.get_by_role("link", name="New house policy").click()
    expect(page.get_by_role("heading", name="New house policy")).to_be_visible()
    assert fits_the_width(page)
    _axe(page, "/policies/new/", found)

    page.get_by_label("Built from").select_option("policy-4-2001")
    page.get_by_label("Key").fill("online-2024")
    page.get_by_label("Title").fill("Online Worlds 2024")
    # An online round, written in hours.
    page.get_by_label("Two-deck game, time").fill("2")
    page.get_by_label("The time limits above are in").select_option("hours")
    page.get_by_label("Most copies of a card that is neither unique nor a Wizard").fill("2")
    page.get_by_label("Winner's points, ratio 2 or more").fill("7")
    page.get_by_label("Tie-breaker 1", exact=True).select_option("number-of-wins")
    page.get_by_label("Tie-breaker 2", exact=True).select_option("head-to-head")
    # A warning as long as the shortest game is refused beside its field, and nothing is kept.
    page.get_by_label("Time announced, minutes before the end").fill("50")
    page.get_by_role("button", name="Save the house policy").click()
    expect(page.locator("#id_warning_minutes_error")).to_contain_text("before the end of the shortest game")
    assert HousePolicy.objects.count() == 0
    assert fits_the_width(page)
    _axe(page, "/policies/new/ (refused)", found)
    page.get_by_label("Time announced, minutes before the end").fill("")
    page.get_by_role("button", name="Save the house policy").click()

    expect(page.get_by_role("heading", name="House policy: Online Worlds 2024")).to_be_visible()
    rules = page.locator("#house-rules")
    expect(rules).to_contain_text("Two-deck game: 2 hours")
    expect(rules).to_contain_text(TIME_RULE)
    expect(rules).to_contain_text(COPIES_RULE)
    expect(page.get_by_label("Two-deck game, time")).to_have_value("2")  # kept in the unit it reads best
    expect(page.locator("#versions")).to_contain_text("Version 1")
    expect(rules).to_contain_text("Number of Wins · Head-to-Head")
    assert fits_the_width(page)
    _axe(page, "/policies/online-2024/edit/", found)

    page.get_by_role("link", name="New event under this policy").click()
    expect(page.get_by_label("Policy", exact=True)).to_have_value("online-2024")
    page.get_by_label("Name").fill("Online Worlds")
    page.get_by_label("Players expected").fill("4")
    implications = page.locator("#implications")
    expect(implications).to_contain_text("2 for 4 players")
    expect(implications).to_contain_text("House rules")
    expect(implications).to_contain_text(TIEBREAK_RULE)
    assert fits_the_width(page)
    page.get_by_role("button", name="Create the event").click()

    expect(page.get_by_role("heading", name="Online Worlds")).to_be_visible()
    desk = page.locator("main")
    expect(desk).to_contain_text("Online Worlds 2024 (built from")
    expect(page.locator("#house-rules")).to_contain_text(TIME_RULE)
    assert fits_the_width(page)
    _axe(page, "the desk under a house policy", found)
    for name in ["Ann", "Bob", "Cat", "Dan"]:
        page.get_by_label("Player name").fill(name)
        page.get_by_label("Player name").press("Enter")
        expect(page.locator("main")).to_contain_text(f"Registered {name}.")
        htmx_settled(page)
    expect(desk).to_contain_text("the policy gives 2 Swiss rounds of 2 hours")
    page.get_by_role("button", name="Start with these rounds").click()
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.get_by_role("heading", name=re.compile("Round 1"))).to_be_visible()
    expect(page.locator("main")).to_contain_text(TIME_RULE)  # beside the round clock
    assert fits_the_width(page)

    page.get_by_role("link", name="Enter result for table 1").click()
    enter_result(page, 1, 21, 10)  # ratio 2 or more: the house rule gives the winner 7
    expect(page.locator("#table-1")).to_contain_text("Confirmed")
    event = Event.objects.get(name="Online Worlds")
    game = event.rounds.get().games.get(table=1)
    assert game.points == [7, 0]
    page.goto(f"{base}/events/{event.slug}/games/{game.pk}/result/")
    page.wait_for_load_state("load")
    page.get_by_label(re.compile("final MP")).first.fill("22")
    expect(page.locator("#points-preview")).to_contain_text(re.compile(r": 7 · .+: 0 tournament points"))
    expect(page.locator("#points-preview")).to_contain_text(RATIO_RULE)
    assert fits_the_width(page)

    # The deck registration sheet states the house rule's number and cites it.
    page.goto(f"{base}/events/{event.slug}/print/deck-sheet/")
    sheet = page.locator("main")
    expect(sheet).to_contain_text("At most 2 copies of any other card.")
    expect(sheet).to_contain_text(COPIES_RULE)
    assert fits_the_width(page)

    page.goto(f"{base}/events/{event.slug}/standings/")
    expect(page.get_by_role("heading", name=re.compile("Standings"))).to_be_visible()
    expect(page.locator("main")).to_contain_text(TIEBREAK_RULE)
    assert fits_the_width(page)
    _none_broken(found)
