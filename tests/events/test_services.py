"""The services: each change in one transaction, with its audit entry, or nothing at all."""

from __future__ import annotations

import pytest

from events import services
from events.models import AuditEntry, Event, Game, Player, Round
from tests.conftest import actor, open_game, register, run_event
from tests.factories import EventFactory

WIN = {"kind": "council", "mp": [20, 10]}


def test_create_event_refuses_a_game_type_the_policy_does_not_have(owner):
    with pytest.raises(services.ServiceError) as caught:
        services.create_event(owner=owner, name="Old", policy="policy-1-1996", game_type="challenge-deck",
                              format="general-opponent", tie_resolution="playoff", first_round_pairing="random")
    assert caught.value.field == "game_type"
    assert Event.objects.count() == 0


def test_create_event_refuses_ranking_pairing_before_policy_4(owner):
    with pytest.raises(services.ServiceError) as caught:
        services.create_event(owner=owner, name="V3", policy="version-3-1998", game_type="two-deck",
                              format="general-opponent", tie_resolution="playoff", first_round_pairing="ranking")
    assert caught.value.field == "first_round_pairing"


def test_create_event_gives_unique_slugs_and_an_audit_entry(owner):
    rules = dict(policy="policy-4-2001", game_type="two-deck", format="general-opponent",
                 tie_resolution="playoff", first_round_pairing="random")
    first = services.create_event(owner=owner, name="Rivendell Cup", **rules)
    second = services.create_event(owner=owner, name="Rivendell Cup", **rules)
    assert (first.slug, second.slug) == ("rivendell-cup", "rivendell-cup-2")
    assert AuditEntry.objects.filter(event=first, action="event.created").count() == 1


def test_register_a_pasted_list_cleans_whitespace_and_blank_lines(event):
    players = services.register_players(event, "  Ann  Smith\n\n\tBob\n", actor=actor(event.owner))
    assert [p.name for p in players] == ["Ann Smith", "Bob"]
    assert [p.archive_id for p in players] == ["ann-smith", "bob"]
    assert AuditEntry.objects.get(event=event, action="players.registered").after == ["Ann Smith", "Bob"]


def test_register_refuses_a_duplicate_name_and_saves_none_of_the_list(event):
    services.register_players(event, "Ann", actor=actor(event.owner))
    audit_before = AuditEntry.objects.count()
    with pytest.raises(services.ServiceError) as caught:
        services.register_players(event, "Cat\nann\nDan", actor=actor(event.owner))
    assert caught.value.message.startswith("Line 2: ann is already registered")
    assert caught.value.field == "names"
    assert list(event.players.values_list("name", flat=True)) == ["Ann"]
    assert AuditEntry.objects.count() == audit_before


def test_register_refuses_an_empty_entry(event):
    with pytest.raises(services.ServiceError, match="Type a player's name"):
        services.register_players(event, " \n ", actor=actor(event.owner))


def test_same_names_with_different_case_get_distinct_archive_ids(event):
    services.register_players(event, "Ann-Marie\nAnn Marie", actor=actor(event.owner))
    assert sorted(event.players.values_list("archive_id", flat=True)) == ["ann-marie", "ann-marie-2"]


def test_a_player_registered_after_round_one_is_late_and_starts_with_zero(event):
    run_event(event, 4, 1)
    late = services.register_players(event, "Late Larry", actor=actor(event.owner))[0]
    assert late.joined_after_round == 1
    rnd = services.pair_round(event, actor=actor(event.owner), seed=3)
    seated = {g.player_a_id for g in rnd.games.all()} | {g.player_b_id for g in rnd.games.all()} | {rnd.bye_id}
    assert late.pk in seated
    from events.archive import load_archive
    import scoring

    row = next(r for r in scoring.compute_standings(load_archive(event))["standings"] if r["name"] == "Late Larry")
    assert row["games_played"] == 0 and row["byes"] in (0, 1)


