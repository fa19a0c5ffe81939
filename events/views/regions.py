"""Regions of pages that htmx swaps and polls: the region asked for, its version, and 304s.

A region is an inline partial named after the element id it replaces
(``events/round.html#tables``). Polled regions carry their version (an ETag made from
``Event.changed_at``) and send it back; a poll that finds nothing new gets a 304 with
no body, and htmx leaves the region as it is (see base.html's responseHandling).
"""

from __future__ import annotations

import functools
import json

from django.http import HttpResponseNotModified
from django.shortcuts import render
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags, quote_etag
from django.utils.translation import get_language

from ..caching.versions import event_changed_at
from ..models import Event

# no-store: were the browser to keep a region, it would answer our 304 itself with the
# old body, and htmx would swap in a stale clock. The page asks; the server answers.
UNCACHED = "private, no-store"


def render_region(request, template: str, region: str, context: dict, status: int = 200):
    """The whole page, or only the region htmx asked for by its element id."""
    if request.htmx and request.htmx.target == region:
        return render(request, f"{template}#{region}", context, status=status)
    return render(request, template, context, status=status)


def poll_etag(changed_at, region: str, *key) -> str:
    """The version of a polled region: it changes with anything the event shows (``Event.changed_at``)
    and with the reader's language (a phone switched to Finnish must not keep its Spanish region)."""
    return quote_etag("-".join([region, str(changed_at.timestamp()), get_language(), *map(str, key)]))


def _read_changed_at(slug: str):
    # get(), not first(): the busiest query of the app needs no ORDER BY.
    try:
        return Event.objects.values_list("changed_at", flat=True).get(slug=slug)
    except Event.DoesNotExist:
        return None


def public_poll(region: str, key):
    """Answer an unchanged poll of a public region 304 after reading the event's ``changed_at`` alone.

    Every phone in the room polls the public page; most polls find nothing new. Anyone
    may see a public region, so there is no role to check, and the event's row need not
    be loaded. ``key(request)`` gives the rest of the region's version (who is asking).
    Any other request goes on to the view. It wraps the view's compression too: a 304 has
    nothing to compress.
    """
    def decorator(view):
        @functools.wraps(view)
        def wrapper(request, slug: str, *args, **kwargs):
            # The headers themselves rather than request.htmx, which parses them all: this is
            # the busiest path of the app.
            meta = request.META
            if (meta.get("HTTP_HX_TARGET") == region and meta.get("HTTP_HX_REQUEST") == "true"
                    and "HTTP_IF_NONE_MATCH" in meta):
                changed_at = event_changed_at(slug, _read_changed_at)
                not_modified = changed_at and not_modified_response(request, poll_etag(changed_at, region,
                                                                                       *key(request)))
                if not_modified:
                    return not_modified
            return view(request, slug, *args, **kwargs)

        return wrapper

    return decorator


def polled(request, event, template: str, region: str, build, *key):
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


def not_modified_response(request, etag: str):
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


def uncached(response):
    """The response marked for no cache to keep."""
    patch_cache_control(response, private=True, no_store=True)
    return response
