"""Sealed events: the product each player received, the construction clock and the exchanges between rounds
(events/services/sealed.py)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from events import services
from events.models import AuditEntry, BreakClock, Event, SealedProduct
from scoring import CONSTRUCTION_MINUTES, EXCHANGE_MINUTES
from tests.helpers import actor, register, run_event
from tests.helpers import deck_link_actor as _own
from tests.helpers import wanting_lists as _set
from tests.scoring.test_decks import SEALED_PRODUCT

SEALED_DECK = "Pool\nGandalf\nResources\n3 Concealment\nHazards\n3 Orc-patrol\n2 Wargs\n"


@pytest.fixture
def sealed(event):
    return _set(event, game_type="sealed-standard", policy="policy-4-2001", format="hero-only")


def test_the_coordinators_product_is_what_the_deck_is_checked_against(sealed):
    [ann] = register(sealed, 1)
    services.submit_deck_list(ann, SEALED_DECK + "3 Wolves\n", actor=_own(ann))
    assert "sealed-product" not in {p["rule"] for p in ann.deck_list.findings["problems"]}  # nothing to compare yet
    services.enter_sealed_product(ann, SEALED_PRODUCT.replace("Product\n", "Starter\n"), actor=actor(sealed.owner))
    ann.deck_list.refresh_from_db()
    [beyond] = [p for p in ann.deck_list.findings["problems"] if p["rule"] == "sealed-product"]
    assert beyond["cards"] == ["Wolves"]
    # The player writing Wolves into their own product section does not make them theirs.
    services.submit_deck_list(ann, "Product\n3 Wolves\n" + SEALED_DECK + "3 Wolves\n", actor=_own(ann))
    ann.deck_list.refresh_from_db()
    assert [p["cards"] for p in ann.deck_list.findings["problems"] if p["rule"] == "sealed-product"] == [["Wolves"]]
    assert AuditEntry.objects.filter(action="deck.product_entered").latest("id").after == {"cards": 17}


def test_a_product_with_a_name_no_card_has_is_refused_naming_it_and_the_nearest(sealed):
    [ann] = register(sealed, 1)
    with pytest.raises(services.ServiceError) as refused:
        services.enter_sealed_product(ann, "Starter\n3 Orc-patorl\nGandalf", actor=actor(sealed.owner))
    assert refused.value.field == "product"
    assert str(refused.value).startswith("No card has these names: line 2: “Orc-patorl” (did you mean Orc-patrol")
    assert not SealedProduct.objects.exists()


def test_a_product_is_refused_outside_a_sealed_event_or_unreadable(event, sealed):
    [ann] = register(sealed, 1)
    with pytest.raises(services.ServiceError) as refused:
        services.enter_sealed_product(ann, "0 Wolves", actor=actor(sealed.owner))
    assert refused.value.field == "product" and "line 1" in str(refused.value)
    Event.objects.filter(pk=sealed.pk).update(game_type="two-deck")
    with pytest.raises(services.ServiceError) as refused:
        services.enter_sealed_product(ann, "3 Wolves", actor=actor(sealed.owner))
    assert str(refused.value) == "Only a sealed event has products."


def test_the_construction_clock_gives_45_minutes_and_closes_the_lists_when_it_runs_out(sealed):
    [ann, bea] = register(sealed, 2)
    owner = actor(sealed.owner)
    clock = services.start_break_clock(sealed, actor=owner)
    assert (clock.after_round, clock.minutes, clock.purpose) == (0, CONSTRUCTION_MINUTES, "Deck construction")
    assert clock.clock_ends_at - timezone.now() > datetime.timedelta(minutes=44)
    services.submit_deck_list(ann, SEALED_DECK, actor=_own(ann))  # building: open, deadline or not
    BreakClock.objects.filter(pk=clock.pk).update(clock_ends_at=timezone.now() - datetime.timedelta(seconds=1))
    with pytest.raises(services.ServiceError) as refused:
        services.submit_deck_list(ann, SEALED_DECK, actor=_own(ann))
    assert str(refused.value) == "Time is up: the deck stays as it is until the next break."
    services.submit_deck_list(ann, SEALED_DECK, actor=owner)  # the coordinator still may
    services.adjust_break_clock(sealed, actor=owner, minutes=5)  # more time for everyone
    services.submit_deck_list(bea, SEALED_DECK, actor=_own(bea))


def test_exchanges_happen_between_rounds_only_in_the_time_allotted(sealed):
    owner = actor(sealed.owner)
    run_event(sealed, 4, 1, leave_last_open=True)
    ann = sealed.players.order_by("pk").first()
    with pytest.raises(services.ServiceError) as refused:
        services.submit_deck_list(ann, SEALED_DECK, actor=_own(ann))
    assert str(refused.value) == "Round 1 is being played: your deck changes only between rounds."
    with pytest.raises(services.ServiceError) as refused:
        services.start_break_clock(sealed, actor=owner)
    assert "Round 1 is being played" in str(refused.value)
    game = sealed.rounds.get().games.get(result__isnull=True)
    services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=owner, expected_version=game.version)
    services.submit_deck_list(ann, SEALED_DECK, actor=_own(ann))  # between rounds: an exchange
    clock = services.start_break_clock(sealed, actor=owner)
    assert (clock.after_round, clock.minutes, clock.purpose) == (1, EXCHANGE_MINUTES, "Card exchanges")
    paused = services.pause_break_clock(sealed, actor=owner)
    assert paused.clock_state == "paused" and 0 < paused.clock_remaining <= EXCHANGE_MINUTES * 60
    services.start_break_clock(sealed, actor=owner)
    BreakClock.objects.filter(pk=clock.pk).update(clock_ends_at=timezone.now())
    with pytest.raises(services.ServiceError):
        services.submit_deck_list(ann, SEALED_DECK, actor=_own(ann))
    # The next break has its own clock: the one after round 1 does not close it.
    Event.objects.filter(pk=sealed.pk).update(rounds_planned=3)
    services.pair_round(sealed, actor=owner, seed=2)
    for game in sealed.rounds.get(number=2).games.all():
        services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=owner, expected_version=game.version)
    services.submit_deck_list(ann, SEALED_DECK, actor=_own(ann))


def test_after_the_last_round_a_sealed_deck_stays_as_played(sealed):
    run_event(sealed, 4, 1)
    Event.objects.filter(pk=sealed.pk).update(rounds_planned=1)
    ann = sealed.players.order_by("pk").first()
    with pytest.raises(services.ServiceError) as refused:
        services.submit_deck_list(ann, SEALED_DECK, actor=_own(ann))
    assert str(refused.value) == "The last round is over: your deck stays as you played it."


def test_only_a_sealed_event_has_a_clock_between_rounds(event):
    register(event, 2)
    with pytest.raises(services.ServiceError) as refused:
        services.start_break_clock(event, actor=actor(event.owner))
    assert str(refused.value) == "Only a sealed event has a clock between rounds."


def test_a_policy_1_sealed_deck_is_built_once_with_no_exchanges_between_rounds(sealed):
    # Policy #1's sealed game has no exchanges, and General 12: "No card substitutions are allowed between games".
    Event.objects.filter(pk=sealed.pk).update(policy="policy-1-1996", format="single-deck")
    sealed.refresh_from_db()
    owner = actor(sealed.owner)
    ann = register(sealed, 4)[0]
    services.submit_deck_list(ann, SEALED_DECK, actor=_own(ann))  # construction, before round 1
    services.start_event(sealed, actor=owner, confirm=True)
    rnd = services.pair_round(sealed, actor=owner, seed=1)
    for game in rnd.games.all():
        services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=owner, expected_version=game.version)
    with pytest.raises(services.ServiceError) as refused:
        services.submit_deck_list(ann, SEALED_DECK, actor=_own(ann))
    assert "no card exchanges between rounds" in str(refused.value)
    with pytest.raises(services.ServiceError) as refused:
        services.start_break_clock(sealed, actor=owner)
    assert "Policy #1, The Sealed Deck Game" in refused.value.rule