def test_remove_player_only_before_they_have_played(event):
    players = register(event, 4)
    services.remove_player(players[0], actor=actor(event.owner))
    assert event.players.count() == 3
    services.start_event(event, actor=actor(event.owner))
    services.pair_round(event, actor=actor(event.owner), seed=1)
    with pytest.raises(services.ServiceError, match="record a drop instead"):
        services.remove_player(event.players.first(), actor=actor(event.owner))
    assert event.players.count() == 3


def test_start_takes_the_rounds_from_the_policy_table_for_active_players(event):
    register(event, 12)
    services.start_event(event, actor=actor(event.owner))
    event.refresh_from_db()
    # Policy Number 4, Number of Rounds: 9-16 players play 4 rounds.
    assert (event.status, event.rounds_planned, event.rounds_by_policy, event.rounds_note) == ("running", 4, 4, "")


def test_start_with_other_rounds_records_the_departure(event):
    register(event, 12)
    services.start_event(event, actor=actor(event.owner), rounds=3, note="The hall closes at six")
    event.refresh_from_db()
    assert event.departs_from_policy
    assert event.rounds_note.startswith("Departs from the policy: 4 rounds for 12 players (Policy Number 4")
    assert event.rounds_note.endswith("The hall closes at six")


def test_start_needs_two_players(event):
    register(event, 1)
    with pytest.raises(services.ServiceError, match="at least two players"):
        services.start_event(event, actor=actor(event.owner))
    event.refresh_from_db()
    assert event.status == Event.REGISTRATION


def test_pair_round_seats_everyone_once_with_a_bye_when_odd(event):
    register(event, 7)
    services.start_event(event, actor=actor(event.owner))
    rnd = services.pair_round(event, actor=actor(event.owner), seed=42)
    games = list(rnd.games.all())
    seated = [g.player_a_id for g in games] + [g.player_b_id for g in games] + [rnd.bye_id]
    assert sorted(seated) == sorted(event.players.values_list("pk", flat=True))
    assert [g.table for g in games] == [1, 2, 3]
    assert rnd.seed == 42 and rnd.quality["rematches"] == 0


def test_pairing_is_refused_while_results_are_missing_and_names_the_tables(event):
    run_event(event, 6, 1, leave_last_open=True)
    with pytest.raises(services.ServiceError) as caught:
        services.pair_round(event, actor=actor(event.owner))
    assert str(caught.value) == "Round 1 still needs results from table 3."
    assert event.rounds.count() == 1


def test_pairing_stops_at_the_planned_rounds(event):
    run_event(event, 4, 2)  # run_event plans one round more than it plays
    services.pair_round(event, actor=actor(event.owner), seed=1)
    for game in open_game(event).round.games.all():
        services.record_result(game, WIN, actor=actor(event.owner), expected_version=0)
    with pytest.raises(services.ServiceError, match="All 3 planned rounds are paired"):
        services.pair_round(event, actor=actor(event.owner))


def test_the_same_seed_gives_the_same_pairing_after_an_undo(event):
    run_event(event, 10, 1)
    rnd = services.pair_round(event, actor=actor(event.owner), seed=777)
    first = [(g.table, g.player_a_id, g.player_b_id) for g in rnd.games.all()]
    services.undo_round(rnd, actor=actor(event.owner))
    assert not Round.objects.filter(pk=rnd.pk).exists()
    again = services.pair_round(event, actor=actor(event.owner), seed=777)
    assert [(g.table, g.player_a_id, g.player_b_id) for g in again.games.all()] == first
    assert AuditEntry.objects.filter(event=event, action="round.undone").count() == 1


def test_undo_is_refused_once_a_result_is_in(event):
    run_event(event, 4, 1)
    rnd = event.rounds.get()
    with pytest.raises(services.ServiceError, match="cannot be undone"):
        services.undo_round(rnd, actor=actor(event.owner))
    assert rnd.games.count() == 2


def _swap_event(event):
    """Round 2 of six players: round 1 decided who met whom."""
    run_event(event, 6, 1)
    return services.pair_round(event, actor=actor(event.owner), seed=5)


