"""What the public sees of a round: each player's seat, the tables, the search, an earlier round
(events/queries/public.py)."""

from __future__ import annotations

from events import services
from events.queries.public import (
    Seat,
    alphabetical_seats,
    everyone_pairings,
    found_players,
    lists_on_the_phone,
    past_round,
    round_games,
    seats,
)
from tests.helpers import actor, register, run_event


def test_every_player_has_a_seat_a_table_and_an_opponent_or_the_bye(event):
    run_event(event, 5, 1)
    rnd = event.rounds.get()
    games = round_games(rnd)
    assert [game.table for game in games] == [1, 2]
    seat_of = seats(rnd, games)
    assert len(seat_of) == 5
    for game in games:
        assert seat_of[game.player_a_id] == Seat(table=game.table, opponent=game.player_b, game=game)
        assert seat_of[game.player_b_id] == Seat(table=game.table, opponent=game.player_a, game=game)
    assert seat_of[rnd.bye_id] == Seat(bye=True)


def test_no_round_no_games_no_seats(event):
    register(event, 4)
    assert (round_games(None), seats(None, [])) == ([], {})


def test_the_room_looks_players_up_by_name_with_accents_folded(event):
    who = actor(event.owner)
    services.register_players(event, "Zoe\nÉowyn\nBob\nAnn", actor=who)
    services.start_event(event, actor=who, rounds=2, note="the test's own number", confirm=True)
    event.refresh_from_db()
    rnd = services.pair_round(event, actor=who, seed=1)
    services.register_players(event, "Cai", actor=who)  # joins after the pairing: no seat this round
    by_name = alphabetical_seats(list(event.players.all()), rnd, round_games(rnd))
    assert [player.name for player, _seat in by_name] == ["Ann", "Bob", "Éowyn", "Zoe"]
    assert all(seat.table in (1, 2) for _player, seat in by_name)


def test_the_whole_room_fits_on_a_phone_up_to_64_players():
    assert (lists_on_the_phone(64), lists_on_the_phone(65)) == (True, False)


def test_everyone_pairings_is_the_latest_round_by_table(event):
    register(event, 4)
    assert (everyone_pairings(event).round, everyone_pairings(event).games) == (None, [])
    services.start_event(event, actor=actor(event.owner), rounds=2, note="the test's own number", confirm=True)
    event.refresh_from_db()
    rnd = services.pair_round(event, actor=actor(event.owner), seed=1)
    tables = everyone_pairings(event)
    assert (tables.event, tables.round, [game.table for game in tables.games]) == (event, rnd, [1, 2])


def test_the_search_finds_players_by_any_folded_words_with_their_seat(event):
    run_event(event, 4, 1)
    services.register_players(event, "Éowyn of Rohan", actor=actor(event.owner))
    found = found_players(event, "rohan EOWYN")
    assert (found.query, [(player.name, seat) for player, seat in found.found]) == (
        "rohan EOWYN",
        [("Éowyn of Rohan", None)],  # registered after the round was paired
    )
    found = found_players(event, "player 0")
    assert [player.name for player, _seat in found.found] == ["Player 01", "Player 02", "Player 03", "Player 04"]
    assert all(seat.table in (1, 2) for _player, seat in found.found)
    assert found_players(event, "").found == []


def test_an_earlier_round_has_its_tables_and_why_they_were_paired(event):
    run_event(event, 4, 2)
    first = event.rounds.get(number=1)
    shown = past_round(event, first)
    assert (shown.round, [game.table for game in shown.games]) == (first, [1, 2])
    assert all(game.result is not None for game in shown.games)
    assert shown.why is not None
