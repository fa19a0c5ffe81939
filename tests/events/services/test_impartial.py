"""Those who run an event and play in it never rule on their own games
(events/services/impartial.py; docs/rules.md, reading 78)."""

from __future__ import annotations

import pytest

from events import services
from events.models import Game, Snapshot
from events.roles import Actor
from tests.helpers import PHONES, WIN_A, WIN_B, actor, register


def own_game(event, player) -> Game:
    return (
        (
            Game.objects.filter(round__event=event).filter(player_a=player)
            | Game.objects.filter(round__event=event).filter(player_b=player)
        )
        .select_related("round", "player_a", "player_b")
        .latest("round")
    )


def other_game(event, player) -> Game:
    return (
        Game.objects.filter(round__event=event)
        .exclude(player_a=player)
        .exclude(player_b=player)
        .select_related("round", "player_a", "player_b")
        .first()
    )


def test_a_playing_coordinator_cannot_enter_confirm_or_correct_their_own_game(event, owner_plays):
    mine = own_game(event, owner_plays)
    with pytest.raises(services.ServiceError, match=r"You play at table .*: staff rules on it, not you"):
        services.record_result(mine, WIN_A, actor=actor(event.owner), expected_version=0)
    mine.refresh_from_db()
    assert (mine.result, mine.version) == (None, 0)
    # Another table is theirs to rule on, as always.
    other = other_game(event, owner_plays)
    assert services.record_result(other, WIN_A, actor=actor(event.owner), expected_version=0).state == "confirmed"


def test_the_arbiter_rules_on_the_coordinators_game_with_the_coordinators_word(event, staff_user, owner_plays):
    mine = own_game(event, owner_plays)
    saved = services.record_result(mine, WIN_B, actor=actor(staff_user, "staff"), expected_version=0)
    assert (saved.state, saved.reported_by) == (Game.CONFIRMED, "staff")
    with pytest.raises(services.ServiceError, match="You play at table"):
        services.confirm_result(mine, actor=actor(event.owner))
    # Staff who are not the arbiter only report; a later round is the arbiter's to correct too.
    services.record_result(other_game(event, owner_plays), WIN_A, actor=actor(event.owner), expected_version=0)
    for game in event.rounds.get(number=1).games.filter(result__isnull=True):
        services.record_result(game, WIN_A, actor=actor(event.owner), expected_version=0)
    services.pair_round(event, actor=actor(event.owner), seed=2)
    corrected = services.record_result(mine, WIN_A, actor=actor(staff_user, "staff"), expected_version=1)
    assert (corrected.result, corrected.state, corrected.version) == (WIN_A, Game.CONFIRMED, 2)


def test_a_staff_link_entry_on_an_organisers_game_waits_for_someone_who_may_rule(event, staff_user, owner_plays):
    mine = own_game(event, owner_plays)
    saved = services.record_result(mine, WIN_A, actor=Actor.staff_link(), expected_version=0)
    assert saved.state == Game.REPORTED
    with pytest.raises(services.ServiceError, match="You play at table"):
        services.confirm_result(mine, actor=actor(event.owner))
    assert services.confirm_result(mine, actor=actor(staff_user, "staff")).state == Game.CONFIRMED


def test_agreeing_reports_at_an_organisers_table_wait_for_the_arbiter(event, staff_user, owner_plays):
    """The coordinator can reach every player's private link: agreement at their table is not enough."""
    event.players_report = True
    event.save()
    mine = own_game(event, owner_plays)
    services.report_result(mine, 0, WIN_A, device=PHONES[0])
    services.report_result(mine, 1, WIN_A, device=PHONES[1])
    mine.refresh_from_db()
    assert (mine.result, mine.state) == (WIN_A, Game.REPORTED)
    with pytest.raises(services.ServiceError, match="is not over"):
        services.undo_round(event.latest_round(), actor=actor(event.owner))
    assert services.confirm_result(mine, actor=actor(staff_user, "staff")).state == Game.CONFIRMED


