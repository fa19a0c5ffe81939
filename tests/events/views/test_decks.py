"""Deck pages: the coordinator's, the public sign-up and the player's own link; nobody scouts. By format:
declarations, the sealed product and clock, links for everyone, published lists (events/views/decks.py)."""

from __future__ import annotations

import datetime
import html
import re
from urllib.parse import urlencode

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from events import services
from events.models import DeckList, Event, Game, Player
from events.throttle import SIGN_UP_PER_ADDRESS
from tests.helpers import actor, database_state, register, run_event
from tests.scoring.test_decks import LEGAL, SEALED_PRODUCT

# A card no other page of the event names: if it shows, a list has leaked.
SECRET_CARD = "Wizard’s Test"
SECRET_LIST = LEGAL.replace("3 Test of Form", f"3 Test of Form\n{SECRET_CARD}")


def _error(response, field: str) -> str:
    found = re.search(rf'<ul class="errorlist" id="id_{field}_error"[^>]*><li>([^<]*)</li>', response.content.decode())
    assert found is not None, f"no error next to {field}"
    return found.group(1)


@pytest.fixture
def with_lists(event):
    """A hero event of four players in round 1; each registered a list with a card found nowhere else."""
    event.format = "hero-only"
    event.deck_lists_wanted = True
    event.save()
    for player in register(event, 4):
        services.submit_deck_list(player, SECRET_LIST, actor=actor(event.owner))
        services.make_deck_link(player, actor=actor(event.owner))
    services.start_event(event, actor=actor(event.owner), rounds=3, note="the test's own number")
    services.pair_round(event, actor=actor(event.owner), seed=1)
    event.refresh_from_db()
    return event


def test_no_list_is_on_any_public_page_or_in_the_archive(client, with_lists, as_owner):
    slug = with_lists.slug
    for path in (
        f"/e/{slug}/",
        f"/e/{slug}/rounds/1/",
        f"/e/{slug}/projector/",
        f"/e/{slug}/report/",
        f"/e/{slug}/sign-up/",
    ):
        assert SECRET_CARD not in client.get(path).content.decode(), path
    archive = as_owner.get(f"/events/{slug}/export.json").content.decode()
    assert "Test of Form" not in archive and "deck_list" not in archive


def test_a_player_link_opens_only_its_own_list(client, with_lists):
    ann, bob = with_lists.players.order_by("name")[:2]
    page = client.get(f"/e/{with_lists.slug}/deck/{ann.deck_token}/")
    assert page.status_code == 200 and SECRET_CARD in page.content.decode() and ann.name in page.content.decode()
    assert bob.name not in page.content.decode()
    assert page["Cache-Control"] == "private, no-store"
    assert page["Referrer-Policy"] == "same-origin"
    assert client.get(f"/e/{with_lists.slug}/deck/{ann.deck_token}x/").status_code == 404
    services.revoke_deck_link(ann, actor=actor(with_lists.owner))
    assert client.get(f"/e/{with_lists.slug}/deck/{ann.deck_token}/").status_code == 404


def test_staff_do_not_see_the_lists(client, with_lists, staff_user):
    client.force_login(staff_user)
    player = with_lists.players.first()
    assert client.get(f"/events/{with_lists.slug}/decks/").status_code == 403
    assert client.get(f"/events/{with_lists.slug}/players/{player.pk}/deck/").status_code == 403


def test_another_events_player_link_does_not_open_here(client, with_lists, owner):
    other = services.create_event(
        owner=owner,
        name="Other Open",
        policy="policy-4-2001",
        game_type="two-deck",
        format="hero-only",
        tie_resolution="playoff",
        first_round_pairing="random",
    )
    token = with_lists.players.first().deck_token
    assert client.get(f"/e/{other.slug}/deck/{token}/").status_code == 404


def test_a_player_pastes_a_list_sees_the_unknown_name_and_fixes_it(client, event):
    event.format = "hero-only"
    event.deck_lists_wanted = True
    event.save()
    [ann] = services.register_players(event, "Ann", actor=actor(event.owner))
    token = services.make_deck_link(ann, actor=actor(event.owner)).deck_token
    address = f"/e/{event.slug}/deck/{token}/"
    response = client.post(address, {"text": LEGAL.replace("3 Orc-patrol", "3 Orc-patorl")}, follow=True)
    text = response.content.decode()
    assert "Your deck list is saved." in text
    assert "Orc-patorl" in text and "did you mean Orc-patrol" in text
    response = client.post(address, {"text": LEGAL}, follow=True)
    assert "The list is legal" in response.content.decode()
    assert "Your deck list is saved. It keeps every rule." in response.content.decode()
    assert DeckList.objects.get(player=ann).findings["legal"] is True


