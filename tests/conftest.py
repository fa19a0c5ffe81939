"""The cast every web test shares: an owner, a co-coordinator, staff, a stranger and the public."""

from __future__ import annotations

import pytest

from events import services
from django.contrib.auth import get_user_model

from events.models import AuditEntry, Event, EventRole, Game, Player, Round, Snapshot
from scoring.limits import MAX_NAME_LENGTH
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


def actor(user, role="owner"):
    return services.Actor(user=user, label=user.username, role=role)


@pytest.fixture
def owner(db):
    return UserFactory(username="owner")


@pytest.fixture
def event(owner):
    return EventFactory(owner=owner, name="Lórien Open", slug="lorien-open")


@pytest.fixture
def co_coordinator(event):
    user = UserFactory(username="co")
    EventRole.objects.create(event=event, user=user, role=EventRole.COORDINATOR)
    return user


@pytest.fixture
def staff_user(event):
    user = UserFactory(username="staff")
    EventRole.objects.create(event=event, user=user, role=EventRole.STAFF)
    return user


@pytest.fixture
def stranger(db):
    return UserFactory(username="stranger")


@pytest.fixture
def as_owner(client, owner):
    client.force_login(owner)
    return client


def register(event, count: int, owner=None, *, longest: bool = False):
    """Register ``count`` players through the service; returns them in name order.

    With ``longest`` every name has the most characters a name may have.
    """
    names = "\n".join(f"{'Ö' * (MAX_NAME_LENGTH - 10) if longest else ''}Player {n:02d}" for n in range(1, count + 1))
    return services.register_players(event, names, actor=actor(owner or event.owner))


def run_event(event, players: int, rounds_played: int, *, leave_last_open: bool = False, longest_names: bool = False):
    """Register, start, and play ``rounds_played`` rounds with player_a winning 20-10."""
    register(event, players, longest=longest_names)
    who = actor(event.owner)
    services.start_event(event, actor=who, rounds=max(rounds_played, 1) + 1)
    for number in range(1, rounds_played + 1):
        rnd = services.pair_round(event, actor=who, seed=number)
        games = list(rnd.games.all())
        for index, game in enumerate(games):
            if leave_last_open and number == rounds_played and index == len(games) - 1:
                continue
            services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=who,
                                   expected_version=game.version)
    event.refresh_from_db()
    return event


def open_game(event) -> Game:
    return Game.objects.filter(round__event=event, result__isnull=True).order_by("round__number", "table").first()



def database_state() -> dict:
    """Every row an event consists of, to compare before and after a request."""
    models = [Event, EventRole, Player, Round, Game, AuditEntry, Snapshot, get_user_model()]
    return {model.__name__: sorted(map(repr, model.objects.values_list())) for model in models}
