"""Deck lists, the sign-up and the deck links (events/services/decks.py)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from events import services
from events.models import AuditEntry, DeckList, Player
from events.roles import Actor
from scoring import spot_check_choice
from tests.helpers import actor, register, run_event
from tests.scoring.test_decks import LEGAL

NOW = timezone.make_aware(datetime.datetime(2026, 11, 20, 12, 0))


@pytest.fixture
def hero_event(event):
    event.format = "single-deck"  # Policy #1's one format
    event.policy = "policy-1-1996"
    event.deck_lists_wanted = True
    event.save()
    return event


def _player(event) -> Player:
    [player] = services.register_players(event, "Ann", actor=actor(event.owner))
    return player


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


def test_a_forfeit_gives_the_maximum_for_the_capability_the_list_shows(hero_event):
    run_event(hero_event, 4, 0)
    game = services.pair_round(hero_event, actor=actor(hero_event.owner), seed=1).games.first()
    services.submit_deck_list(game.player_b, LEGAL, actor=actor(hero_event.owner))
    services.drop_player(game.player_a, actor=actor(hero_event.owner))
    game.refresh_from_db()
    assert game.points == [0, 7]  # Policy #1, a two-deck One Ring win


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


def test_deck_settings_refuse_a_window_that_closes_before_it_opens(event):
    with pytest.raises(services.ServiceError) as refused:
        services.update_deck_settings(
            event,
            actor=actor(event.owner),
            deck_lists_wanted=True,
            sign_up_opens_at=NOW,
            sign_up_closes_at=NOW,
            sign_up_cap=None,
            deck_deadline=None,
        )
    assert refused.value.field == "sign_up_closes_at"


@pytest.fixture
def checked_round(hero_event):
    """Round 1 of six players, each with a list, two decks drawn for a check."""
    run_event(hero_event, 6, 0)
    for player in hero_event.players.all():
        services.submit_deck_list(player, LEGAL, actor=actor(hero_event.owner))
    return services.pair_round(hero_event, actor=actor(hero_event.owner), seed=11)


def test_the_decks_checked_are_drawn_from_the_rounds_seed_by_archive_id(checked_round):
    drawn = checked_round.spot_check_tables()
    ids = dict(checked_round.event.players.values_list("archive_id", "pk"))
    expected = spot_check_choice(sorted(ids), seed=11, round_number=1, count=2)
    assert sorted(drawn) == sorted(ids[archive_id] for archive_id in expected)
    seats = {game.player_a_id: game.table for game in checked_round.games.all()}
    seats |= {game.player_b_id: game.table for game in checked_round.games.all()}
    assert drawn == {pk: seats[pk] for pk in drawn}


def test_staff_record_a_check_of_a_drawn_deck_once_with_what_differed(checked_round, staff_user):
    staff = actor(staff_user, "staff")
    drawn = Player.objects.get(pk=next(iter(checked_round.spot_check_tables())))
    with pytest.raises(services.ServiceError) as refused:
        services.record_spot_check(checked_round, drawn, actor=staff, matches=False, note="")
    assert refused.value.field == "note"
    services.record_spot_check(checked_round, drawn, actor=staff, matches=False, note="a fourth Orc-patrol")
    entry = AuditEntry.objects.latest("id")
    assert (entry.action, entry.after, entry.round_number) == (
        "deck.spot_checked",
        {"matches": False, "note": "a fourth Orc-patrol"},
        1,
    )
    with pytest.raises(services.ServiceError, match="checked already"):
        services.record_spot_check(checked_round, drawn, actor=staff, matches=True, note="")


def test_staff_cannot_check_a_deck_the_round_did_not_draw_but_the_coordinator_can(checked_round, staff_user):
    other = checked_round.event.players.exclude(pk__in=checked_round.spot_check_tables()).first()
    with pytest.raises(services.ServiceError, match="is not drawn for a deck check"):
        services.record_spot_check(checked_round, other, actor=actor(staff_user, "staff"), matches=True, note="")
    services.record_spot_check(checked_round, other, actor=actor(checked_round.event.owner), matches=True, note="")


def test_staff_check_a_drawn_deck_only_while_its_round_is_the_latest(checked_round, staff_user):
    """The service holds the same rule as the deck-check page: an earlier round's draw is over for staff."""
    event = checked_round.event
    drawn = Player.objects.get(pk=next(iter(checked_round.spot_check_tables())))
    for game in checked_round.games.all():
        services.record_result(
            game, {"kind": "council", "mp": [20, 10]}, actor=actor(event.owner), expected_version=game.version
        )
    services.pair_round(event, actor=actor(event.owner), seed=12)
    with pytest.raises(services.ServiceError, match="is not drawn for a deck check"):
        services.record_spot_check(checked_round, drawn, actor=actor(staff_user, "staff"), matches=True, note="")
    assert not checked_round.spot_checks.exists()


def test_changing_the_events_rules_checks_every_list_again(event):
    ann = _player(event)
    saved = services.submit_deck_list(ann, LEGAL, actor=actor(event.owner))
    assert saved.findings["legal"] is True
    services.update_event(event, actor=actor(event.owner), name=event.name, game_type="one-deck-starter")
    saved.refresh_from_db()
    assert [problem["rule"] for problem in saved.findings["problems"]] == ["sideboard"]  # starter rules: none


def test_a_player_cannot_register_a_list_an_event_does_not_ask_for(event):
    ann = _player(event)
    with pytest.raises(services.ServiceError, match=r"This event does not ask for deck lists\."):
        services.submit_deck_list(ann, LEGAL, actor=Actor.deck_link(ann.name))
    services.submit_deck_list(ann, LEGAL, actor=actor(event.owner))  # the coordinator keeps lists anyway


def test_the_draw_made_at_pairing_stays_whatever_changes_later(checked_round):
    drawn = checked_round.spot_check_tables()
    event = checked_round.event
    [late] = services.register_players(event, "Late Lister", actor=actor(event.owner))
    services.submit_deck_list(late, LEGAL, actor=actor(event.owner))
    type(event).objects.filter(pk=event.pk).update(spot_checks_per_round=5)
    checked_round.refresh_from_db()
    assert checked_round.spot_check_tables() == drawn


def test_a_capability_changed_on_the_players_page_stands_over_the_list(hero_event):
    ann = _player(hero_event)
    services.update_player(ann, actor=actor(hero_event.owner), name="Ann", deck_capability="one-ring")
    services.submit_deck_list(ann, LEGAL.replace("Cracks of Doom\n", ""), actor=actor(hero_event.owner))
    ann.refresh_from_db()
    assert (ann.deck_capability, ann.capability_note) == ("one-ring", "Set on the player's page.")
