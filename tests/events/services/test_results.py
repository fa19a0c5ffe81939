"""Results entered, confirmed and corrected by staff and the coordinator, forfeits among them
(events/services/results.py)."""

from __future__ import annotations

import pytest

from events import services
from events.archive import load_archive
from events.models import AuditEntry, Event, Game, Stage
from tests.helpers import WIN_A, actor, play_round, register, run_event

LOSS = {"kind": "council", "mp": [10, 20]}


def test_record_result_scores_and_versions_and_audits(event, staff_user):
    run_event(event, 4, 0)
    rnd = services.pair_round(event, actor=actor(event.owner), seed=1)
    game = rnd.games.first()
    saved = services.record_result(
        game, {"kind": "council", "mp": [15, 10]}, actor=actor(staff_user, "staff"), expected_version=0
    )
    # Policy Number 4: ratio 1.5 to under 2 is 5-1.
    assert (saved.points, saved.state, saved.version, saved.reported_by) == ([5, 1], "reported", 1, "staff")
    entry = AuditEntry.objects.get(event=event, action="result.recorded")
    assert (entry.table, entry.before["result"], entry.after["points"]) == (game.table, None, [5, 1])


def test_a_second_save_from_an_old_form_is_refused_and_told_what_was_saved(event, staff_user):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    services.record_result(game, WIN_A, actor=actor(staff_user, "staff"), expected_version=0)
    with pytest.raises(services.ResultConflict) as caught:
        services.record_result(game, {"kind": "council", "mp": [10, 10]}, actor=actor(event.owner), expected_version=0)
    assert "saved meanwhile by staff" in str(caught.value)
    game.refresh_from_db()
    assert (game.result, game.version) == (WIN_A, 1)


def test_a_correction_is_a_new_version_with_the_old_result_in_the_audit(event):
    run_event(event, 4, 1)
    game = event.rounds.get().games.first()
    services.record_result(game, {"kind": "council", "mp": [10, 10]}, actor=actor(event.owner), expected_version=1)
    entry = AuditEntry.objects.get(event=event, action="result.corrected")
    assert (entry.before["result"], entry.after["result"], entry.after["version"]) == (
        WIN_A,
        {"kind": "council", "mp": [10, 10]},
        2,
    )


def test_a_result_the_policy_refuses_names_the_field_and_saves_nothing(event):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    with pytest.raises(services.ServiceError) as caught:
        services.record_result(
            game, {"kind": "council", "mp": [10, 10], "weakest_link": 0}, actor=actor(event.owner), expected_version=0
        )
    assert caught.value.field == "weakest_link"
    assert "Policy Number 4" in str(caught.value)
    game.refresh_from_db()
    assert (game.result, game.version) == (None, 0)


def test_implausible_marshalling_points_need_confirmation(event):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    with pytest.raises(services.NeedsConfirmation) as caught:
        services.record_result(game, {"kind": "council", "mp": [150, 15]}, actor=actor(event.owner), expected_version=0)
    assert caught.value.field == "mp_a"
    assert Game.objects.get(pk=game.pk).result is None
    services.record_result(
        game, {"kind": "council", "mp": [150, 15]}, actor=actor(event.owner), expected_version=0, confirm=True
    )
    assert Game.objects.get(pk=game.pk).points == [6, 0]


def test_staff_cannot_change_a_finished_round_but_the_coordinator_can(event, staff_user):
    run_event(event, 4, 1)
    services.pair_round(event, actor=actor(event.owner), seed=2)
    old = event.rounds.get(number=1).games.first()
    with pytest.raises(services.ServiceError, match="This round is over"):
        services.record_result(
            old, {"kind": "council", "mp": [10, 10]}, actor=actor(staff_user, "staff"), expected_version=1
        )
    services.record_result(old, {"kind": "council", "mp": [10, 10]}, actor=actor(event.owner), expected_version=1)
    assert Game.objects.get(pk=old.pk).points == [3, 3]


def test_confirm_marks_a_staff_result_confirmed(event, staff_user):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    services.record_result(game, WIN_A, actor=actor(staff_user, "staff"), expected_version=0)
    assert services.confirm_result(game, actor=actor(event.owner)).state == "confirmed"


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


