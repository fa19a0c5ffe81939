"""Pairing, undoing and swapping (events/services/rounds.py)."""

from __future__ import annotations

import re

import pytest

from events import services
from events.codes import CODE_ALPHABET, CODE_LENGTH
from events.models import AuditEntry, Game, Round
from events.queries.reports import find_reporting_game
from tests.helpers import PHONES, WIN_A, actor, open_game, register, run_event


def _swap_event(event):
    """Round 2 of six players: round 1 decided who met whom."""
    run_event(event, 6, 1)
    return services.pair_round(event, actor=actor(event.owner), seed=5)


def test_pair_round_seats_everyone_once_with_a_bye_when_odd(event):
    register(event, 7)
    services.start_event(event, actor=actor(event.owner))
    rnd = services.pair_round(event, actor=actor(event.owner), seed=42)
    games = list(rnd.games.all())
    seated = [g.player_a_id for g in games] + [g.player_b_id for g in games] + [rnd.bye_id]
    assert sorted(seated) == sorted(event.players.values_list("pk", flat=True))
    assert [g.table for g in games] == [1, 2, 3]
    assert rnd.seed == 42 and rnd.quality["rematches"] == 0


def test_a_paired_game_holds_a_new_games_values_but_its_seat(event):
    # The games are written in one statement of their own (events/models/rounds.py, insert_new_games): each column
    # but the seat must read back as a game made by the model would.
    register(event, 9)
    services.start_event(event, actor=actor(event.owner))
    rnd = services.pair_round(event, actor=actor(event.owner), seed=3)
    seat = {"id", "table", "player_a", "player_b", "code_a", "code_b"}
    fresh = Game(round=rnd)
    expected = {f.attname: getattr(fresh, f.attname) for f in Game._meta.concrete_fields if f.name not in seat}
    games = list(rnd.games.all())
    assert len(games) == 4
    for game in games:
        assert {f.attname: getattr(game, f.attname) for f in Game._meta.concrete_fields if f.name not in seat} == (
            expected
        )
    assert [g.table for g in games] == [1, 2, 3, 4]
    assert len({g.player_a_id for g in games} | {g.player_b_id for g in games} | {rnd.bye_id}) == 9


def test_every_seat_of_a_round_gets_its_own_code(reporting):
    codes = [code for g in Game.objects.filter(round__event=reporting) for code in (g.code_a, g.code_b)]
    assert len(codes) == 4 and len(set(codes)) == 4
    assert all(re.fullmatch(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}", code) for code in codes)


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
        services.record_result(game, WIN_A, actor=actor(event.owner), expected_version=0)
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
    services.record_result(games[0], WIN_A, actor=actor(event.owner), expected_version=0)
    with pytest.raises(services.ServiceError, match="already has a result"):
        services.swap_players(rnd, games[0].player_a, games[1].player_a, actor=actor(event.owner), confirm=True)


def test_swap_refuses_two_players_of_one_table(event):
    rnd = _swap_event(event)
    game = rnd.games.first()
    with pytest.raises(services.ServiceError, match="already play each other"):
        services.swap_players(rnd, game.player_a, game.player_b, actor=actor(event.owner))


def test_a_swap_gives_new_codes_so_old_slips_cannot_report(reporting):
    rnd = reporting.rounds.get()
    games = list(rnd.games.order_by("table"))
    services.report_result(games[0], 0, WIN_A, device=PHONES[0])
    old_codes = {g.code_a for g in games} | {g.code_b for g in games}
    services.swap_players(rnd, games[0].player_a, games[1].player_a, actor=actor(reporting.owner), confirm=True)
    for game in rnd.games.all():
        assert game.report_a is None and game.report_b is None
        assert not {game.code_a, game.code_b} & old_codes
    assert find_reporting_game(reporting, games[0].code_a) is None


@pytest.mark.parametrize("players", [6, 7])
def test_the_snapshot_of_a_pairing_is_the_event_as_an_export_reads_it(event, players):
    from events.archive import event_archive

    run_event(event, players, 2)
    rnd = services.pair_round(event, actor=actor(event.owner), seed=3)
    kept = event.snapshots.get(reason=f"{rnd.label} paired")
    assert kept.data == event_archive(event)


def test_result_codes_are_distinct_of_the_alphabet_avoid_those_taken_and_use_every_letter():
    from collections import Counter

    from events.codes import new_codes

    taken = set(new_codes(50))
    codes = new_codes(2000, taken)
    assert len(codes) == len(set(codes)) == 2000 and not set(codes) & taken
    assert all(re.fullmatch(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}", code) for code in codes)
    letters = Counter("".join(codes))
    # 12,000 letters drawn fairly from 25: each about 480 times; a letter never or twice as often drawn is a bias.
    assert set(letters) == set(CODE_ALPHABET) and max(letters.values()) < 2 * min(letters.values())
