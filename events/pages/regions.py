"""Regions of pages that htmx swaps and polls: the region asked for, its version, and 304s.

A region is an inline partial named after the element id it replaces
(``events/round.html#tables``). Polled regions carry their version (an ETag made from
``Event.changed_at``) and send it back; a poll that finds nothing new gets a 304 with
no body, and htmx leaves the region as it is (see base.html's responseHandling).
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from django.conf import settings
from django.db import connections, router
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags, quote_etag
from django.utils.translation import get_language, get_language_bidi

from ..caching.parts import kept_part
from ..caching.versions import event_changed_at
from ..models import Event
from ..numbers import whole_number
from .access import PageRequest, View
from .kept import SharedPage, remember, remembered

# no-store: were the browser to keep a region, it would answer our 304 itself with the
# old body, and htmx would swap in a stale clock. The page asks; the server answers.
UNCACHED = "private, no-store"

Response = TypeVar("Response", bound=HttpResponseBase)


def render_region(
    request: PageRequest, template: str, region: str, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    """The whole page, or only the region htmx asked for by its element id."""
    if request.htmx and request.htmx.target == region:
        return render(request, f"{template}#{region}", context, status=status)
    return render(request, template, context, status=status)


def poll_etag(changed_at: datetime, region: str, *key: object) -> str:
    """The version of a polled region: it changes with anything the event shows (``Event.changed_at``)
    and with the reader's language (a phone switched to Finnish must not keep its Spanish region)."""
    return quote_etag("-".join([region, str(changed_at.timestamp()), get_language(), *map(str, key)]))


@functools.cache
def _changed_at_statement(alias: str, vendor: str) -> tuple[str, Any]:
    """The statement reading one event's ``changed_at`` on the database ``alias`` (of ``vendor``), and its column."""
    connection = connections[alias]
    column = Event._meta.get_field("changed_at").get_col(Event._meta.db_table)
    quote = connection.ops.quote_name
    statement = (
        f"SELECT {quote(str(column.target.column))} FROM {quote(Event._meta.db_table)} WHERE {quote('slug')} = %s"
    )
    return statement, column


