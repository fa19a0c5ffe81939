"""An event's record: its audit log, one entry for every change, and its snapshots.

Written by ``events/services/base.record_change`` and ``services/snapshots``, in the
transaction of the change they record; read by the record pages.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from ..record_words import AuditAction
from .event import Event


class AuditEntry(models.Model):
    """One change to an event: who, when, what before and what after."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit_entries")
    at = models.DateTimeField(auto_now_add=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    # Texts the app writes itself, from names of any allowed length: never cut, never refused.
    actor_label = models.TextField()
    # One spelling for every code (AuditAction's docstring); said in words by record_words.action_said.
    action = models.CharField(max_length=40, choices=AuditAction.choices)
    subject = models.TextField()
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["event", "-at"])]

    def __str__(self) -> str:
        return f"{self.action}: {self.subject}"


class Snapshot(models.Model):
    """The whole event as a ``council-archive`` document, taken as a round starts and closes."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="snapshots")
    taken_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField()
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    data = models.JSONField()

    class Meta:
        ordering = ["-taken_at", "-id"]

    def __str__(self) -> str:
        return self.reason
