"""A round's tables: the coordinator's round page and the staff's phone page (events/queries/round.py)."""

from __future__ import annotations

from events import services
from events.models import Event, Game
from events.queries.round import pairing_explained, round_page, staff_tables, swappable_players
from tests.helpers import PHONES, WIN_A, WIN_B, actor, register, run_event


def test_the_round_page_lists_every_table_and_what_is_missing(event, staff_user):
    run_event(event, 9, 1, leave_last_open=True)
    rnd = event.rounds.get()
    page = round_page(event, rnd)
    assert [game.table for game in page.table_page.object_list] == [1, 2, 3, 4]
    assert (page.missing, [game.table for game in page.open_games]) == ([4], [4])
    assert (page.is_latest, page.editable, page.untouched, page.searchable, page.many_open) == (
        True,
        True,
        False,
        False,
        False,
    )
    assert (page.reported, page.listing, page.query) == (0, "", "")  # the coordinator's results stand at once
    # The players of the open table and the bye may be swapped; those of finished tables may not.
    open_game = Game.objects.get(round=rnd, table=4)
    assert set(swappable_players(rnd)) == {open_game.player_a, open_game.player_b, rnd.bye}
    assert page.why is not None and page.spot_checks == []
    services.record_result(open_game, WIN_A, actor=actor(staff_user, "staff"), expected_version=0)
    page = round_page(event, rnd)
    assert (page.reported, page.missing, page.open_games) == (1, [], [])  # staff's result waits for confirmation


def test_a_searched_round_page_shows_only_the_tables_found(event):
    run_event(event, 8, 1)
    rnd = event.rounds.get()
    third = Game.objects.select_related("player_a").get(round=rnd, table=3)
    page = round_page(event, rnd, query=third.player_a.name)
    assert ([game.table for game in page.table_page.object_list], page.listing) == (
        [3],
        f"q={third.player_a.name.replace(' ', '+')}",
    )
    assert round_page(event, rnd, query="3").table_page.object_list == [third]


def test_an_earlier_round_is_neither_latest_nor_editable_and_has_no_clock(event):
    run_event(event, 4, 2)
    first = event.rounds.get(number=1)
    page = round_page(event, first)
    assert (page.is_latest, page.editable, page.clock, page.missing, page.untouched) == (False, False, None, [], False)


def test_a_round_just_paired_is_untouched_and_its_clock_is_shown(event):
    register(event, 4)
    services.start_event(event, actor=actor(event.owner), rounds=2, note="the test's own number", confirm=True)
    event.refresh_from_db()
    rnd = services.pair_round(event, actor=actor(event.owner), seed=1)
    page = round_page(event, rnd)
    assert (page.untouched, page.missing, page.clock is not None, page.extended) == (True, [1, 2], True, [])
    services.adjust_time(rnd, actor=actor(event.owner), minutes=3, table=2)
    assert [(row.table, row.extra_seconds) for row in round_page(event, rnd).extended] == [(2, 180)]


def test_the_staff_page_puts_disputes_first_then_the_tables_playing_then_the_results_in(reporting):
    first, second = reporting.latest_round().games.order_by("table")
    services.report_result(first, 0, WIN_A, device=PHONES[0])
    services.report_result(first, 1, WIN_B, device=PHONES[1])  # the reports differ: staff are needed
    services.record_result(second, WIN_A, actor=actor(reporting.owner), expected_version=second.version)
    page = staff_tables(reporting, "", None)
    assert (page.round, page.open_count, page.done_count, page.done_unshown) == (reporting.latest_round(), 1, 1, 0)
    assert ([g.table for g in page.disputed], list(page.playing.object_list), [g.table for g in page.done_shown]) == (
        [1],
        [],
        [2],
    )
    assert page.disputed[0].player_a.name  # the players come loaded
    assert page.clock is not None and page.searchable is False


def test_the_staff_page_before_any_round_is_empty(event):
    register(event, 4)
    page = staff_tables(event, "", None)
    assert (page.round, page.disputed, page.open_count, page.done_count, page.clock, page.spot_checks) == (
        None,
        [],
        0,
        0,
        None,
        [],
    )


def test_a_bracket_round_is_not_explained_a_swiss_round_is(event):
    Event.objects.filter(pk=event.pk).update(structure="elimination", elimination="single", seeding="ranking")
    event.refresh_from_db()
    register(event, 4)
    services.start_event(event, actor=actor(event.owner))
    event.refresh_from_db()
    rnd = services.pair_round(event, actor=actor(event.owner))
    assert rnd.stage is not None and pairing_explained(event, rnd) is None
