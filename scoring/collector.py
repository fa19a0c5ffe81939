"""A pause of Python's cyclic garbage collector while the engine builds a large, acyclic result.

The standings of 1,000 players keep some 25,000 small objects (notes, rows, game lines)
and no reference cycle. Each 700 of them start a collection of the young objects, and
every tenth of those one of the older: in a web worker, whose heap holds the whole
application, a pass of the older generations costs more than the standings themselves
(docs/performance.md, "Standings"). Reference counting still frees what the work drops;
only the search for cycles waits until the pause ends.

Threads share the collector: it is switched on again when the last pause in any thread
ends, and only if it was on when the first began. Should pauses overlap without a break
(a worker building for many events at once), a full collection is still run every
``LONGEST_PAUSE_SECONDS``, so that cycles made meanwhile by other threads are freed.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

LONGEST_PAUSE_SECONDS = 10.0


class _Pauses:
    """How many pauses are on, in every thread; whether the collector was on before the first; when it last ran."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.count = 0
        self.collector_was_on = False
        self.collected_at = 0.0


_pauses = _Pauses()


@contextmanager
def collection_paused() -> Iterator[None]:
    """Hold the cyclic collector off for the ``with`` block (nested and concurrent pauses share one)."""
    counted = False
    try:
        with _pauses.lock:
            if _pauses.count == 0:
                _pauses.collector_was_on = gc.isenabled()
                _pauses.collected_at = time.monotonic()
                gc.disable()
            _pauses.count += 1
            counted = True
        yield
    finally:
        if counted:
            _end_pause()


def _end_pause() -> None:
    with _pauses.lock:
        _pauses.count -= 1
        if _pauses.count == 0:
            if _pauses.collector_was_on:
                gc.enable()
            return
        overdue = _pauses.collector_was_on and time.monotonic() - _pauses.collected_at > LONGEST_PAUSE_SECONDS
        if overdue:
            _pauses.collected_at = time.monotonic()
    if overdue:
        gc.collect()  # runs while the collector is off, outside the lock: other pauses go on meanwhile
