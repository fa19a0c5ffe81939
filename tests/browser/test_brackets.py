"""A player's phone at 360×740 through a knockout: their match first, the bracket below, live to the title."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from events import services
from events.models import Event
from tests.browser.conftest import fits_the_width
from tests.factories import UserFactory
from tests.helpers import actor

pytestmark = pytest.mark.django_db(transaction=True)

WIN = {"kind": "council", "mp": [20, 10]}


def _win_for(game, name: str, who) -> None:
    """Record the game with ``name`` winning it."""
    result = WIN if game.player_a.name == name else {"kind": "council", "mp": [10, 20]}
    services.record_result(game, result, actor=who, expected_version=game.version)


def test_a_player_follows_their_bracket_to_the_title_on_a_phone(phone, live_server):
    owner = UserFactory(username="coordinator")
    who = actor(owner)
    event = Event.objects.create(
        slug="knockout",
        name="Edoras Knockout",
        policy="policy-1-1996",
        game_type="two-deck",
        format="single-deck",
        owner=owner,
        structure="elimination",
        seeding="ranking",
    )
    players = services.register_players(event, "Éowyn Halfelven\nFaramir\nBeregond\nIoreth", actor=who)
    for rank, player in enumerate(players, start=1):
        services.update_player(
            player, actor=who, name=player.name, deck_capability=player.deck_capability, avatar="", ranking=rank
        )
    services.start_event(event, actor=who)
    first = services.pair_round(event, actor=who)
    page = phone
    page.goto(f"{live_server.url}/e/knockout/")
    expect(page.get_by_role("heading", name="Elimination single elimination")).to_be_visible()
    page.get_by_label("Any part of a name").press_sequentially("owyn", delay=40)
    page.locator("#found").get_by_role("button", name="This is me").click()

    me = page.locator(".me")
    expect(me.get_by_role("heading", name="Éowyn Halfelven")).to_be_visible()
    page.evaluate("window.stayedOnThePage = true")
    # Seed 1 meets seed 4 at the first table.
    expect(me).to_contain_text("Elimination, round 1: table 1 against Ioreth.")
    expect(me).to_contain_text("Bracket: Table 1 against Ioreth")
    expect(page.locator(".match.mine")).to_have_count(1)
    expect(page.locator(".match.mine")).to_contain_text("Ioreth")
    assert fits_the_width(page)

    semis = {game.table: game for game in first.games.select_related("player_a", "player_b")}
    _win_for(semis[1], "Éowyn Halfelven", who)
    _win_for(semis[2], "Faramir", who)
    # The page follows by itself: the final is her next match.
    expect(me).to_contain_text("Bracket: Final: next against Faramir")
    assert fits_the_width(page)

    final = services.pair_round(event, actor=who)
    expect(me).to_contain_text("Elimination, round 2: table 1 against Faramir.")
    _win_for(final.games.select_related("player_a", "player_b").get(), "Éowyn Halfelven", who)
    expect(me).to_contain_text("Bracket: Champion")
    expect(page.locator(".bracket")).to_contain_text("Champion: Éowyn Halfelven")
    expect(page.get_by_role("heading", name="Final ranking")).to_be_visible()
    assert fits_the_width(page)
    assert page.evaluate("window.stayedOnThePage") is True
