"""A gathering: several events of one weekend (a main event and its side events) sharing one registration.

A person registers once for the gathering (an ``Entrant``) and chooses its events; each
choice is an ordinary ``Player`` of that event, linked to the entrant, so every event is
paired, scored and archived as before (docs/rules.md, reading 102). The entrant's private
link follows them into whichever event is running.

Fields only; ``events/services/gatherings.py`` changes them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from scoring import MAX_ID_LENGTH, MAX_NAME_LENGTH


class Gathering(models.Model):
    # Its address: /g/<slug>/, printed on posters and QR codes, so it never changes.
    slug = models.SlugField(max_length=60, unique=True)
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    place = models.CharField(max_length=MAX_NAME_LENGTH, blank=True)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="gatherings")
    # The gathering's id in its events' archives: importing them one by one rebuilds it.
    archive_id = models.CharField(max_length=MAX_ID_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "archive_id"], name="one_gathering_per_archive_id_and_owner")
        ]

    def __str__(self) -> str:
        return self.name


class Entrant(models.Model):
    """One person registered for a gathering; their registrations are the players linked to them."""

    gathering = models.ForeignKey(Gathering, on_delete=models.CASCADE, related_name="entrants")
    archive_id = models.CharField(max_length=MAX_ID_LENGTH)
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    # events.names.name_digest(name): two entrants whose names read alike would be one person twice.
    name_digest = models.CharField(max_length=32, blank=True)
    # The entrant's private link to the gathering (their events, tables and deck lists); no archive holds it.
    token = models.CharField(max_length=64, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["gathering", "archive_id"], name="unique_archive_id_per_gathering")
        ]
        indexes = [models.Index(fields=["gathering", "name_digest"])]

    def __str__(self) -> str:
        return self.name
