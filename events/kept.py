"""The costly parts of pages, built once per state of an event and shared by every worker.

A part (the engine's standings, the public tables) depends only on the event's rows, and
every service that changes them bumps ``Event.changed_at``. So a part is built once for
each ``changed_at`` and kept in Django's cache, which settings.CACHES puts in the
database: every gunicorn worker and every app server reads the same entry, and a
change anywhere is seen everywhere at the next request (docs/performance.md).

One entry per event and part holds ``(state, value)``, overwritten when the event
changes, so old states do not pile up. When the event has just changed and another
worker is already building the new state, a page that may show the state before (the
public page, which polls again in seconds) gets that one instead of building it a second
time: a room of phones asking at once after a result costs one build, not one each.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache

from .models import Event

# Longest a build may hold the "building" mark; a worker that dies mid-build frees it then.
BUILD_SECONDS = 60


def _release() -> str:
    # Kept parts include rendered HTML: a deploy that changes the templates or this
    # module's shapes must not read parts built by the code before it (and two
    # releases side by side during a rolling deploy must not overwrite each other's).
    digest = hashlib.sha256()
    for path in sorted(Path(settings.BASE_DIR, "templates", "events").glob("*.html")) + [
        Path(__file__), Path(__file__).with_name("boards.py")
    ]:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


RELEASE = _release()


@dataclass(frozen=True)
class Kept:
    """A part's value, and whether it is of the event's current state."""

    value: Any
    current: bool


def _state(event: Event) -> str:
    return event.changed_at.isoformat()


def kept_part(event: Event, part: str, build: Callable[[], Any], *, earlier_state_will_do: bool = False) -> Kept:
    """The value of ``part`` for ``event`` as it is now: from the shared cache, or ``build()`` once and kept.

    With ``earlier_state_will_do``, while another worker builds the current state the
    previous state's value is returned, marked ``current=False``, so the caller can make
    sure the page asks again (its poll must not be answered "not modified").
    """
    key = f"event:{event.pk}:{part}:{RELEASE}"
    state = _state(event)
    held = cache.get(key)
    if held is not None and held[0] == state:
        return Kept(held[1], current=True)
    building_mark = f"{key}:building:{state}"
    if cache.add(building_mark, True, timeout=BUILD_SECONDS):
        try:
            value = build()
            cache.set(key, (state, value))
        finally:
            cache.delete(building_mark)
        return Kept(value, current=True)
    if held is not None and earlier_state_will_do:
        return Kept(held[1], current=False)
    # Nothing earlier to show, or the caller needs the current state: build it here too.
    return Kept(build(), current=True)
