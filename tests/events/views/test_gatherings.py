"""A gathering's pages: the owner's desk, its public page and sign-up, and each entrant's own page."""

from __future__ import annotations

import datetime
import re
from html import unescape

import pytest
from django.utils import timezone
from django.utils.html import strip_tags

from events import services
from events.models import Entrant, Event, Gathering
from tests.helpers import actor, database_state, register


def visible_text(html: str) -> str:
    """The page's text as a reader meets it, each piece once, with single spaces."""
    body = html.split("<body", 1)[-1]
    return " ".join(unescape(strip_tags(body)).split())


def _open(event: Event) -> Event:
    services.update_deck_settings(
        event,
        actor=actor(event.owner),
        deck_lists_wanted=False,
        sign_up_opens_at=timezone.now() - datetime.timedelta(hours=1),
        sign_up_closes_at=None,
        sign_up_cap=None,
        deck_deadline=None,
    )
    event.refresh_from_db()
    return event


def _event(owner, name: str, gathering: Gathering) -> Event:
    return _open(
        services.create_event(owner=owner, name=name, policy="policy-4-2001", game_type="two-deck", gathering=gathering)
    )


@pytest.fixture
def weekend(owner):
    gathering = services.create_gathering(owner=owner, name="Lórien Weekend")
    return gathering, _event(owner, "Main event", gathering), _event(owner, "Sealed side event", gathering)


def test_the_owner_makes_a_gathering_and_an_event_in_it(as_owner, owner):
    response = as_owner.post("/gatherings/new/", {"name": "Lórien Weekend", "place": "Helsinki"})
    gathering = Gathering.objects.get()
    assert response["Location"] == f"/gatherings/{gathering.slug}/"
    rules = {"name": "Main event", "policy": "policy-4-2001", "game_type": "two-deck", "format": "general-opponent"}
    rules |= {"tie_resolution": "playoff", "first_round_pairing": "random", "structure": "swiss"}
    rules |= {"language": "en", "time_zone": "Europe/Helsinki", "elimination": "single", "seeding": "ranking"}
    response = as_owner.post(f"/events/new/?gathering={gathering.slug}", rules)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Event.objects.get().gathering_id == gathering.pk
    page = visible_text(as_owner.get(f"/gatherings/{gathering.slug}/").content.decode())
    assert "Lórien Weekend" in page and "Main event" in page
    assert "Lórien Weekend" in as_owner.get("/").content.decode()


def test_a_gathering_without_a_name_is_refused_beside_its_field(as_owner):
    response = as_owner.post("/gatherings/new/", {"name": "   "})
    assert response.status_code == 422
    assert 'id="id_name_error"' in response.content.decode()
    assert not Gathering.objects.exists()


def test_a_person_signs_up_once_and_their_page_follows_them_into_the_running_event(client, weekend, owner):
    gathering, main, sealed = weekend
    page = visible_text(client.get(f"/g/{gathering.slug}/").content.decode())
    assert "Main event" in page and "Sealed side event" in page and "Sign up" in page
    response = client.post(
        f"/g/{gathering.slug}/sign-up/", {"name": "Ann Smith", "events": [main.pk, sealed.pk], "online_name": "ann"}
    )
    entrant = Entrant.objects.get()
    assert response["Location"] == f"/g/{gathering.slug}/you/{entrant.token}/"
    assert entrant.players.count() == 2
    own = client.get(response["Location"])
    assert "no-store" in own["Cache-Control"]
    text = visible_text(own.content.decode())
    assert "Ann Smith, you are registered" in text and "No game for you right now" in text

    register(main, 3)
    services.start_event(main, actor=actor(owner), rounds=2, confirm=True)
    rnd = services.pair_round(main, actor=actor(owner), seed=1)
    game = rnd.games.get(player_a__name="Ann Smith") if rnd.games.filter(player_a__name="Ann Smith") else None
    game = game or rnd.games.get(player_b__name="Ann Smith")
    opponent = game.player_b if game.player_a.name == "Ann Smith" else game.player_a
    text = visible_text(client.get(response["Location"]).content.decode())
    assert f"Round 1: table {game.table} against {opponent.name}." in text
    assert "Your page in Main event" in text
    # The public page shows the same table to the phone that chose "this is me".
    client.post(f"/g/{gathering.slug}/", {"entrant": entrant.pk})
    text = visible_text(client.get(f"/g/{gathering.slug}/").content.decode())
    assert f"Round 1: table {game.table} against {opponent.name}." in text
    assert "Round 1 is on" in text


