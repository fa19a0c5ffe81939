"""The public sign-up and the players' private deck links (events/services/sign_up.py)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.utils import timezone

from events import services
from events.models import AuditEntry, Player
from tests.helpers import actor, register, run_event
from tests.helpers import register_ann as _player

NOW = timezone.make_aware(datetime.datetime(2026, 11, 20, 12, 0))


@pytest.fixture
def open_sign_up(event):
    services.update_deck_settings(
        event,
        actor=actor(event.owner),
        deck_lists_wanted=True,
        sign_up_opens_at=NOW - datetime.timedelta(days=1),
        sign_up_closes_at=NOW + datetime.timedelta(days=1),
        sign_up_cap=3,
        deck_deadline=NOW,
    )
    event.refresh_from_db()
    return event


def test_a_sign_up_registers_the_player_with_their_own_link(open_sign_up):
    player = services.sign_up(open_sign_up, "  Ann   Smith ", now=NOW)
    assert player.name == "Ann Smith" and len(player.deck_token) >= 32
    entry = AuditEntry.objects.latest("id")
    assert (entry.action, entry.actor_label) == ("player.signed_up", "Ann Smith (sign-up)")
    assert (player.online_name, player.email, player.share_email, player.language) == ("", "", False, "")


def test_a_sign_up_keeps_the_contacts_and_language_and_the_log_never_the_address(open_sign_up):
    player = services.sign_up(
        open_sign_up,
        "Ann Smith",
        online_name="  ann   the  grey ",
        email=" ann@example.org ",
        share_email=True,
        language="de",
        now=NOW,
    )
    player.refresh_from_db()
    assert (player.online_name, player.email, player.share_email, player.language) == (
        "ann the grey",
        "ann@example.org",
        True,
        "de",
    )
    entry = AuditEntry.objects.latest("id")
    assert (entry.subject, entry.actor_label, entry.after) == (
        "Ann Smith",
        "Ann Smith (sign-up)",
        {"online_name": "ann the grey", "email": True, "share_email": True},
    )
    assert "example.org" not in str(AuditEntry.objects.values_list("subject", "actor_label", "before", "after"))


def test_sharing_goes_with_an_address_and_a_language_council_does_not_speak_is_not_kept(open_sign_up):
    player = services.sign_up(open_sign_up, "Ann", share_email=True, language="xx", now=NOW)
    assert (player.email, player.share_email, player.language) == ("", False, "")


@pytest.mark.parametrize(
    "contacts, field, said",
    [
        ({"email": "ann@"}, "email", "Give an e-mail address such as name@example.org, or leave it empty."),
        ({"email": '"ann\x07"@example.org'}, "email", "Give an e-mail address such as name@example.org"),
        ({"email": f"{'a' * 64}@{'b' * 190}.org"}, "email", "An e-mail address has at most 254 characters."),
        ({"online_name": "ann\u202egrey"}, "online_name", "The online name holds a character that reverses"),
        ({"online_name": "x" * 101}, "online_name", "An online name has at most 100 characters."),
    ],
)
def test_a_sign_up_with_bad_contacts_is_refused_at_their_field_and_saves_nothing(open_sign_up, contacts, field, said):
    with pytest.raises(services.ServiceError, match=re.escape(said)) as refused:
        services.sign_up(open_sign_up, "Ann", now=NOW, **contacts)
    assert refused.value.field == field
    assert not Player.objects.exists() and not AuditEntry.objects.filter(action="player.signed_up").exists()


@pytest.mark.parametrize(
    "moment, said",
    [
        (NOW - datetime.timedelta(days=2), "The sign-up opens on"),
        (NOW + datetime.timedelta(days=1), "The sign-up is closed"),
    ],
)
def test_a_sign_up_outside_the_window_is_refused(open_sign_up, moment, said):
    with pytest.raises(services.ServiceError, match=said):
        services.sign_up(open_sign_up, "Ann", now=moment)
    assert not Player.objects.exists()


def test_a_sign_up_stops_at_the_cap_and_refuses_a_name_that_reads_as_a_registered_one(open_sign_up):
    services.sign_up(open_sign_up, "Ann", now=NOW)
    with pytest.raises(services.ServiceError, match="ANN is already registered"):
        services.sign_up(open_sign_up, "ANN", now=NOW)
    register(open_sign_up, 2)
    with pytest.raises(services.ServiceError, match=r"The event is full \(3 players\)"):
        services.sign_up(open_sign_up, "Bob", now=NOW)


def test_the_sign_up_closes_when_the_event_starts(open_sign_up):
    run_event(open_sign_up, 2, 0)
    with pytest.raises(services.ServiceError, match="The sign-up is closed: the event has started"):
        services.sign_up(open_sign_up, "Late Ann", now=NOW)


def test_a_new_deck_link_replaces_the_old_and_a_revoked_one_is_gone(hero_event):
    ann = _player(hero_event)
    first = services.make_deck_link(ann, actor=actor(hero_event.owner)).deck_token
    second = services.make_deck_link(ann, actor=actor(hero_event.owner)).deck_token
    assert first != second
    assert services.revoke_deck_link(ann, actor=actor(hero_event.owner)).deck_token == ""


def test_links_for_everyone_without_one_keep_the_links_given(event):
    ann, _bea, _cid = register(event, 3)
    given = services.make_deck_link(ann, actor=actor(event.owner)).deck_token
    assert services.make_deck_links(event, actor=actor(event.owner)) == 2
    tokens = dict(event.players.values_list("pk", "deck_token"))
    assert tokens[ann.pk] == given and len(set(tokens.values())) == 3 and all(tokens.values())
    assert services.make_deck_links(event, actor=actor(event.owner)) == 0
