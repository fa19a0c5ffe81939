"""Playoffs and brackets as people read them (events/queries/stages.py)."""

from __future__ import annotations

from events import services
from events.models import Event, Round
from events.queries.stages import finals_board, finals_panel
from tests.helpers import actor, register

WIN = {"kind": "council", "mp": [20, 10]}
TIE = {"kind": "council", "mp": [10, 10]}  # Policy Number 4 ties by equal MP only


def _play(event, result) -> Round:
    rnd = services.pair_round(event, actor=actor(event.owner))
    for game in rnd.games.all():
        services.record_result(game, result, actor=actor(event.owner), expected_version=game.version)
    event.refresh_from_db()
    return rnd


def _tied_lead(event) -> None:
    register(event, 2)
    services.start_event(event, actor=actor(event.owner), rounds=1, note="the test's own number")
    event.refresh_from_db()
    _play(event, TIE)


def test_before_any_round_a_swiss_event_has_nothing_due(event):
    register(event, 4)
    board = finals_board(event)
    assert (board.due, board.has_stages, board.brackets, board.playoffs, board.swiss) == (None, False, [], [], True)


def test_a_tied_lead_calls_for_a_playoff_of_the_tied_players(event):
    _tied_lead(event)
    board = finals_board(event)
    names = sorted(event.players.values_list("name", flat=True))
    # Until a playoff is played (or one played on paper recorded) both share first place.
    assert (board.pending, sorted(board.champions)) == (None, names)
    assert (board.due.kind, sorted(board.due.players), board.due.rounds) == ("playoff", names, 1)
    assert str(board.due.title) == "Playoff"
    assert board.tied_places == [(1, names)]
    panel = finals_panel(event, board)
    assert (panel.latest_stage, panel.latest_stage_unplayed) == (None, False)
    assert sorted(name for _pk, name in panel.tied_players) == names


def test_a_playoff_played_names_the_champion(event):
    _tied_lead(event)
    stage = services.start_stage(event, actor=actor(event.owner))
    event.refresh_from_db()
    started = finals_board(event)
    assert started.has_stages and started.playoffs == [
        {"title": stage.title, "players": started.playoffs[0]["players"], "played": 0, "planned": 1}
    ]
    panel = finals_panel(event, started)
    assert (panel.latest_stage, panel.latest_stage_unplayed) == (stage, True)
    playoff = _play(event, WIN)
    board = finals_board(event)
    assert (board.pending, board.champions, board.due) == (None, [playoff.games.get().player_a.name], None)
    assert board.playoffs[0]["played"] == 1
    assert finals_panel(event, board).latest_stage_unplayed is False


def test_a_bracket_is_laid_out_by_round_and_tells_each_player_where_they_play(event):
    Event.objects.filter(pk=event.pk).update(structure="elimination", elimination="single", seeding="ranking")
    event.refresh_from_db()
    register(event, 4)
    services.start_event(event, actor=actor(event.owner))
    event.refresh_from_db()
    rnd = services.pair_round(event, actor=actor(event.owner))
    board = finals_board(event)
    assert (board.swiss, board.bracket_open, len(board.brackets)) == (False, True, 1)
    [bracket] = board.brackets
    assert [section["heading"] for section in bracket["sections"]] == ["Semifinals", "Final"]
    for game in rnd.games.select_related("player_a", "player_b"):
        assert board.status[game.player_a_id] == f"Table {game.table} against {game.player_b.name}"
    for game in rnd.games.all():
        services.record_result(game, WIN, actor=actor(event.owner), expected_version=game.version)
    final = services.pair_round(event, actor=actor(event.owner)).games.get()
    services.record_result(final, WIN, actor=actor(event.owner), expected_version=final.version)
    event.refresh_from_db()
    board = finals_board(event)
    assert (board.bracket_open, board.brackets[0]["champion"]) == (False, final.player_a.name)
    assert board.status[final.player_a_id] == "Champion"
    assert board.status[final.player_b_id] == "Out of the bracket: place 2"