def test_no_swap_of_ones_own_seat_or_table(event, owner_plays):
    rnd = event.latest_round()
    mine = own_game(event, owner_plays)
    opponent = mine.player_b if mine.player_a_id == owner_plays.pk else mine.player_a
    others = other_game(event, owner_plays)
    with pytest.raises(services.ServiceError, match="cannot move your own seat"):
        services.swap_players(rnd, owner_plays, others.player_a, actor=actor(event.owner), confirm=True)
    with pytest.raises(services.ServiceError, match="You play at table"):
        services.swap_players(rnd, opponent, others.player_a, actor=actor(event.owner), confirm=True)


def test_no_undo_nor_restore_while_ones_own_game_is_open(event, staff_user, owner_plays):
    rnd = event.latest_round()
    with pytest.raises(
        services.ServiceError,
        match="is not over: until staff has confirmed its result, only a coordinator who does not play",
    ):
        services.undo_round(rnd, actor=actor(event.owner))
    kept = Snapshot.objects.filter(event=event).first()
    with pytest.raises(services.ServiceError, match="is not over"):
        services.restore_snapshot(kept, actor=actor(event.owner))
    assert event.rounds.count() == 1
    # Once the arbiter has settled it, the coordinator may restore (here: back to before the pairing).
    services.record_result(own_game(event, owner_plays), WIN_A, actor=actor(staff_user, "staff"), expected_version=0)
    services.restore_snapshot(kept, actor=actor(event.owner))
    assert event.players.get(account=event.owner).name == "Olwen"  # the link to the account survives a restore


def test_no_dropping_ones_opponent_but_one_may_drop_oneself(event, owner_plays):
    mine = own_game(event, owner_plays)
    opponent = mine.player_b if mine.player_a_id == owner_plays.pk else mine.player_a
    with pytest.raises(services.ServiceError, match="You play at table"):
        services.drop_player(opponent, actor=actor(event.owner))
    told = services.drop_player(owner_plays, actor=actor(event.owner))
    assert "Olwen drops; table" in told


def test_no_extra_time_or_deck_check_at_ones_own_table(event, owner_plays):
    rnd = event.latest_round()
    mine = own_game(event, owner_plays)
    opponent = mine.player_b if mine.player_a_id == owner_plays.pk else mine.player_a
    with pytest.raises(services.ServiceError, match="You play at table"):
        services.adjust_time(rnd, actor=actor(event.owner), minutes=5, table=mine.table)
    with pytest.raises(services.ServiceError, match="You play at table"):
        services.record_spot_check(rnd, opponent, actor=actor(event.owner), matches=True, note="")


def test_a_registered_staff_member_becomes_co_coordinator_only_with_an_arbiter(event, staff_user, co_coordinator):
    services.register_organiser(event, actor=actor(event.owner), user_id=staff_user.pk, name="Stan")
    with pytest.raises(services.ServiceError, match="name an arbiter who does not play"):
        services.add_staff(event, actor=actor(event.owner), username="staff", role="coordinator")
    services.name_arbiter(event, actor=actor(event.owner), user_id=co_coordinator.pk)
    services.add_staff(event, actor=actor(event.owner), username="staff", role="coordinator")


def test_a_coordinator_sharing_the_lead_does_not_settle_the_tie(event, co_coordinator):
    services.name_arbiter(event, actor=actor(event.owner), user_id=co_coordinator.pk)
    services.register_organiser(event, actor=actor(event.owner), user_id=event.owner.pk, name="Olwen")
    register(event, 1)
    services.start_event(event, actor=actor(event.owner))
    game = (
        services.pair_round(event, actor=actor(event.owner), seed=1)
        .games.select_related("round", "player_a", "player_b")
        .get()
    )
    services.record_result(
        game, {"kind": "council", "mp": [10, 10]}, actor=actor(co_coordinator, "coordinator"), expected_version=0
    )
    with pytest.raises(services.ServiceError, match="You share the lead: co records how the tie is settled"):
        services.close_event(event, actor=actor(event.owner), co_champions_agreed=True)
    event.refresh_from_db()
    assert event.status == "running"
    services.close_event(event, actor=actor(co_coordinator, "coordinator"), co_champions_agreed=True)
    event.refresh_from_db()
    assert (event.status, event.tie_resolution) == ("closed", "co-champions")
