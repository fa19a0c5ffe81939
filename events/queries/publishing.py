"""What the desk shows of publishing: a venue's pushes to the hosted copy, or a hosted copy's keys.

Read models only; ``events/services/publishing.py`` and ``hosted_copies.py`` change the rows and the server's job
pushes (docs/operations.md, "Publishing").
"""

from __future__ import annotations

import datetime
import ipaddress
import urllib.parse
from dataclasses import dataclass

from django.conf import settings

from ..models import Event, PublishingKey, PublishingTarget
from ..models.publishing import key_digest


def _loud_after() -> datetime.timedelta:
    # Pushes failing for longer than this make the desk say so loudly; a blip of the Wi-Fi does not.
    return datetime.timedelta(seconds=settings.COUNCIL_PUBLISH_LOUD_SECONDS)


def _loopback_or_private(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private


@dataclass(frozen=True)
class PublishingStatus:
    """A venue's publishing of one event, as the desk says it.

    ``waiting`` counts the changes made here that the hosted copy lacks. ``failing`` is
    True once pushes have failed for a minute, or the key itself was refused: the desk
    says it loudly then. ``in_clear`` warns that the key travels unencrypted (http to an
    address on the internet).
    """

    address: str
    host: str
    published_at: datetime.datetime | None
    waiting: int
    failing_since: datetime.datetime | None
    failures: int
    last_error: str
    key_refused: bool
    next_attempt_at: datetime.datetime | None
    failing: bool
    in_clear: bool

    @property
    def retrying(self) -> bool:
        """Pushes fail, but not yet for long: the desk says it calmly."""
        return self.failing_since is not None and not self.failing


def publishing_status(event: Event, now: datetime.datetime) -> PublishingStatus | None:
    """How publishing ``event`` stands at ``now``; None when it is not published anywhere (one query)."""
    target = PublishingTarget.objects.filter(event=event).select_related("event").first()
    if target is None:
        return None
    parts = urllib.parse.urlsplit(target.address)
    host = parts.hostname or target.address
    revision = target.event.revision
    waiting = revision - target.published_revision if target.published_revision is not None else max(revision, 1)
    return PublishingStatus(
        address=target.address,
        host=host,
        published_at=target.published_at,
        waiting=max(waiting, 0),
        failing_since=target.failing_since,
        failures=target.failures,
        last_error=target.last_error,
        key_refused=target.key_refused,
        next_attempt_at=target.next_attempt_at,
        failing=target.key_refused
        or (target.failing_since is not None and now - target.failing_since >= _loud_after()),
        in_clear=parts.scheme == "http" and not _loopback_or_private(host),
    )


@dataclass(frozen=True)
class HostedKey:
    """One publishing key of a hosted copy, without the key: its last characters, and what came under it."""

    id: int
    hint: str
    issued_at: datetime.datetime
    issued_by: str
    revoked_at: datetime.datetime | None
    last_received_at: datetime.datetime | None
    last_sequence: int
    pushes: int


@dataclass(frozen=True)
class HostedCopy:
    """What the hosted copy of a venue's event has received, and under which keys."""

    is_copy: bool
    keys: list[HostedKey]
    last_received_at: datetime.datetime | None

    @property
    def active_key(self) -> HostedKey | None:
        """The key pushes are taken under now; None when every key is revoked."""
        return next((key for key in self.keys if key.revoked_at is None), None)


def hosted_copy(event: Event) -> HostedCopy:
    """``event``'s publishing keys, newest first, and when a push last arrived (one query)."""
    keys = [
        HostedKey(
            id=row.pk,
            hint=row.hint,
            issued_at=row.issued_at,
            issued_by=row.issued_by.get_username() if row.issued_by else "",
            revoked_at=row.revoked_at,
            last_received_at=row.last_received_at,
            last_sequence=row.last_sequence,
            pushes=row.pushes,
        )
        for row in PublishingKey.objects.filter(event=event).select_related("issued_by")
    ]
    received = [key.last_received_at for key in keys if key.last_received_at is not None]
    return HostedCopy(is_copy=event.hosted_copy, keys=keys, last_received_at=max(received, default=None))


def key_is_active(key: str) -> bool:
    """Whether a push under ``key`` may be read at all: a key issued here and not revoked (one indexed lookup)."""
    return PublishingKey.objects.filter(digest=key_digest(key), revoked_at__isnull=True).exists()
