"""What a signed-in account's home page lists: the events it owns or has a role in, and its gatherings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db.models import Count, Q, QuerySet

from ..models import Event, Gathering

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser

# The home page lists the newest; older events are reached by their address.
MAX_LISTED = 50


def account_events(user: AbstractBaseUser) -> QuerySet[Event]:
    """The newest events ``user`` owns or has a role in, newest first, each with its ``player_count``."""
    return (
        Event.objects.filter(Q(owner=user) | Q(roles__user=user))
        .distinct()
        .annotate(player_count=Count("players", distinct=True))
        .order_by("-created_at")[:MAX_LISTED]
    )


def account_gatherings(user: AbstractBaseUser) -> QuerySet[Gathering]:
    """The newest gatherings ``user`` owns, newest first, each with its ``event_count``."""
    return (
        Gathering.objects.filter(owner_id=user.pk)
        .annotate(event_count=Count("events"))
        .order_by("-created_at")[:MAX_LISTED]
    )
