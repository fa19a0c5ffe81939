"""A pause of Python's cyclic garbage collector while the engine builds a large, acyclic result.

The standings of 1,000 players make some 50,000 small objects (notes, rows, game lines)
and no reference cycle. Each 700 of them start a collection of the young objects, and
every tenth of those one of the older: in a web worker, whose heap holds the whole
application, a pass of the older generations costs more than the standings themselves
(docs/performance.md, "Standings"). Reference counting still frees what the work drops;
only the search for cycles waits until the pause ends.

Threads share the collector: it is switched on again when the last pause in any thread
ends, and only if it was on when the first began.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class _Pauses:
    """How many pauses are on, in every thread, and whether the collector was on before the first."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.count = 0
        self.collector_was_on = False


_pauses = _Pauses()


@contextmanager
def collection_paused() -> Iterator[None]:
    """Hold the cyclic collector off for the ``with`` block (nested and concurrent pauses share one)."""
    with _pauses.lock:
        if _pauses.count == 0:
            _pauses.collector_was_on = gc.isenabled()
            gc.disable()
        _pauses.count += 1
    try:
        yield
    finally:
        with _pauses.lock:
            _pauses.count -= 1
            if _pauses.count == 0 and _pauses.collector_was_on:
                gc.enable()
