"""Publishing an event from a venue laptop to a hosted server (issue 32; docs/operations.md, "Publishing").

Two sides, each a server of its own:

- The **hosted** server keeps a ``PublishingKey`` for an event its coordinator chose to
  receive. Only the key's SHA-256 is stored: the key is shown once, when issued. Each push
  it accepts records its source (one laptop's publishing of the event) and sequence, so a
  push sent twice, or late, changes nothing.
- The **venue** laptop keeps a ``PublishingTarget`` for an event it publishes: the hosted
  address and the key as entered (the job must send it), what the hosted copy holds
  (``published_revision``), and how the last attempts went, for the desk.

Fields only; ``events/services/hosted_copies.py`` (the hosted side) and ``events/services/publishing.py``
(the venue's) change them.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models

# How a publishing key begins: so that one pasted in the wrong field is recognised.
KEY_PREFIX = "council-pub-"
# How long a key's digest and a source's id are, as written (hexadecimal SHA-256; a token).
# At most this many retired sources are remembered per key (a laptop's address and key entered again).
RETIRED_SOURCES_KEPT = 50
DIGEST_LENGTH = 64
SOURCE_LENGTH = 32
# The longest hosted address and key a venue keeps.
ADDRESS_LENGTH = 300
KEY_LENGTH = 100


def key_digest(key: str) -> str:
    """The SHA-256 of a publishing key, as the hosted server keeps it: a key is random, so no salt is needed."""
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


class PublishingKey(models.Model):
    event = models.ForeignKey("Event", on_delete=models.CASCADE, related_name="publishing_keys")
    digest = models.CharField(max_length=DIGEST_LENGTH, unique=True)
    # The key's last characters, so that the coordinator can tell keys apart without the key.
    hint = models.CharField(max_length=8)
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    issued_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    # The last push accepted under this key: which laptop's publishing sent it, its sequence, when.
    last_source = models.CharField(max_length=SOURCE_LENGTH, blank=True)
    last_sequence = models.PositiveBigIntegerField(default=0)
    last_received_at = models.DateTimeField(null=True, blank=True)
    pushes = models.PositiveIntegerField(default=0)
    # The sources this key's pushes came from before the last one: a push still on its way from one of them,
    # overtaken by the newer source's, is not taken (it would put the copy back).
    retired_sources = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-issued_at", "-pk"]

    def __str__(self) -> str:
        return f"…{self.hint}"


class PublishingTarget(models.Model):
    event = models.OneToOneField("Event", on_delete=models.CASCADE, related_name="publishing")
    # The hosted server's address, such as https://council.example.org.
    address = models.URLField(max_length=ADDRESS_LENGTH)
    key = models.CharField(max_length=KEY_LENGTH)
    # This laptop's publishing of the event, new each time an address and key are entered.
    source = models.CharField(max_length=SOURCE_LENGTH)
    set_at = models.DateTimeField(auto_now_add=True)
    # The event's revision the hosted copy holds; None until the first push is accepted.
    published_revision = models.PositiveBigIntegerField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    # Since when pushes have been failing (None while they succeed), how many in a row, and why the last did.
    failing_since = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=400, blank=True)
    # The hosted server refused the key itself (revoked, or mistyped): only a new key helps.
    key_refused = models.BooleanField(default=False)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    # A job that took this target to push sets this; another job waits for it (several servers each run one).
    claimed_until = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return self.address
