"""Rate limits on guessing: sign-in passwords and the result codes on slips.

Each key (``login-name:anna``, ``login-address:10.0.0.7``, ``code-address:12:10.0.0.7``)
has a fixed window and a limit of attempts that fail. An attempt is counted before the
password or code is checked, in one transaction with its keys locked, and given back
when it succeeds: so that attempts made at the same moment cannot all get through while
the first ones are still being checked. The counts live in the database so that every
worker and app server sees the same numbers (docs/security.md). A refused attempt
writes nothing, and the table is bounded: windows that have ended are removed, and each
kind of key holds at most ``ROWS_PER_KIND`` rows.

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
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol, cast

from django.conf import settings
from django.contrib.auth.forms import UsernameField
from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Count, F, Q
from django.utils import timezone

from scoring import MAX_USERNAME_LENGTH

from .models import Throttle


class Requester(Protocol):
    """What the limits read of a request: its address and cookies (this layer imports no HTTP)."""

    @property
    def META(self) -> Mapping[str, Any]: ...

    @property
    def COOKIES(self) -> Mapping[str, str]: ...

    def is_secure(self) -> bool: ...


class CookieSetter(Protocol):
    """What ``remember_device`` asks of a response."""

    def set_cookie(
        self, key: str, value: str, *, max_age: int, httponly: bool, samesite: Literal["Lax"], secure: bool
    ) -> None: ...


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
KEY_LENGTH = cast(int, Throttle._meta.get_field("key").max_length)  # a CharField's: never None


def client_address(request: Requester) -> str:
    """The requester's address; behind a trusted proxy, the one the proxy saw (the last hop it added).

    An IPv6 address counts as its /64 network: one subscriber usually holds a whole /64
    and could otherwise change address at every guess.
    """
    address: str = request.META.get("REMOTE_ADDR", "unknown")
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
    return f"{key[: KEY_LENGTH - len(digest) - 1]}#{digest}"


def sign_in_name(posted: str) -> str:
    """The name as Django's sign-in will read it, case folded.

    Django's own field reads it: spaces around it dropped, then compatibility forms
    folded (NFKC) for names of up to its length. So every spelling that signs in as one
    account (" coordinator", "ｃoordinator") counts as that account's name, however
    much it is padded.
    """
    name: str | None = UsernameField(max_length=MAX_USERNAME_LENGTH).to_python(posted)
    assert name is not None  # the field's empty value is ""
    return name.casefold()


def sign_in_limits(request: Requester, name: str) -> list[tuple[str, Limit]]:
    """The counts that a sign-in as ``name`` adds to, and that refuse the next one when full."""
    device = _known_devices(request).get(name)
    if device is not None:
        return [(f"login-device:{device}", LOGIN_PER_DEVICE)]
    address = client_address(request)
    return [
        (f"login-name-address:{name}:{address}", LOGIN_PER_NAME_AND_ADDRESS),
        (f"login-name:{name}", LOGIN_PER_NAME),
        (f"login-address:{address}", LOGIN_PER_ADDRESS),
    ]


def _known_devices(request: Requester) -> dict[str, str]:
    """The names this browser has signed in as, each with its device id; empty for a forged or old cookie."""
    try:
        held = signing.loads(
            request.COOKIES.get(DEVICE_COOKIE, ""),
            salt=_DEVICE_SALT,
            max_age=datetime.timedelta(days=DEVICE_COOKIE_DAYS),
        )
    except signing.BadSignature:
        return {}
    devices = held.get("devices") if isinstance(held, dict) else None
    return devices if isinstance(devices, dict) else {}


def remember_device(request: Requester, response: CookieSetter, name: str) -> None:
    """After a sign-in as ``name``: this browser's failures as ``name`` count for it alone from now on.

    The names it signed in as before stay known, the latest ``DEVICE_NAMES`` of them.
    """
    devices = _known_devices(request)
    device = devices.pop(name, None) or secrets.token_urlsafe(12)
    devices = {**dict(list(devices.items())[-(DEVICE_NAMES - 1) :]), name: device}
    response.set_cookie(
        DEVICE_COOKIE,
        signing.dumps({"devices": devices}, salt=_DEVICE_SALT),
        max_age=DEVICE_COOKIE_DAYS * 24 * 60 * 60,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )


def _minutes_left(row: Throttle, limit: Limit, now: datetime.datetime) -> int:
    ends = row.window_started_at + datetime.timedelta(minutes=limit.minutes)
    if row.failures < limit.failures or ends <= now:
        return 0
    return int((ends - now).total_seconds() // 60) + 1


def _kind(key: str) -> str:
    """A key's kind, the part before its first colon: ``login-name`` of ``login-name:anna``."""
    return key.split(":", 1)[0]


# Each kind of key's window, so that a row is purged as soon as its window ends; a key of
# a kind not listed here is purged after the longest window of all.
_WINDOWS = {
    "login-name-address": LOGIN_PER_NAME_AND_ADDRESS,
    "login-name": LOGIN_PER_NAME,
    "login-address": LOGIN_PER_ADDRESS,
    "login-device": LOGIN_PER_DEVICE,
    "code-address": RESULT_CODE_PER_ADDRESS,
    "sign-up": SIGN_UP_PER_ADDRESS,
}
_LONGEST_WINDOW = max(limit.minutes for limit in _WINDOWS.values())

