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

    class Meta:
        ordering = ["title", "key"]

    def __str__(self) -> str:
        return f"{self.title} ({self.key})"


def policy_document_named(key: object, *, user: Any, event: Event | None = None) -> dict[str, Any] | None:
    """The house policy document ``key`` names: the event's own copy when the event runs under that
    key, else one ``user`` keeps (a superuser: any kept one); None for a released text's key or none.

    A kept policy is its account's: another account's key names nothing, so nobody sees or uses a
    policy they were not given. An event's copy is the version it took (docs/rules.md, reading 84).
    """
    if not isinstance(key, str) or key in POLICIES:
        return None
    if event is not None and event.policy == key and isinstance(event.policy_document, dict):
        copy: dict[str, Any] = event.policy_document
        return copy
    kept = HousePolicy.objects.filter(key=key)
    if not getattr(user, "is_superuser", False):
        kept = kept.filter(owner_id=getattr(user, "pk", None))
    found = kept.values_list("document", flat=True).first()
    return found if isinstance(found, dict) else None
