"""The one place every protected view asks who the requester is in the event.

The roles are events/roles.py's. Someone signed out asking for a page above the public
role is sent to sign in, and brought back there afterwards; a signed-in stranger gets
404, so private addresses are not confirmed to exist; someone with a smaller role gets 403.
"""

from __future__ import annotations

import functools
import hmac
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.http import url_has_allowed_host_and_scheme
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from ..models import Event, EventRole, Gathering
from ..roles import OWNER, PUBLIC, RANK, STAFF, Actor

# A view, as the decorators here and in ``public``, ``regions`` and ``language`` take and give it.
View = Callable[..., HttpResponseBase]


class PageRequest(HttpRequest):
    """A request as the pages read it: with django-htmx's ``htmx``, and the marks ``event_view`` sets.

    For the type checker only: Django makes each request an ``HttpRequest``, and the
    middleware and the decorator add these attributes to it.
    """

    htmx: HtmxDetails
    event_role_at_least: dict[str, bool]


def staff_link_session_key(event: Event) -> str:
    """Where a phone's session keeps the staff link it opened for this event."""
    return f"staff-link:{event.pk}"


def role_in(request: HttpRequest, event: Event) -> str:
    """The requester's role in ``event``."""
    user = request.user
    if user.is_authenticated:
        if user.pk == event.owner_id:
            return OWNER
        role = EventRole.objects.filter(event=event, user=user).values_list("role", flat=True).first()
        if role is not None:
            return role
    token = request.session.get(staff_link_session_key(event)) if hasattr(request, "session") else None
    # A revoked or replaced link no longer matches, so its phones lose access at once.
    if token and event.staff_token and hmac.compare_digest(token, event.staff_token):
        return STAFF
    return PUBLIC


def actor_for(request: HttpRequest, role: str) -> Actor:
    """The Actor that the services record in the audit log."""
    if request.user.is_authenticated:
        return Actor.account(request.user, role)
    return Actor.staff_link()


def _local(address: str | None, request: HttpRequest) -> str | None:
    """``address`` as a path of this site, or None for anything elsewhere (or nothing)."""
    if address and url_has_allowed_host_and_scheme(
        address, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        parts = urlsplit(address)
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return None


def sign_in_first(request: PageRequest) -> HttpResponseBase:
    """Send someone signed out to the sign-in page, which brings them back to the page they were on.

    Back to the address asked for; for a poll or a button (htmx), to the page it was on,
    which htmx is told to leave for the sign-in page; for a form posted without htmx, to
    the page it was posted from. Only to a page of this site.
    """
    if request.htmx:
        back = _local(request.htmx.current_url, request)
    elif request.method in ("GET", "HEAD"):
        back = request.get_full_path()
    else:
        back = _local(request.META.get("HTTP_REFERER"), request)
    response = redirect_to_login(back or "", redirect_field_name="next" if back else None)
    if request.htmx:
        return HttpResponseClientRedirect(response["Location"])
    return response


def personal_page(view: View) -> View:
    """Decorate a page of no event (the home page, a new event): ``private, no-store`` to someone signed in.

    The page bears their name, and perhaps their events, so no browser or proxy keeps it.
    """

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = view(request, *args, **kwargs)
        if request.user.is_authenticated:
            patch_cache_control(response, private=True, no_store=True)
        return response

    return wrapper


def event_view(minimum: str) -> Callable[[View], View]:
    """Decorate a view taking ``(request, event, actor, ...)`` from a ``slug`` URL argument.

    ``request.event_role_at_least`` says, by role name, whether the requester has that
    role or a larger one, for what every page shares: the event's navigation shows only
    the pages the requester may open. Pages above the public role are answered
    ``Cache-Control: private, no-store``, and so is every page shown to someone signed in
    (it bears their name).

    Someone signed out (a staff link's phone too) whose role is too small is sent to sign
    in, whether or not the event exists, so that the answer confirms no private address;
    a signed-in account gets 404 without a role in the event (or without an event), 403
    with a role too small.
    """

    def decorator(view: View) -> View:
        @functools.wraps(view)
        def wrapper(request: PageRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponseBase:
            try:
                # With its gathering, which the navigation and the public page name (one join, no query more).
                event = Event.objects.select_related("gathering").get(slug=slug)
            except Event.DoesNotExist:
                event = None
            role = role_in(request, event) if event is not None else PUBLIC
            if RANK[role] < RANK[minimum]:
                if not request.user.is_authenticated:
                    return sign_in_first(request)
                if role == PUBLIC:
                    raise Http404("No such page")
                raise PermissionDenied(f"This needs the {minimum} role")
            if event is None:
                raise Http404("No such event")
            request.event_role_at_least = {name: RANK[role] >= RANK[name] for name in RANK}
            # Times on the event's pages, and those typed into its forms, are the venue's.
            with timezone.override(event.zone):
                response = view(request, event, actor_for(request, role), *args, **kwargs)
            if minimum != PUBLIC or request.user.is_authenticated:
                # What staff and coordinators see (result codes, the staff link, every
                # player's details), and any page bearing an account's name, stays out of
                # the browser's and any proxy's cache.
                patch_cache_control(response, private=True, no_store=True)
            return response

        wrapper.minimum_role = minimum  # type: ignore[attr-defined]  # a mark on the function, read by test_nav
        return wrapper

    return decorator


def gathering_view(*, public: bool = False) -> Callable[[View], View]:
    """Decorate a view taking ``(request, gathering, actor, ...)`` from a ``slug`` URL argument.

    A gathering's own pages are its owner's (or a superuser's): someone signed out is sent
    to sign in, a signed-in stranger gets 404, so private addresses are not confirmed to
    exist. Its ``public`` pages take anyone, and an unknown gathering is not found. Each
    event of the gathering keeps its own roles on its own pages.
    """

    def decorator(view: View) -> View:
        @functools.wraps(view)
        def wrapper(request: PageRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponseBase:
            gathering = Gathering.objects.select_related("owner").filter(slug=slug).first()
            user = request.user
            runs_it = user.is_authenticated and (
                user.is_superuser or (gathering is not None and gathering.owner_id == user.pk)
            )
            if not public and not runs_it:
                if not user.is_authenticated:
                    return sign_in_first(request)
                raise Http404("No such page")
            if gathering is None:
                raise Http404("No such gathering")
            actor = (
                Actor.account(user, OWNER)
                if runs_it and user.is_authenticated
                else Actor(user=None, label="", role=PUBLIC)
            )
            response = view(request, gathering, actor, *args, **kwargs)
            if not public or user.is_authenticated:
                patch_cache_control(response, private=True, no_store=True)
            return response

        wrapper.minimum_role = PUBLIC if public else OWNER  # type: ignore[attr-defined]  # read by test_nav
        return wrapper

    return decorator
