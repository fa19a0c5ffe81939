"""Rate limits on guessing: sign-in passwords and the result codes on slips.

Only failures count. Each key (``login-name:anna``, ``login-address:10.0.0.7``,
``code-address:lorien-open:10.0.0.7``) has a fixed window; once it holds ``limit``
failures, further attempts are refused until the window ends. The counts live in the
database so that every worker and app server sees the same numbers (docs/security.md).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .models import Throttle


@dataclass(frozen=True)
class Limit:
    """At most ``failures`` failed attempts per key in ``minutes``."""

    failures: int
    minutes: int


# A forgotten password takes a few tries; a guessing script takes thousands.
LOGIN_PER_NAME = Limit(failures=10, minutes=15)
# A venue's phones may share one public address behind its Wi-Fi, hence the larger figure.
LOGIN_PER_ADDRESS = Limit(failures=50, minutes=15)
RESULT_CODE_PER_ADDRESS = Limit(failures=30, minutes=10)


def client_address(request) -> str:
    """The requester's address; behind a trusted proxy, the one the proxy saw (the last hop it added)."""
    if settings.COUNCIL_TRUST_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-1]
    return request.META.get("REMOTE_ADDR", "unknown")


def _stored(key: str) -> str:
    # Keys carry what a client typed (a sign-in name): no NUL, which PostgreSQL refuses.
    return key.replace("\x00", "")[:200]


def wait_minutes(key: str, limit: Limit) -> int:
    """Whole minutes until ``key`` may try again; 0 when it may try now."""
    row = Throttle.objects.filter(key=_stored(key)).first()
    if row is None or row.failures < limit.failures:
        return 0
    ends = row.window_started_at + datetime.timedelta(minutes=limit.minutes)
    left = (ends - timezone.now()).total_seconds()
    return 0 if left <= 0 else int(left // 60) + 1


def record_failure(key: str, limit: Limit) -> None:
    """Count one failed attempt under ``key``, starting a new window when the last one ended."""
    now = timezone.now()
    key = _stored(key)
    with transaction.atomic():
        row, created = Throttle.objects.select_for_update().get_or_create(
            key=key, defaults={"window_started_at": now, "failures": 1}
        )
        if created:
            # Keys nobody has failed under for a day are of no further use.
            Throttle.objects.filter(window_started_at__lt=now - datetime.timedelta(days=1)).delete()
            return
        if row.window_started_at + datetime.timedelta(minutes=limit.minutes) <= now:
            Throttle.objects.filter(pk=row.pk).update(window_started_at=now, failures=1)
        else:
            Throttle.objects.filter(pk=row.pk).update(failures=F("failures") + 1)


def forget(key: str) -> None:
    """Clear ``key`` after a success, so a player who finally typed it right starts afresh."""
    Throttle.objects.filter(key=_stored(key)).delete()
