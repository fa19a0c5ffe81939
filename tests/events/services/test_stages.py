"""How an event ends: playoffs, top cuts and brackets after the Swiss rounds, and closing the event
(events/services/stages.py)."""

from __future__ import annotations

import pytest

from events import services
from events.archive import load_archive
from events.models import AuditEntry, Event, Stage
from scoring import compute_standings, final_ranking
from tests.helpers import actor, play_round, register, run_event

WIN = {"kind": "council", "mp": [20, 10]}
LOSS = {"kind": "council", "mp": [10, 20]}
TIE = {"kind": "council", "mp": [10, 10]}  # Policy Number 4 ties by equal MP only


def _tied_lead(event, tie_resolution):
    Event.objects.filter(pk=event.pk).update(tie_resolution=tie_resolution)
    event.refresh_from_db()
    register(event, 2)
    services.start_event(event, actor=actor(event.owner))
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.get()
    services.record_result(game, {"kind": "council", "mp": [10, 10]}, actor=actor(event.owner), expected_version=0)
    return game


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


def test_close_needs_every_result(event):
    run_event(event, 4, 1, leave_last_open=True)
    with pytest.raises(services.ServiceError, match="still needs results from table"):
        services.close_event(event, actor=actor(event.owner), confirm=True)


def test_closing_early_needs_confirmation(event):
    Event.objects.filter(pk=event.pk).update(tie_resolution="co-champions")  # two players lead on 6
    event.refresh_from_db()
    run_event(event, 4, 1)
    with pytest.raises(services.NeedsConfirmation, match="Only 1 of the 2 planned rounds"):
        services.close_event(event, actor=actor(event.owner))
    services.close_event(event, actor=actor(event.owner), confirm=True)
    event.refresh_from_db()
    assert event.status == "closed"


def test_a_tied_lead_with_a_posted_playoff_needs_the_playoff_winner(event):
    game = _tied_lead(event, "playoff")
    with pytest.raises(services.ServiceError) as caught:
        services.close_event(event, actor=actor(event.owner))
    assert caught.value.field == "playoff_winner"
    services.close_event(event, actor=actor(event.owner), playoff_winner=game.player_b)
    event.refresh_from_db()
    assert (event.status, event.playoff_winner_id) == ("closed", game.player_b_id)


def test_a_tied_lead_with_posted_co_champions_closes_without_a_playoff(event):
    _tied_lead(event, "co-champions")
    standings = services.close_event(event, actor=actor(event.owner))
    assert "co-champions" in standings.lead_tie.text


def test_version_3_and_policy_4_co_champions_need_the_tied_players_agreement_when_closing(event, owner):
    # "If both players and the tournament coordinator agree, however, no tie breaker actions are taken".
    with pytest.raises(services.ServiceError) as refused:
        services.create_event(
            owner=owner, name="Posted", policy="policy-4-2001", game_type="two-deck", tie_resolution="co-champions"
        )
    assert refused.value.field == "tie_resolution" and "agree" in str(refused.value)
    register(event, 2)
    who = actor(event.owner)
    services.start_event(event, actor=who)
    game = services.pair_round(event, actor=who, seed=1).games.get()
    services.record_result(game, {"kind": "council", "mp": [10, 10]}, actor=who, expected_version=0)
    services.close_event(event, actor=who, co_champions_agreed=True)
    event.refresh_from_db()
    assert (event.status, event.tie_resolution) == ("closed", "co-champions")
    entry = AuditEntry.objects.get(event=event, action="event.co_champions_agreed")
    assert entry.before == {"tie_resolution": "playoff"} and len(entry.after["champions"]) == 2


def test_the_snapshot_of_a_playoffs_pairing_is_the_event_as_an_export_reads_it(event):
    from events.archive import event_archive

    register(event, 2)
    who = actor(event.owner)
    services.start_event(event, actor=who, rounds=1, note="the test's own number")
    play_round(event, lambda game: TIE)
    services.start_stage(event, actor=who)
    rnd = services.pair_round(event, actor=who, seed=4)
    assert rnd.stage_id is not None
    assert event.snapshots.get(reason=f"{rnd.label} paired").data == event_archive(event)