def test_a_sign_up_refused_says_why_beside_its_field_and_saves_nothing(client, weekend, owner):
    gathering, main, sealed = weekend
    services.enter_gathering(gathering, "Ann Smith", [main])
    assert f'value="{sealed.pk}"' in client.get(f"/g/{gathering.slug}/sign-up/").content.decode()
    register(sealed, 2)
    services.start_event(sealed, actor=actor(owner), rounds=1, confirm=True)  # after the page was opened
    before = database_state()
    response = client.post(f"/g/{gathering.slug}/sign-up/", {"name": "Bob", "events": [main.pk, sealed.pk]})
    assert response.status_code == 422
    errors = re.search(r'id="id_events_error">(.*?)</ul>', response.content.decode(), re.S).group(1)
    assert "Select a valid choice" in errors  # a started event is no longer offered
    # The service's own refusal, beside the field it names: a name reading like a registered person's.
    response = client.post(f"/g/{gathering.slug}/sign-up/", {"name": "ANN SMITH", "events": [main.pk]})
    assert response.status_code == 422
    errors = unescape(re.search(r'id="id_name_error">(.*?)</ul>', response.content.decode(), re.S).group(1))
    assert "ANN SMITH is already registered for Lórien Weekend (as Ann Smith)" in " ".join(errors.split())
    assert database_state() == before


def test_an_events_own_sign_up_sends_a_weekends_players_to_the_gathering(client, weekend):
    gathering, main, _sealed = weekend
    response = client.get(f"/e/{main.slug}/sign-up/")
    assert response["Location"] == f"/g/{gathering.slug}/sign-up/"


def test_the_public_page_names_only_those_who_play_in_its_events(client, weekend, owner):
    gathering, main, _sealed = weekend
    services.enter_gathering(gathering, "Ann", [main])
    bob = services.enter_gathering(gathering, "Bob", [main])
    services.remove_player(bob.players.get(), actor=actor(owner))
    page = client.get(f"/g/{gathering.slug}/").content.decode()
    assert ">Ann</option>" in page and ">Bob</option>" not in page


def test_the_owner_gives_an_entrant_a_new_link(as_owner, weekend):
    gathering, main, _sealed = weekend
    entrant = services.enter_gathering(gathering, "Ann", [main])
    response = as_owner.post(f"/gatherings/{gathering.slug}/entrants/{entrant.pk}/link/")
    assert response["Location"] == f"/gatherings/{gathering.slug}/"
    assert as_owner.get(f"/g/{gathering.slug}/you/{entrant.token}/").status_code == 404
    entrant.refresh_from_db()
    assert as_owner.get(f"/g/{gathering.slug}/you/{entrant.token}/").status_code == 200


def test_an_entrant_chooses_one_more_event_on_their_own_page(client, weekend):
    gathering, main, sealed = weekend
    entrant = services.enter_gathering(gathering, "Ann", [main])
    address = f"/g/{gathering.slug}/you/{entrant.token}/"
    assert "Play in one more event" in client.get(address).content.decode()
    response = client.post(address, {"event": sealed.pk})
    assert response["Location"] == address
    assert sorted(entrant.players.values_list("event__name", flat=True)) == ["Main event", "Sealed side event"]
    assert client.get(f"/g/{gathering.slug}/you/not-the-token/").status_code == 404


def test_the_desk_registers_for_several_events_and_warns_of_two_games_at_once(as_owner, weekend, owner):
    gathering, main, sealed = weekend
    desk = f"/gatherings/{gathering.slug}/"
    response = as_owner.post(f"{desk}register/", {"name": "Cai", "events": [main.pk, sealed.pk]})
    assert response["Location"] == desk
    refused = as_owner.post(f"{desk}register/", {"name": "CAI", "events": [main.pk]})
    assert refused.status_code == 422 and "already registered for Lórien Weekend" in refused.content.decode()
    for event in (main, sealed):
        register(event, 1)
        services.start_event(event, actor=actor(owner), rounds=1, note="a short side event", confirm=True)
        services.pair_round(event, actor=actor(owner), seed=1)
    text = visible_text(as_owner.get(desk).content.decode())
    assert "Cai has a game waiting in Main event, Sealed side event at once." in text


def test_the_owner_adds_one_of_their_events_and_takes_it_out(as_owner, weekend, owner):
    gathering, _main, _sealed = weekend
    other = services.create_event(owner=owner, name="Friday warm-up", policy="policy-4-2001", game_type="two-deck")
    desk = f"/gatherings/{gathering.slug}/"
    assert as_owner.post(f"{desk}events/", {"event": other.pk})["Location"] == desk
    other.refresh_from_db()
    assert other.gathering_id == gathering.pk
    as_owner.post(f"{desk}events/{other.pk}/remove/")
    other.refresh_from_db()
    assert other.gathering_id is None
