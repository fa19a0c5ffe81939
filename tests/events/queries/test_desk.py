"""The coordinator's desk: the players, the rounds, what comes next (events/queries/desk.py)."""

from __future__ import annotations

from events import services
from events.queries.desk import desk, desk_players
from tests.helpers import WIN_A, actor, register, run_event


def test_before_the_start_nothing_is_paired_and_the_policy_speaks_for_those_present(event):
    register(event, 9)
    summary = desk(event)
    assert (summary.registered_count, summary.active_count, summary.searchable) == (9, 9, False)
    assert (summary.rounds, summary.latest, summary.can_pair_next, summary.swiss_paired) == ([], None, False, 0)
    assert summary.next_round_label == "round 1"
    assert summary.rounds_for_present == summary.policy.rounds_for(9)
    assert summary.time_limit == summary.policy.time_limits["two-deck"]
    assert summary.break_on is False  # not a sealed event


def test_one_player_is_too_few_for_the_policy_to_say_anything(event):
    register(event, 1)
    summary = desk(event)
    assert (summary.rounds_for_present, summary.official) == (None, False)


def test_after_pairing_the_next_round_waits_for_every_result(event):
    register(event, 4)
    who = actor(event.owner)
    services.start_event(event, actor=who, rounds=3, note="the test's own number")
    event.refresh_from_db()
    assert (desk(event).can_pair_next, desk(event).next_round_label) == (True, "round 1")
    rnd = services.pair_round(event, actor=who, seed=1)
    first, second = rnd.games.order_by("table")
    summary = desk(event)
    assert [(r.number, r.tables, r.missing) for r in summary.rounds] == [(1, 2, 2)]
    assert (summary.latest.number, summary.can_pair_next, summary.next_round_label) == (1, False, "round 2")
    services.record_result(first, WIN_A, actor=who, expected_version=0)
    assert (desk(event).latest.missing, desk(event).can_pair_next) == (1, False)
    services.record_result(second, WIN_A, actor=who, expected_version=0)
    summary = desk(event)
    assert (summary.latest.missing, summary.can_pair_next, summary.swiss_paired) == (0, True, 1)


def test_no_next_round_once_the_planned_rounds_are_played(event):
    run_event(event, 4, 2)  # two rounds played of three planned
    services.change_rounds(event, actor=actor(event.owner), rounds=2, note="the test's own number")
    event.refresh_from_db()
    summary = desk(event)
    assert (summary.swiss_paired, summary.can_pair_next, summary.next_round_label) == (2, False, "round 3")


def test_a_tied_lead_offers_the_playoffs_round(event):
    register(event, 2)
    who = actor(event.owner)
    services.start_event(event, actor=who, rounds=1, note="the test's own number")
    game = services.pair_round(event, actor=who, seed=1).games.get()
    services.record_result(game, {"kind": "council", "mp": [10, 10]}, actor=who, expected_version=0)
    services.start_stage(event, actor=who)
    event.refresh_from_db()
    summary = desk(event)
    assert (summary.can_pair_next, summary.next_round_label, summary.swiss_paired) == (True, "Playoff, round 1", 1)


def test_the_players_are_found_by_any_folded_words_and_counted(event):
    register(event, 3)
    services.register_players(event, "Éowyn of Rohan", actor=actor(event.owner))
    page, registered, active = desk_players(event, "EOWYN", None)
    assert ([p.name for p in page.object_list], registered, active) == (["Éowyn of Rohan"], 4, 4)
    summary = desk(event, "player 0")
    assert [p.name for p in summary.player_page.object_list] == ["Player 01", "Player 02", "Player 03"]
    assert summary.query == "player 0"


def test_a_dropped_player_is_registered_but_not_present(event):
    run_event(event, 3, 0)
    services.drop_player(event.players.first(), actor=actor(event.owner))
    summary = desk(event)
    assert (summary.registered_count, summary.active_count) == (3, 2)


def test_a_long_list_of_players_is_searchable_and_paged(event):
    register(event, 65)
    summary = desk(event)
    assert (summary.searchable, len(summary.player_page.object_list)) == (True, 50)
    assert desk(event, page_number="2").player_page.object_list[0].name == "Player 51"
