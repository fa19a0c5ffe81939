"""House policies kept on the server (events/services/policies.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from events import services
from events.models import AuditEntry, Event, HousePolicy, HousePolicyVersion, policy_document_named
from tests.factories import UserFactory
from tests.helpers import actor, run_event

ONLINE = {
    "format": "council-house-policy/1",
    "key": "online-2024",
    "title": "Online Worlds 2024",
    "base": "policy-4-2001",
    "changes": {"time_limits": {"two-deck": 120}, "tiebreaks": ["number-of-wins", "head-to-head"]},
}


def test_a_new_key_is_kept_for_its_owner_without_touching_any_event(owner):
    kept = services.save_house_policy(owner=owner, document=ONLINE)
    assert (kept.key, kept.title, kept.owner, kept.document) == ("online-2024", "Online Worlds 2024", owner, ONLINE)
    assert AuditEntry.objects.count() == 0  # no event's change, so no event's log (the service's docstring)
    # Its own record: version 1, by its owner.
    (version,) = HousePolicyVersion.objects.filter(policy=kept)
    assert (version.number, version.document, version.saved_by, version.title) == (1, ONLINE, owner, kept.title)


def test_each_save_that_changes_the_document_is_the_next_version_by_whoever_saved_it(owner):
    admin = UserFactory(username="admin", is_superuser=True)
    kept = services.save_house_policy(owner=owner, document=ONLINE)
    services.save_house_policy(owner=owner, document=ONLINE, editing=True, shared=True)  # the same document
    longer = {**ONLINE, "changes": {"time_limits": {"two-deck": 150}}}
    services.save_house_policy(owner=admin, document=longer, editing=True)  # sharing unsaid: kept as it is
    versions = list(kept.versions.order_by("number").values_list("number", "saved_by__username", "document"))
    assert versions == [(1, "owner", ONLINE), (2, "admin", longer)]
    kept.refresh_from_db()
    assert (kept.document, kept.owner, kept.shared) == (longer, owner, True)


def test_a_shared_policy_is_usable_by_every_coordinator_and_changed_only_by_its_owner(owner, stranger):
    services.save_house_policy(owner=owner, document=ONLINE, shared=True)
    assert policy_document_named("online-2024", user=stranger) == ONLINE
    event = services.create_event(owner=stranger, name="Borrowed", policy="online-2024", game_type="two-deck")
    assert (event.policy_document, event.rules.time_limit("two-deck")) == (ONLINE, 120)
    with pytest.raises(services.ServiceError) as refused:
        services.save_house_policy(owner=stranger, document={**ONLINE, "title": "Mine now"}, editing=True)
    assert refused.value.field == "key"
    # Signed out, nobody sees it; nor a policy whose owner's account is gone.
    assert policy_document_named("online-2024", user=AnonymousUser()) is None
    services.save_house_policy(owner=stranger, document={**ONLINE, "key": "orphan"})
    stranger_events = Event.objects.filter(owner=stranger)
    stranger_events.update(owner=owner)  # the events stay; the account goes
    stranger.delete()
    assert HousePolicy.objects.get(key="orphan").owner is None
    assert policy_document_named("orphan", user=AnonymousUser()) is None
    # Unshared again: later events cannot take it; the one made keeps its copy.
    services.save_house_policy(owner=owner, document=ONLINE, editing=True, shared=False)
    assert policy_document_named("online-2024", user=UserFactory(username="later")) is None
    assert Event.objects.get(pk=event.pk).rules.time_limit("two-deck") == 120


def test_the_owner_saves_a_new_version_under_the_same_key(owner):
    first = services.save_house_policy(owner=owner, document=ONLINE)
    again = services.save_house_policy(owner=owner, document={**ONLINE, "title": "Online Worlds 2025"}, editing=True)
    assert (again.pk, again.title, again.document["title"]) == (first.pk, "Online Worlds 2025", "Online Worlds 2025")
    assert HousePolicy.objects.count() == 1


def test_a_new_policy_under_a_key_already_kept_is_refused_rather_than_saved_over(owner):
    services.save_house_policy(owner=owner, document=ONLINE)
    with pytest.raises(services.ServiceError) as refused:
        services.save_house_policy(owner=owner, document={**ONLINE, "title": "Other"})
    assert refused.value.field == "key" and "open it to change it" in refused.value.message
    assert HousePolicy.objects.get().title == "Online Worlds 2024"


def test_another_account_may_not_take_a_kept_key(owner, stranger):
    services.save_house_policy(owner=owner, document=ONLINE)
    with pytest.raises(services.ServiceError) as refused:
        services.save_house_policy(owner=stranger, document={**ONLINE, "title": "Mine now"})
    assert refused.value.field == "key"
    assert "Another account keeps a house policy under the key online-2024" in refused.value.message
    assert HousePolicy.objects.get().title == "Online Worlds 2024"


def test_a_superuser_saves_another_accounts_policy_which_stays_its_keepers(owner):
    admin = UserFactory(username="admin", is_superuser=True)
    services.save_house_policy(owner=owner, document=ONLINE)
    kept = services.save_house_policy(owner=admin, document={**ONLINE, "title": "Corrected"}, editing=True)
    assert (kept.title, kept.owner) == ("Corrected", owner)


@pytest.mark.parametrize(
    "changed, field",
    [
        ({"key": "policy-4-2001"}, "key"),
        ({"title": ""}, "title"),
        ({"date": "2024-1-1"}, "date"),
        ({"base": "policy-5"}, "base"),
        ({"changes": {"time_limits": {"two-deck": 0}}}, "changes.time_limits.two-deck"),
        ({"changes": {"ratio_points": [[6, 0], [5, 1], [7, 2]]}}, "changes.ratio_points"),
        ({"changes": {"warning_minutes": 50}}, "changes.warning_minutes"),
        ({"changes": {"tiebreaks": ["coin-toss"]}}, "changes.tiebreaks[0]"),
    ],
)
def test_the_engines_first_problem_is_refused_naming_the_documents_path(owner, changed, field):
    with pytest.raises(services.ServiceError) as refused:
        services.save_house_policy(owner=owner, document={**ONLINE, **changed})
    assert refused.value.field == field
    assert HousePolicy.objects.count() == 0


def test_an_event_keeps_the_version_it_took_when_the_policy_changes(owner):
    services.save_house_policy(owner=owner, document=ONLINE)
    event = services.create_event(owner=owner, name="Online Worlds", policy="online-2024", game_type="two-deck")
    longer = {**ONLINE, "changes": {"time_limits": {"two-deck": 150}}}
    services.save_house_policy(owner=owner, document=longer, editing=True)
    event = Event.objects.get(pk=event.pk)
    assert event.rules.time_limit("two-deck") == 120
    # Saving its settings keeps the copy it took; choosing the policy anew (before the start)
    # takes the kept version as it is now.
    services.update_event(event, actor=actor(owner), name="Renamed", policy="online-2024", game_type="two-deck")
    assert Event.objects.get(pk=event.pk).rules.time_limit("two-deck") == 120
    services.update_event(event, actor=actor(owner), name="Renamed", policy="policy-4-2001", game_type="two-deck")
    services.update_event(event, actor=actor(owner), name="Renamed", policy="online-2024", game_type="two-deck")
    assert Event.objects.get(pk=event.pk).rules.time_limit("two-deck") == 150


def test_a_running_event_stays_editable_when_its_kept_policy_changes_or_goes(owner):
    services.save_house_policy(owner=owner, document=ONLINE)
    event = services.create_event(owner=owner, name="Online Worlds", policy="online-2024", game_type="two-deck")
    run_event(event, 4, 1)
    # The kept policy no longer offers the event's game type, then is gone altogether.
    narrowed = {**ONLINE, "changes": {"game_types": ["three-deck"]}}
    services.save_house_policy(owner=owner, document=narrowed, editing=True)
    services.update_event(event, actor=actor(owner), name="Renamed", policy="online-2024", game_type="two-deck")
    HousePolicy.objects.all().delete()
    services.update_event(event, actor=actor(owner), name="Renamed again", policy="online-2024", game_type="two-deck")
    event = Event.objects.get(pk=event.pk)
    assert (event.name, event.rules.time_limit("two-deck")) == ("Renamed again", 120)


def test_another_accounts_house_policy_names_nothing(owner, stranger):
    services.save_house_policy(owner=owner, document=ONLINE)
    with pytest.raises(services.ServiceError) as refused:
        services.create_event(owner=stranger, name="Borrowed", policy="online-2024", game_type="two-deck")
    assert refused.value.field == "policy"
    assert not Event.objects.filter(name="Borrowed").exists()


def test_a_printed_set_the_card_index_does_not_know_is_refused_at_its_place(owner):
    # A fan set's code is not a printed set's: leaving it out is the fan sets' list's work.
    for codes, place in ((["TW", "ZZ"], 1), (["FB"], 0)):
        with pytest.raises(services.ServiceError) as refused:
            services.save_house_policy(owner=owner, document={**ONLINE, "changes": {"excluded_sets": codes}})
        assert refused.value.field == f"changes.excluded_sets[{place}]"
        assert "is not a printed set" in refused.value.message and "TD (The Dragons)" in refused.value.message
    kept = services.save_house_policy(owner=owner, document={**ONLINE, "changes": {"excluded_sets": ["BA"]}})
    assert kept.document["changes"]["excluded_sets"] == ["BA"]


def test_a_fan_set_the_card_index_does_not_know_is_refused_at_its_place(owner):
    unknown = {**ONLINE, "changes": {"fan_sets": ["FB", "ZZ"]}}
    with pytest.raises(services.ServiceError) as refused:
        services.save_house_policy(owner=owner, document=unknown)
    assert refused.value.field == "changes.fan_sets[1]" and "ZZ is not a fan set" in refused.value.message
    kept = services.save_house_policy(owner=owner, document={**ONLINE, "changes": {"fan_sets": ["FB", "NE"]}})
    assert kept.document["changes"]["fan_sets"] == ["FB", "NE"]


@pytest.mark.parametrize("key", ["\x00", "a\x00b", "Club", "x" * 33, ""])
def test_a_text_that_cannot_be_a_house_key_names_nothing_and_reaches_no_database(owner, key):
    # PostgreSQL refuses a NUL in a query: such a key must be refused before one is made.
    services.save_house_policy(owner=owner, document=ONLINE)
    assert policy_document_named(key, user=owner) is None
    with pytest.raises(services.ServiceError) as refused:
        services.create_event(owner=owner, name="Keyless", policy=key, game_type="two-deck")
    assert refused.value.field == "policy"
    assert policy_document_named("policy-4-2001", user=owner) is None  # a released text is no kept document
