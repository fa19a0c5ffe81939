"""A coordinator or staff member registered to play, and the arbiter who rules on their games
(events/services/organisers.py; docs/rules.md, reading 78)."""

from __future__ import annotations

import pytest

from events import services
from events.models import AuditEntry
from tests.factories import UserFactory
from tests.helpers import actor


def test_a_coordinator_cannot_register_themself_without_an_arbiter(event):
    with pytest.raises(services.ServiceError, match="Name an arbiter first") as refused:
        services.register_organiser(event, actor=actor(event.owner), user_id=event.owner.pk, name="Olwen")
    assert refused.value.field == "account"
    assert not event.players.exists()


def test_staff_who_play_need_no_arbiter_the_coordinator_rules(event, staff_user):
    player = services.register_organiser(event, actor=actor(event.owner), user_id=staff_user.pk, name="Stan")
    assert (player.account_id, player.name) == (staff_user.pk, "Stan")
    entry = AuditEntry.objects.get(event=event, action="player.organiser_registered")
    assert entry.after == {"name": "Stan", "role": "staff"}


def test_the_arbiter_cannot_play_and_must_hold_a_role(event, staff_user, stranger):
    services.name_arbiter(event, actor=actor(event.owner), user_id=staff_user.pk)
    with pytest.raises(services.ServiceError, match="cannot play in the event"):
        services.register_organiser(event, actor=actor(event.owner), user_id=staff_user.pk, name="Stan")
    with pytest.raises(services.ServiceError, match="Choose an account with a role"):
        services.name_arbiter(event, actor=actor(event.owner), user_id=stranger.pk)
    assert AuditEntry.objects.get(event=event, action="event.arbiter_named").after == {"arbiter": "staff"}


def test_the_arbiter_stays_while_a_coordinator_plays(event, staff_user, owner_plays):
    with pytest.raises(services.ServiceError, match="name another arbiter first"):
        services.remove_staff(event, actor=actor(event.owner), user_id=staff_user.pk)
    with pytest.raises(services.ServiceError, match="someone must rule on their games"):
        services.name_arbiter(event, actor=actor(event.owner), user_id=None)


def test_once_the_event_runs_a_playing_coordinator_cannot_choose_their_arbiter(event, co_coordinator, owner_plays):
    with pytest.raises(services.ServiceError, match="cannot choose who rules on your games"):
        services.name_arbiter(event, actor=actor(event.owner), user_id=co_coordinator.pk)
    services.name_arbiter(event, actor=actor(co_coordinator, "coordinator"), user_id=co_coordinator.pk)
    event.refresh_from_db()
    assert event.arbiter_id == co_coordinator.pk


def _under(event, organisers_play: str) -> None:
    """``event`` under a house policy that says who of those who run it may play."""
    services.save_house_policy(
        owner=event.owner,
        document={
            "key": "club",
            "title": "Club Rules",
            "base": "policy-4-2001",
            "changes": {"organisers_play": organisers_play},
        },
    )
    services.update_event(event, actor=actor(event.owner), name=event.name, policy="club", game_type="two-deck")


def test_a_house_policy_may_keep_everyone_who_runs_the_event_out_of_it(event, staff_user, co_coordinator):
    _under(event, "never")
    services.name_arbiter(event, actor=actor(event.owner), user_id=co_coordinator.pk)
    for account, name in ((staff_user, "Stan"), (event.owner, "Olwen")):
        with pytest.raises(services.ServiceError, match="no one who runs the event may play") as refused:
            services.register_organiser(event, actor=actor(event.owner), user_id=account.pk, name=name)
        assert refused.value.field == "account"
        assert refused.value.rule == "Club Rules, house rule on who may play (in place of " + (
            "Policy #1, introduction and General 17 (as docs/rules.md, reading 78, reads them))"
        )
    assert not event.players.exists()


def test_a_house_policy_may_keep_coordinators_out_and_let_staff_play(event, staff_user, co_coordinator):
    _under(event, "staff-with-arbiter")
    services.name_arbiter(event, actor=actor(event.owner), user_id=co_coordinator.pk)
    with pytest.raises(services.ServiceError, match="a coordinator may not play"):
        services.register_organiser(event, actor=actor(event.owner), user_id=event.owner.pk, name="Olwen")
    player = services.register_organiser(event, actor=actor(event.owner), user_id=staff_user.pk, name="Stan")
    assert player.account_id == staff_user.pk


def test_a_policy_that_keeps_out_someone_already_registered_cannot_be_chosen(event, staff_user):
    services.register_organiser(event, actor=actor(event.owner), user_id=staff_user.pk, name="Stan")
    with pytest.raises(services.ServiceError, match="no one who runs the event may play") as refused:
        _under(event, "never")
    assert refused.value.field == "policy"
    event.refresh_from_db()
    assert (event.policy, event.policy_document) == ("policy-4-2001", None)


def _registered(event, username: str):
    """A player of ``event`` registered with the account ``username``."""
    player = services.register_players(event, username.capitalize(), actor=actor(event.owner))[0]
    player.account = UserFactory(username=username)
    player.save(update_fields=["account"])
    return player


@pytest.mark.parametrize(
    "organisers_play, refused_roles, given_roles",
    [("staff-with-arbiter", ["coordinator"], ["staff"]), ("never", ["coordinator", "staff"], [])],
)
def test_a_registered_player_cannot_be_given_a_role_the_policy_keeps_out_of_play(
    event, organisers_play, refused_roles, given_roles
):
    _registered(event, "sam")
    _under(event, organisers_play)
    for role in refused_roles:
        with pytest.raises(services.ServiceError, match=r"may not play|no one who runs") as refused:
            services.add_staff(event, actor=actor(event.owner), username="sam", role=role)
        assert refused.value.field == "role"
    for role in given_roles:
        services.add_staff(event, actor=actor(event.owner), username="sam", role=role)
    assert list(event.roles.values_list("role", flat=True)) == given_roles
