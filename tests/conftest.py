"""The cast every web test shares: an owner, a co-coordinator, staff, a stranger and the public."""

from __future__ import annotations

import pytest

from events.models import EventRole
from events.roles import COORDINATOR, STAFF
from tests.factories import EventFactory, UserFactory


@pytest.fixture(autouse=True)
def quick_password_hashing(settings):
    # The default hasher is slow on purpose, against stolen databases; test passwords guard nothing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def versions_read_from_the_database(settings):
    # A test's transaction rolls back, so PostgreSQL never sends its change notices; the
    # listener is tested on its own and in the production server (test_production.py).
    settings.COUNCIL_CHANGE_NOTICES = False
    # A test's transaction is not seen by another thread's connection: parts are built in the request
    # (one test builds aside on a database its threads share, tests/events/pages/test_phones.py).
    settings.COUNCIL_BUILD_ASIDE = False


@pytest.fixture
def owner(db):
    return UserFactory(username="owner")


@pytest.fixture
def event(owner):
    return EventFactory(owner=owner, name="Lórien Open", slug="lorien-open")


@pytest.fixture
def co_coordinator(event):
    user = UserFactory(username="co")
    EventRole.objects.create(event=event, user=user, role=COORDINATOR)
    return user


@pytest.fixture
def staff_user(event):
    user = UserFactory(username="staff")
    EventRole.objects.create(event=event, user=user, role=STAFF)
    return user


@pytest.fixture
def stranger(db):
    return UserFactory(username="stranger")


@pytest.fixture
def as_owner(client, owner):
    client.force_login(owner)
    return client