def test_a_list_that_breaks_a_rule_is_saved_with_a_warning_and_counted_in_every_state_it_is_in(client, as_owner, event):
    event.format = "hero-only"
    event.deck_lists_wanted = True
    event.save()
    [ann, _bob] = services.register_players(event, "Ann\nBob", actor=actor(event.owner))
    token = services.make_deck_link(ann, actor=actor(event.owner)).deck_token
    # Four copies of Orc-patrol (a rule) and three names no card has.
    broken = LEGAL.replace("3 Orc-patrol", "4 Orc-patrol") + "\nXyzzy\nFrobnitz\nQuux Quuxen\n"
    response = client.post(f"/e/{event.slug}/deck/{token}/", {"text": broken}, follow=True)
    text = response.content.decode()
    assert '<li class="warning">Your deck list is saved.' in text and "It keeps every rule" not in text
    assert "3 names are not cards Council knows. It breaks 1 rule. See below what to correct." in text
    overview = as_owner.get(f"/events/{event.slug}/decks/").content.decode()
    assert "No list: 1 · Unknown cards: 1 · Breaks a rule: 1 · Legal: 0" in overview
    assert "Unknown cards (3) · Breaks a rule (1)" in overview


def test_after_the_start_a_player_sees_their_list_but_cannot_change_it(client, with_lists):
    ann = with_lists.players.first()
    address = f"/e/{with_lists.slug}/deck/{ann.deck_token}/"
    assert "The event has started" in client.get(address).content.decode()
    response = client.post(address, {"text": "Sting"})
    assert response.status_code == 422
    assert 'role="alert"' in response.content.decode() and "The event has started" in response.content.decode()
    assert DeckList.objects.get(player=ann).text == SECRET_LIST.strip()


def test_the_coordinator_uploads_an_old_latin_1_deck_file(as_owner, event):
    event.format = "hero-only"
    event.save()
    [ann] = services.register_players(event, "Ann", actor=actor(event.owner))
    upload = SimpleUploadedFile("ann.meccg", "Hazards\n3 Orc-patrol\nResources\nThéoden\n".encode("latin-1"))
    response = as_owner.post(f"/events/{event.slug}/players/{ann.pk}/deck/", {"file": upload})
    assert response.status_code == 302
    assert "Théoden" in DeckList.objects.get(player=ann).text


def test_the_coordinator_sets_the_capability_with_a_reason_next_to_the_field(as_owner, with_lists):
    ann = with_lists.players.first()
    response = as_owner.post(
        f"/events/{with_lists.slug}/players/{ann.pk}/capability/", {"capability": "marshalling-points", "note": ""}
    )
    assert response.status_code == 422
    assert _error(response, "note") == "Say why the capability differs from the list&#x27;s."
    as_owner.post(
        f"/events/{with_lists.slug}/players/{ann.pk}/capability/",
        {"capability": "marshalling-points", "note": "no Cracks of Doom at the table"},
    )
    ann.refresh_from_db()
    assert ann.deck_capability == "marshalling-points"
    overview = as_owner.get(f"/events/{with_lists.slug}/decks/").content.decode()
    assert "(set by hand)" in overview and "Legal: 4" in overview


NOW = timezone.now()


