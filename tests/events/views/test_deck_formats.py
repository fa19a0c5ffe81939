"""Deck pages by format: declarations, the sealed product and clock, links for everyone, published lists."""

from __future__ import annotations

import html

import pytest

from events import services
from events.models import Event
from tests.events.views.test_decks import SECRET_CARD, SECRET_LIST, _error
from tests.helpers import actor, register, run_event
from tests.scoring.test_decks import SEALED_PRODUCT


def _link(player) -> str:
    return f"/e/{player.event.slug}/deck/{player.deck_token}/"


def test_a_fallen_wizard_player_declares_theirs_on_their_link_and_is_told_when_they_forget(client, event):
    Event.objects.filter(pk=event.pk).update(
        format="fallen-wizard-only", deck_lists_wanted=True, policy="policy-4-2001"
    )
    [ann] = register(event, 1)
    ann = services.make_deck_link(ann, actor=actor(event.owner))
    page = client.get(_link(ann)).content.decode()
    assert '<select name="avatar"' in page and ">Saruman</option>" in page
    refused = client.post(_link(ann), {"text": SECRET_LIST})
    assert refused.status_code == 422 and _error(refused, "avatar") == "This field is required."
    assert client.post(_link(ann), {"text": SECRET_LIST, "avatar": "Alatar"}).status_code == 302
    ann.refresh_from_db()
    assert ann.avatar == "Alatar"
    assert "Fallen-wizard: <strong>Alatar</strong>" in client.get(_link(ann)).content.decode()


def test_a_scenario_player_chooses_from_the_posted_scenarios(client, as_owner, event):
    Event.objects.filter(pk=event.pk).update(game_type="scenario", deck_lists_wanted=True, policy="policy-4-2001")
    saved = as_owner.post(
        f"/events/{event.slug}/decks/", {"deck_lists_wanted": "on", "deck_choices": "The Ring-quest\r\nDragon's Hoard"}
    )
    assert saved.status_code == 302
    [ann] = register(event, 1)
    page = as_owner.get(f"/events/{event.slug}/players/{ann.pk}/deck/").content.decode()
    assert html.escape("Dragon's Hoard") in page and "Barrels out of Bond" not in page
    refused = as_owner.post(
        f"/events/{event.slug}/players/{ann.pk}/deck/", {"text": SECRET_LIST, "choice": "Barrels out of Bond"}
    )
    assert refused.status_code == 422 and "Barrels out of Bond is not one of the available choices" in _error(
        refused, "choice"
    )


@pytest.fixture
def sealed(event):
    Event.objects.filter(pk=event.pk).update(
        game_type="sealed-standard", policy="policy-4-2001", format="hero-only", deck_lists_wanted=True
    )
    event.refresh_from_db()
    return event


def test_the_coordinator_enters_the_product_and_the_player_sees_it_on_their_link(client, as_owner, sealed):
    [ann] = register(sealed, 1)
    ann = services.make_deck_link(ann, actor=actor(sealed.owner))
    url = f"/events/{sealed.slug}/players/{ann.pk}/product/"
    services.submit_deck_list(ann, "Pool\nGandalf\nHazards\n3 Orc-patrol", actor=actor(sealed.owner))
    refused = as_owner.post(url, {"product": "0 Wargs"})
    assert refused.status_code == 422 and "line 1" in _error(refused, "product")
    # The list form beside it still shows the saved list, and no error of its own.
    page = refused.content.decode()
    assert "3 Orc-patrol</textarea>" in page and 'id="id_text_error"' not in page
    assert as_owner.post(url, {"product": SEALED_PRODUCT}).status_code == 302
    assert "3 Cave-drake" in client.get(_link(ann)).content.decode()
    assert "3 Cave-drake" in as_owner.get(f"/events/{sealed.slug}/players/{ann.pk}/deck/").content.decode()


def test_the_construction_clock_runs_on_the_desk_the_phones_and_the_projector(client, as_owner, sealed):
    register(sealed, 4)
    desk = as_owner.get(f"/events/{sealed.slug}/").content.decode()
    assert "Start the construction clock" in desk and "45 minutes to build" in desk
    assert "Deck construction" not in client.get(f"/e/{sealed.slug}/").content.decode()
    assert as_owner.post(f"/events/{sealed.slug}/break-clock/", {"action": "start"}).status_code == 302
    for page in (f"/e/{sealed.slug}/", f"/e/{sealed.slug}/projector/", f"/events/{sealed.slug}/"):
        shown = client.get(page) if page.startswith("/e/") else as_owner.get(page)
        assert 'class="clock-label">Deck construction' in shown.content.decode(), page
    refused = as_owner.post(f"/events/{sealed.slug}/break-clock/", {"action": "adjust"})
    assert refused.status_code == 422
    assert _error(refused, "minutes") == "Give the minutes to add, or to take back with a minus sign."
    # A second press on Start (a double click) says why nothing happened.
    again = as_owner.post(f"/events/{sealed.slug}/break-clock/", {"action": "start"})
    assert again.status_code == 422 and "The clock is already running." in again.content.decode()


