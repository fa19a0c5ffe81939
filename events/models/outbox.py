"""Messages to players waiting to be sent by e-mail, once each, whichever server sends them.

A service queues a message in the transaction of the change it tells of (a round paired, a
result reported), or the server's job queues a reminder before a deadline. The row holds
what the message is about, not its words: the job renders it in the player's language when
it sends it (``events/pages/mail.py``). ``key`` is unique, so a message is queued once even
when two servers see the same deadline; a server claims a row before sending it, so it is
sent once too (docs/operations.md, "E-mail").
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone

PAIRING, REMINDER, CONFIRM = "pairing", "reminder", "confirm"
MESSAGE_KINDS = [(PAIRING, "Pairing"), (REMINDER, "Reminder"), (CONFIRM, "Result to confirm")]


class OutboxMessage(models.Model):
    event = models.ForeignKey("Event", on_delete=models.CASCADE, related_name="outbox")
    player = models.ForeignKey("Player", on_delete=models.CASCADE, related_name="messages")
    # Kept when its game goes (a round undone): its key then still says the message was sent.
    game = models.ForeignKey("Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="messages")
    kind = models.CharField(max_length=16, choices=MESSAGE_KINDS)
    # What makes the message one of a kind: "reminder:game:41:player:7". Unique across servers.
    key = models.CharField(max_length=100, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    # A server takes a row by setting claimed_at; one whose sending died is taken again later.
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=400, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["sent_at", "claimed_at"])]

    def __str__(self) -> str:
        return self.key
