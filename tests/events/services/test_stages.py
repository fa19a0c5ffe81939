"""Playoffs, top cuts and elimination events in the app (events/services/stages.py, rounds.py, results.py)."""

from __future__ import annotations

import pytest

from events import services
from events.archive import event_archive, load_archive
from events.models import Event, Round, Stage
from scoring import compute_standings, final_ranking
from tests.helpers import actor, register

WIN = {"kind": "council", "mp": [20, 10]}
LOSS = {"kind": "council", "mp": [10, 20]}
TIE = {"kind": "council", "mp": [10, 10]}  # Policy Number 4 ties by equal MP only


def play_round(event, result=lambda game: WIN) -> Round:
    rnd = services.pair_round(event, actor=actor(event.owner))
    for game in rnd.games.all():
        services.record_result(game, result(game), actor=actor(event.owner), expected_version=game.version)
    event.refresh_from_db()
    return rnd


def test_a_tied_lead_is_played_off_in_the_app_without_touching_the_regular_points(event):
    register(event, 2)
    who = actor(event.owner)
    services.start_event(event, actor=who, rounds=1, note="the test's own number")
    play_round(event, lambda game: TIE)
    regular = [(row.player, row.tp) for row in compute_standings(load_archive(event)).rows]
    with pytest.raises(services.ServiceError, match="tied for the lead"):
        services.close_event(event, actor=who)
    stage = services.start_stage(event, actor=who)
    assert stage.kind == "playoff" and stage.rounds_planned == 1 and stage.first_round == 2
    playoff = play_round(event, lambda game: WIN)
    assert playoff.stage_id == stage.pk and playoff.label == "Playoff, round 1"
    with pytest.raises(services.ServiceError, match="the playoff is over: its standings decide"):
        services.pair_round(event, actor=who)
    archive = load_archive(event)
    assert [(row.player, row.tp) for row in compute_standings(archive).rows] == regular
    winner = playoff.games.get().player_a
    services.close_event(event, actor=who)
    event.refresh_from_db()
    assert event.status == Event.CLOSED and final_ranking(load_archive(event)).champions == (winner.archive_id,)


def test_a_playoff_tied_again_starts_another_and_the_last_stage_can_be_taken_back(event):
    register(event, 2)
    who = actor(event.owner)
    services.start_event(event, actor=who, rounds=1, note="the test's own number")
    play_round(event, lambda game: TIE)
    services.start_stage(event, actor=who)
    play_round(event, lambda game: TIE)
    again = services.start_stage(event, actor=who)
    assert (
        again.number == 2
        and again.first_round == 3
        and sorted(again.players) == sorted(event.players.values_list("archive_id", flat=True))
    )
    services.cancel_stage(again, actor=who)
    assert not Stage.objects.filter(pk=again.pk).exists()
    first = Stage.objects.get(event=event, number=1)
    with pytest.raises(services.ServiceError, match="paired rounds"):
        services.cancel_stage(first, actor=who)


def test_a_lower_tier_playoff_orders_only_its_places(event):
    register(event, 6)
    who = actor(event.owner)
    services.start_event(event, actor=who, rounds=1, note="the test's own number")
    play_round(event, lambda game: WIN if game.table == 1 else TIE)
    with pytest.raises(services.ServiceError, match="No players share place 7"):
        services.start_stage(event, actor=who, place=7)
    stage = services.start_stage(event, actor=who, place=2)
    assert stage.for_place == 2 and len(stage.players) == 4 and stage.title == "Playoff for place 2"
    with pytest.raises(services.ServiceError, match="Finish the stage under way"):
        services.start_stage(event, actor=who, place=2)