def test_swap_into_a_rematch_needs_confirmation_and_changes_nothing_until_then(event):
    rnd = _swap_event(event)
    round_one = event.rounds.get(number=1).games.first()
    # Put round 1's opponents at one table again: swap one of them with the other's current opponent.
    a, b = round_one.player_a, round_one.player_b
    game_of_a = rnd.games.get(pk__in=[g.pk for g in rnd.games.all() if a.pk in (g.player_a_id, g.player_b_id)])
    opponent_of_a = game_of_a.player_b if game_of_a.player_a_id == a.pk else game_of_a.player_a
    layout = [(g.player_a_id, g.player_b_id) for g in rnd.games.all()]
    with pytest.raises(services.NeedsConfirmation) as caught:
        services.swap_players(rnd, opponent_of_a, b, actor=actor(event.owner))
    assert any("already played in round 1" in w for w in caught.value.warnings)
    assert [(g.player_a_id, g.player_b_id) for g in rnd.games.all()] == layout

    warnings = services.swap_players(rnd, opponent_of_a, b, actor=actor(event.owner), confirm=True)
    assert any("rematch" in w for w in warnings)
    now_with_a = next(g for g in rnd.games.all() if a.pk in (g.player_a_id, g.player_b_id))
    assert {now_with_a.player_a_id, now_with_a.player_b_id} == {a.pk, b.pk}
    rnd.refresh_from_db()
    assert rnd.quality["rematches"] == 1 and rnd.quality["changed_by_hand"] is True
    assert AuditEntry.objects.get(event=event, action="round.swapped").before["games"]


def test_swap_with_the_bye_player_moves_the_bye(event):
    register(event, 5)
    services.start_event(event, actor=actor(event.owner))
    rnd = services.pair_round(event, actor=actor(event.owner), seed=8)
    old_bye = rnd.bye
    seated = rnd.games.first().player_a
    services.swap_players(rnd, old_bye, seated, actor=actor(event.owner), confirm=True)
    rnd.refresh_from_db()
    assert rnd.bye_id == seated.pk
    assert rnd.games.filter(player_a=old_bye).exists()


def test_swap_is_refused_for_a_table_with_a_result(event):
    rnd = _swap_event(event)
    games = list(rnd.games.all())
    services.record_result(games[0], WIN, actor=actor(event.owner), expected_version=0)
    with pytest.raises(services.ServiceError, match="already has a result"):
        services.swap_players(rnd, games[0].player_a, games[1].player_a, actor=actor(event.owner), confirm=True)


def test_swap_refuses_two_players_of_one_table(event):
    rnd = _swap_event(event)
    game = rnd.games.first()
    with pytest.raises(services.ServiceError, match="already play each other"):
        services.swap_players(rnd, game.player_a, game.player_b, actor=actor(event.owner))


def test_record_result_scores_and_versions_and_audits(event, staff_user):
    run_event(event, 4, 0)
    rnd = services.pair_round(event, actor=actor(event.owner), seed=1)
    game = rnd.games.first()
    saved = services.record_result(game, {"kind": "council", "mp": [15, 10]}, actor=actor(staff_user, "staff"),
                                   expected_version=0)
    # Policy Number 4: ratio 1.5 to under 2 is 5-1.
    assert (saved.points, saved.state, saved.version, saved.reported_by) == ([5, 1], "reported", 1, "staff")
    entry = AuditEntry.objects.get(event=event, action="result.recorded")
    assert (entry.table, entry.before["result"], entry.after["points"]) == (game.table, None, [5, 1])


def test_a_second_save_from_an_old_form_is_refused_and_told_what_was_saved(event, staff_user):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    services.record_result(game, WIN, actor=actor(staff_user, "staff"), expected_version=0)
    with pytest.raises(services.ResultConflict) as caught:
        services.record_result(game, {"kind": "tie"}, actor=actor(event.owner), expected_version=0)
    assert "saved meanwhile by staff" in str(caught.value)
    game.refresh_from_db()
    assert (game.result, game.version) == (WIN, 1)


