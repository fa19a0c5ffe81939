"""The costly parts of pages, built once per state of an event and shared by every worker.

A part (the engine's standings, the public tables) depends only on the event's rows, and
every service that changes them bumps ``Event.changed_at`` (services.base.record_change).
So a part is built once for each ``changed_at`` and kept in Django's cache, which
settings.CACHES puts in the database: every gunicorn worker and every app server reads the same entry, and a
change anywhere is seen everywhere at the next request (docs/performance.md).

One entry per event, part, language and piece holds ``(state, value)``, overwritten when the
event changes, so old states do not pile up. When the event has just changed and another
worker is already building the new state, a page that may show the state before (the
public page, which polls again in seconds) gets that one instead of building it a second
time: a room of phones asking at once after a result costs one build, not one each.
"""

from __future__ import annotations

import hashlib
import logging
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db import connections
from django.utils import translation
from django.utils.translation import get_language

from ..models import Event

logger = logging.getLogger(__name__)

# Longest a build may hold the "building" mark; a worker that dies mid-build frees it then.
BUILD_SECONDS = 60
# Longest a build aside holds the part's mark, which keeps the next builds aside waiting: a worker restarted
# mid-build leaves the phones on the state before for this long at most. A build of 20,000 players takes about 10 s.
ASIDE_SECONDS = 15


# Everything a kept part is built from: the engine, the app's code that shapes and renders
# the parts, and the templates. Found rather than listed, so that no module is forgotten:
# a deploy that changes any of them must not read parts built by the code before it (and
# two releases side by side during a rolling deploy must not overwrite each other's).
RELEASE_SOURCES = ("scoring/**/*.py", "scoring/**/*.json", "events/**/*.py", "templates/**/*.html", "locale/**/*.po")


