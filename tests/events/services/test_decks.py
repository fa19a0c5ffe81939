"""Deck lists: what the rules say of them, the capability they show, the declarations a format asks for,
publishing (events/services/decks.py)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from events import services
from events.models import AuditEntry, DeckList, Event, Player
from events.roles import Actor
from tests.helpers import actor, register, run_event
from tests.helpers import deck_link_actor as _own
from tests.helpers import register_ann as _player
from tests.helpers import wanting_lists as _set
from tests.scoring.test_decks import LEGAL

NOW = timezone.make_aware(datetime.datetime(2026, 11, 20, 12, 0))


def test_a_saved_list_keeps_what_the_rules_say_and_the_capability_follows_it(hero_event):
    ann = _player(hero_event)
    saved = services.submit_deck_list(ann, LEGAL, actor=actor(hero_event.owner))
    assert saved.findings["legal"] is True
    ann.refresh_from_db()
    assert ann.deck_capability == "one-ring"
    services.submit_deck_list(ann, LEGAL.replace("Cracks of Doom\n", ""), actor=actor(hero_event.owner))
    ann.refresh_from_db()
    assert ann.deck_capability == "marshalling-points"
    # The record says that a list was saved and what the rules said, never its cards.
    entry = AuditEntry.objects.filter(action="deck.saved").latest("id")
    assert entry.after == {"legal": True, "problems": 0, "unknown": 0, "capability": "marshalling-points"}
    assert "Orc-patrol" not in str(entry.after) + entry.subject


def test_a_list_that_breaks_a_rule_is_saved_with_its_problems(hero_event):
    ann = _player(hero_event)
    saved = services.submit_deck_list(ann, LEGAL.replace("3 Orc-patrol", "4 Orc-patrol"), actor=actor(hero_event.owner))
    assert [problem["rule"] for problem in saved.findings["problems"]] == ["copies"]


@pytest.mark.parametrize(
    "text, said",
    [
        ("", "Paste or type the deck list."),
        ("0 Sting", "line 1: “0 Sting”: a count must be from 1 to 99"),
        ("Sting\x00", "The deck list holds a control character (U+0000)."),
        ("x" * 20_001, "A deck list has at most 20000 characters."),
    ],
)
def test_a_list_that_cannot_be_read_is_refused_and_nothing_saved(hero_event, text, said):
    ann = _player(hero_event)
    with pytest.raises(services.ServiceError) as refused:
        services.submit_deck_list(ann, text, actor=actor(hero_event.owner))
    assert (refused.value.field, str(refused.value)) == ("text", said)
    assert not DeckList.objects.exists()


def test_a_player_changes_their_list_until_the_deadline_and_the_coordinator_after_it(hero_event):
    hero_event.deck_deadline = NOW
    hero_event.save()
    ann = _player(hero_event)
    own = Actor.deck_link(ann.name)
    services.submit_deck_list(ann, LEGAL, actor=own, now=NOW - datetime.timedelta(minutes=1))
    with pytest.raises(services.ServiceError, match="The deadline for deck lists has passed"):
        services.submit_deck_list(ann, "Sting", actor=own, now=NOW)
    services.submit_deck_list(ann, "Sting", actor=actor(hero_event.owner), now=NOW)
    assert DeckList.objects.get(player=ann).text == "Sting"


def test_a_player_cannot_change_their_list_once_the_event_has_started(hero_event):
    run_event(hero_event, 4, 0)
    ann = hero_event.players.first()
    with pytest.raises(services.ServiceError, match="The event has started"):
        services.submit_deck_list(ann, LEGAL, actor=Actor.deck_link(ann.name))


def test_a_player_cannot_register_a_list_an_event_does_not_ask_for(event):
    ann = _player(event)
    with pytest.raises(services.ServiceError, match=r"This event does not ask for deck lists\."):
        services.submit_deck_list(ann, LEGAL, actor=Actor.deck_link(ann.name))
    services.submit_deck_list(ann, LEGAL, actor=actor(event.owner))  # the coordinator keeps lists anyway


def test_the_coordinators_capability_stands_over_the_lists_until_given_back(hero_event):
    ann = _player(hero_event)
    with pytest.raises(services.ServiceError) as refused:
        services.set_capability(ann, actor=actor(hero_event.owner), capability="one-ring", note=" ")
    assert refused.value.field == "note"
    services.set_capability(ann, actor=actor(hero_event.owner), capability="one-ring", note="seen at the table")
    services.submit_deck_list(ann, LEGAL.replace("Cracks of Doom\n", ""), actor=actor(hero_event.owner))
    ann.refresh_from_db()
    assert (ann.deck_capability, ann.capability_note) == ("one-ring", "seen at the table")
    services.set_capability(ann, actor=actor(hero_event.owner), capability=None, note="")
    ann.refresh_from_db()
    assert (ann.deck_capability, ann.capability_note) == ("marshalling-points", "")


def test_a_fallen_wizard_only_event_wants_the_declaration_and_the_pairing_reads_it(event):
    event = _set(event, format="fallen-wizard-only", policy="policy-4-2001")
    ann, _bea = register(event, 2)
    with pytest.raises(services.ServiceError) as refused:
        services.submit_deck_list(ann, LEGAL, actor=_own(ann))
    assert (refused.value.field, str(refused.value)) == ("avatar", "Say which Fallen-wizard you play.")
    with pytest.raises(services.ServiceError) as refused:
        services.submit_deck_list(ann, LEGAL, actor=_own(ann), avatar="Sauron")
    assert refused.value.field == "avatar" and "Alatar, Gandalf, Pallando, Radagast, Saruman" in str(refused.value)
    assert not DeckList.objects.exists()  # nothing half-saved
    services.submit_deck_list(ann, LEGAL, actor=_own(ann), avatar="Saruman")
    ann.refresh_from_db()
    assert ann.avatar == "Saruman"
    assert AuditEntry.objects.filter(action="deck.saved").latest("id").after["avatar"] == "Saruman"


def test_a_general_opponent_player_may_declare_a_fallen_wizard_or_none(event):
    event = _set(event, format="general-opponent")
    [ann] = register(event, 1)
    services.submit_deck_list(ann, LEGAL, actor=_own(ann))
    ann.refresh_from_db()
    assert ann.avatar == ""
    services.submit_deck_list(ann, LEGAL, actor=_own(ann), avatar="Radagast")
    ann.refresh_from_db()
    assert ann.avatar == "Radagast"
    services.submit_deck_list(ann, LEGAL, actor=_own(ann), avatar="")  # taken back
    ann.refresh_from_db()
    assert ann.avatar == ""


def test_a_single_alignment_hero_event_asks_no_fallen_wizard_and_leaves_the_field_alone(event):
    event = _set(event, format="single-deck", policy="policy-1-1996")
    [ann] = register(event, 1)
    Player.objects.filter(pk=ann.pk).update(avatar="typed at the desk")
    services.submit_deck_list(ann, LEGAL, actor=_own(ann), avatar="Saruman")
    ann.refresh_from_db()
    assert ann.avatar == "typed at the desk"


def test_a_scenario_player_chooses_from_the_official_three_unless_the_coordinator_posted_others(event):
    event = _set(event, game_type="scenario", policy="policy-4-2001")
    [ann] = register(event, 1)
    with pytest.raises(services.ServiceError) as refused:
        services.submit_deck_list(ann, LEGAL, actor=_own(ann))
    assert (refused.value.field, str(refused.value)) == ("choice", "Choose your scenario.")
    with pytest.raises(services.ServiceError) as refused:
        services.submit_deck_list(ann, LEGAL, actor=_own(ann), choice="Ring-quest")
    assert "A Hobbit's Quest, Barrels out of Bond, The King beneath the Mountains" in str(refused.value)
    services.submit_deck_list(ann, LEGAL, actor=_own(ann), choice="Barrels out of Bond")
    ann.refresh_from_db()
    assert ann.deck_choice == "Barrels out of Bond"
    services.update_deck_settings(
        event,
        actor=actor(event.owner),
        deck_lists_wanted=True,
        sign_up_opens_at=None,
        sign_up_closes_at=None,
        sign_up_cap=None,
        deck_deadline=None,
        deck_choices=["  The  Ring-quest ", "", "the ring-quest", "Dragon's Hoard"],
    )
    event.refresh_from_db()
    assert event.deck_choices == ["The Ring-quest", "Dragon's Hoard"]
    with pytest.raises(services.ServiceError):
        services.submit_deck_list(ann, LEGAL, actor=_own(ann), choice="Barrels out of Bond")
    services.submit_deck_list(ann, LEGAL, actor=_own(ann), choice="The Ring-quest")


def test_a_challenge_deck_player_writes_their_deck_when_none_is_posted(event):
    event = _set(event, game_type="challenge-deck", policy="policy-4-2001")
    [ann] = register(event, 1)
    services.submit_deck_list(ann, LEGAL, actor=_own(ann), choice="  Challenge  Deck A ")
    ann.refresh_from_db()
    assert ann.deck_choice == "Challenge Deck A"
    with pytest.raises(services.ServiceError) as refused:
        services.submit_deck_list(ann, LEGAL, actor=_own(ann), choice="x" * 101)
    assert refused.value.field == "choice"


def test_lists_are_published_after_the_event_only_those_chosen(event):
    event = _set(event, format="single-deck", policy="policy-1-1996")
    run_event(event, 4, 1)
    owner = actor(event.owner)
    ann, bea, cid, dan = event.players.order_by("name")
    for player in (ann, bea, cid):
        services.submit_deck_list(player, LEGAL, actor=owner)
    with pytest.raises(services.ServiceError) as refused:
        services.publish_deck_lists(event, actor=owner, player_ids=[ann.pk])
    assert str(refused.value) == "Lists can be published once the event is closed."
    Event.objects.filter(pk=event.pk).update(status=Event.CLOSED)
    with pytest.raises(services.ServiceError):
        services.publish_deck_lists(event, actor=owner, player_ids=[ann.pk, dan.pk])  # Dan has no list
    assert not DeckList.objects.filter(published=True).exists()
    assert services.publish_deck_lists(event, actor=owner, player_ids=[ann.pk, bea.pk]) == 2
    assert services.publish_deck_lists(event, actor=owner, player_ids=[bea.pk]) == 1
    assert set(DeckList.objects.filter(published=True).values_list("player__name", flat=True)) == {bea.name}
    entry = AuditEntry.objects.filter(action="deck.published").latest("id")
    assert entry.before == {"players": sorted([ann.archive_id, bea.archive_id])}
    assert entry.after == {"players": [bea.archive_id]}
