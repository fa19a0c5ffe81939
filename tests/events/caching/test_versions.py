"""The per-process event versions and their listener, over a stand-in for the LISTEN connection.

The real thing (PostgreSQL's trigger and NOTIFY, two gunicorn servers) is played in
tests/test_production.py; here the listener's promises are checked one by one: it keeps
a version only while it hears, forgets on every notice, never keeps a version read while
a notice was on its way, and asks the database while its connection is down.
"""

from __future__ import annotations

import queue
import threading
import time
from datetime import UTC, datetime

import pytest

from events.caching import versions as version_listener
from events.caching.versions import CHANNEL, EventVersions, event_changed_at

WAIT = 5.0


class Database:
    """The notices' side of PostgreSQL: connections that LISTEN, and NOTIFY to all of them."""

    def __init__(self):
        self.connections: list[FakeConnection] = []
        self.refusing = False

    def connect(self):
        if self.refusing:
            raise OSError("connection refused")
        connection = FakeConnection(self)
        self.connections.append(connection)
        return connection

    def notify(self) -> None:
        """Send a notice and return once every listener has dealt with it."""
        open_connections = [c for c in self.connections if not c.closed]
        for connection in open_connections:
            connection.handled.clear()
            connection.notices.put("notice")
        for connection in open_connections:
            assert connection.handled.wait(WAIT), "the listener did not take the notice"

    def drop_connections(self) -> None:
        for connection in self.connections:
            connection.notices.put("lost")


class FakeConnection:
    def __init__(self, database: Database):
        self.database = database
        self.notices: queue.Queue[str] = queue.Queue()
        self.handled = threading.Event()
        self.executed: list[str] = []
        self.closed = False
        self.lost = False

    def execute(self, sql: str):
        if self.lost:
            raise OSError("server closed the connection unexpectedly")
        self.executed.append(sql)

    def notifies(self, timeout: float):
        deadline = time.monotonic() + timeout
        while (remaining := deadline - time.monotonic()) > 0:
            try:
                notice = self.notices.get(timeout=remaining)
            except queue.Empty:
                return
            if notice == "lost":
                self.lost = True
                raise OSError("server closed the connection unexpectedly")
            yield notice
            # The listener asks for the next notice only once it has dealt with this one.
            self.handled.set()

    def close(self):
        self.closed = True


class Loads:
    """A stand-in for the database query: counts its calls and returns the current version."""

    def __init__(self, version: datetime | None):
        self.version = version
        self.calls = 0

    def __call__(self, slug: str):
        self.calls += 1
        return self.version


def moment(minute: int) -> datetime:
    return datetime(2026, 11, 21, 10, minute, tzinfo=UTC)


def wait_until(condition) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


@pytest.fixture
def database():
    return Database()


@pytest.fixture
def versions(database):
    versions = EventVersions(database.connect, check_seconds=0.05, retry_seconds=0.01)
    yield versions
    versions.stop()


def listening(versions) -> EventVersions:
    versions.start()
    wait_until(lambda: versions.listening)
    return versions


def test_before_it_listens_every_version_is_read_from_the_database(versions):
    load = Loads(moment(1))
    assert versions.changed_at("open", load) == moment(1)
    assert versions.changed_at("open", load) == moment(1)
    assert load.calls == 2


def test_while_it_listens_a_version_is_read_once_and_then_kept(database, versions):
    listening(versions)
    assert database.connections[0].executed == [f"LISTEN {CHANNEL}"]
    load = Loads(moment(1))
    for _ in range(3):
        assert versions.changed_at("open", load) == moment(1)
    assert load.calls == 1


def test_a_notice_forgets_every_kept_version(database, versions):
    listening(versions)
    open_event, other_event = Loads(moment(1)), Loads(moment(2))
    versions.changed_at("open", open_event)
    versions.changed_at("other", other_event)
    open_event.version = moment(3)
    database.notify()
    assert versions.changed_at("open", open_event) == moment(3)
    assert versions.changed_at("other", other_event) == moment(2)
    assert (open_event.calls, other_event.calls) == (2, 2)


def test_a_version_read_while_a_notice_arrives_is_not_kept(database, versions):
    listening(versions)
    load = Loads(moment(1))

    def read_then_the_event_changes(slug):
        # The read happened before the change committed; its notice lands before we keep it.
        version = load(slug)
        load.version = moment(2)
        database.notify()
        return version

    assert versions.changed_at("open", read_then_the_event_changes) == moment(1)
    assert versions.changed_at("open", load) == moment(2), "the stale version was kept"


def test_an_event_that_does_not_exist_is_not_kept(versions):
    listening(versions)
    load = Loads(None)
    assert versions.changed_at("gone", load) is None
    assert versions.changed_at("gone", load) is None
    assert load.calls == 2


def test_a_kept_version_is_believed_only_for_a_while():
    now = [100.0]
    database = Database()
    versions = EventVersions(
        database.connect, trust_seconds=10, check_seconds=0.05, retry_seconds=0.01, clock=lambda: now[0]
    )
    try:
        listening(versions)
        load = Loads(moment(1))
        versions.changed_at("open", load)
        now[0] += 9.9
        versions.changed_at("open", load)
        assert load.calls == 1
        now[0] += 0.2
        versions.changed_at("open", load)
        assert load.calls == 2
    finally:
        versions.stop()


def test_without_its_connection_it_asks_the_database_until_it_listens_again(database, versions):
    listening(versions)
    load = Loads(moment(1))
    versions.changed_at("open", load)
    database.refusing = True
    database.drop_connections()
    wait_until(lambda: not versions.listening)
    load.version = moment(2)
    assert versions.changed_at("open", load) == moment(2)
    assert versions.changed_at("open", load) == moment(2)
    assert load.calls == 3

    # Back: it starts from nothing, since whatever changed meanwhile went unheard.
    database.refusing = False
    wait_until(lambda: versions.listening)
    assert database.connections[0].closed
    assert database.connections[-1].executed == [f"LISTEN {CHANNEL}"]
    load.version = moment(3)
    assert versions.changed_at("open", load) == moment(3)
    assert versions.changed_at("open", load) == moment(3)
    assert load.calls == 4


def test_a_quiet_connection_is_proven_alive(database, versions):
    listening(versions)
    wait_until(lambda: "SELECT 1" in database.connections[0].executed)


def test_stopping_closes_the_connection(database, versions):
    listening(versions)
    versions.stop()
    assert not versions.listening
    assert all(connection.closed for connection in database.connections)


def test_with_notices_off_no_listener_starts_and_every_poll_reads_the_database(settings, monkeypatch):
    # As on a PostgreSQL server (COUNCIL_CHANGE_NOTICES=False behind PgBouncer, say).
    monkeypatch.setattr(version_listener, "_on_postgresql", lambda: True)
    monkeypatch.setattr(version_listener, "_shared", None)
    settings.COUNCIL_CHANGE_NOTICES = False
    load = Loads(moment(1))
    assert event_changed_at("open", load) == moment(1)
    assert event_changed_at("open", load) == moment(1)
    assert load.calls == 2
    assert version_listener._shared is None
