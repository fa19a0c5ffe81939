"""Each event's version (``Event.changed_at``) known in this process, without a query per poll.

Every phone in the room polls the public page every few seconds, and almost every poll
finds nothing new: the answer is a 304 that needs only the event's ``changed_at``. On
PostgreSQL that one query costs more than the rest of the request, so on a server each
process keeps the versions it has read and forgets them all whenever any event changes.

What tells it: a trigger on the event table (migration 0005) sends a NOTIFY on
``CHANNEL`` at the commit of every statement that writes an event row, whoever writes it:
every service bumps ``changed_at`` in its transaction (services.base.record_change), and deletions,
imports and the admin change the row too. A thread in each process LISTENs on its own
connection and forgets everything it knows on each notice. PostgreSQL delivers a notice
to every listening session of every app server, so the versions agree across servers
within the notice's delivery time (a few milliseconds).

It never trusts what it knows when it cannot hear: before its LISTEN is in place, after
its connection fails, or once an entry is older than ``trust_seconds``, it asks the
database. A version read while a notice was on its way is not kept (the generation
count). SQLite runs on one laptop where the query is in-process and cheap, so there it
is always asked.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import connections

if TYPE_CHECKING:
    import psycopg

logger = logging.getLogger(__name__)

CHANNEL = "council_event_changed"
APPLICATION_NAME = "council change listener"


class EventVersions:
    """The ``changed_at`` of events by slug, trusted only while a LISTEN connection is up.

    ``connect`` opens a new autocommit connection (psycopg 3's API: ``execute``,
    ``notifies``, ``close``). ``check_seconds`` is how often a quiet connection is
    proven alive; ``trust_seconds`` bounds how long a kept version is believed, so
    that even a connection that died without a word goes stale for no longer. A failed
    connection is tried again after ``retry_seconds``, doubling up to half a minute.
    """

    MAX_KEPT = 10_000

    def __init__(
        self,
        connect: Callable[[], Any],
        *,
        trust_seconds: float = 10.0,
        check_seconds: float = 5.0,
        retry_seconds: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._connect = connect
        self._retry_seconds = retry_seconds
        self._trust_seconds = trust_seconds
        self._check_seconds = check_seconds
        self._clock = clock
        self._lock = threading.Lock()
        self._known: dict[str, tuple[datetime, float]] = {}
        # Bumped by every notice and every change of hearing; a version read across a
        # bump may predate a change, so it is not kept.
        self._generation = 0
        self._listening = False
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def listening(self) -> bool:
        """Whether the LISTEN is in place, so that kept versions are trusted."""
        return self._listening

    def start(self) -> None:
        """Start the listening thread, once."""
        with self._lock:
            if self._thread is not None:
                return
            self._thread = threading.Thread(target=self._listen, name=APPLICATION_NAME, daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop listening and close the connection (tests do, so their database can be dropped)."""
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def changed_at(self, slug: str, load: Callable[[str], datetime | None]) -> datetime | None:
        """The event's ``changed_at``: the kept one while it can be trusted, else ``load(slug)`` (kept if it may be).

        ``load`` returns None for an event that does not exist; that is not kept.
        """
        now = self._clock()
        with self._lock:
            if self._listening:
                kept = self._known.get(slug)
                if kept is not None and now - kept[1] < self._trust_seconds:
                    return kept[0]
            generation, listening = self._generation, self._listening
        version = load(slug)
        if listening and version is not None:
            with self._lock:
                if self._generation == generation:
                    if len(self._known) >= self.MAX_KEPT:
                        self._known.clear()
                    self._known[slug] = (version, now)
        return version

    def _forget(self, *, listening: bool = True) -> None:
        with self._lock:
            self._known.clear()
            self._generation += 1
            self._listening = listening

    def _listen(self) -> None:
        pause = self._retry_seconds
        while not self._stopping.is_set():
            connection = None
            try:
                connection = self._connect()
                connection.execute(f"LISTEN {CHANNEL}")
                with self._lock:
                    # Nothing read before now was kept (versions are kept only while
                    # listening, and a failure forgets them all), so all is heard from here.
                    self._listening = True
                pause = self._retry_seconds
                while not self._stopping.is_set():
                    for _notice in connection.notifies(timeout=self._check_seconds):
                        self._forget()
                    # A connection that died quietly raises here rather than hearing nothing forever.
                    connection.execute("SELECT 1")
            except Exception:
                # Whatever broke (the database restarting, the network), polls ask the
                # database until the LISTEN is back.
                if not self._stopping.is_set():
                    logger.warning(
                        "Listening for event changes failed; polls read the database until it is back", exc_info=True
                    )
            finally:
                self._forget(listening=False)
                if connection is not None:
                    try:
                        connection.close()
                    except Exception:
                        logger.debug("Closing the listening connection failed", exc_info=True)
            self._stopping.wait(pause)
            pause = min(pause * 2, 30.0)


def connect_like_django(alias: str = "default") -> psycopg.Connection[Any]:
    """A new autocommit psycopg connection to the database Django uses, named for ``pg_stat_activity``."""
    import psycopg

    params = connections[alias].get_connection_params()
    params.setdefault("application_name", APPLICATION_NAME)
    # Over TCP, a peer that vanished is noticed within a minute even between checks.
    if params.get("host") and not str(params["host"]).startswith("/"):
        params.setdefault("keepalives", 1)
        params.setdefault("keepalives_idle", 30)
        params.setdefault("keepalives_interval", 10)
        params.setdefault("keepalives_count", 3)
    return psycopg.connect(**params, autocommit=True)


@functools.cache
def _on_postgresql() -> bool:
    return connections["default"].vendor == "postgresql"


_shared: EventVersions | None = None
_shared_lock = threading.Lock()


def event_changed_at(slug: str, load: Callable[[str], datetime | None]) -> datetime | None:
    """The event's ``changed_at`` for an unchanged poll: from this process's listener on PostgreSQL, else ``load``.

    Off when ``settings.COUNCIL_CHANGE_NOTICES`` is False (the in-process tests, whose
    transactions roll back and so never notify).
    """
    if not settings.COUNCIL_CHANGE_NOTICES or not _on_postgresql():
        return load(slug)
    global _shared  # noqa: PLW0603 (one listener per process, started on first use)
    if _shared is None:
        with _shared_lock:
            if _shared is None:
                _shared = EventVersions(connect_like_django)
                _shared.start()
    return _shared.changed_at(slug, load)