def test_a_forfeit_for_dropping_out_mid_game_drops_the_player_and_a_correction_brings_them_back(event, staff_user):
    # Policy #1, General 19: "If a player drops out of a game, he or she drops out of the tournament".
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    dropped = {"kind": "forfeit", "winner": 0, "reason": "drop"}
    services.record_result(game, dropped, actor=actor(staff_user, "staff"), expected_version=0)
    loser = game.player_b
    loser.refresh_from_db()
    assert (loser.status, loser.dropped_after_round) == ("dropped", 1)
    assert AuditEntry.objects.filter(event=event, action="player.dropped", subject=loser.name).count() == 1
    # Not paired again.
    for other in event.rounds.get(number=1).games.filter(result__isnull=True):
        services.record_result(other, WIN_A, actor=actor(event.owner), expected_version=other.version)
    second = services.pair_round(event, actor=actor(event.owner), seed=2)
    assert loser.pk not in {pk for g in second.games.all() for pk in (g.player_a_id, g.player_b_id)} | {second.bye_id}
    services.undo_round(second, actor=actor(event.owner))
    # A correction to an ordinary result takes the drop back with it.
    game.refresh_from_db()
    services.record_result(game, WIN_A, actor=actor(event.owner), expected_version=game.version)
    loser.refresh_from_db()
    assert (loser.status, loser.dropped_after_round) == ("active", None)
    assert AuditEntry.objects.filter(event=event, action="player.reinstated").count() == 1


def test_a_forfeit_for_cheating_ejects_the_player_and_a_no_show_stays_in_the_event(event):
    run_event(event, 4, 0)
    first, second = services.pair_round(event, actor=actor(event.owner), seed=1).games.order_by("table")
    services.record_result(
        first, {"kind": "forfeit", "winner": 1, "reason": "cheat"}, actor=actor(event.owner), expected_version=0
    )
    services.record_result(
        second, {"kind": "forfeit", "winner": 1, "reason": "no-show"}, actor=actor(event.owner), expected_version=0
    )
    first.player_a.refresh_from_db()
    second.player_a.refresh_from_db()
    assert (first.player_a.status, second.player_a.status) == ("ejected", "active")


def test_a_drop_mid_game_cannot_be_recorded_in_a_round_the_player_played_past(event):
    run_event(event, 4, 1)
    services.pair_round(event, actor=actor(event.owner), seed=2)
    old = Game.objects.filter(round__event=event, round__number=1).first()
    with pytest.raises(services.ServiceError) as refused:
        services.record_result(
            old,
            {"kind": "forfeit", "winner": 0, "reason": "drop"},
            actor=actor(event.owner),
            expected_version=old.version,
        )
    assert refused.value.field == "reason"
    old.refresh_from_db()
    assert old.result["kind"] == "council"  # nothing half-saved


def test_a_recorded_forfeit_keeps_the_capability_it_was_scored_with(event):
    # A list entered later (even after the close) makes the winner a One Ring deck; the game stands.
    from events.archive import load_archive
    from scoring import compute_standings
    from tests.scoring.test_decks import LEGAL

    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    services.record_result(
        game, {"kind": "forfeit", "winner": 0, "reason": "no-show"}, actor=actor(event.owner), expected_version=0
    )
    game.refresh_from_db()
    assert game.result["capability"] == "marshalling-points" and game.points == [6, 0]
    services.submit_deck_list(game.player_a, LEGAL, actor=actor(event.owner))
    game.player_a.refresh_from_db()
    assert game.player_a.deck_capability == "one-ring"
    rows = {row.player: row.tp for row in compute_standings(load_archive(event)).rows}
    assert rows[game.player_a.archive_id] == 6


def test_forfeits_saved_before_keep_the_capability_they_were_scored_with(event):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("events.migrations.0015_forfeits_keep_their_capability")
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    Game.objects.filter(pk=game.pk).update(result={"kind": "forfeit", "winner": 1, "reason": "stall"})
    migration._keep_capability(apps, None)
    game.refresh_from_db()
    assert game.result == {"kind": "forfeit", "winner": 1, "reason": "stall", "capability": "marshalling-points"}