# The bound on the table: each kind of key holds at most this many rows (docs/security.md).
# A kind is full only under a flood from hundreds of addresses: a single address adds at
# most about a hundred rows in a window, as its own limit then refuses it. Kept apart by
# kind, so that a flood of sign-ins from strangers leaves room for the browsers that
# signed in before (only they add ``login-device`` rows), for result codes and for sign-ups.
ROWS_PER_KIND = 20_000
# Expired rows removed at a time, by an attempt that is about to add one: enough to keep
# ahead of any flood, as each attempt adds at most three.
PURGE_BATCH = 1_000
# Another attempt may add one of the same keys at the same moment (on PostgreSQL, where
# the new row cannot be locked before it exists): then look again, and lock it.
_TRIES = 5


def attempt(limits: list[tuple[str, Limit]]) -> int:
    """Count one attempt under every key of ``limits``, unless one is full.

    Returns 0 when the attempt may go on (it is counted as a failure until ``succeeded``
    gives it back), else the whole minutes to wait, and nothing is written: a refused
    attempt adds no row and changes no count, however many are sent.

    The rows of the keys are locked before they are read, in one order (no deadlock), so
    attempts sent at the same moment are counted one after the other. A key without a
    row gets one only when the attempt is counted, and only while its kind has room
    (``ROWS_PER_KIND``): when a flood has filled it, an attempt that would need a new row
    of that kind is refused for the kind's window, as if its own limit were reached. No
    row is ever removed before its window ends, so a flood cannot clear anyone's count;
    and keys that have a row go on counting as before (docs/security.md).
    """
    wanted = sorted({_stored(key): limit for key, limit in limits}.items())  # one order: no deadlock
    tries = 1
    while True:
        try:
            return _count(wanted, timezone.now())
        except IntegrityError:
            # Another attempt added one of these keys since they were read (PostgreSQL):
            # this transaction is rolled back whole, and the row is there to lock now.
            if tries == _TRIES:
                raise
            tries += 1


def _count(wanted: list[tuple[str, Limit]], now: datetime.datetime) -> int:
    with transaction.atomic():
        rows = {key: Throttle.objects.select_for_update().filter(key=key).first() for key, _ in wanted}
        wait = max(
            (_minutes_left(row, limit, now) for key, limit in wanted if (row := rows[key]) is not None), default=0
        )
        if wait:
            return wait
        new = [(key, limit) for key, limit in wanted if rows[key] is None]
        if new:
            _purge(now, keep=[key for key, _ in wanted])
            full = _full_kinds({_kind(key) for key, _ in new})
            if full:
                return max(limit.minutes for key, limit in new if _kind(key) in full)
        for key, limit in wanted:
            row = rows[key]
            if row is None:
                Throttle.objects.create(key=key, window_started_at=now, failures=1)
            elif row.window_started_at + datetime.timedelta(minutes=limit.minutes) <= now:
                Throttle.objects.filter(pk=row.pk).update(window_started_at=now, failures=1)
            else:
                Throttle.objects.filter(pk=row.pk).update(failures=F("failures") + 1)
    return 0


def _purge(now: datetime.datetime, *, keep: list[str]) -> None:
    """Remove rows that count nothing: windows that have ended, and counts given back to zero.

    Rows another attempt holds are skipped, not waited for (no deadlock), and so are the
    attempt's own rows (``keep``), which it is about to count in.
    """
    ended = Q(failures=0) | Q(window_started_at__lte=now - datetime.timedelta(minutes=_LONGEST_WINDOW))
    for kind, limit in _WINDOWS.items():
        ended |= Q(key__startswith=f"{kind}:", window_started_at__lte=now - datetime.timedelta(minutes=limit.minutes))
    ids = list(
        Throttle.objects.filter(ended)
        .exclude(key__in=keep)
        .select_for_update(skip_locked=True)
        .values_list("pk", flat=True)[:PURGE_BATCH]
    )
    if ids:
        Throttle.objects.filter(pk__in=ids).delete()


def _full_kinds(kinds: set[str]) -> set[str]:
    """The kinds among ``kinds`` that have no room for another row (one query)."""
    ordered = sorted(kinds)
    rows = Throttle.objects.aggregate(
        **{f"kind{n}": Count("pk", filter=Q(key__startswith=f"{kind}:")) for n, kind in enumerate(ordered)}
    )
    return {kind for n, kind in enumerate(ordered) if rows[f"kind{n}"] >= ROWS_PER_KIND}


def succeeded(key: str) -> None:
    """Give back the attempt counted under ``key``: it did not fail."""
    Throttle.objects.filter(key=_stored(key), failures__gt=0).update(failures=F("failures") - 1)


def forget(key: str) -> None:
    """Clear ``key`` after a success, so a player who finally typed it right starts afresh."""
    Throttle.objects.filter(key=_stored(key)).delete()