@pytest.fixture
def signing_up(event, as_owner):
    response = as_owner.post(
        f"/events/{event.slug}/decks/",
        {
            "deck_lists_wanted": "on",
            "sign_up_cap": "100",
            "sign_up_opens_at": (NOW - datetime.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
            "sign_up_closes_at": (NOW + datetime.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
        },
    )
    assert response.status_code == 302
    return event


def test_a_player_signs_up_and_lands_on_their_own_deck_page(client, signing_up):
    response = client.post(f"/e/{signing_up.slug}/sign-up/", {"name": "Éowyn"})
    ann = Player.objects.get(name="Éowyn")
    assert response.status_code == 302 and response["Location"] == f"/e/{signing_up.slug}/deck/{ann.deck_token}/"
    assert "Éowyn, you are registered" in client.get(response["Location"]).content.decode()


def test_a_refused_sign_up_says_why_next_to_the_name(client, signing_up):
    services.register_players(signing_up, "Éowyn", actor=actor(signing_up.owner))
    response = client.post(f"/e/{signing_up.slug}/sign-up/", {"name": "ÉOWYN"})
    assert response.status_code == 422
    assert _error(response, "name") == "ÉOWYN is already registered. Add an initial or a city to tell them apart."


def test_sign_ups_from_one_network_are_limited(signing_up):
    client = Client()
    for n in range(SIGN_UP_PER_ADDRESS.failures):
        assert client.post(f"/e/{signing_up.slug}/sign-up/", {"name": f"Player {n}"}).status_code == 302
    response = client.post(f"/e/{signing_up.slug}/sign-up/", {"name": "One Too Many"})
    assert response.status_code == 429
    assert not Player.objects.filter(name="One Too Many").exists()


def test_a_closed_sign_up_shows_why_and_takes_no_one(client, event):
    page = client.get(f"/e/{event.slug}/sign-up/")
    assert "This event takes no sign-ups here" in page.content.decode()
    assert client.post(f"/e/{event.slug}/sign-up/", {"name": "Ann"}).status_code == 200
    assert not Player.objects.exists()


def test_deck_settings_refusals_are_shown_next_to_their_field(as_owner, event):
    response = as_owner.post(
        f"/events/{event.slug}/decks/",
        {"sign_up_opens_at": "2026-11-20T10:00", "sign_up_closes_at": "2026-11-20T09:00"},
    )
    assert response.status_code == 422
    assert _error(response, "sign_up_closes_at") == "The sign-up must close after it opens."


def test_the_coordinators_page_shows_the_capability_with_its_reason(as_owner, with_lists):
    ann = with_lists.players.first()
    page = html.unescape(as_owner.get(f"/events/{with_lists.slug}/players/{ann.pk}/deck/").content.decode())
    assert (
        "Capability: can destroy The One Ring (Gandalf, Test of Form, Wizard’s Test, 3 gold rings, "
        "The One Ring and Cracks of Doom; Policy #1, General 18)"
    ) in " ".join(re.sub("<[^>]+>", "", page).split())


def test_staff_open_the_list_of_a_drawn_deck_and_of_no_other(client, with_lists, staff_user):
    rnd = with_lists.latest_round()
    drawn, table = next(iter(rnd.spot_check_tables().items()))  # two of the four, drawn at pairing
    other = with_lists.players.exclude(pk=drawn).first()
    client.force_login(staff_user)
    tables = client.get(f"/events/{with_lists.slug}/tables/").content.decode()
    assert f"Table {table}:" in tables and "Deck checks this round" in tables
    page = client.get(f"/events/{with_lists.slug}/rounds/{rnd.number}/deck-check/{drawn}/")
    assert page.status_code == 200 and SECRET_CARD in html.unescape(page.content.decode())
    assert client.get(f"/events/{with_lists.slug}/rounds/{rnd.number}/deck-check/{other.pk}/").status_code == 404
    response = client.post(f"/events/{with_lists.slug}/rounds/{rnd.number}/deck-check/{drawn}/", {"outcome": "yes"})
    assert response.status_code == 302
    assert "matches" in client.get(f"/events/{with_lists.slug}/tables/").content.decode()


@pytest.mark.parametrize("moment", ["0001-01-01T00:00", "9999-12-31T23:59"])
def test_a_date_far_from_today_is_refused_next_to_its_field(as_owner, event, settings, moment):
    settings.TIME_ZONE = "America/New_York"  # the last minute of 9999 there is in the year 10000 in UTC
    response = as_owner.post(f"/events/{event.slug}/decks/", {"deck_deadline": moment})
    assert response.status_code == 422
    assert _error(response, "deck_deadline") == "Give a date between the years 2000 and 2200."


@pytest.mark.parametrize(
    "raw",
    [
        "Resources\nGollum’s Fate\n".encode("cp1252"),
        "\ufeffResources\nGollum’s Fate\n".encode("utf-16-le"),
        "Resources\nGollum’s Fate\n".encode(),
    ],
)
def test_deck_files_of_every_usual_encoding_are_read(as_owner, event, raw):
    [ann] = services.register_players(event, "Ann", actor=actor(event.owner))
    response = as_owner.post(f"/events/{event.slug}/players/{ann.pk}/deck/", {"file": SimpleUploadedFile("a.dck", raw)})
    assert response.status_code == 302
    assert DeckList.objects.get(player=ann).text == "Resources\nGollum’s Fate"


def test_a_note_with_a_character_that_reverses_text_is_refused_next_to_it(as_owner, with_lists):
    ann = with_lists.players.first()
    response = as_owner.post(
        f"/events/{with_lists.slug}/players/{ann.pk}/capability/", {"capability": "one-ring", "note": "ok\u202e"}
    )
    assert response.status_code == 422
    assert "reverses the text" in _error(response, "note")


def test_an_events_times_are_entered_and_shown_in_its_own_zone(as_owner, client, event):
    # A coordinator in Italy types the lists' deadline in Rome's time and reads it back so.
    as_owner.post(
        f"/events/{event.slug}/settings/",
        {
            "name": event.name,
            "policy": event.policy,
            "game_type": event.game_type,
            "format": event.format,
            "tie_resolution": event.tie_resolution,
            "first_round_pairing": "random",
            "time_zone": "Europe/Rome",
        },
    )
    event.refresh_from_db()
    assert event.time_zone == "Europe/Rome"
    response = as_owner.post(
        f"/events/{event.slug}/decks/", {"deck_lists_wanted": "on", "deck_deadline": "2026-12-05T10:00"}
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.deck_deadline.astimezone(datetime.UTC).strftime("%Y-%m-%d %H:%M") == "2026-12-05 09:00"
    page = as_owner.get(f"/events/{event.slug}/decks/").content.decode()
    assert 'Times are in <span translate="no">Europe/Rome</span>' in page and "UTC" not in page
    [ann] = services.register_players(event, "Ann", actor=actor(event.owner))
    token = services.make_deck_link(ann, actor=actor(event.owner)).deck_token
    link = client.get(f"/e/{event.slug}/deck/{token}/").content.decode()
    assert "Dec. 5, 2026, 10 a.m." in link and "Europe/Rome</span>" in link


def test_the_sign_up_and_a_deck_link_say_why_they_are_closed_once_the_event_starts_and_ends(client, event):
    event.deck_lists_wanted = True
    event.sign_up_opens_at = timezone.now() - datetime.timedelta(hours=1)
    event.save()
    [ann] = services.register_players(event, "Ann", actor=actor(event.owner))
    register(event, 3)
    token = services.make_deck_link(ann, actor=actor(event.owner)).deck_token
    services.start_event(event, actor=actor(event.owner), confirm=True)
    assert "The sign-up is closed: the event has started." in client.get(f"/e/{event.slug}/sign-up/").content.decode()
    event.status = "closed"
    event.save()
    assert "The event is over." in client.get(f"/e/{event.slug}/sign-up/").content.decode()
    assert (
        "The event is over: your list stays as registered."
        in client.get(f"/e/{event.slug}/deck/{token}/").content.decode()
    )


def _far_too_long(settings) -> str:
    """A pasted list larger than any request Django reads (DATA_UPLOAD_MAX_MEMORY_SIZE, 5 MB)."""
    line = "3 Orc-patrol\n"
    return line * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE // len(line) + 1)


def _post_far_too_long(client, address: str, settings, encoding: str):
    if encoding == "multipart":
        return client.post(address, {"text": _far_too_long(settings)})
    return client.post(
        address, urlencode({"text": _far_too_long(settings)}), content_type="application/x-www-form-urlencoded"
    )


@pytest.mark.parametrize("encoding", ["multipart", "urlencoded"])
def test_a_deck_list_too_large_to_read_comes_back_with_the_limit_beside_it_and_nothing_saved(
    event, owner, settings, encoding
):
    event.format = "hero-only"
    event.deck_lists_wanted = True
    event.save()
    [ann] = services.register_players(event, "Ann", actor=actor(event.owner))
    token = services.make_deck_link(ann, actor=actor(event.owner)).deck_token
    services.submit_deck_list(ann, LEGAL, actor=actor(event.owner))
    coordinator = Client(enforce_csrf_checks=True)
    coordinator.force_login(owner)
    before = database_state()
    # The player's own link, and the coordinator's page of the player; the CSRF check is on, as in a browser.
    for client, address in (
        (Client(enforce_csrf_checks=True), f"/e/{event.slug}/deck/{token}/"),
        (coordinator, f"/events/{event.slug}/players/{ann.pk}/deck/"),
    ):
        response = _post_far_too_long(client, address, settings, encoding)
        assert response.status_code == 413, address
        assert _error(response, "text") == (
            "The list sent was far too long to read, so nothing is saved: a deck list has at most 20,000 characters."
        ), address
        # The form is the saved list's, ready to correct and send again.
        assert "3 Orc-patrol" in html.unescape(response.content.decode()), address
        assert response["Cache-Control"] == "private, no-store", address
    assert database_state() == before


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


def test_a_player_gives_their_contacts_at_sign_up_in_their_language(client, signing_up):
    page = client.get(f"/e/{signing_up.slug}/sign-up/").content.decode()
    for field in ("online_name", "email", "share_email"):
        assert f'<label for="id_{field}">' in page, field
    assert 'type="email" name="email"' in page and "Only the coordinators see it" in page
    client.cookies["django_language"] = "fi"
    response = client.post(
        f"/e/{signing_up.slug}/sign-up/",
        {"name": "Éowyn", "online_name": "eowyn_r", "email": "eowyn@example.org", "share_email": "on"},
    )
    assert response.status_code == 302
    eowyn = Player.objects.get(name="Éowyn")
    assert (eowyn.online_name, eowyn.email, eowyn.share_email, eowyn.language) == (
        "eowyn_r",
        "eowyn@example.org",
        True,
        "fi",
    )


def test_a_bad_address_at_sign_up_is_refused_beside_it_and_nothing_is_saved(client, signing_up):
    before = database_state()
    response = client.post(f"/e/{signing_up.slug}/sign-up/", {"name": "Éowyn", "email": "eowyn@"})
    assert response.status_code == 422
    assert _error(response, "email") == "Enter a valid email address."
    assert database_state() == before


@pytest.fixture
def contacts(event):
    """Round 1 of four players with one game open: its first player shares their address, the second does not."""
    run_event(event, 4, 1, leave_last_open=True)
    game = Game.objects.filter(round__event=event, result__isnull=True).select_related("player_a", "player_b").get()
    ann, bea = game.player_a, game.player_b
    Player.objects.filter(pk=ann.pk).update(online_name="ann_online", email="ann@example.org", share_email=True)
    Player.objects.filter(pk=bea.pk).update(online_name="bea_online", email="bea@example.org", share_email=False)
    links = {player.pk: services.make_deck_link(player, actor=actor(event.owner)).deck_token for player in (ann, bea)}
    return {"event": event, "game": game, "ann": ann, "bea": bea, "links": links}


def test_an_address_shows_only_on_the_opponents_private_page_and_only_when_shared(
    client, as_owner, staff_user, contacts
):
    event, game, ann, bea = contacts["event"], contacts["game"], contacts["ann"], contacts["bea"]
    slug = event.slug
    addresses = ("ann@example.org", "bea@example.org")
    public = [
        f"/e/{slug}/",
        f"/e/{slug}/pairings/",
        f"/e/{slug}/standings/",
        f"/e/{slug}/projector/",
        f"/e/{slug}/projector/?by=name",
        f"/e/{slug}/rounds/1/",
        f"/e/{slug}/report/",
    ]
    for path in public:
        text = client.get(path).content.decode()
        assert not [address for address in addresses if address in text], path
    client.post(f"/e/{slug}/me/", {"player": bea.pk})  # this phone is Bea's: her seat and opponent show
    assert not [address for address in addresses if address in client.get(f"/e/{slug}/").content.decode()]
    staff = Client()
    staff.force_login(staff_user)
    for path in (f"/events/{slug}/tables/", f"/events/{slug}/games/{game.pk}/result/"):
        text = staff.get(path).content.decode()
        assert not [address for address in addresses if address in text], path
    for path in (
        f"/events/{slug}/print/pairings/",
        f"/events/{slug}/print/slips/",
        f"/events/{slug}/print/cards/",
        f"/events/{slug}/print/standings/",
        f"/events/{slug}/standings/",
        f"/events/{slug}/export.json",
    ):
        text = as_owner.get(path).content.decode()
        assert not [address for address in addresses if address in text], path
    # Bea, Ann's opponent, reaches Ann by the address Ann shares; Ann sees Bea's online name and no address.
    beas_page = client.get(f"/e/{slug}/deck/{contacts['links'][bea.pk]}/").content.decode()
    assert '<a href="mailto:ann@example.org" translate="no">ann@example.org</a>' in beas_page
    assert "ann_online" in beas_page and "bea@example.org" not in beas_page
    anns_page = client.get(f"/e/{slug}/deck/{contacts['links'][ann.pk]}/").content.decode()
    assert "bea_online" in anns_page
    assert not [address for address in addresses if address in anns_page]
    # The coordinator sees both, on each player's page.
    for player in (ann, bea):
        assert player.email in as_owner.get(f"/events/{slug}/players/{player.pk}/").content.decode()


def test_once_the_round_is_finished_the_private_page_shows_no_opponent(client, contacts):
    event, game, bea = contacts["event"], contacts["game"], contacts["bea"]
    link = f"/e/{event.slug}/deck/{contacts['links'][bea.pk]}/"
    assert "Round 1, table" in client.get(link).content.decode()
    services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=actor(event.owner), expected_version=0)
    page = client.get(link).content.decode()
    assert "Your opponents" not in page and "ann@example.org" not in page
