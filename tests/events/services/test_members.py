"""Players known across events (events/services/members.py; docs/rules.md, readings 108-109)."""

from __future__ import annotations

import pytest

from events import services
from events.models import AuditEntry, Member, MemberLogEntry
from events.queries.members import member_page, members_found, members_it_may_be
from events.services import ServiceError
from tests.factories import EventFactory
from tests.helpers import actor, database_state, play_round, register


@pytest.fixture
def by(owner):
    return actor(owner)


def test_members_get_the_next_player_number_never_given_twice(by):
    ann = services.enrol_member(name="  Ann   Smith ", country="FI", public=True, actor=by)
    bob = services.enrol_member(name="Bob", actor=by)
    assert (ann.number, ann.name, str(ann.country), ann.public) == (1001, "Ann Smith", "FI", True)
    assert bob.number == 1002
    services.forget_member(bob, actor=by)
    assert services.enrol_member(name="Cat", actor=by).number == 1003
    forgotten = Member.objects.get(number=1002)
    assert (forgotten.name, forgotten.forgotten, forgotten.log.count()) == ("", True, 0)
    assert MemberLogEntry.objects.filter(member=ann, action="created").count() == 1


@pytest.mark.parametrize("name", ["  ", "A\x00n", "\u200b", "x" * 101])
def test_a_name_a_registration_could_not_have_is_refused(by, name):
    with pytest.raises(ServiceError) as refused:
        services.enrol_member(name=name, actor=by)
    assert refused.value.field == "name"
    assert not Member.objects.exists()


def test_a_registration_is_linked_by_its_number_with_an_audit_entry_in_its_event(event, by):
    ann = services.enrol_member(name="Ann", actor=by)
    [player, other] = register(event, 2)
    services.link_registration(player, number=ann.number, actor=by)
    player.refresh_from_db()
    assert player.member_id == ann.pk
    entry = AuditEntry.objects.filter(event=event).latest("id")
    assert (entry.action, entry.after) == ("player.member_linked", {"number": 1001})
    # One person registers once in an event.
    with pytest.raises(ServiceError, match="already"):
        services.link_registration(other, number=ann.number, actor=by)
    with pytest.raises(ServiceError) as refused:
        services.link_registration(other, number=4242, actor=by)
    assert refused.value.field == "number"
    services.unlink_registration(player, actor=by)
    player.refresh_from_db()
    assert player.member_id is None
    assert AuditEntry.objects.filter(event=event).latest("id").action == "player.member_unlinked"


def test_a_name_that_reads_the_same_is_offered_never_linked_by_itself(event, by):
    ann = services.enrol_member(name="Ann Smith", actor=by)
    [player] = services.register_players(event, "ANN  SMITH", actor=by)
    assert player.member_id is None
    assert [line.number for line in members_it_may_be(player)] == [ann.number]
    services.link_registration(player, number=ann.number, actor=by)
    player.refresh_from_db()
    assert members_it_may_be(player) == []


def test_a_merge_joins_two_histories_and_its_undo_parts_them_exactly(owner, by):
    first, second = EventFactory(owner=owner, name="Spring"), EventFactory(owner=owner, name="Autumn")
    ann, dup = services.enrol_member(name="Ann", actor=by), services.enrol_member(name="Ann S.", actor=by)
    services.link_registration(register(first, 1)[0], number=ann.number, actor=by)
    services.link_registration(register(second, 1)[0], number=dup.number, actor=by)
    services.merge_members(dup, number=ann.number, actor=by)
    assert sorted(h.event for h in member_page(ann).history) == ["Autumn", "Spring"]
    assert [line.number for line in members_found("Ann")] == [ann.number]  # the merged one is listed no more
    # A registration typed with the merged number counts as the person it now is, and keeps the number typed.
    third = EventFactory(owner=owner, name="Winter")
    services.link_registration(register(third, 1)[0], number=dup.number, actor=by)
    assert sorted(h.event for h in member_page(ann).history) == ["Autumn", "Spring", "Winter"]
    with pytest.raises(ServiceError, match="already merged"):
        services.merge_members(Member.objects.get(pk=dup.pk), number=ann.number, actor=by)
    services.undo_merge(Member.objects.get(pk=dup.pk), actor=by)
    assert {m.number: sorted(h.event for h in member_page(m).history) for m in (ann, dup)} == {
        ann.number: ["Spring"],
        dup.number: ["Autumn", "Winter"],
    }


