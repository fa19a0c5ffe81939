"""Creating, starting, changing and closing an event (events/services/event.py)."""

from __future__ import annotations

import pytest

from events import services
from events.models import AuditEntry, Event
from tests.factories import EventFactory
from tests.helpers import actor, register, run_event


def _tied_lead(event, tie_resolution):
    Event.objects.filter(pk=event.pk).update(tie_resolution=tie_resolution)
    event.refresh_from_db()
    register(event, 2)
    services.start_event(event, actor=actor(event.owner))
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.get()
    services.record_result(game, {"kind": "council", "mp": [10, 10]}, actor=actor(event.owner), expected_version=0)
    return game


def test_create_event_refuses_a_game_type_the_policy_does_not_have(owner):
    with pytest.raises(services.ServiceError) as caught:
        services.create_event(
            owner=owner,
            name="Old",
            policy="policy-1-1996",
            game_type="challenge-deck",
            format="general-opponent",
            tie_resolution="playoff",
            first_round_pairing="random",
        )
    assert caught.value.field == "game_type"
    assert Event.objects.count() == 0


def test_create_event_refuses_ranking_pairing_before_policy_4(owner):
    with pytest.raises(services.ServiceError) as caught:
        services.create_event(
            owner=owner,
            name="V3",
            policy="version-3-1998",
            game_type="two-deck",
            format="general-opponent",
            tie_resolution="playoff",
            first_round_pairing="ranking",
        )
    assert caught.value.field == "first_round_pairing"


def test_create_event_gives_unique_slugs_and_an_audit_entry(owner):
    rules = {
        "policy": "policy-4-2001",
        "game_type": "two-deck",
        "format": "general-opponent",
        "tie_resolution": "playoff",
        "first_round_pairing": "random",
    }
    first = services.create_event(owner=owner, name="Rivendell Cup", **rules)
    second = services.create_event(owner=owner, name="Rivendell Cup", **rules)
    assert (first.slug, second.slug) == ("rivendell-cup", "rivendell-cup-2")
    assert AuditEntry.objects.filter(event=first, action="event.created").count() == 1


def test_start_takes_the_rounds_from_the_policy_table_for_active_players(event):
    register(event, 12)
    services.start_event(event, actor=actor(event.owner))
    event.refresh_from_db()
    # Policy Number 4, Number of Rounds: 9-16 players play 4 rounds.
    assert (event.status, event.rounds_planned, event.rounds_by_policy, event.rounds_note) == ("running", 4, 4, "")


def test_start_with_other_rounds_records_the_departure(event):
    register(event, 12)
    services.start_event(event, actor=actor(event.owner), rounds=3, note="The hall closes at six")
    event.refresh_from_db()
    assert (event.rounds_planned, event.rounds_by_policy) == (3, 4)  # it departs from the policy
    assert event.rounds_note.startswith("Departs from the policy: 4 rounds for 12 players (Policy Number 4")
    assert event.rounds_note.endswith("The hall closes at six")


def test_start_needs_two_players(event):
    register(event, 1)
    with pytest.raises(services.ServiceError, match="at least two players"):
        services.start_event(event, actor=actor(event.owner))
    event.refresh_from_db()
    assert event.status == Event.REGISTRATION


def test_close_needs_every_result(event):
    run_event(event, 4, 1, leave_last_open=True)
    with pytest.raises(services.ServiceError, match="still needs results from table"):
        services.close_event(event, actor=actor(event.owner), confirm=True)


def test_closing_early_needs_confirmation(event):
    Event.objects.filter(pk=event.pk).update(tie_resolution="co-champions")  # two players lead on 6
    event.refresh_from_db()
    run_event(event, 4, 1)
    with pytest.raises(services.NeedsConfirmation, match="Only 1 of the 2 planned rounds"):
        services.close_event(event, actor=actor(event.owner))
    services.close_event(event, actor=actor(event.owner), confirm=True)
    event.refresh_from_db()
    assert event.status == "closed"


def test_a_tied_lead_with_a_posted_playoff_needs_the_playoff_winner(event):
    game = _tied_lead(event, "playoff")
    with pytest.raises(services.ServiceError) as caught:
        services.close_event(event, actor=actor(event.owner))
    assert caught.value.field == "playoff_winner"
    services.close_event(event, actor=actor(event.owner), playoff_winner=game.player_b)
    event.refresh_from_db()
    assert (event.status, event.playoff_winner_id) == ("closed", game.player_b_id)


def test_a_tied_lead_with_posted_co_champions_closes_without_a_playoff(event):
    _tied_lead(event, "co-champions")
    standings = services.close_event(event, actor=actor(event.owner))
    assert "co-champions" in standings.lead_tie.text


def test_update_event_refuses_rule_changes_after_the_start(event):
    run_event(event, 4, 0)
    with pytest.raises(services.ServiceError) as caught:
        services.update_event(
            event,
            actor=actor(event.owner),
            name="New name",
            policy="version-3-1998",
            game_type="two-deck",
            format="general-opponent",
            tie_resolution="playoff",
            first_round_pairing="random",
        )
    assert caught.value.field == "policy"
    services.update_event(event, actor=actor(event.owner), name="New name")
    event.refresh_from_db()
    assert (event.name, event.policy) == ("New name", "policy-4-2001")


