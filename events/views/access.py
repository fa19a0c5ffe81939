"""The one place every protected view asks who the requester is in the event.

The roles are events/roles.py's. A stranger asking for a private page gets 404, so
private addresses are not confirmed to exist; someone with a smaller role gets 403.
"""

from __future__ import annotations

import functools
import hmac

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.cache import patch_cache_control

from ..models import Event, EventRole
from ..roles import OWNER, PUBLIC, RANK, STAFF, Actor


def staff_link_session_key(event: Event) -> str:
    """Where a phone's session keeps the staff link it opened for this event."""
    return f"staff-link:{event.pk}"


def role_in(request, event: Event) -> str:
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


def actor_for(request, role: str) -> Actor:
    """The Actor that the services record in the audit log."""
    if request.user.is_authenticated:
        return Actor.account(request.user, role)
    return Actor.staff_link()


def event_view(minimum: str):
    """Decorate a view taking ``(request, event, actor, ...)`` from a ``slug`` URL argument.

    ``request.event_role_at_least`` says, by role name, whether the requester has that
    role or a larger one, for what every page shares: the event's navigation shows only
    the pages the requester may open. Pages above the public role are answered
    ``Cache-Control: private, no-store``.
    """

    def decorator(view):
        @functools.wraps(view)
        def wrapper(request, slug: str, *args, **kwargs):
            event = get_object_or_404(Event, slug=slug)
            role = role_in(request, event)
            if RANK[role] < RANK[minimum]:
                if role == PUBLIC:
                    raise Http404("No such page")
                raise PermissionDenied(f"This needs the {minimum} role")
            request.event_role_at_least = {name: RANK[role] >= RANK[name] for name in RANK}
            # Times on the event's pages, and those typed into its forms, are the venue's.
            with timezone.override(event.zone):
                response = view(request, event, actor_for(request, role), *args, **kwargs)
            if minimum != PUBLIC:
                # What staff and coordinators see (result codes, the staff link, every
                # player's details) stays out of the browser's and any proxy's cache.
                patch_cache_control(response, private=True, no_store=True)
            return response

        wrapper.minimum_role = minimum
        return wrapper

    return decorator