def test_two_members_of_one_event_are_two_people_and_a_member_is_not_merged_with_themselves(event, by):
    ann, bob = services.enrol_member(name="Ann", actor=by), services.enrol_member(name="Bob", actor=by)
    first, second = register(event, 2)
    services.link_registration(first, number=ann.number, actor=by)
    services.link_registration(second, number=bob.number, actor=by)
    state = database_state()
    with pytest.raises(ServiceError, match="two people"):
        services.merge_members(bob, number=ann.number, actor=by)
    with pytest.raises(ServiceError, match="themselves"):
        services.merge_members(ann, number=ann.number, actor=by)
    with pytest.raises(ServiceError, match="No player has the number 4242"):
        services.merge_members(ann, number=4242, actor=by)
    assert database_state() == state


def test_forgetting_a_member_unlinks_every_registration_and_each_event_records_it(owner, by):
    ann = services.enrol_member(name="Ann", country="FI", public=True, actor=by)
    events = [EventFactory(owner=owner, name=name) for name in ("Spring", "Autumn")]
    for event in events:
        services.link_registration(register(event, 1)[0], number=ann.number, actor=by)
    services.forget_member(ann, actor=by)
    ann.refresh_from_db()
    assert (ann.name, str(ann.country), ann.public, ann.registrations.count()) == ("", "", False, 0)
    assert AuditEntry.objects.filter(action="player.member_unlinked").count() == 2
    assert members_found("") == []
    with pytest.raises(ServiceError):
        services.link_registration(register(events[0], 1)[0], number=ann.number, actor=by)


def test_forgetting_a_person_forgets_every_number_merged_into_theirs(event, by):
    ann = services.enrol_member(name="Ann", public=True, actor=by)
    duplicate = services.enrol_member(name="Ann Smith", country="FI", public=True, actor=by)
    services.link_registration(register(event, 1)[0], number=duplicate.number, actor=by)
    services.merge_members(duplicate, number=ann.number, actor=by)
    services.forget_member(ann, actor=by)
    for record in Member.objects.filter(pk__in=[ann.pk, duplicate.pk]):
        assert (record.name, str(record.country), record.public, record.forgotten) == ("", "", False, True)
        assert not record.registrations.exists()


def test_a_members_history_gives_their_final_place_once_an_event_is_closed(event, by, owner):
    ann = services.enrol_member(name="Ann", actor=by)
    players = register(event, 4)
    services.link_registration(players[0], number=ann.number, actor=by)
    services.start_event(event, actor=by, rounds=2, confirm=True)
    play_round(event)
    play_round(event)
    [line] = member_page(ann).history
    assert (line.event, line.place, line.players) == (event.name, None, 4)
    services.close_event(event, actor=by)
    [line] = member_page(ann).history
    assert line.place is not None and 1 <= line.place <= 4


def test_a_player_links_their_own_registrations_by_their_private_link_and_no_one_elses(event, by, owner):
    anna = services.enrol_member(name="Anna Took", actor=by)
    register_names = services.register_players(event, "Anna Took\nBob Brandybuck", actor=by)
    anna_here, bob_here = sorted(register_names, key=lambda p: p.name)
    token = services.make_member_link(anna, actor=by).link_token
    before = database_state()
    with pytest.raises(ServiceError, match="does not read as yours"):
        services.claim_registration(token, bob_here)
    assert database_state() == before

    services.claim_registration(token, anna_here)
    anna_here.refresh_from_db()
    assert anna_here.member == anna
    entry = event.audit_entries.filter(action="player.member_linked").get()
    assert entry.actor_label == "Anna Took (own player link)" and entry.actor is None
    with pytest.raises(ServiceError, match="has a player number already"):
        services.claim_registration(token, anna_here)

    # A new link: the one before it no longer works.
    services.make_member_link(anna, actor=by)
    other = EventFactory(owner=owner, name="Second event", slug="second-event")
    (again,) = services.register_players(other, "ANNA  TOOK", actor=by)
    with pytest.raises(ServiceError, match="no longer works"):
        services.claim_registration(token, again)


def test_a_forgotten_member_loses_their_link(event, by):
    anna = services.enrol_member(name="Anna Took", actor=by)
    token = services.make_member_link(anna, actor=by).link_token
    services.forget_member(anna, actor=by)
    (here,) = services.register_players(event, "Anna Took", actor=by)
    with pytest.raises(ServiceError, match="no longer works"):
        services.claim_registration(token, here)


def test_a_merged_number_has_no_private_link(by):
    first = services.enrol_member(name="Anna Took", actor=by)
    second = services.enrol_member(name="Anna Took", actor=by)
    token = services.make_member_link(first, actor=by).link_token
    services.merge_members(first, number=second.number, actor=by)
    first.refresh_from_db()
    assert first.link_token == ""
    with pytest.raises(ServiceError, match="number the person is now"):
        services.make_member_link(first, actor=by)
    assert token
