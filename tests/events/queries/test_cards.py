"""Tournament cards: each player's opponent, result and points, round by round (events/queries/cards.py)."""

from __future__ import annotations

from events import services
from events.models import Event
from events.queries.cards import Card, card_from_text, rows_text, tournament_cards
from events.queries.standings import event_standings
from tests.helpers import actor, open_game, run_event

WEAKEST_LINK_WON_BY_A = {"kind": "council", "mp": [12, 12], "weakest_link": 0}


def _cards(event) -> dict[str, Card]:
    standings = event_standings(event)
    players = {player.archive_id: player for player in event.players.all()}
    return {card.player.name: card for card in tournament_cards(standings, players)}


def test_each_row_has_the_opponent_the_outcome_and_the_running_total(event):
    run_event(event, 3, 2)  # three players: one bye a round
    cards = _cards(event)
    assert sorted(cards) == ["Player 01", "Player 02", "Player 03"]
    for card in cards.values():
        assert [row.round for row in card.rows] == [1, 2]
        running = 0
        for row in card.rows:
            running += row.tp
            assert row.total == running
        assert card.total == running
        byes = [row for row in card.rows if row.outcome == "bye"]
        assert all((row.table, row.opponent, row.detail) == (None, "—", "bye") for row in byes)
        said = {"won": "MP 20–10", "lost": "MP 10–20"}
        assert all(row.detail == said[row.outcome] for row in card.rows if row.outcome != "bye")


def test_cards_follow_the_standings_order_and_carry_the_rank(event):
    run_event(event, 4, 1)
    standings = event_standings(event)
    players = {player.archive_id: player for player in event.players.all()}
    cards = tournament_cards(standings, players)
    assert [(card.player.archive_id, card.rank) for card in cards] == [(row.player, row.rank) for row in standings.rows]


def test_a_game_still_playing_shows_without_points(event):
    run_event(event, 4, 1)
    services.pair_round(event, actor=actor(event.owner), seed=2)
    game = open_game(event)
    row = _cards(event)[game.player_a.name].rows[-1]
    assert (row.round, row.table, row.opponent, row.outcome, row.tp) == (
        2,
        game.table,
        game.player_b.name,
        "playing",
        None,
    )
    assert row.outcome_label == "playing"


def test_the_weakest_link_is_said_on_both_cards(event):
    Event.objects.filter(pk=event.pk).update(policy="version-3-1998")
    run_event(event, 2, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.get()
    services.record_result(game, WEAKEST_LINK_WON_BY_A, actor=actor(event.owner), expected_version=0)
    cards = _cards(event)
    assert cards[game.player_a.name].rows[0].detail == "MP 12–12, Weakest Link won"
    assert cards[game.player_b.name].rows[0].detail == "MP 12–12, Weakest Link lost"


def test_a_card_kept_as_text_reads_back_the_same(event):
    run_event(event, 3, 2)
    for card in _cards(event).values():
        assert card_from_text(card.player, rows_text(card.total, card.rows), card.rank) == card


def test_a_double_loss_is_a_loss_on_both_cards(event):
    run_event(event, 4, 1, leave_last_open=True)
    game = open_game(event)
    services.record_result(game, {"kind": "double-loss"}, actor=actor(event.owner), expected_version=game.version)
    cards = _cards(event)
    for name in (game.player_a.name, game.player_b.name):
        (row,) = cards[name].rows
        assert (row.outcome, row.detail, row.tp) == ("lost", "double loss", 0)
