"""Registering, editing, removing and dropping players (events/services/players.py)."""

from __future__ import annotations

import pytest

from events import services
from events.models import AuditEntry, Player
from tests.factories import EventFactory
from tests.helpers import WIN_A, actor, register, run_event
from tests.helpers import register_ann as _player
from tests.scoring.test_decks import LEGAL


def test_register_a_pasted_list_cleans_whitespace_and_blank_lines(event):
    players = services.register_players(event, "  Ann  Smith\n\n\tBob\n", actor=actor(event.owner))
    assert [p.name for p in players] == ["Ann Smith", "Bob"]
    assert [p.archive_id for p in players] == ["ann-smith", "bob"]
    assert AuditEntry.objects.get(event=event, action="player.registered").after == ["Ann Smith", "Bob"]


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


def test_events_of_other_owners_do_not_interfere(owner):
    other = EventFactory(name="Elsewhere", slug="elsewhere")
    register(other, 3)
    mine = EventFactory(owner=owner, slug="mine")
    register(mine, 3)
    assert sorted(mine.players.values_list("archive_id", flat=True)) == ["player-01", "player-02", "player-03"]


def test_a_player_registered_after_round_one_is_late_and_starts_with_zero(event):
    run_event(event, 4, 1)
    late = services.register_players(event, "Late Larry", actor=actor(event.owner))[0]
    assert late.joined_after_round == 1
    rnd = services.pair_round(event, actor=actor(event.owner), seed=3)
    seated = {g.player_a_id for g in rnd.games.all()} | {g.player_b_id for g in rnd.games.all()} | {rnd.bye_id}
    assert late.pk in seated
    import scoring
    from events.archive import load_archive

    row = next(r for r in scoring.compute_standings(load_archive(event)).rows if r.name == "Late Larry")
    assert row.games_played == 0 and row.byes in (0, 1)


def test_a_capability_changed_on_the_players_page_stands_over_the_list(hero_event):
    ann = _player(hero_event)
    services.update_player(ann, actor=actor(hero_event.owner), name="Ann", deck_capability="one-ring")
    services.submit_deck_list(ann, LEGAL.replace("Cracks of Doom\n", ""), actor=actor(hero_event.owner))
    ann.refresh_from_db()
    assert (ann.deck_capability, ann.capability_note) == ("one-ring", "Set on the player's page.")


def _edit(player, **contacts):
    return services.update_player(
        player, actor=actor(player.event.owner), name=player.name, deck_capability=player.deck_capability, **contacts
    )


def test_the_coordinator_changes_a_players_contacts_and_the_log_keeps_no_address(event):
    ann = register(event, 1)[0]
    _edit(ann, online_name=" Ann  G ", email="ann@example.org", share_email=True)
    ann.refresh_from_db()
    assert (ann.online_name, ann.email, ann.share_email) == ("Ann G", "ann@example.org", True)
    _edit(ann, email="ann@example.net")
    ann.refresh_from_db()
    assert (ann.online_name, ann.email, ann.share_email) == ("Ann G", "ann@example.net", True), "unnamed, kept"
    given, changed = AuditEntry.objects.filter(action="player.updated").order_by("id")
    contacts = {"online_name", "email", "share_email"}
    assert [{key: entry.before[key] for key in contacts} for entry in (given, changed)] == [
        {"online_name": "", "email": False, "share_email": False},
        {"online_name": "Ann G", "email": True, "share_email": True},
    ]
    assert {key: given.after[key] for key in contacts} == {"online_name": "Ann G", "email": True, "share_email": True}
    assert "email_changed" not in given.after and changed.after["email_changed"] is True
    assert "example" not in str(AuditEntry.objects.values_list("subject", "before", "after"))


def test_an_address_taken_away_takes_its_sharing_with_it(event):
    ann = register(event, 1)[0]
    _edit(ann, email="ann@example.org", share_email=True)
    _edit(ann, email="", share_email=True)
    ann.refresh_from_db()
    assert (ann.email, ann.share_email) == ("", False)


def test_a_bad_address_on_the_players_page_is_refused_and_changes_nothing(event):
    ann = register(event, 1)[0]
    before = AuditEntry.objects.count()
    with pytest.raises(services.ServiceError, match="Give an e-mail address") as refused:
        _edit(ann, online_name="Ann G", email="ann at example.org")
    assert refused.value.field == "email"
    ann.refresh_from_db()
    assert (ann.online_name, ann.email, AuditEntry.objects.count()) == ("", "", before)


def test_remove_player_only_before_they_have_played(event):
    players = register(event, 4)
    services.remove_player(players[0], actor=actor(event.owner))
    assert event.players.count() == 3
    services.start_event(event, actor=actor(event.owner))
    services.pair_round(event, actor=actor(event.owner), seed=1)
    with pytest.raises(services.ServiceError, match="record a drop instead"):
        services.remove_player(event.players.first(), actor=actor(event.owner))
    assert event.players.count() == 3


@pytest.mark.parametrize("capability, points", [("one-ring", 7), ("marshalling-points", 6)])
def test_a_drop_mid_game_concedes_with_the_maximum_for_the_opponents_deck(event, capability, points):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    Player.objects.filter(pk=game.player_b_id).update(deck_capability=capability)
    told = services.drop_player(game.player_a, actor=actor(event.owner))
    game.refresh_from_db()
    # Policy #1, General 19; Policy Number 4 two-deck One Ring win is 7 points.
    # The forfeit keeps the capability it was scored with (reading 77).
    assert game.result == {"kind": "forfeit", "winner": 1, "reason": "drop", "capability": capability}
    assert game.points == [0, points]
    assert f"gets {points} points" in told
    dropped = Player.objects.get(pk=game.player_a_id)
    assert (dropped.status, dropped.dropped_after_round) == ("dropped", 1)


def test_a_forfeit_gives_the_maximum_for_the_capability_the_list_shows(hero_event):
    run_event(hero_event, 4, 0)
    game = services.pair_round(hero_event, actor=actor(hero_event.owner), seed=1).games.first()
    services.submit_deck_list(game.player_b, LEGAL, actor=actor(hero_event.owner))
    services.drop_player(game.player_a, actor=actor(hero_event.owner))
    game.refresh_from_db()
    assert game.points == [0, 7]  # Policy #1, a two-deck One Ring win


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

    rows = scoring.compute_standings(load_archive(event)).rows
    assert next(r.rank for r in rows if r.name == leaver.name) is None


def test_an_ejection_forfeits_the_open_game_for_cheating(event):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    services.drop_player(game.player_b, actor=actor(event.owner), ejected=True)
    game.refresh_from_db()
    assert game.result == {"kind": "forfeit", "winner": 0, "reason": "cheat", "capability": "marshalling-points"}
    assert Player.objects.get(pk=game.player_b_id).status == "ejected"


def test_a_drop_between_rounds_leaves_results_alone(event):
    run_event(event, 4, 1)
    game = event.rounds.get().games.first()
    services.drop_player(game.player_b, actor=actor(event.owner))
    game.refresh_from_db()
    assert game.result == WIN_A