def read_changed_at(slug: str) -> datetime | None:
    """The event's ``changed_at`` read from the database, or None when no event has the slug."""
    # The busiest query of the app, one per poll where no change notices are heard (SQLite): written once rather than
    # built by the ORM at each request, which cost 0.25 ms, more than the rest of a 304 (docs/performance.md).
    connection = connections[router.db_for_read(Event)]
    statement, column = _changed_at_statement(connection.alias, connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(statement, [slug])
        row = cursor.fetchone()
    if row is None:
        return None
    # The database's own conversion of the column, as the ORM applies it (SQLite returns text), by this thread's
    # connection: Django's connections are per thread.
    value = row[0]
    for convert in connection.ops.get_db_converters(column) + column.get_db_converters(connection):
        value = convert(value, column, connection)
    changed_at: datetime = value
    return changed_at


def changed_at_once(request: HttpRequest, slug: str) -> datetime | None:
    """The event's ``changed_at`` (``event_changed_at``), read at most once for the request, however many layers ask."""
    known: tuple[str, datetime | None] | None = getattr(request, "council_changed_at", None)
    if known is not None and known[0] == slug:
        return known[1]
    changed_at = event_changed_at(slug, read_changed_at)
    request.council_changed_at = (slug, changed_at)  # type: ignore[attr-defined]
    return changed_at


def public_poll(region: str, key: Callable[[HttpRequest], tuple[object, ...]]) -> Callable[[View], View]:
    """Answer an unchanged poll of a public region 304 after reading the event's ``changed_at`` alone.

    Every phone in the room polls the public page; most polls find nothing new. Anyone
    may see a public region, so there is no role to check, and the event's row need not
    be loaded. ``key(request)`` gives the rest of the region's version (who is asking).
    Any other request goes on to the view. It wraps the view's compression too: a 304 has
    nothing to compress.
    """

    def decorator(view: View) -> View:
        @functools.wraps(view)
        def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponseBase:
            # The headers themselves rather than request.htmx, which parses them all: this is
            # the busiest path of the app.
            meta = request.META
            if (
                meta.get("HTTP_HX_TARGET") == region
                and meta.get("HTTP_HX_REQUEST") == "true"
                and "HTTP_IF_NONE_MATCH" in meta
            ):
                changed_at = changed_at_once(request, slug)
                if changed_at is not None:
                    not_modified = not_modified_response(request, poll_etag(changed_at, region, *key(request)))
                    if not_modified is not None:
                        return not_modified
            return view(request, slug, *args, **kwargs)

        return wrapper

    return decorator


def polled(
    request: PageRequest,
    event: Event,
    template: str,
    region: str,
    build: Callable[[], dict[str, Any]],
    *key: object,
) -> HttpResponse:
    """A page whose region ``region`` htmx polls; a poll that finds nothing new gets 304 without rendering.

    The region carries its own ETag in ``hx-headers`` so the next poll sends it back as
    If-None-Match.
    """
    etag = poll_etag(event.changed_at, region, *key)
    polling = bool(request.htmx) and request.htmx.target == region
    if polling:
        not_modified = not_modified_response(request, etag)
        if not_modified is not None:
            return not_modified
    context = build()
    # The region sends its version back on the next poll (hx-headers holds JSON). A region
    # showing the event's state before the current one (events/caching/parts.py) carries
    # no version, so that the next poll brings the current one.
    current = context.get("current", True)
    poll_headers = json.dumps({"If-None-Match": etag}) if current else ""
    response = render_region(request, template, region, {**context, "poll_headers": poll_headers})
    if polling and current:
        response["ETag"] = etag
    patch_vary_headers(response, ("HX-Request", "HX-Target"))
    return uncached(response)


def not_modified_response(request: HttpRequest, etag: str) -> HttpResponseNotModified | None:
    """A 304 when the request's If-None-Match names ``etag`` (weak comparison, RFC 9110 13.1.2), else None."""
    sent = request.META.get("HTTP_IF_NONE_MATCH", "")
    # A poll sends back exactly the version its region carries; parse only anything else.
    if sent != etag:
        listed = parse_etags(sent)
        if etag not in listed and f"W/{etag}" not in listed:
            return None
    response = HttpResponseNotModified()
    response["ETag"] = etag
    response["Cache-Control"] = UNCACHED
    return response


def uncached(response: Response) -> Response:
    """The response marked for no cache to keep."""
    patch_cache_control(response, private=True, no_store=True)
    return response


# What a page every phone shares depends on besides its address: the compression asked
# for, and the reader's language (from the switcher's cookie, else Accept-Language).
SHARED_VARY = ("Accept-Encoding", "Accept-Language", "Cookie")
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def accepts_gzip(request: HttpRequest) -> bool:
    """Whether the reader takes an answer compressed with gzip (its Accept-Encoding names it)."""
    return _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")) is not None


def asked_page(request: HttpRequest) -> int:
    """The page of a long list that the address asks for (``?page=``): the first when it names none, or no number."""
    return whole_number(request.GET.get("page", "")) or 1


def _shared_name(region: str, page: int) -> str:
    return region if page == 1 else f"{region}-page-{page}"


def shared_page(region: str, *, paged: bool = False) -> Callable[[View], View]:
    """Answer a page every phone shares from this process's memory while the event has not changed.

    The page is the same for every reader of a language, so it needs no role, no event
    row and no render: only the event's version (``Event.changed_at``, no query on a
    server: events/caching/versions.py) to know the kept page is the current one. Any
    other request, and the first one after a change, goes on to the view, which keeps
    the page for the next (``shared``). A ``paged`` page is kept per page of its list.
    """

    def decorator(view: View) -> View:
        @functools.wraps(view)
        def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method == "GET":
                changed_at = event_changed_at(slug, read_changed_at)
                name = _shared_name(region, asked_page(request) if paged else 1)
                page = remembered(slug, name, get_language(), changed_at) if changed_at is not None else None
                if page:
                    return shared_response(request, page)
            return view(request, slug, *args, **kwargs)

        return wrapper

    return decorator


def shared(
    request: HttpRequest,
    event: Event,
    template: str,
    region: str,
    build: Callable[[], dict[str, Any]],
    *,
    page: int = 1,
) -> HttpResponse:
    """A page every phone shares, whose region ``region`` polls: rendered once per state of the event and language
    (and ``page``, of a long list shown a page at a time).

    The page is rendered without the request (no CSRF token, no account: base.html leaves
    them out), compressed once and kept for every worker (events/caching/parts.py) and in
    this process (``shared_page``). Its version is in the page itself (``hx-headers``),
    and a poll with news gets the same bytes as a first visit and takes its region out of
    them (``hx-select``), so one kept body serves both. While another worker builds the
    current state, the state before it is sent, carrying its own older version, so that
    the next poll brings the current one.
    """

    name = _shared_name(region, page)

    def render_page() -> SharedPage:
        etag = poll_etag(event.changed_at, name)
        html = render_to_string(
            template,
            {
                **build(),
                "poll_headers": json.dumps({"If-None-Match": etag}),
                "poll_seconds": settings.COUNCIL_POLL_SECONDS,
                "LANGUAGE_CODE": get_language(),
                "LANGUAGE_BIDI": get_language_bidi(),
            },
        )
        return SharedPage(etag=etag, gzip=gzip.compress(html.encode(), compresslevel=9, mtime=0))

    kept = kept_part(event, f"shared-{name}", render_page, earlier_state_will_do=True)
    if kept.current:
        remember(event.slug, name, get_language(), event.changed_at, kept.value)
    return shared_response(request, kept.value)


def shared_response(request: HttpRequest, page: SharedPage) -> HttpResponse:
    """``page`` as sent: a 304 when the reader has its version, else its bytes, compressed when the reader accepts it.

    Nothing on it is private (it is public and the same for everyone), but it is not kept by the browser, as for the
    polled regions (``UNCACHED``); the version is weak, as the same page goes out compressed or not.
    """
    response: HttpResponse | None = not_modified_response(request, page.etag)
    if response is None:
        if accepts_gzip(request):
            response = HttpResponse(page.gzip, content_type="text/html; charset=utf-8")
            response["Content-Encoding"] = "gzip"
        else:
            response = HttpResponse(gzip.decompress(page.gzip), content_type="text/html; charset=utf-8")
        response["ETag"] = f"W/{page.etag}"
    patch_vary_headers(response, SHARED_VARY)
    return uncached(response)