def test_minutes_given_before_the_clock_starts_show_in_what_it_says(client, as_owner, sealed):
    register(sealed, 2)
    as_owner.post(f"/events/{sealed.slug}/break-clock/", {"action": "adjust", "minutes": "5"})
    public = client.get(f"/e/{sealed.slug}/").content.decode()
    assert "Not started: 50 minutes when it starts." in public and ">50:00<" in public


def test_between_sealed_rounds_the_exchange_clock_replaces_the_rounds_on_the_phones(client, as_owner, sealed):
    run_event(sealed, 4, 1)
    desk = as_owner.get(f"/events/{sealed.slug}/").content.decode()
    assert "Card exchanges after round 1" in desk and "Start the exchange clock" in desk
    as_owner.post(f"/events/{sealed.slug}/break-clock/", {"action": "start"})
    assert 'class="clock-label">Card exchanges' in client.get(f"/e/{sealed.slug}/").content.decode()
    services.pair_round(sealed, actor=actor(sealed.owner), seed=2)
    public = client.get(f"/e/{sealed.slug}/").content.decode()
    assert "Card exchanges" not in public and 'class="clock-label">Round 2' in public


def test_links_for_every_player_are_made_with_one_press(as_owner, event):
    register(event, 3)
    done = as_owner.post(f"/events/{event.slug}/decks/links/", follow=True)
    assert "3 new deck links" in done.content.decode()
    assert not event.players.filter(deck_token="").exists()


def test_after_the_event_the_chosen_lists_are_published_and_no_other(client, as_owner, event):
    Event.objects.filter(pk=event.pk).update(format="hero-only", deck_lists_wanted=True)
    run_event(event, 4, 1)
    ann, bea = event.players.order_by("name")[:2]
    for player in (ann, bea):
        services.submit_deck_list(player, SECRET_LIST, actor=actor(event.owner))
    decks = as_owner.get(f"/events/{event.slug}/decks/").content.decode()
    assert "Publish the ticked lists" not in decks  # not while the event runs
    Event.objects.filter(pk=event.pk).update(status=Event.CLOSED)
    decks = as_owner.get(f"/events/{event.slug}/decks/").content.decode()
    assert "Publish the ticked lists" in decks
    assert as_owner.post(f"/events/{event.slug}/decks/publish/", {"players": [ann.pk]}).status_code == 302
    public = client.get(f"/e/{event.slug}/").content.decode()
    assert f'href="/e/{event.slug}/decks/{ann.pk}/"' in public and SECRET_CARD not in public
    assert "<legend><strong>Lists shown on the public page</strong></legend>" in decks
    assert SECRET_CARD in html.unescape(client.get(f"/e/{event.slug}/decks/{ann.pk}/").content.decode())
    assert client.get(f"/e/{event.slug}/decks/{bea.pk}/").status_code == 404
    refused = as_owner.post(f"/events/{event.slug}/decks/publish/", {"players": [999999]})
    assert refused.status_code == 422 and "999999 is not one of the available choices" in _error(refused, "players")


def test_staff_on_a_phone_find_in_the_nav_only_what_they_may_open(client, event, staff_user):
    run_event(event, 4, 1, leave_last_open=True)
    client.force_login(staff_user)
    tables = client.get(f"/events/{event.slug}/tables/").content.decode()
    nav = tables.split('<nav aria-label="Event">')[1].split("</nav>")[0]
    assert "Tables" in nav and "Desk" not in nav and "Decks" not in nav


def test_the_choices_to_post_are_asked_only_where_players_choose_and_kept_when_not_asked(as_owner, event):
    Event.objects.filter(pk=event.pk).update(
        game_type="challenge-deck", policy="policy-4-2001", deck_choices=["Challenge Deck A"]
    )
    assert 'name="deck_choices"' in as_owner.get(f"/events/{event.slug}/decks/").content.decode()
    Event.objects.filter(pk=event.pk).update(game_type="two-deck")
    assert 'name="deck_choices"' not in as_owner.get(f"/events/{event.slug}/decks/").content.decode()
    assert as_owner.post(f"/events/{event.slug}/decks/", {"deck_lists_wanted": "on"}).status_code == 302
    event.refresh_from_db()
    assert event.deck_choices == ["Challenge Deck A"] and event.deck_lists_wanted
