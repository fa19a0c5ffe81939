"""The printed sheets: pairings, result slips, tournament cards, standings (events/queries/printouts.py)."""

from __future__ import annotations

import scoring
from events import services
from events.queries.printouts import cards_sheet, pairings_sheet, printed_round, slips_sheet, standings_sheet
from events.queries.search import fold
from tests.factories import EventFactory
from tests.helpers import actor, register, run_event

URL = "http://venue.example/e/lorien-open/"


def test_the_round_printed_is_the_one_asked_for_or_the_latest(event):
    assert printed_round(event, None) is None
    run_event(event, 4, 2)
    assert (printed_round(event, None).number, printed_round(event, 1).number, printed_round(event, 3)) == (2, 1, None)


def test_the_pairings_sheet_has_the_tables_and_every_player_by_name_with_their_seat(event):
    run_event(event, 5, 1)
    rnd = printed_round(event, 1)
    sheet = pairings_sheet(event, rnd, URL)
    assert (sheet.round, sheet.public_url, [game.table for game in sheet.games]) == (rnd, URL, [1, 2])
    assert [player.name for player, _seat in sheet.seated] == [f"Player {n:02d}" for n in range(1, 6)]
    seat_of = {player.pk: seat for player, seat in sheet.seated}
    for game in sheet.games:
        assert (seat_of[game.player_a_id].table, seat_of[game.player_a_id].opponent) == (game.table, game.player_b)
    assert seat_of[rnd.bye_id].bye is True
    assert sheet.limit == scoring.get_policy(event.policy).time_limit("two-deck")


def test_slips_ask_for_the_weakest_link_only_where_the_policy_has_it(owner):
    policy_1 = run_event(EventFactory(owner=owner, policy="policy-1-1996", format="single-deck"), 4, 1)
    slips = slips_sheet(policy_1, printed_round(policy_1, 1), URL)
    assert (slips.weakest_link, slips.one_ring, slips.scenario, slips.report_url) == (
        True,
        True,
        False,
        URL + "report/",
    )
    assert len(slips.games) == 2
    policy_4 = run_event(EventFactory(owner=owner, policy="policy-4-2001"), 4, 1)
    assert slips_sheet(policy_4, printed_round(policy_4, 1), URL).weakest_link is False


def test_cards_come_in_name_order_with_a_blank_line_for_each_round_still_to_play(event):
    run_event(event, 4, 1)  # two rounds planned, one played
    sheet = cards_sheet(event)
    names = [card_sheet.card.player.name for card_sheet in sheet.sheets]
    assert names == sorted(names, key=fold) and len(names) == 4
    assert [(len(s.card.rows), list(s.blank_rounds)) for s in sheet.sheets] == [(1, [2])] * 4


def test_before_the_first_round_each_card_is_blank_for_every_planned_round(event):
    register(event, 4)
    services.start_event(event, actor=actor(event.owner), rounds=3, note="the test's own number", confirm=True)
    event.refresh_from_db()
    sheet = cards_sheet(event)
    assert [(s.card.rank, s.card.rows, list(s.blank_rounds)) for s in sheet.sheets] == [(None, [], [1, 2, 3])] * 4


def test_the_standings_sheet_has_the_standings_before_play_and_no_winner_yet(event):
    register(event, 4)
    before = standings_sheet(event, URL)
    assert (before.standings.rounds_played, before.winner, before.public_url) == (0, None, URL)
    services.start_event(event, actor=actor(event.owner), rounds=1, note="the test's own number", confirm=True)
    event.refresh_from_db()
    for game in services.pair_round(event, actor=actor(event.owner), seed=1).games.all():
        services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=actor(event.owner), expected_version=0)
    after = standings_sheet(event, URL)
    assert (after.standings.rounds_played, [row.rank for row in after.standings.rows][:1]) == (1, [1])
