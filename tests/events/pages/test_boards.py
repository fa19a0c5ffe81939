"""The public part (events/pages/boards.py): each phone's own part, written from plain rows, reads back as the
round's games and the tournament cards give it from the models."""

from __future__ import annotations

from events.models import Player
from events.pages.boards import card_pieces, phone_from_text, public_tables
from events.queries.cards import tournament_cards
from events.queries.public import round_games, seats
from events.queries.standings import event_standings
from tests.helpers import run_event


def test_each_phone_s_own_part_reads_back_its_seat_opponent_game_and_card_as_the_models_give_them(event):
    # Seven players: one has the bye; the last table of round 3 still playing, the others with results.
    run_event(event, 7, 3, leave_last_open=True)
    rnd = event.latest_round()
    seat_of = seats(rnd, round_games(rnd))
    players = {player.pk: player for player in Player.objects.filter(event=event)}
    card_of = {
        card.player.pk: card
        for card in tournament_cards(event_standings(event), {player.archive_id: player for player in players.values()})
    }
    pieces = public_tables(event)
    texts = {pk: text for piece in card_pieces() for pk, text in pieces[piece].items()}
    assert texts.keys() == players.keys()
    byes = 0
    for pk, player in players.items():
        me, seat, card = phone_from_text(event, pk, rnd, texts[pk], pieces["ranks"][pk])
        assert (me.name, me.status) == (player.name, player.status)
        expected = seat_of[pk]
        assert (seat.table, seat.bye) == (expected.table, expected.bye)
        if expected.bye:
            byes += 1
            continue
        assert (seat.opponent.pk, seat.opponent.name) == (expected.opponent.pk, expected.opponent.name)
        got, want = seat.game, expected.game
        assert (got.pk, got.player_a_id, got.player_b_id, got.result, got.points, got.state, got.extra_seconds) == (
            want.pk,
            want.player_a_id,
            want.player_b_id,
            want.result,
            want.points,
            want.state,
            want.extra_seconds,
        )
        assert card == card_of[pk]
    assert byes == 1 and any(seat.game and seat.game.result is None for seat in seat_of.values())
