"""Publishing an event from a venue laptop to a hosted site: the venue's side (docs/operations.md, "Publishing
from a venue to a hosted site").

The venue laptop's coordinator enters the hosted address and the key (``start_publishing``);
the server's job (``manage.py run_jobs``) then pushes after every change, and while pushes
fail it tries again, waiting longer each time up to ``settings.COUNCIL_PUBLISH_RETRY_SECONDS``
(``claim_publication``, ``mark_published``, ``mark_publish_failed``). The hosted side, which
takes the pushes, is ``services/hosted_copies.py``.
"""

from __future__ import annotations

import datetime
import re
import secrets
import urllib.parse
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Event, PublishingTarget
from ..models.publishing import ADDRESS_LENGTH, KEY_LENGTH, KEY_PREFIX, SOURCE_LENGTH
from ..record_words import AuditAction
from ..roles import Actor
from .base import ServiceError, locked_event, record_change

# A job that took a target and died is replaced after this; a push takes seconds.
CLAIM_EXPIRES = datetime.timedelta(minutes=2)


def checked_address(address: str) -> str:
    """The hosted server's address as the job posts to it: http(s) (https when none is said), a host, no user,
    query or fragment."""
    address = address.strip().rstrip("/")
    if address and "://" not in address:
        # A bare host, as it is often said aloud: a hosted site is reached over https.
        address = f"https://{address}"
    parts = urllib.parse.urlsplit(address)
    try:
        parts.port  # noqa: B018  # refused when it is not a port number
    except ValueError:
        parts = parts._replace(scheme="")
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or not re.fullmatch(r"[a-z0-9.-]+|[0-9a-f:.]+", parts.hostname)
        or parts.username
        or parts.password
        or parts.query
        or parts.fragment
        or len(address) > ADDRESS_LENGTH
    ):
        raise ServiceError(
            _("Enter the hosted site's address as its coordinators open it, such as https://council.example.org."),
            field="address",
        )
    return address


def checked_key(key: str) -> str:
    """A publishing key as typed or pasted: spaces around it go; one of another shape is refused."""
    key = key.strip()
    # As issue_publishing_key writes one: the prefix, then secrets.token_urlsafe's alphabet.
    if len(key) > KEY_LENGTH or not re.fullmatch(re.escape(KEY_PREFIX) + r"[A-Za-z0-9_-]+", key):
        raise ServiceError(
            _("A publishing key starts with %(prefix)s; copy it whole from the hosted site's event page.")
            % {"prefix": KEY_PREFIX},
            field="key",
        )
    return key


def start_publishing(event: Event, *, address: str, key: str, actor: Actor) -> PublishingTarget:
    """Publish ``event`` to the hosted site at ``address`` under ``key``, from the next pass of the server's job on.

    Entered again (a new key, another address), the publishing starts afresh: the hosted copy
    takes the next push whole. The key is never written to the audit log.
    """
    if not settings.COUNCIL_PUBLISHING_OUT:
        raise ServiceError(_("This server does not publish events elsewhere."), field="address")
    address, key = checked_address(address), checked_key(key)
    with transaction.atomic(durable=True):
        event = locked_event(event)
        target, _created = PublishingTarget.objects.update_or_create(
            event=event,
            defaults={
                "address": address,
                "key": key,
                "source": secrets.token_hex(SOURCE_LENGTH // 2),
                "published_revision": None,
                "published_at": None,
                "failing_since": None,
                "failures": 0,
                "last_error": "",
                "key_refused": False,
                "last_attempt_at": None,
                "next_attempt_at": None,
                # A push on its way keeps its claim until it ends; its outcome, of the old source, is not kept.
            },
        )
        record_change(event, actor, AuditAction.PUBLISHING_STARTED, address)
    return target


def stop_publishing(event: Event, *, actor: Actor) -> None:
    """Stop publishing ``event``: the hosted copy stays as last published."""
    with transaction.atomic(durable=True):
        event = locked_event(event)
        target = PublishingTarget.objects.filter(event=event).first()
        if target is None:
            raise ServiceError(_("This event is not published anywhere."), field="address")
        target.delete()
        record_change(event, actor, AuditAction.PUBLISHING_STOPPED, target.address)


def claim_publication(now: datetime.datetime | None = None) -> PublishingTarget | None:
    """Take one event that has changes the hosted copy lacks and whose next try is due, so no other job pushes it.

    One update that only one job can win, as ``claim_message`` does for the mail. The row
    comes with its event; ``revision`` is read before the archive, so a push never claims
    more than it carries.
    """
    now = now or timezone.now()
    due = (
        PublishingTarget.objects.filter(
            Q(published_revision__isnull=True) | Q(published_revision__lt=F("event__revision")),
            Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now),
            Q(claimed_until__isnull=True) | Q(claimed_until__lt=now),
            # A refused key waits for a new one to be entered (start_publishing).
            key_refused=False,
        )
        .order_by("pk")
        .values_list("pk", "claimed_until")
    )
    for pk, claimed_until in due[:20]:
        if PublishingTarget.objects.filter(pk=pk, claimed_until=claimed_until).update(
            claimed_until=now + CLAIM_EXPIRES
        ):
            return PublishingTarget.objects.select_related("event").get(pk=pk)
    return None


def _still_ours(target: PublishingTarget) -> Any:
    """The target's row while this job's claim on it holds and its address and key are those it pushed with."""
    return PublishingTarget.objects.filter(pk=target.pk, source=target.source, claimed_until=target.claimed_until)


def _release(target: PublishingTarget) -> None:
    PublishingTarget.objects.filter(pk=target.pk, claimed_until=target.claimed_until).update(claimed_until=None)


def mark_published(target: PublishingTarget, revision: int, now: datetime.datetime | None = None) -> None:
    """Record that the hosted copy holds ``target``'s event at ``revision``, and release the claim.

    Only while the claim is this job's and the address and key are those it pushed with: a
    job whose claim expired, or whose publishing was entered anew meanwhile, records nothing.
    """
    now = now or timezone.now()
    _still_ours(target).update(
        published_revision=revision,
        published_at=now,
        failing_since=None,
        failures=0,
        last_error="",
        key_refused=False,
        last_attempt_at=now,
        next_attempt_at=None,
    )
    _release(target)


def retry_after(failures: int) -> datetime.timedelta:
    """How long the job waits after ``failures`` pushes in a row failed: 2, 4, 8... seconds, up to the setting."""
    return datetime.timedelta(seconds=min(2 ** min(failures, 16), settings.COUNCIL_PUBLISH_RETRY_SECONDS))


def mark_publish_failed(
    target: PublishingTarget, error: str, *, key_refused: bool = False, now: datetime.datetime | None = None
) -> None:
    """Record why a push of ``target`` failed, set when the job tries again, and release the claim (as
    ``mark_published``, only while the claim and the publishing are those the push was made under)."""
    now = now or timezone.now()
    failures = target.failures + 1
    _still_ours(target).update(
        failing_since=target.failing_since or now,
        failures=failures,
        last_error=error[:400],
        key_refused=key_refused,
        last_attempt_at=now,
        next_attempt_at=now + retry_after(failures),
    )
    _release(target)