def test_every_service_touches_the_event_for_live_pages(event):
    before = Event.objects.get(pk=event.pk).changed_at
    register(event, 2)
    assert Event.objects.get(pk=event.pk).changed_at > before


def test_events_of_other_owners_do_not_interfere(owner):
    other = EventFactory(name="Elsewhere", slug="elsewhere")
    register(other, 3)
    mine = EventFactory(owner=owner, slug="mine")
    register(mine, 3)
    assert sorted(mine.players.values_list("archive_id", flat=True)) == ["player-01", "player-02", "player-03"]


def test_version_3_and_policy_4_co_champions_need_the_tied_players_agreement_when_closing(event, owner):
    # "If both players and the tournament coordinator agree, however, no tie breaker actions are taken".
    with pytest.raises(services.ServiceError) as refused:
        services.create_event(
            owner=owner, name="Posted", policy="policy-4-2001", game_type="two-deck", tie_resolution="co-champions"
        )
    assert refused.value.field == "tie_resolution" and "agree" in str(refused.value)
    register(event, 2)
    who = actor(event.owner)
    services.start_event(event, actor=who)
    game = services.pair_round(event, actor=who, seed=1).games.get()
    services.record_result(game, {"kind": "council", "mp": [10, 10]}, actor=who, expected_version=0)
    services.close_event(event, actor=who, co_champions_agreed=True)
    event.refresh_from_db()
    assert (event.status, event.tie_resolution) == ("closed", "co-champions")
    entry = AuditEntry.objects.get(event=event, action="event.co_champions_agreed")
    assert entry.before == {"tie_resolution": "playoff"} and len(entry.after["champions"]) == 2


def test_policy_1_posts_one_of_its_three_options_and_no_agreement_is_asked(owner):
    for option in ("playoff", "co-champions", "playoff-without-menu", "co-champions-without-menu"):
        made = services.create_event(
            owner=owner, name=f"P1 {option}", policy="policy-1-1996", game_type="two-deck", tie_resolution=option
        )
        assert (made.tie_resolution, made.format) == (option, "single-deck")
    with pytest.raises(services.ServiceError) as refused:
        services.create_event(
            owner=owner, name="V3", policy="version-3-1998", game_type="two-deck", tie_resolution="playoff-without-menu"
        )
    assert refused.value.field == "tie_resolution"


def test_a_format_the_policy_does_not_define_is_refused_next_to_the_format(owner):
    with pytest.raises(services.ServiceError) as refused:
        services.create_event(
            owner=owner, name="P1", policy="policy-1-1996", game_type="two-deck", format="general-opponent"
        )
    assert refused.value.field == "format"
    assert str(refused.value).startswith("Council of Lórien Policy #1 (1996) defines these formats only: One deck each")


def test_starting_with_deck_lists_asked_for_and_missing_warns_first(event):
    from tests.scoring.test_decks import LEGAL

    Event.objects.filter(pk=event.pk).update(deck_lists_wanted=True)
    event.refresh_from_db()
    players = register(event, 4)
    services.submit_deck_list(players[0], LEGAL, actor=actor(event.owner))
    services.submit_deck_list(players[1], LEGAL.replace("3 Orc-patrol", "4 Orc-patrol"), actor=actor(event.owner))
    with pytest.raises(services.NeedsConfirmation) as asked:
        services.start_event(event, actor=actor(event.owner))
    assert asked.value.warnings == [
        "2 of the 4 players present have no deck list; once the event starts only you can enter theirs.",
        "1 deck list breaks a rule or names a card Council does not know: see the Decks page.",
    ]
    event.refresh_from_db()
    assert event.status == "registration"
    services.start_event(event, actor=actor(event.owner), confirm=True)
    event.refresh_from_db()
    assert event.status == "running"


def test_departing_from_the_policys_rounds_needs_a_reason(event):
    register(event, 8)  # Policy Number 4: 3 rounds for 8 players
    with pytest.raises(services.ServiceError) as refused:
        services.start_event(event, actor=actor(event.owner), rounds=4, note="   ")
    assert refused.value.field == "note" and "say why" in str(refused.value)
    services.start_event(event, actor=actor(event.owner), rounds=4, note="A long day at the club")
    event.refresh_from_db()
    assert event.rounds_planned == 4 and event.rounds_note.endswith("A long day at the club")


def test_a_misspelt_rule_setting_is_an_error_not_a_quiet_swiss_event(owner):
    """Issue 29: ``create_event(..., strucure="elimination")`` once made a Swiss event without a word."""
    with pytest.raises(TypeError, match="strucure"):
        services.create_event(
            owner=owner, name="Typo", policy="policy-4-2001", game_type="two-deck", strucure="elimination"
        )
    assert not Event.objects.filter(name="Typo").exists()
    made = services.create_event(
        owner=owner,
        name="Knockout",
        policy="policy-4-2001",
        game_type="two-deck",
        structure="elimination",
        seeding="random",
    )
    with pytest.raises(TypeError, match="seedng"):
        services.update_event(made, actor=actor(owner), name="Knockout", seedng="ranking")
    made.refresh_from_db()
    assert (made.structure, made.seeding) == ("elimination", "random")
