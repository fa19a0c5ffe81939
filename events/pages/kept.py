"""Whole pages that every phone shares, kept compressed in this process's memory per version of the event.

Above 64 players the pairings and the standings are pages of their own, the same for
every phone (events/pages/regions.py, ``shared``). After a change a room of 1,000
phones asks for the same few pages; each worker reads each page once from the shared
cache (events/caching/parts.py) and answers everyone else from here, checking only the
event's version, which on a server costs no query (events/caching/versions.py). A
version read from the database or trusted from the change notices is the one a poll's
304 relies on too, so a page kept here is never older than what a poll would believe.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class SharedPage:
    """A page as sent: its version (a quoted ETag) and its HTML compressed with gzip."""

    etag: str
    gzip: bytes


# A few pages per event and language, an event day has one or two events running; the standings of 20,000 players
# are 40 pages, in up to 7 languages. Past the bound the page kept longest is dropped, not every page.
MAX_KEPT = 640

_kept: OrderedDict[tuple[str, str, str], tuple[datetime, SharedPage]] = OrderedDict()
_lock = threading.Lock()


def remembered(slug: str, name: str, language: str, changed_at: datetime) -> SharedPage | None:
    """The page ``name`` of the event ``slug`` in ``language`` as of ``changed_at``, if this process keeps it."""
    found = _kept.get((slug, name, language))
    return found[1] if found is not None and found[0] == changed_at else None


def remember(slug: str, name: str, language: str, changed_at: datetime, page: SharedPage) -> None:
    """Keep ``page`` as the event's page ``name`` in ``language`` as of ``changed_at``, in place of any before it."""
    with _lock:
        _kept[(slug, name, language)] = (changed_at, page)
        _kept.move_to_end((slug, name, language))
        while len(_kept) > MAX_KEPT:
            _kept.popitem(last=False)


def forget_all() -> None:
    """Forget every page (tests do, between events that may share a slug)."""
    with _lock:
        _kept.clear()