def test_a_correction_is_a_new_version_with_the_old_result_in_the_audit(event):
    run_event(event, 4, 1)
    game = event.rounds.get().games.first()
    services.record_result(game, {"kind": "tie"}, actor=actor(event.owner), expected_version=1)
    entry = AuditEntry.objects.get(event=event, action="result.corrected")
    assert (entry.before["result"], entry.after["result"], entry.after["version"]) == (WIN, {"kind": "tie"}, 2)


def test_a_result_the_policy_refuses_names_the_field_and_saves_nothing(event):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    with pytest.raises(services.ServiceError) as caught:
        services.record_result(game, {"kind": "council", "mp": [10, 10], "weakest_link": 0},
                               actor=actor(event.owner), expected_version=0)
    assert caught.value.field == "weakest_link"
    assert "Policy Number 4" in str(caught.value)
    game.refresh_from_db()
    assert (game.result, game.version) == (None, 0)


def test_implausible_marshalling_points_need_confirmation(event):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    with pytest.raises(services.NeedsConfirmation) as caught:
        services.record_result(game, {"kind": "council", "mp": [150, 15]}, actor=actor(event.owner),
                               expected_version=0)
    assert caught.value.field == "mp_a"
    assert Game.objects.get(pk=game.pk).result is None
    services.record_result(game, {"kind": "council", "mp": [150, 15]}, actor=actor(event.owner),
                           expected_version=0, confirm=True)
    assert Game.objects.get(pk=game.pk).points == [6, 0]


def test_staff_cannot_change_a_finished_round_but_the_coordinator_can(event, staff_user):
    run_event(event, 4, 1)
    services.pair_round(event, actor=actor(event.owner), seed=2)
    old = event.rounds.get(number=1).games.first()
    with pytest.raises(services.ServiceError, match="This round is over"):
        services.record_result(old, {"kind": "tie"}, actor=actor(staff_user, "staff"), expected_version=1)
    services.record_result(old, {"kind": "tie"}, actor=actor(event.owner), expected_version=1)
    assert Game.objects.get(pk=old.pk).points == [3, 3]


def test_confirm_marks_a_staff_result_confirmed(event, staff_user):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    services.record_result(game, WIN, actor=actor(staff_user, "staff"), expected_version=0)
    assert services.confirm_result(game, actor=actor(event.owner)).state == "confirmed"


@pytest.mark.parametrize("capability, points", [("one-ring", 7), ("marshalling-points", 6)])
def test_a_drop_mid_game_concedes_with_the_maximum_for_the_opponents_deck(event, capability, points):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    Player.objects.filter(pk=game.player_b_id).update(deck_capability=capability)
    told = services.drop_player(game.player_a, actor=actor(event.owner))
    game.refresh_from_db()
    # Policy #1, General 19; Policy Number 4 two-deck One Ring win is 7 points.
    assert game.result == {"kind": "forfeit", "winner": 1, "reason": "drop"}
    assert game.points == [0, points]
    assert f"gets {points} points" in told
    dropped = Player.objects.get(pk=game.player_a_id)
    assert (dropped.status, dropped.dropped_after_round) == ("dropped", 1)


def test_a_dropped_player_is_not_paired_again_and_is_not_ranked(event):
    run_event(event, 5, 1)
    leaver = event.players.first()
    services.drop_player(leaver, actor=actor(event.owner))
    rnd = services.pair_round(event, actor=actor(event.owner), seed=9)
    seated = {g.player_a_id for g in rnd.games.all()} | {g.player_b_id for g in rnd.games.all()}
    assert rnd.bye_id is None
    assert leaver.pk not in seated and len(seated) == 4
    import scoring
    from events.archive import load_archive

    rows = scoring.compute_standings(load_archive(event))["standings"]
    assert next(r["rank"] for r in rows if r["name"] == leaver.name) is None


def test_an_ejection_forfeits_the_open_game_for_cheating(event):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    services.drop_player(game.player_b, actor=actor(event.owner), ejected=True)
    game.refresh_from_db()
    assert game.result == {"kind": "forfeit", "winner": 0, "reason": "cheat"}
    assert Player.objects.get(pk=game.player_b_id).status == "ejected"


