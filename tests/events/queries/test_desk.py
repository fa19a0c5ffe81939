"""The coordinator's desk: the players, the rounds, what comes next (events/queries/desk.py)."""

from __future__ import annotations

import datetime

from events import services
from events.queries.desk import MailFailures, desk, desk_players
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


ONLINE = {
    "key": "online-days",
    "title": "Online, three-day rounds",
    "base": "policy-4-2001",
    "changes": {"time_limits": {"two-deck": 3 * 24 * 60}},
}


def _online_round(owner, players: int = 4):
    """Round 1 of an online event of three-day rounds, paired, its clock running; every player has an address."""
    services.save_house_policy(owner=owner, document=ONLINE)
    event = services.create_event(owner=owner, name="Online Cup", policy="online-days", game_type="two-deck")
    for player in register(event, players):
        player.email = f"{player.name.replace(' ', '').lower()}@example.org"
        player.save(update_fields=["email"])
    services.start_event(event, actor=actor(owner))
    rnd = services.start_clock(services.pair_round(event, actor=actor(owner), seed=1), actor=actor(owner))
    rnd.refresh_from_db()
    event.refresh_from_db()
    return event, rnd


def test_mail_that_could_not_be_sent_is_counted_and_the_latest_named_without_its_address(owner):
    event, rnd = _online_round(owner)
    assert desk(event).mail_failures is None  # four pairings wait, none has failed
    start = rnd.clock_ends_at - datetime.timedelta(days=3)
    first = services.claim_message(start)
    services.mark_failed(first, "[Errno 111] Connection refused")
    second = services.claim_message(start + datetime.timedelta(minutes=1))
    services.mark_failed(second, f"{{'{second.player.email}': (550, b'5.1.1 User unknown')}}")
    sent = services.claim_message(start + datetime.timedelta(minutes=2))
    services.mark_sent(sent, start + datetime.timedelta(minutes=2))
    failures = desk(event).mail_failures
    assert failures == MailFailures(
        count=2, player=second.player.name, kind="Pairing", error="{'…': (550, b'5.1.1 User unknown')}"
    )
    # Tried again and sent: it no longer counts.
    retried = services.claim_message(start + datetime.timedelta(minutes=20))
    assert retried.pk == first.pk
    services.mark_sent(retried, start + datetime.timedelta(minutes=20))
    assert desk(event).mail_failures.count == 1


def test_an_online_rounds_games_without_a_result_are_listed_once_their_time_is_up(owner):
    event, rnd = _online_round(owner, players=6)
    first, second, third = rnd.games.order_by("table")
    ends = rnd.clock_ends_at
    assert desk(event, now=ends - datetime.timedelta(hours=1), online=True).past_deadline == []
    services.record_result(first, WIN_A, actor=actor(owner), expected_version=0)
    services.adjust_time(rnd, actor=actor(owner), minutes=24 * 60, table=third.table)  # an extension of a day
    late = ends + datetime.timedelta(minutes=1)
    assert [game.table for game in desk(event, now=late, online=True).past_deadline] == [second.table]
    assert [game.table for game in desk(event, now=ends + datetime.timedelta(days=1), online=True).past_deadline] == [
        second.table,
        third.table,
    ]
    # At a venue, time called starts the end-of-time procedure: nothing is past a deadline.
    assert desk(event, now=late).past_deadline == []