def test_a_top_cut_runs_a_bracket_with_dice_rolls_after_the_swiss_rounds(event):
    Event.objects.filter(pk=event.pk).update(top_cut=4, elimination="single")
    event.refresh_from_db()
    register(event, 8)
    who = actor(event.owner)
    services.start_event(event, actor=who, rounds=2, note="the test's own number")
    with pytest.raises(services.ServiceError, match="No Swiss round"):
        services.start_stage(event, actor=who)
    play_round(event)
    with pytest.raises(services.ServiceError, match="Only 1 of the 2 Swiss rounds"):
        services.start_stage(event, actor=who)
    play_round(event)
    with pytest.raises(services.ServiceError, match="or start the top cut"):
        services.pair_round(event, actor=who)
    with pytest.raises(services.ServiceError, match="Top 4"):
        services.close_event(event, actor=who)
    stage = services.start_stage(event, actor=who, seed=5)
    assert stage.title == "Top 4" and stage.seeded_by == "standings"
    semis = services.pair_round(event, actor=who)
    assert semis.is_elimination and semis.label == "Top 4, round 1" and semis.bye is None
    games = list(semis.games.all())
    assert {frozenset((g.player_a.archive_id, g.player_b.archive_id)) for g in games} == {
        frozenset((stage.players[0], stage.players[3])),
        frozenset((stage.players[1], stage.players[2])),
    }
    with pytest.raises(services.ServiceError) as refused:
        services.record_result(games[0], TIE, actor=who, expected_version=0)
    assert refused.value.field == "roll_winner" and "General 5 and 6" in refused.value.rule
    services.record_result(games[0], {**TIE, "roll_winner": 1}, actor=who, expected_version=0)
    services.record_result(games[1], WIN, actor=who, expected_version=0)
    with pytest.raises(services.ServiceError, match="cannot be swapped"):
        final = services.pair_round(event, actor=who)
        services.swap_players(final, final.games.get().player_a, final.games.get().player_b, actor=who)
    final = event.latest_round()
    assert {final.games.get().player_a_id, final.games.get().player_b_id} == {
        games[0].player_b_id,
        games[1].player_a_id,
    }
    services.record_result(final.games.get(), LOSS, actor=who, expected_version=0)
    services.close_event(event, actor=who)
    ranking = final_ranking(load_archive(event))
    assert ranking.champions == (final.games.get().player_b.archive_id,)
    assert sorted(p.place for p in ranking.placings)[:4] == [1, 2, 3, 4]


def test_an_elimination_event_is_seeded_at_the_start_by_ranking(event):
    Event.objects.filter(pk=event.pk).update(structure="elimination", elimination="double", seeding="ranking")
    event.refresh_from_db()
    register(event, 5)
    for rank, player in enumerate(event.players.order_by("-id")[:2], start=1):
        services.update_player(
            player,
            actor=actor(event.owner),
            name=player.name,
            deck_capability=player.deck_capability,
            avatar="",
            ranking=rank,
        )
    services.start_event(event, actor=actor(event.owner))
    event.refresh_from_db()
    stage = event.stages.get()
    top = list(event.players.order_by("-id").values_list("archive_id", flat=True)[:2])
    assert stage.bracket == "double" and list(stage.players[:2]) == top and event.rounds_planned is None
    rnd = services.pair_round(event, actor=actor(event.owner))
    # Five players: seeds 1-3 have byes, so 4 meets 5 and 2 meets 3 (their byes done) at once.
    seeds = list(stage.players)
    assert {frozenset((g.player_a.archive_id, g.player_b.archive_id)) for g in rnd.games.all()} == {
        frozenset((seeds[3], seeds[4])),
        frozenset((seeds[1], seeds[2])),
    }
    assert rnd.label == "Elimination, round 1"
    with pytest.raises(services.ServiceError, match="paired rounds"):
        services.cancel_stage(stage, actor=actor(event.owner))


def test_stages_survive_export_import_and_a_restore(event, owner):
    Event.objects.filter(pk=event.pk).update(top_cut=2)
    event.refresh_from_db()
    register(event, 4)
    who = actor(owner)
    services.start_event(event, actor=who, rounds=1, note="the test's own number")
    play_round(event)
    services.start_stage(event, actor=who, seed=3)
    services.pair_round(event, actor=who)
    first = event_archive(event)
    assert first["format"] == "council-archive/2" and first["stages"][0]["kind"] == "elimination"
    assert first["rounds"][1]["stage"] == 1 and first["event"]["top_cut"] == 2
    copy = services.import_event(first, owner=owner)
    assert event_archive(copy) == first
    kept = event.snapshots.filter(reason__contains="paired").first()
    services.undo_round(event.latest_round(), actor=who)
    services.restore_snapshot(kept, actor=who)
    assert event_archive(event) == first


def test_a_bracket_winner_who_played_on_cannot_be_changed_and_a_seed_cannot_be_removed(event):
    Event.objects.filter(pk=event.pk).update(structure="elimination")
    event.refresh_from_db()
    register(event, 4)
    who = actor(event.owner)
    services.start_event(event, actor=who)
    seed = event.players.get(archive_id=Stage.objects.get(event=event).players[0])
    with pytest.raises(services.ServiceError, match="take it back first"):
        services.remove_player(seed, actor=who)
    first = play_round(event)
    services.pair_round(event, actor=who)
    game = first.games.order_by("table").first()
    with pytest.raises(services.ServiceError, match="has played on since") as refused:
        services.record_result(game, LOSS, actor=who, expected_version=game.version)
    assert refused.value.field == "kind"
    # The same winner by other points is a correction the bracket can take.
    services.record_result(game, {"kind": "council", "mp": [30, 10]}, actor=who, expected_version=game.version)
    assert load_archive(event).stages[0].rounds[0].games[0].scored.points[0] == 6
