"""Rate limits on guessing: sign-in passwords and the result codes on slips.

Each key (``login-name:anna``, ``login-address:10.0.0.7``, ``code-address:12:10.0.0.7``)
has a fixed window and a limit of attempts that fail. An attempt is counted before the
password or code is checked, in one transaction with its keys locked, and given back
when it succeeds: so that attempts made at the same moment cannot all get through while
the first ones are still being checked. The counts live in the database so that every
worker and app server sees the same numbers (docs/security.md).

Sign-in follows OWASP's device cookies: a browser that has signed in as a name before
carries a signed cookie saying so, and only its own failures count against it. The
limits that anyone can trip (a name's failures from everywhere, an address's failures)
stop new browsers only, so a stranger on the venue's Wi-Fi cannot lock the coordinator
out of the laptop they run the event from.
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
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
# Each sign-up counts: a club signing up together behind one address may, a script
# filling the event with names may not.
SIGN_UP_PER_ADDRESS = Limit(failures=30, minutes=60)

DEVICE_COOKIE = "council_device"
DEVICE_COOKIE_DAYS = 365
# A shared laptop may be known for the coordinator and a few staff accounts at once.
DEVICE_NAMES = 8
_DEVICE_SALT = "council.sign-in-device"
KEY_LENGTH = Throttle._meta.get_field("key").max_length


def client_address(request) -> str:
    """The requester's address; behind a trusted proxy, the one the proxy saw (the last hop it added).

    An IPv6 address counts as its /64 network: one subscriber usually holds a whole /64
    and could otherwise change address at every guess.
    """
    address = request.META.get("REMOTE_ADDR", "unknown")
    if settings.COUNCIL_TRUST_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            address = hops[-1]
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    return str(ipaddress.ip_network(f"{parsed}/64", strict=False)) if parsed.version == 6 else address


def _stored(key: str) -> str:
    # Keys carry what a client typed (a sign-in name): no NUL, which PostgreSQL refuses,
    # and a long key keeps a digest of the whole, so two long names never share a count.
    key = key.replace("\x00", "")
    if len(key) <= KEY_LENGTH:
        return key
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
    return f"{key[:KEY_LENGTH - len(digest) - 1]}#{digest}"


def sign_in_name(posted: str) -> str:
    """The name as Django's sign-in will read it, case folded.

    Django's own field reads it: spaces around it dropped, then compatibility forms
    folded (NFKC) for names of up to its length. So every spelling that signs in as one
    account (" coordinator", "ｃoordinator") counts as that account's name, however
    much it is padded.
    """
    return UsernameField(max_length=MAX_USERNAME_LENGTH).to_python(posted).casefold()


def sign_in_limits(request, name: str) -> list[tuple[str, Limit]]:
    """The counts that a sign-in as ``name`` adds to, and that refuse the next one when full."""
    device = _known_devices(request).get(name)
    if device is not None:
        return [(f"login-device:{device}", LOGIN_PER_DEVICE)]
    address = client_address(request)
    return [(f"login-name-address:{name}:{address}", LOGIN_PER_NAME_AND_ADDRESS),
            (f"login-name:{name}", LOGIN_PER_NAME),
            (f"login-address:{address}", LOGIN_PER_ADDRESS)]


def _known_devices(request) -> dict[str, str]:
    """The names this browser has signed in as, each with its device id; empty for a forged or old cookie."""
    try:
        held = signing.loads(request.COOKIES.get(DEVICE_COOKIE, ""), salt=_DEVICE_SALT,
                             max_age=datetime.timedelta(days=DEVICE_COOKIE_DAYS))
    except signing.BadSignature:
        return {}
    devices = held.get("devices") if isinstance(held, dict) else None
    return devices if isinstance(devices, dict) else {}


def remember_device(request, response, name: str) -> None:
    """After a sign-in as ``name``: this browser's failures as ``name`` count for it alone from now on.

    The names it signed in as before stay known, the latest ``DEVICE_NAMES`` of them.
    """
    devices = _known_devices(request)
    device = devices.pop(name, None) or secrets.token_urlsafe(12)
    devices = {**dict(list(devices.items())[-(DEVICE_NAMES - 1):]), name: device}
    response.set_cookie(DEVICE_COOKIE, signing.dumps({"devices": devices}, salt=_DEVICE_SALT),
                        max_age=DEVICE_COOKIE_DAYS * 24 * 60 * 60, httponly=True, samesite="Lax",
                        secure=request.is_secure())


def _minutes_left(row: Throttle, limit: Limit, now: datetime.datetime) -> int:
    ends = row.window_started_at + datetime.timedelta(minutes=limit.minutes)
    if row.failures < limit.failures or ends <= now:
        return 0
    return int((ends - now).total_seconds() // 60) + 1


def attempt(limits: list[tuple[str, Limit]]) -> int:
    """Count one attempt under every key of ``limits``, unless one is full.

    Returns 0 when the attempt may go on (it is counted as a failure until ``succeeded``
    gives it back), else the whole minutes to wait, and nothing is counted.
    """
    now = timezone.now()
    wanted = sorted({_stored(key): limit for key, limit in limits}.items())  # one order: no deadlock
    with transaction.atomic():
        rows = {}
        for key, _ in wanted:
            rows[key], created = Throttle.objects.select_for_update().get_or_create(
                key=key, defaults={"window_started_at": now, "failures": 0})
            if created:
                # Keys nobody has failed under for a day are of no further use.
                Throttle.objects.filter(window_started_at__lt=now - datetime.timedelta(days=1)).delete()
        wait = max(_minutes_left(rows[key], limit, now) for key, limit in wanted)
        if wait:
            return wait
        for key, limit in wanted:
            row = rows[key]
            if row.window_started_at + datetime.timedelta(minutes=limit.minutes) <= now:
                Throttle.objects.filter(pk=row.pk).update(window_started_at=now, failures=1)
            else:
                Throttle.objects.filter(pk=row.pk).update(failures=F("failures") + 1)
    return 0


def succeeded(key: str) -> None:
    """Give back the attempt counted under ``key``: it did not fail."""
    Throttle.objects.filter(key=_stored(key), failures__gt=0).update(failures=F("failures") - 1)


def forget(key: str) -> None:
    """Clear ``key`` after a success, so a player who finally typed it right starts afresh."""
    Throttle.objects.filter(key=_stored(key)).delete()
