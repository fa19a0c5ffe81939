"""The one decorator every public page wears: its layers in the order that makes them right.

The public pages take no login and most of the app's requests (every phone in the room
polls). What they wear matters in its order, outermost first:

1. ``event_language``: the projector and the printouts speak the event's language, set
   before anything else, so that a poll's version (which holds the language) agrees with
   the page it was sent with.
2. ``polled_region`` / ``shared_region``: an unchanged poll gets its 304, and a page every
   phone shares comes from this process's memory, after reading only the event's version:
   before the event row is loaded, the role worked out or anything compressed.
3. ``compress``: gzip for the pages each phone gets of its own (a 304 has nothing to compress).
4. ``phone_region``: a phone's own region with news, put together from this process's parts of the
   event's current state (events/pages/phones.py), before the event row is loaded.
5. The event and the reader's role (``event_view(PUBLIC)``): an unknown event is not found.
6. The methods the page accepts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_http_methods

from ..roles import PUBLIC
from .access import event_view
from .language import in_event_language
from .phones import phone_region as own_region
from .regions import public_poll, shared_page

View = Callable[..., Any]


def public_page(
    *,
    methods: Iterable[str] = ("GET",),
    polled_region: str | None = None,
    poll_key: Callable[[Any], tuple[object, ...]] = lambda request: (),
    shared_region: str | None = None,
    shared_pages: bool = False,
    compress: bool = False,
    phone_region: bool = False,
    event_language: bool = False,
) -> Callable[[View], View]:
    """Wrap a public view ``view(request, event, actor, ...)`` in the layers it asks for, in the order above.

    ``polled_region`` is the element id of the region htmx polls (its 304s), with
    ``poll_key(request)`` the rest of its version (who asks); ``shared_region`` names a
    page every phone shares, kept whole (per page of its list, with ``shared_pages``);
    ``phone_region`` answers a phone's own region from the parts this process keeps. The
    wrapped view lists its layers, outermost first, in ``public_layers``.
    """
    if polled_region and shared_region:
        raise ValueError("a page is polled for its own region or shared whole, not both")
    layers: list[tuple[str, Callable[[View], View]]] = []
    if event_language:
        layers.append(("event_language", in_event_language))
    if polled_region:
        layers.append((f"poll:{polled_region}", public_poll(polled_region, key=poll_key)))
    if shared_region:
        layers.append((f"shared:{shared_region}", shared_page(shared_region, paged=shared_pages)))
    if compress:
        layers.append(("gzip", gzip_page))
    if phone_region:
        layers.append(("phone_region", own_region))
    layers.append(("event_view", event_view(PUBLIC)))
    allowed = sorted(methods)
    layers.append(("methods:" + ",".join(allowed), require_http_methods(allowed)))

    def decorator(view: View) -> View:
        wrapped = view
        for _name, layer in reversed(layers):
            wrapped = layer(wrapped)
        wrapped.public_layers = tuple(name for name, _layer in layers)  # type: ignore[attr-defined]
        return wrapped

    return decorator
