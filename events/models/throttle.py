"""The counts of failed attempts that ``events/throttle.py`` keeps, one row a key."""

from __future__ import annotations

from django.db import models


class Throttle(models.Model):
    """Failed attempts under one key (a sign-in name, an address) in the current window.

    In the database, so every app server and worker counts the same attempts.
    """

    key = models.CharField(max_length=200, unique=True)
    window_started_at = models.DateTimeField()
    failures = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.key}: {self.failures}"
