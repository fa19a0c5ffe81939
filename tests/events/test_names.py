"""Names that read as another's, or as nothing, are refused with a message (issue 14).

A reader cannot tell "Player\u200b 001" from "Player 001", nor "оwner" (a Cyrillic "о")
from "owner": two such names side by side would make the pairings and the audit log lie.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from events import services
from events.models import EventRole, Player
from events.names import name_key
from events.roles import COORDINATOR
from tests.factories import UserFactory
from tests.helpers import actor


def _error(response, field: str) -> str:
    found = re.search(rf'<ul class="errorlist" id="id_{field}_error"[^>]*><li>([^<]*)</li>', response.content.decode())
    assert found is not None, f"no error next to {field}"
    return found.group(1)


@pytest.mark.parametrize("twin", ["Player\u200b 001", "player 001", "Ｐlayer 001", "Plаyer 001", "Player  001",
                                  "Player\u2060 001", "Player 001\ufe0f", "Player\u034f 001", "Pl\u0251yer 001"])
def test_a_name_that_reads_as_a_registered_one_is_refused(as_owner, event, twin):
    services.register_players(event, "Player 001", actor=actor(event.owner))
    response = as_owner.post(f"/events/{event.slug}/players/", {"names": twin})
    assert response.status_code == 422
    assert "already registered" in _error(response, "names")
    assert list(event.players.values_list("name", flat=True)) == ["Player 001"]


def test_renaming_a_player_to_read_as_another_is_refused(as_owner, event):
    ann, _ = services.register_players(event, "Ann\nPlayer 001", actor=actor(event.owner))
    response = as_owner.post(f"/events/{event.slug}/players/{ann.pk}/",
                             {"name": "Player\u200b 001", "deck_capability": "one-ring"})
    assert response.status_code == 422
    assert "looks the same as Player 001" in _error(response, "name")


@pytest.mark.parametrize("name, said", [
    ("\u200b\u200b\u200b", "has nothing visible in it"),
    ("\u3164", "has nothing visible in it"),
    ("Ann\u202eyrraH", "reverses the text"),
    ("Ann\x07", "control character (U+0007)"),
])
def test_a_player_name_of_nothing_visible_or_with_control_characters_is_refused(as_owner, event, name, said):
    response = as_owner.post(f"/events/{event.slug}/players/", {"names": name})
    assert response.status_code == 422
    assert said in _error(response, "names")
    assert not Player.objects.exists()


def test_an_event_named_with_nothing_visible_is_refused_next_to_the_name(as_owner):
    response = as_owner.post("/events/new/", {
        "name": "\u200b\u200c\u200d", "policy": "policy-4-2001", "game_type": "two-deck",
        "format": "general-opponent", "tie_resolution": "playoff", "first_round_pairing": "random",
    })
    assert response.status_code == 422
    assert "has nothing visible in it" in _error(response, "name")


def test_a_full_width_spelling_of_an_account_is_that_account(as_owner, event, owner):
    response = as_owner.post(f"/events/{event.slug}/staff/", {"username": "ｏｗｎｅｒ", "role": "coordinator"})
    assert response.status_code == 422
    assert _error(response, "username") == "The owner already runs the event."


@pytest.mark.parametrize("name, said", [
    ("оwner", "looks the same as the account owner"),  # a Cyrillic о
    ("OWNЕR", "looks the same as the account owner"),  # a Cyrillic Е
    ("\u202erenwo", "Enter a valid username"),
    ("\u200b\u200b", "Enter a valid username"),
    ("staff member", "Enter a valid username"),
])
def test_a_co_coordinator_cannot_create_a_look_alike_account(client, event, owner, name, said):
    co = UserFactory(username="co")
    EventRole.objects.create(event=event, user=co, role=COORDINATOR)
    client.force_login(co)
    response = client.post(f"/events/{event.slug}/staff/",
                           {"username": name, "password": "a long pass phrase", "role": "coordinator"})
    assert response.status_code == 422
    assert said in _error(response, "username")
    assert get_user_model().objects.count() == 2


PHONETIC = "is not a letter that names are written in"


@pytest.mark.parametrize("existing, name, said", [
    ("coordinator", "coord\u0131nator", "looks the same as the account coordinator"),  # Turkish dotless i
    ("coordinator", "coord\u0269nator", PHONETIC),  # Latin iota, a phonetic symbol
    ("coordinator", "coo\u0280dinator", PHONETIC),  # small capital R
    ("alice", "\u0251lice", PHONETIC),  # Latin alpha
])
def test_an_account_that_reads_as_another_in_latin_letters_is_refused(event, existing, name, said):
    UserFactory(username=existing)
    with pytest.raises(services.ServiceError) as refused:
        services.add_staff(event, actor=actor(event.owner), username=name, password="a long pass phrase")
    assert said in str(refused.value)
    assert not get_user_model().objects.filter(username=name).exists()


def test_an_account_in_another_alphabet_that_reads_differently_is_created(event):
    user = services.add_staff(event, actor=actor(event.owner), username="Иван", password="a long pass phrase")
    assert user.username == "Иван"


def test_names_compare_as_they_read():
    assert name_key("Ｐlayer\u200b  001") == name_key("player 001") == name_key("Plаyer 001")
    assert name_key("Éowyn") != name_key("Eowyn")
