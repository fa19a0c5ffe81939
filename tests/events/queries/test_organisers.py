"""Who runs the event and plays in it, and who rules on their games (events/queries/organisers.py)."""

from __future__ import annotations

from events import services
from events.models import Game
from events.queries.organisers import GameRuling, OrganiserAtPlay, event_accounts, game_ruling, organisers
from events.roles import COORDINATOR, OWNER, STAFF
from tests.helpers import actor, register


def _games(event, player) -> tuple[Game, Game]:
    """The game ``player`` plays in the latest round, and another game of it."""
    games = Game.objects.filter(round__event=event).select_related("player_a", "player_b")
    own = next(g for g in games if player.pk in (g.player_a_id, g.player_b_id))
    other = next(g for g in games if player.pk not in (g.player_a_id, g.player_b_id))
    return own, other


def test_the_accounts_are_the_owner_first_then_every_role_by_name(event, staff_user, co_coordinator):
    assert event_accounts(event) == [
        (event.owner.pk, "owner", OWNER),
        (co_coordinator.pk, "co", COORDINATOR),
        (staff_user.pk, "staff", STAFF),
    ]


def test_a_playing_owner_and_a_playing_staff_member_are_listed_with_the_arbiter(event, staff_user, co_coordinator):
    services.name_arbiter(event, actor=actor(event.owner), user_id=co_coordinator.pk)
    services.register_organiser(event, actor=actor(event.owner), user_id=event.owner.pk, name="Olwen")
    services.register_organiser(event, actor=actor(event.owner), user_id=staff_user.pk, name="Stan")
    register(event, 2)
    event.refresh_from_db()
    seen = organisers(event, event.owner.pk)
    assert seen.playing == [
        OrganiserAtPlay(player="Olwen", account="owner", role=OWNER, runs_the_event=True),
        OrganiserAtPlay(player="Stan", account="staff", role=STAFF, runs_the_event=False),
    ]
    assert (seen.arbiter, seen.you_play, seen.without_arbiter) == ("co", True, False)
    assert organisers(event, co_coordinator.pk).you_play is False
    assert organisers(event, None).you_play is False


def test_no_one_plays_so_nothing_is_missing(event):
    register(event, 2)
    seen = organisers(event, event.owner.pk)
    assert (seen.playing, seen.arbiter, seen.without_arbiter) == ([], None, False)


def test_the_arbiter_rules_on_an_organisers_game_and_the_player_not_on_their_own(event, staff_user):
    services.name_arbiter(event, actor=actor(event.owner), user_id=staff_user.pk)
    me = services.register_organiser(event, actor=actor(event.owner), user_id=event.owner.pk, name="Olwen")
    register(event, 3)
    services.start_event(event, actor=actor(event.owner), rounds=2, note="the test's own number", confirm=True)
    event.refresh_from_db()
    services.pair_round(event, actor=actor(event.owner), seed=1)
    own, other = _games(event, me)
    assert game_ruling(event, own, event.owner.pk) == GameRuling(plays_here=True, arbiter_rules=True, arbiter="staff")
    assert game_ruling(event, own, staff_user.pk) == GameRuling(plays_here=False, arbiter_rules=True, arbiter="staff")
    assert game_ruling(event, other, None) == GameRuling(plays_here=False, arbiter_rules=False, arbiter="staff")


def test_without_an_arbiter_another_coordinator_rules(event, staff_user):
    stan = services.register_organiser(event, actor=actor(event.owner), user_id=staff_user.pk, name="Stan")
    register(event, 1)
    services.start_event(event, actor=actor(event.owner), rounds=1, note="the test's own number", confirm=True)
    event.refresh_from_db()
    services.pair_round(event, actor=actor(event.owner), seed=1)
    game = Game.objects.select_related("player_a", "player_b").get(round__event=event)
    assert stan.pk in (game.player_a_id, game.player_b_id)
    assert game_ruling(event, game, staff_user.pk) == GameRuling(
        plays_here=True, arbiter_rules=True, arbiter="another coordinator"
    )
