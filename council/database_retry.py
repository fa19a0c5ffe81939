"""When the database connection breaks: a read is served again, a save is refused plainly.

After PostgreSQL restarts (an upgrade, a failover, a crash), every connection a worker
thread kept is dead, and the thread learns it only from its next query. Django's health
check (on by default with PostgreSQL, council/settings.py) finds most of them before
the request's first query; a connection that breaks later, in the middle of a request,
reaches this middleware:

- a **read** (GET, HEAD) writes nothing, so it is served once more from the start on a
  new connection, after the broken one is closed (and with it any transaction it had
  open, which PostgreSQL rolls back);
- a **save** (any other method) is not repeated: its statements may have reached the
  database before the connection broke, and repeating it could save twice. Every write
  is one transaction (events/services), which PostgreSQL rolls back when its connection
  is lost, so the answer says plainly that nothing was saved: a 503 page in the reader's
  language (templates/503.html). So is a read whose second try fails too.

Only a lost connection counts: the error is a database error and the connection no
longer answers a ``SELECT 1`` (Django's ``is_usable``). Any other error (a bug, a lock
wait that timed out on a working connection) is the usual 500. On SQLite, a file on the
same machine, a connection is never lost and this never acts.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.core.signals import got_request_exception
from django.db import DatabaseError, connections
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.template.loader import render_to_string
from django.utils import translation

from council.security import hide_link_keys

logger = logging.getLogger(__name__)

READS = ("GET", "HEAD")
# Marks a request during which the database connection was found lost.
_LOST = "_council_database_lost"


class DatabaseRetry:
    """Middleware, first in the list: it sees every answer, and serves a read again from the start."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if not _was_lost(request, response):
            return response
        _drop_broken_connections()
        if request.method in READS:
            logger.warning(
                "The database connection was lost during %s %s; reading it again",
                request.method,
                hide_link_keys(request.path),
            )
            # The first answer is dropped unsent and unclosed: closing it would signal the request's end.
            response = self.get_response(request)
            if not _was_lost(request, response):
                return response
            _drop_broken_connections()
        logger.error(
            "The database could not be reached: %s %s answered 503", request.method, hide_link_keys(request.path)
        )
        return database_unreachable(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """A view's lost connection becomes a marked answer, handled in ``__call__`` (no 500, no error logged)."""
        if _connection_lost(exception):
            return _Lost()
        return None


class _Lost(HttpResponse):
    """The answer of a view whose database connection was lost; never sent."""

    status_code = 503


def database_unreachable(request: HttpRequest) -> HttpResponse:
    """The 503 page, in the reader's language, that says whether anything was saved.

    Rendered without the request's context: the account, the session and every context
    processor would ask the database that could not be reached.
    """
    language = getattr(request, "LANGUAGE_CODE", None) or translation.get_language_from_request(request)
    with translation.override(language):
        body = render_to_string("503.html", {"LANGUAGE_CODE": language, "read": request.method in READS})
    response = HttpResponse(body, status=503)
    response["Retry-After"] = "5"
    response["Cache-Control"] = "no-store"
    return response


def _connection_lost(exception: BaseException | None) -> bool:
    if not isinstance(exception, DatabaseError):
        return False
    # Only the connection's own answer says whether it is lost or the query failed for another reason.
    return any(not connection.is_usable() for connection in connections.all(initialized_only=True))


def _was_lost(request: HttpRequest, response: HttpResponseBase) -> bool:
    return isinstance(response, _Lost) or request.__dict__.pop(_LOST, False)


def _drop_broken_connections() -> None:
    """Close this thread's connections that no longer work, as Django does at a request's end.

    The next query opens a new one. A transaction that was open on a lost connection is
    rolled back by PostgreSQL; the error has already left every atomic block.
    """
    for connection in connections.all(initialized_only=True):
        connection.close_if_unusable_or_obsolete()


def _note_lost_connection(sender: object, request: HttpRequest | None = None, **kwargs: object) -> None:
    """A lost connection outside a view (a middleware reading or saving the session) marks the request."""
    if request is not None and _connection_lost(sys.exc_info()[1]):
        setattr(request, _LOST, True)


got_request_exception.connect(_note_lost_connection, dispatch_uid="council.database_retry")
