"""The standings, kept per version of the event (events/queries/standings.py)."""

from __future__ import annotations

from events import services
from events.queries.standings import event_standings, swiss_standings
from tests.helpers import actor, register, run_event

WIN = {"kind": "council", "mp": [20, 10]}
TIE = {"kind": "council", "mp": [10, 10]}


def test_before_the_first_round_there_are_no_standings_unless_asked_for_empty_ones(event):
    register(event, 4)
    assert event_standings(event) is None
    empty = event_standings(event, before_play=True)
    assert (empty.rounds_played, len(empty.rows)) == (0, 4)


def test_the_standings_follow_each_result(event):
    run_event(event, 4, 1, leave_last_open=True)
    standings = event_standings(event)
    assert (standings.rounds_played, standings.complete) == (1, False)
    winners = sorted(row.player for row in standings.rows if row.wins == 1)
    assert len(winners) == 1
    game = event.rounds.get().games.get(result__isnull=True)
    services.record_result(game, WIN, actor=actor(event.owner), expected_version=game.version)
    event.refresh_from_db()
    after = event_standings(event)
    assert sorted(row.player for row in after.rows if row.wins == 1) == sorted([*winners, game.player_a.archive_id])
    assert after.rows[0].rank == 1


def test_once_a_playoff_decides_the_places_the_standings_are_in_final_order(event):
    register(event, 2)
    who = actor(event.owner)
    services.start_event(event, actor=who, rounds=1, note="the test's own number")
    game = services.pair_round(event, actor=who, seed=1).games.get()
    services.record_result(game, TIE, actor=who, expected_version=0)
    event.refresh_from_db()
    tied = event_standings(event)
    assert [row.rank for row in tied.rows] == [1, 1]
    services.start_stage(event, actor=who)
    playoff = services.pair_round(event, actor=who).games.select_related("player_b").get()
    services.record_result(playoff, {"kind": "council", "mp": [10, 20]}, actor=who, expected_version=0)
    event.refresh_from_db()
    final = event_standings(event)
    assert [(row.player, row.rank) for row in final.rows] == [
        (playoff.player_b.archive_id, 1),
        (playoff.player_a.archive_id, 2),
    ]
    # The Swiss standings stay what the Swiss rounds made them: the playoff counts no points.
    assert [row.rank for row in swiss_standings(event).rows] == [1, 1]


def test_a_page_built_anew_reads_each_state_of_the_event_once(event, django_assert_num_queries):
    from events.archive import archives_shared, read_archive

    run_event(event, 4, 1, leave_last_open=True)
    event.refresh_from_db()
    with archives_shared():
        first = read_archive(event)
        with django_assert_num_queries(0):
            assert read_archive(event) is first
        game = event.latest_round().games.filter(result__isnull=True).first()
        services.record_result(game, WIN, actor=actor(event.owner), expected_version=game.version)
        event.refresh_from_db()
        # A new state of the event is read again, and shows the result.
        again = read_archive(event)
        assert again is not first and all(g.scored is not None for g in again.rounds[-1].games)
    # Outside a page's block, every read is the database's.
    assert read_archive(event) is not read_archive(event)
