"""House policies kept on the server: built from a released text, reused by later events.

A house policy is the engine's data (``scoring/policies/house.py``); this row keeps its
document under its key for whoever runs events here (a national body keeps one for its
season). An event copies the document it runs under (``Event.policy_document``): a later
edit of the kept policy never changes an event already made under it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from scoring import MAX_HOUSE_KEY_LENGTH


class HousePolicy(models.Model):
    # scoring's HOUSE_KEY: 1 to 32 lowercase letters, digits and hyphens.
    key = models.CharField(max_length=MAX_HOUSE_KEY_LENGTH, unique=True)
    title = models.CharField(max_length=100)
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
