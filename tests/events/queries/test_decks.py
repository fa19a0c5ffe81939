"""Deck lists as the coordinator, a player with their own link, the sign-up page see them (events/queries/decks.py)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from events import services
from events.queries.decks import (
    deck_link_slips,
    deck_lists_sheet,
    deck_overview,
    player_by_deck_token,
    player_deck,
    published_deck,
    published_decks,
    readable_findings,
    round_spot_checks,
    sign_up_page,
    spot_check_page,
)
from events.queries.standings import event_standings
from scoring.messages import Text
from tests.helpers import actor, register, run_event
from tests.scoring.test_decks import LEGAL

NOW = timezone.make_aware(datetime.datetime(2026, 11, 20, 12, 0))
UNKNOWN_AND_TOO_MANY = LEGAL.replace("3 Orc-patrol", "4 Orc-patrol") + "\nNo Such Card\n"


@pytest.fixture
def hero_event(event):
    event.format = "single-deck"  # Policy #1's one format
    event.policy = "policy-1-1996"
    event.deck_lists_wanted = True
    event.save()
    return event


def _states(overview) -> dict[str, list[tuple[str, int | None]]]:
    return {row.player.name: [(str(label), count) for label, count in row.states] for row in overview.rows}


def test_the_overview_gives_each_players_list_state_and_the_totals(hero_event):
    legal, breaking, unlisted = register(hero_event, 3)
    by = actor(hero_event.owner)
    services.submit_deck_list(legal, LEGAL, actor=by)
    services.submit_deck_list(breaking, UNKNOWN_AND_TOO_MANY, actor=by)
    services.set_capability(unlisted, actor=by, capability="one-ring", note="checked at the desk")
    overview = deck_overview(hero_event)
    assert _states(overview) == {
        legal.name: [("Legal", None)],
        breaking.name: [("Unknown cards", 1), ("Breaks a rule", 1)],
        unlisted.name: [("No list", None)],
    }
    assert [(row.player.name, row.by_hand) for row in overview.rows] == [
        (legal.name, False),
        (breaking.name, False),
        (unlisted.name, True),
    ]
    # A list with unknown names that breaks a rule counts in both totals.
    assert [(str(label), count) for label, count in overview.totals] == [
        ("No list", 1),
        ("Unknown cards", 1),
        ("Breaks a rule", 1),
        ("Legal", 1),
    ]
    assert (overview.sealed, overview.publishable, overview.published) == (False, [], [])


def test_once_closed_the_lists_to_publish_come_in_final_order_and_only_published_ones_are_public(hero_event):
    run_event(hero_event, 4, 2)  # one player wins both rounds: no tied lead
    by = actor(hero_event.owner)
    for player in hero_event.players.all():
        services.submit_deck_list(player, LEGAL, actor=by)
    assert published_decks(hero_event) == []
    services.close_event(hero_event, actor=by, confirm=True)
    hero_event.refresh_from_db()
    overview = deck_overview(hero_event)
    final = event_standings(hero_event)
    by_archive_id = {player.archive_id: player for player in hero_event.players.all()}
    assert overview.publishable == [
        (by_archive_id[row.player].pk, f"{row.rank}. {by_archive_id[row.player].name}") for row in final.rows
    ]
    first = overview.publishable[0][0]
    services.publish_deck_lists(hero_event, actor=by, player_ids=[first])
    assert deck_overview(hero_event).published == [first]
    assert [player.pk for player in published_decks(hero_event)] == [first]
    page = published_deck(hero_event, first)
    assert (page.event, page.player.pk, page.deck_list.text) == (hero_event, first, LEGAL.strip())
    unpublished = hero_event.players.exclude(pk=first).first()
    assert published_deck(hero_event, unpublished.pk) is None


def test_a_players_own_deck_has_the_findings_in_the_engines_words(hero_event):
    [ann] = register(hero_event, 1)
    assert player_deck(ann).deck_list is None and player_deck(ann).findings is None
    services.submit_deck_list(ann, UNKNOWN_AND_TOO_MANY, actor=actor(hero_event.owner))
    deck = player_deck(ann)
    assert (deck.player, deck.deck_list.text, deck.product, deck.sealed) == (
        ann,
        UNKNOWN_AND_TOO_MANY.strip(),
        None,
        False,
    )
    assert [(str(label), count) for label, count in deck.states] == [("Unknown cards", 1), ("Breaks a rule", 1)]
    assert deck.findings.legal is False
    assert [item["name"] for item in deck.findings.unknown] == ["No Such Card"]
    assert [problem["rule"] for problem in deck.findings.problems] == ["copies"]
    assert all(isinstance(problem["message"], Text) for problem in deck.findings.problems)
    assert isinstance(deck.findings.capability_reason, Text)


def test_readable_findings_of_no_list_is_none():
    assert readable_findings(None) is None


def test_a_private_link_finds_its_player_and_nothing_else(hero_event):
    [ann] = register(hero_event, 1)
    ann = services.make_deck_link(ann, actor=actor(hero_event.owner))
    assert player_by_deck_token(hero_event, ann.deck_token) == ann
    assert player_by_deck_token(hero_event, ann.deck_token[:-1]) is None
    assert player_by_deck_token(hero_event, "") is None


def test_the_sign_up_page_counts_the_places_left_under_the_cap(hero_event):
    hero_event.sign_up_opens_at = NOW - datetime.timedelta(days=1)
    hero_event.sign_up_cap = 3
    hero_event.deck_deadline = NOW + datetime.timedelta(days=1)
    hero_event.save()
    register(hero_event, 2)
    page = sign_up_page(hero_event, NOW)
    assert (page.closed, page.places_left, page.deadline) == (None, 1, hero_event.deck_deadline)
    services.register_players(hero_event, "Cai", actor=actor(hero_event.owner))
    full = sign_up_page(hero_event, NOW)
    assert (str(full.closed), full.places_left) == (
        "The event is full (3 players); ask the coordinator about a place.",
        0,
    )


def test_the_rounds_spot_checks_come_by_table_each_with_its_check_once_recorded(hero_event):
    run_event(hero_event, 6, 0)
    by = actor(hero_event.owner)
    for player in hero_event.players.all():
        services.submit_deck_list(player, LEGAL, actor=by)
    rnd = services.pair_round(hero_event, actor=by, seed=11)
    drawn = rnd.spot_check_tables()
    rows = round_spot_checks(rnd)
    assert [(row.player_id, row.table) for row in rows] == sorted(drawn.items(), key=lambda item: item[1])
    assert [row.check for row in rows] == [None, None]
    first = hero_event.players.get(pk=rows[0].player_id)
    assert rows[0].name == first.name
    check = services.record_spot_check(rnd, first, actor=by, matches=True, note="")
    assert [row.check for row in round_spot_checks(rnd)] == [check, None]
    page = spot_check_page(rnd, first)
    assert (page.player, page.round, page.table, page.check) == (first, rnd, rows[0].table, check)
    assert page.deck_list.text == LEGAL.strip() and page.findings.legal is True
    assert round_spot_checks(None) == []


def test_the_binder_holds_every_list_in_name_order_and_names_the_players_without_one(hero_event):
    ann, bob, cai = register(hero_event, 3)
    by = actor(hero_event.owner)
    services.submit_deck_list(cai, UNKNOWN_AND_TOO_MANY, actor=by)
    services.submit_deck_list(ann, LEGAL, actor=by)
    binder = deck_lists_sheet(hero_event)
    assert [(listed.player, listed.findings.legal) for listed in binder.lists] == [(ann, True), (cai, False)]
    assert [(str(label), count) for label, count in binder.lists[1].states] == [
        ("Unknown cards", 1),
        ("Breaks a rule", 1),
    ]
    assert binder.missing == [bob.name]


def test_link_slips_are_for_the_players_with_a_link_only(hero_event):
    ann, _bob = register(hero_event, 2)
    services.make_deck_link(ann, actor=actor(hero_event.owner))
    assert [player.pk for player in deck_link_slips(hero_event).players] == [ann.pk]
