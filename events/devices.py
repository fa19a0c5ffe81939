"""Which device a player's report came from, so that one phone cannot report both sides of a game.

A report is marked with two keys, kept on the game beside the report:

- the browser's own key: a random value in a long-lived cookie (``REPORTER_COOKIE``),
  set the first time a phone opens the report page or its private link;
- the network key: the requester's address and browser (user agent) together, for a
  browser whose cookies were cleared, or a private window, between the two reports.

Two reports share a device when they share either key, except that a network key
shared by other browsers reporting at other tables of the round (phones behind one
venue address, of one make) no longer counts (``events/services/player_reports.py``).

Both are kept as keyed digests (HMAC with the secret key), never as the address or the
cookie itself: the record can say that two reports came from one device without saying
where anyone was. docs/security.md says what this catches and what it cannot.

A leaf: settings and the standard library only, so the models read it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from django.conf import settings

REPORTER_COOKIE = "council_reporter"
REPORTER_COOKIE_AGE = 60 * 60 * 24 * 400
_DIGEST_LENGTH = 12
_SEPARATOR = "|"


def _digest(kind: str, value: str) -> str:
    key = f"council.report-device.{kind}:{settings.SECRET_KEY}".encode()
    return hmac.new(key, value.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:_DIGEST_LENGTH]


def new_browser_key() -> str:
    """A new random value for a browser's reporter cookie."""
    return secrets.token_urlsafe(16)


def device_mark(browser_key: str, address: str, user_agent: str) -> str:
    """What a report keeps of the device it came from: its browser key's digest and its network's."""
    return _digest("browser", browser_key) + _SEPARATOR + _digest("network", f"{address}\n{user_agent[:500]}")


def same_device(first: str, second: str) -> bool:
    """Whether two reports' marks show one device: the same browser, or the same address and browser type."""
    return same_browser(first, second) or shares_network(first, second)


def _parts(mark: str) -> tuple[str, str]:
    browser, _, network = mark.partition(_SEPARATOR)
    return browser, network


def same_browser(first: str, second: str) -> bool:
    """Whether two marks carry the same browser key."""
    return bool(first and second) and _parts(first)[0] == _parts(second)[0] != ""


def shares_network(first: str, second: str) -> bool:
    """Whether two marks carry the same network key (address and browser type)."""
    return bool(first and second) and _parts(first)[1] == _parts(second)[1] != ""


def without_network(mark: str) -> str:
    """``mark`` with its network key forgotten: compared by its browser key alone."""
    return _parts(mark)[0] + _SEPARATOR


def device_label(mark: str) -> str:
    """A short name for the device of a mark, the same for every report it made: "A1B2-C3D4"."""
    browser = mark.split(_SEPARATOR)[0]
    return f"{browser[:4]}-{browser[4:8]}".upper() if browser else ""
