"""House policies kept on the server: built from a released text, reused by later events.

A house policy is the engine's data (``scoring/policies/house.py``); this row keeps its
document under its key for whoever runs events here (a national body keeps one for its
season). An event copies the document it runs under (``Event.policy_document``): a later
edit of the kept policy never changes an event already made under it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from scoring import MAX_HOUSE_KEY_LENGTH, MAX_NAME_LENGTH, POLICIES

if TYPE_CHECKING:
    from .event import Event


class HousePolicy(models.Model):
    # scoring's HOUSE_KEY: 1 to 32 lowercase letters, digits and hyphens.
    key = models.CharField(max_length=MAX_HOUSE_KEY_LENGTH, unique=True)
    title = models.CharField(max_length=MAX_NAME_LENGTH)
    # The council-house-policy/1 document, checked by scoring.house_policy_problems.
    document = models.JSONField()
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="house_policies"
    )
    updated_at = models.DateTimeField(auto_now=True)
    # Every coordinator on this server may run events under it (a national body's policy for
    # its season); only its owner changes it.
    shared = models.BooleanField(default=False)

    class Meta:
        ordering = ["title", "key"]

    def __str__(self) -> str:
        return f"{self.title} ({self.key})"


class HousePolicyVersion(models.Model):
    """One saved version of a house policy: its document as saved, by whom and when.

    The policy's own record (a house policy belongs to no event, so no event's audit log
    holds it): each save that changes the document adds one, numbered from 1. An event
    names the version it took by holding the same document.
    """

    policy = models.ForeignKey(HousePolicy, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    title = models.CharField(max_length=MAX_NAME_LENGTH)
    document = models.JSONField()
    saved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    saved_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["policy", "-number"]
        constraints = [models.UniqueConstraint(fields=["policy", "number"], name="one_number_per_policy_version")]

    def __str__(self) -> str:
        return f"{self.title}, version {self.number}"


def could_be_house_key(key: object) -> bool:
    """Whether ``key`` could name a kept house policy (1 to 32 lowercase letters, digits and hyphens): any
    other text names none, and is not sent to the database (which refuses a NUL, say)."""
    return (
        isinstance(key, str)
        and 0 < len(key) <= MAX_HOUSE_KEY_LENGTH
        and key not in POLICIES
        and all(c.isascii() and (c.islower() or c.isdigit() or c == "-") for c in key)
    )


def usable_by(user: Any) -> Q:
    """The kept policies ``user`` may run events under: their own and the shared ones (a superuser: all)."""
    if not getattr(user, "is_authenticated", False) or getattr(user, "pk", None) is None:
        # Signed out: none, not even one whose owner's account is gone (its owner is None too).
        return Q(pk__in=[])
    if getattr(user, "is_superuser", False):
        return Q()
    return Q(owner_id=user.pk) | Q(shared=True)


def policy_document_named(key: object, *, user: Any, event: Event | None = None) -> dict[str, Any] | None:
    """The house policy document ``key`` names: the event's own copy when the event runs under that
    key, else one ``user`` keeps or one shared with every coordinator (a superuser: any kept one);
    None for a released text's key or none.

    A kept policy is its account's unless its owner shares it: another account's unshared key
    names nothing, so nobody sees or uses a policy they were not given. An event's copy is the
    version it took (docs/rules.md, reading 84).
    """
    if not could_be_house_key(key):
        return None
    if event is not None and event.policy == key and isinstance(event.policy_document, dict):
        copy: dict[str, Any] = event.policy_document
        return copy
    found = HousePolicy.objects.filter(usable_by(user), key=key).values_list("document", flat=True).first()
    return found if isinstance(found, dict) else None
