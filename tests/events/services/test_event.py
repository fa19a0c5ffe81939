"""Creating an event and changing its settings (events/services/event.py)."""

from __future__ import annotations

import pytest

from events import services
from events.models import AuditEntry, Event, HousePolicy
from tests.helpers import actor, run_event
from tests.helpers import register_ann as _player
from tests.scoring.test_decks import LEGAL


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


def test_changing_the_events_rules_checks_every_list_again(event):
    ann = _player(event)
    saved = services.submit_deck_list(ann, LEGAL, actor=actor(event.owner))
    assert saved.findings["legal"] is True
    services.update_event(event, actor=actor(event.owner), name=event.name, game_type="one-deck-starter")
    saved.refresh_from_db()
    assert [problem["rule"] for problem in saved.findings["problems"]] == ["sideboard"]  # starter rules: none


def test_an_event_takes_a_kept_house_policy_and_keeps_the_version_it_took(owner):
    document = {"key": "club-2024", "title": "Club Rules", "base": "version-3-1998", "changes": {"tie_points": 2}}
    kept = HousePolicy.objects.create(key="club-2024", title="Club Rules", document=document, owner=owner)
    event = services.create_event(owner=owner, name="Club Night", policy="club-2024", game_type="two-deck")
    assert event.policy == "club-2024" and event.policy_document == document
    assert event.rules.tie_points == 2 and event.rules.tie_clause.startswith("Club Rules, house rule on a tied game")
    kept.document = {**document, "changes": {"tie_points": 1}}
    kept.save()
    event.refresh_from_db()
    assert event.rules.tie_points == 2  # the version it took


def test_an_unknown_policy_is_refused_at_its_field(owner):
    with pytest.raises(services.ServiceError) as refused:
        services.create_event(owner=owner, name="Nowhere", policy="no-such-house", game_type="two-deck")
    assert refused.value.field == "policy"