def test_a_drop_between_rounds_leaves_results_alone(event):
    run_event(event, 4, 1)
    game = event.rounds.get().games.first()
    services.drop_player(game.player_b, actor=actor(event.owner))
    game.refresh_from_db()
    assert game.result == WIN


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


def _tied_lead(event, tie_resolution):
    Event.objects.filter(pk=event.pk).update(tie_resolution=tie_resolution)
    event.refresh_from_db()
    register(event, 2)
    services.start_event(event, actor=actor(event.owner))
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.get()
    services.record_result(game, {"kind": "tie"}, actor=actor(event.owner), expected_version=0)
    return game


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
    assert "co-champions" in standings["lead_tie"]["text"]


def test_export_import_export_gives_the_same_archive(event, owner):
    run_event(event, 7, 2)
    services.register_players(event, "Late Lucy", actor=actor(owner))
    services.drop_player(event.players.get(name="Player 01"), actor=actor(owner))
    services.pair_round(event, actor=actor(owner), seed=11)
    first = services.export_event(event)
    copy = services.import_event(first, owner=owner)
    assert copy.slug == "lorien-open-2"
    assert services.export_event(copy) == first
    assert copy.players.get(name="Late Lucy").joined_after_round == 2
    assert copy.rounds_by_policy == 3  # 7 starters under Policy Number 4


def test_import_of_a_bad_archive_names_the_field_and_saves_nothing(owner):
    bad = {"format": "council-archive/1", "event": {"name": "X", "policy": "policy-4-2001", "game_type": "two-deck"},
           "players": [{"id": "a", "name": "A"}, {"id": "a", "name": "B"}]}
    with pytest.raises(services.ServiceError, match=r"players\[1\]\.id"):
        services.import_event(bad, owner=owner)
    assert Event.objects.count() == 0


def test_import_of_the_documented_example(owner):
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parents[2] / "docs" / "archive-example.json").read_text())
    event = services.import_event(data, owner=owner)
    assert (event.status, event.rounds.count(), event.players.count()) == ("running", 1, 3)
    assert Game.objects.get(round__event=event).points == [6, 0]  # 20-10 is ratio 2


def test_staff_link_is_replaced_and_revoked(event):
    first = services.create_staff_link(event, actor=actor(event.owner))
    second = services.create_staff_link(event, actor=actor(event.owner))
    assert first != second and len(second) >= 20
    services.revoke_staff_link(event, actor=actor(event.owner))
    event.refresh_from_db()
    assert event.staff_token == ""


def test_add_staff_creates_an_account_only_with_a_good_password(event):
    with pytest.raises(services.ServiceError) as caught:
        services.add_staff(event, actor=actor(event.owner), username="helper")
    assert caught.value.field == "password"
    with pytest.raises(services.ServiceError) as caught:
        services.add_staff(event, actor=actor(event.owner), username="helper", password="short")
    assert caught.value.field == "password"
    user = services.add_staff(event, actor=actor(event.owner), username="helper", password="long enough pass")
    assert event.roles.get(user=user).role == "staff"


def test_update_event_refuses_rule_changes_after_the_start(event):
    run_event(event, 4, 0)
    with pytest.raises(services.ServiceError) as caught:
        services.update_event(event, actor=actor(event.owner), name="New name", policy="version-3-1998",
                              game_type="two-deck", format="general-opponent", tie_resolution="playoff",
                              first_round_pairing="random")
    assert caught.value.field == "policy"
    services.update_event(event, actor=actor(event.owner), name="New name")
    event.refresh_from_db()
    assert (event.name, event.policy) == ("New name", "policy-4-2001")


def test_every_service_touches_the_event_for_live_pages(event):
    before = Event.objects.get(pk=event.pk).changed_at
    register(event, 2)
    assert Event.objects.get(pk=event.pk).changed_at > before


def test_events_of_other_owners_do_not_interfere(owner):
    other = EventFactory(name="Elsewhere", slug="elsewhere")
    register(other, 3)
    mine = EventFactory(owner=owner, slug="mine")
    register(mine, 3)
    assert sorted(mine.players.values_list("archive_id", flat=True)) == ["player-01", "player-02", "player-03"]