def release_of(base: Path) -> str:
    """A digest of every file under ``base`` that RELEASE_SOURCES names, with its path."""
    digest = hashlib.sha256()
    for path in sorted({path for pattern in RELEASE_SOURCES for path in base.glob(pattern)}):
        digest.update(path.relative_to(base).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


RELEASE = release_of(Path(settings.BASE_DIR))


T = TypeVar("T")


@dataclass(frozen=True)
class Kept(Generic[T]):
    """A part's value (as its build gave it), and whether it is of the event's current state."""

    value: T
    current: bool


def _state(event: Event) -> str:
    return event.changed_at.isoformat()


def kept_pieces(
    event: Event,
    part: str,
    build: Callable[[], dict[str, Any]],
    wanted: list[str],
    *,
    earlier_state_will_do: bool = False,
    in_every_language: bool = False,
    build_aside: bool = False,
) -> Kept[dict[str, Any]]:
    """Some pieces of a part too big to read whole: ``build()`` gives every piece, each kept in an entry of its own.

    Returns ``{piece: value}`` for the ``wanted`` pieces, read in one query: a phone
    reads the shared tables and the one card that is its own, not every card.
    ``earlier_state_will_do`` is as for ``kept_part``. A part is kept per language (it is
    rendered in the reader's), unless ``in_every_language``: data whose words are the
    engine's Texts, said only when a page shows them. With ``build_aside`` (and
    ``settings.COUNCIL_BUILD_ASIDE``), a request that finds the current state unbuilt and an
    earlier one kept gets the earlier one, and starts building the current one in a thread
    of its own unless a build aside of this part is running: no phone waits for the one
    build of a change, and builds never pile up.
    """
    # Parts are rendered in the reader's language (the projector's and printouts' in the event's).
    prefix = f"event:{event.pk}:{part}:{RELEASE}:{'any' if in_every_language else get_language()}"
    state = _state(event)
    held = cache.get_many([f"{prefix}:{piece}" for piece in wanted])
    states = {held[f"{prefix}:{piece}"][0] if f"{prefix}:{piece}" in held else None for piece in wanted}
    if states == {state}:
        return Kept({piece: held[f"{prefix}:{piece}"][1] for piece in wanted}, current=True)
    earlier_held = len(states) == 1 and None not in states
    building_mark = f"{prefix}:building:{state}"
    if earlier_state_will_do and earlier_held and build_aside and settings.COUNCIL_BUILD_ASIDE:
        earlier = Kept({piece: held[f"{prefix}:{piece}"][1] for piece in wanted}, current=False)
        # One build aside per part at a time, of whatever state: while it runs, later changes wait for the
        # next one, so that a result a second cannot start builds faster than they finish.
        aside_mark = f"{prefix}:building-aside"
        if not cache.add(aside_mark, state, timeout=ASIDE_SECONDS):
            return earlier
        failed_mark = f"{prefix}:failed:{state}"
        # It also holds the state's own mark, so that no request builds the same state beside it.
        # Its state's mark lasts no longer than the part's: a worker that dies mid-build holds neither past it.
        if cache.get(failed_mark) is None and cache.add(building_mark, True, timeout=ASIDE_SECONDS):
            _build_aside(build, prefix, state, aside_mark, building_mark, failed_mark)
            return earlier
        cache.delete(aside_mark)
        if cache.get(failed_mark) is None:
            return earlier  # a request is building this state: it will be kept
        # Built aside, this state failed: it is built in this request, where a failure is seen (a server error).
    if cache.add(building_mark, True, timeout=BUILD_SECONDS):
        try:
            pieces = build()
            cache.set_many({f"{prefix}:{piece}": (state, value) for piece, value in pieces.items()})
        finally:
            cache.delete(building_mark)
        return Kept({piece: pieces[piece] for piece in wanted}, current=True)
    if earlier_state_will_do and earlier_held:
        # Every wanted piece is of the same earlier state, so they agree with each other.
        return Kept({piece: held[f"{prefix}:{piece}"][1] for piece in wanted}, current=False)
    # Nothing earlier to show, or the caller needs the current state: build it here too.
    pieces = build()
    return Kept({piece: pieces[piece] for piece in wanted}, current=True)


# While a thread computes at length, every other thread of the process (the requests', the server's event loop)
# waits for the interpreter's lock after each query or socket write, up to the switch interval each time (5 ms by
# default): the answers beside a build took ten times as long. While a build runs aside, turns are shorter.
SWITCH_SECONDS_WHILE_BUILDING = 0.001
_builds_running = 0
_builds_lock = threading.Lock()
_usual_switch_seconds = sys.getswitchinterval()


def _build_started() -> None:
    global _builds_running  # noqa: PLW0603 (one count per process)
    with _builds_lock:
        _builds_running += 1
        sys.setswitchinterval(SWITCH_SECONDS_WHILE_BUILDING)


def _build_ended() -> None:
    global _builds_running  # noqa: PLW0603
    with _builds_lock:
        _builds_running -= 1
        if _builds_running == 0:
            sys.setswitchinterval(_usual_switch_seconds)


def _build_aside(
    build: Callable[[], dict[str, Any]], prefix: str, state: str, aside_mark: str, building_mark: str, failed_mark: str
) -> None:
    """Build a state's pieces and keep them, in a thread of this process, in the language of the request that asked."""
    language = get_language()

    def run() -> None:
        _build_started()
        try:
            try:
                with translation.override(language):
                    pieces = build()
                cache.set_many({f"{prefix}:{piece}": (state, value) for piece, value in pieces.items()})
            except Exception:
                # Nothing is kept; the state's next reader builds it in its own request, where it fails for all to
                # see, not aside again and again.
                logger.exception("building %s for state %s failed", prefix, state)
                cache.set(failed_mark, True, timeout=BUILD_SECONDS)
            finally:
                cache.delete(building_mark)
                # Only its own: past ASIDE_SECONDS another build aside may hold the mark.
                if cache.get(aside_mark) == state:
                    cache.delete(aside_mark)
        except Exception:
            logger.exception("clearing the marks of %s for state %s failed; they expire by themselves", prefix, state)
        finally:
            try:
                connections.close_all()  # this thread's own connections
            finally:
                _build_ended()

    threading.Thread(target=run, name=f"council-build-{prefix}", daemon=True).start()


def kept_part(
    event: Event,
    part: str,
    build: Callable[[], T],
    *,
    earlier_state_will_do: bool = False,
    in_every_language: bool = False,
) -> Kept[T]:
    """The value of ``part`` for ``event`` as it is now: from the shared cache, or ``build()`` once and kept.

    With ``earlier_state_will_do``, while another worker builds the current state the
    previous state's value is returned, marked ``current=False``, so the caller can make
    sure the page asks again (its poll must not be answered "not modified").
    """
    kept = kept_pieces(
        event,
        part,
        lambda: {"whole": build()},
        ["whole"],
        earlier_state_will_do=earlier_state_will_do,
        in_every_language=in_every_language,
    )
    return Kept(kept.value["whole"], kept.current)
