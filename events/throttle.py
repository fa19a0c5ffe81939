"""Rate limits on guessing: sign-in passwords and the result codes on slips.

Only failures count. Each key (``login-name:anna``, ``login-address:10.0.0.7``,
``code-address:lorien-open:10.0.0.7``) has a fixed window; once it holds ``limit``
failures, further attempts are refused until the window ends. The counts live in the
database so that every worker and app server sees the same numbers (docs/security.md).

Sign-in follows OWASP's device cookies: a browser that has signed in as a name before
carries a signed cookie saying so, and only its own failures count against it. The
limits that anyone can trip (a name's failures from everywhere, an address's failures)
stop new browsers only, so a stranger on the venue's Wi-Fi cannot lock the coordinator
out of the laptop they run the event from.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.forms import UsernameField
from django.core import signing
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from scoring.limits import MAX_USERNAME_LENGTH

from .models import Throttle


@dataclass(frozen=True)
class Limit:
    """At most ``failures`` failed attempts per key in ``minutes``."""

    failures: int
    minutes: int


# A forgotten password takes a few tries; a guessing script takes thousands.
LOGIN_PER_NAME_AND_ADDRESS = Limit(failures=10, minutes=15)
LOGIN_PER_DEVICE = Limit(failures=10, minutes=15)
# For new browsers only: guessing one name from many addresses, or many names from one.
# A venue's phones may share one public address behind its Wi-Fi, hence the larger figures.
LOGIN_PER_NAME = Limit(failures=30, minutes=15)
LOGIN_PER_ADDRESS = Limit(failures=50, minutes=15)
RESULT_CODE_PER_ADDRESS = Limit(failures=30, minutes=10)

DEVICE_COOKIE = "council_device"
DEVICE_COOKIE_DAYS = 365
_DEVICE_SALT = "council.sign-in-device"


def client_address(request) -> str:
    """The requester's address; behind a trusted proxy, the one the proxy saw (the last hop it added)."""
    if settings.COUNCIL_TRUST_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-1]
    return request.META.get("REMOTE_ADDR", "unknown")


def _stored(key: str) -> str:
    # Keys carry what a client typed (a sign-in name): no NUL, which PostgreSQL refuses,
    # and a long key keeps a digest of the whole, so two long names never share a count.
    key = key.replace("\x00", "")
    if len(key) <= 200:
        return key
    return f"{key[:130]}#{hashlib.sha256(key.encode('utf-8', 'surrogatepass')).hexdigest()}"


def sign_in_name(posted: str) -> str:
    """The name as Django's sign-in will read it (spaces around it dropped, NFKC), case folded.

    Every spelling that signs in as one account (" coordinator", "ｃoordinator") counts
    as that account's name.
    """
    return UsernameField().to_python(posted[:MAX_USERNAME_LENGTH * 2])[:MAX_USERNAME_LENGTH].casefold()


def sign_in_limits(request, name: str) -> list[tuple[str, Limit]]:
    """The counts that a failed sign-in as ``name`` adds to, and that refuse the next one when full."""
    device = _device(request, name)
    if device is not None:
        return [(f"login-device:{device}", LOGIN_PER_DEVICE)]
    address = client_address(request)
    return [(f"login-name-address:{name}:{address}", LOGIN_PER_NAME_AND_ADDRESS),
            (f"login-name:{name}", LOGIN_PER_NAME),
            (f"login-address:{address}", LOGIN_PER_ADDRESS)]


def _device(request, name: str) -> str | None:
    """The browser's device id when it has signed in as ``name`` before, else None."""
    try:
        held = signing.loads(request.COOKIES.get(DEVICE_COOKIE, ""), salt=_DEVICE_SALT,
                             max_age=datetime.timedelta(days=DEVICE_COOKIE_DAYS))
    except signing.BadSignature:
        return None
    return held["device"] if held.get("name") == name else None


def remember_device(request, response, name: str) -> None:
    """After a sign-in as ``name``: this browser's failures as ``name`` count for it alone from now on."""
    device = _device(request, name) or secrets.token_urlsafe(12)
    response.set_cookie(DEVICE_COOKIE, signing.dumps({"name": name, "device": device}, salt=_DEVICE_SALT),
                        max_age=DEVICE_COOKIE_DAYS * 24 * 60 * 60, httponly=True, samesite="Lax",
                        secure=request.is_secure())


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
