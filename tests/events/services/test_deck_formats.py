"""What a list holds by format: declarations, the sealed product and clock, publishing, links for everyone."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from events import services
from events.models import AuditEntry, BreakClock, DeckList, Event, Player, SealedProduct
from events.roles import Actor
from scoring import CONSTRUCTION_MINUTES, EXCHANGE_MINUTES
from tests.helpers import actor, register, run_event
from tests.scoring.test_decks import LEGAL, SEALED_PRODUCT

SEALED_DECK = "Pool\nGandalf\nResources\n3 Concealment\nHazards\n3 Orc-patrol\n2 Wargs\n"


def _set(event, **fields) -> Event:
    Event.objects.filter(pk=event.pk).update(deck_lists_wanted=True, **fields)
    event.refresh_from_db()
    return event


def _own(player: Player) -> Actor:
    return Actor.deck_link(player.name)


# Fallen-wizard declarations -----------------------------------------------------------


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


# Challenge decks and scenarios ----------------------------------------------------------


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


@pytest.mark.parametrize(
    "choices, said",
    [
        (["A\x00B"], "control character"),
        (["x" * 101], "longer than 100 characters"),
        ([f"Deck {n}" for n in range(21)], "at most 20"),
    ],
)
def test_posted_choices_are_refused_next_to_their_field(event, choices, said):
    with pytest.raises(services.ServiceError) as refused:
        services.update_deck_settings(
            event,
            actor=actor(event.owner),
            deck_lists_wanted=True,
            sign_up_opens_at=None,
            sign_up_closes_at=None,
            sign_up_cap=None,
            deck_deadline=None,
            deck_choices=choices,
        )
    assert refused.value.field == "deck_choices" and said in str(refused.value)


# Sealed: the product, the construction clock, the exchanges -----------------------------


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


# Publishing and links ---------------------------------------------------------------------


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


def test_links_for_everyone_without_one_keep_the_links_given(event):
    ann, _bea, _cid = register(event, 3)
    given = services.make_deck_link(ann, actor=actor(event.owner)).deck_token
    assert services.make_deck_links(event, actor=actor(event.owner)) == 2
    tokens = dict(event.players.values_list("pk", "deck_token"))
    assert tokens[ann.pk] == given and len(set(tokens.values())) == 3 and all(tokens.values())
    assert services.make_deck_links(event, actor=actor(event.owner)) == 0


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
