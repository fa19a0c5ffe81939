"""Who takes part in an event: its players, and the accounts given a role in running it.

Fields and cheap properties only; registering, dropping and roles are changed by
``events/services/`` (``players``, ``sign_up``, ``staff``, ``organisers``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from scoring import MAX_EMAIL_LENGTH, MAX_ID_LENGTH, MAX_NAME_LENGTH

from ..roles import GIVEN_ROLES
from .event import DECK_CAPABILITY_CHOICES, Event


class PlayerStatus(models.TextChoices):
    """Whether a player is still paired: active, or left the event (Policy #1, General 19 and 21)."""

    ACTIVE = "active", gettext_lazy("Active")
    DROPPED = "dropped", gettext_lazy("Dropped")
    EJECTED = "ejected", gettext_lazy("Ejected")


class EventRole(models.Model):
    """A user's role in one event besides its owner (events/roles.py)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles")
    role = models.CharField(max_length=16, choices=GIVEN_ROLES)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="one_role_per_user_and_event")]

    def __str__(self) -> str:
        return f"{self.user} ({self.role})"


class Player(models.Model):
    ACTIVE, DROPPED, EJECTED = PlayerStatus.ACTIVE, PlayerStatus.DROPPED, PlayerStatus.EJECTED

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    # The player's id in the archive; stable across export and import.
    archive_id = models.CharField(max_length=MAX_ID_LENGTH)
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    # events.names.name_digest(name): players whose names read alike share it.
    name_digest = models.CharField(max_length=32, blank=True)
    status = models.CharField(max_length=16, choices=PlayerStatus.choices, default=PlayerStatus.ACTIVE)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    deck_capability = models.CharField(max_length=32, choices=DECK_CAPABILITY_CHOICES, default="marshalling-points")
    avatar = models.CharField(max_length=MAX_NAME_LENGTH, blank=True)
    ranking = models.PositiveIntegerField(null=True, blank=True)
    # Rounds already paired when the player registered: above 0 marks a late player.
    joined_after_round = models.PositiveSmallIntegerField(default=0)
    # The player's private link to their own deck list; empty when none is given.
    deck_token = models.CharField(max_length=64, blank=True, db_index=True)
    # The challenge deck or the scenario the player chose (scoring.decks.deck_choice_kind).
    deck_choice = models.CharField(max_length=MAX_NAME_LENGTH, blank=True)
    # The coordinator's reason when the deck capability is set by hand rather than from the list.
    capability_note = models.TextField(blank=True)
    # The account of a coordinator or staff member who also plays: they may not rule on
    # their own games (docs/rules.md, reading 78). Accounts are this server's, so no archive holds it.
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="registrations"
    )
    # How opponents reach the player in an event played online (docs/rules.md, reading 95): their
    # name on the online client, shown to their opponents on their private pages; their e-mail
    # address, seen by the coordinators, and by their opponents only when they chose to share it;
    # and the language they signed up in, for what is sent to them. No archive holds them.
    online_name = models.CharField(max_length=MAX_NAME_LENGTH, blank=True)
    email = models.EmailField(max_length=MAX_EMAIL_LENGTH, blank=True)
    share_email = models.BooleanField(default=False)
    language = models.CharField(max_length=16, blank=True)
    # The person of the event's gathering this player is (models/gathering.py): one entrant has
    # one player in each event they chose.
    entrant = models.ForeignKey("Entrant", null=True, blank=True, on_delete=models.SET_NULL, related_name="players")
    # The person known across this server's events this registration is (models/members.py), when someone said so.
    member = models.ForeignKey("Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="registrations")

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "archive_id"], name="unique_archive_id_per_event"),
            models.UniqueConstraint(fields=["event", "account"], name="one_registration_per_account_and_event"),
            models.UniqueConstraint(fields=["event", "entrant"], name="one_registration_per_entrant_and_event"),
        ]
        indexes = [models.Index(fields=["event", "name_digest"])]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        return self.status == self.ACTIVE
