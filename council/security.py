"""Headers every answer carries (the Content-Security-Policy), and log lines without link keys.

Every script and style comes from the app's own static files; pages hold no inline
script, no style attribute and no style element (tests/events/views/test_access.py checks every page,
and the browser tests fail on any violation Chromium reports). QR codes are inline SVG,
which needs no image source. Django's SecurityMiddleware and X_FRAME_OPTIONS add the
rest (nosniff, Referrer-Policy, X-Frame-Options).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

from django.http import HttpRequest
from django.http.response import HttpResponseBase

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def content_security_policy(
    get_response: Callable[[HttpRequest], HttpResponseBase],
) -> Callable[[HttpRequest], HttpResponseBase]:
    """Middleware: the policy on every answer that does not set its own."""

    def middleware(request: HttpRequest) -> HttpResponseBase:
        response = get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response

    return middleware


# Addresses whose last part is a key: a player's deck link, the staff link, a gathering entrant's own page.
_KEYED_ADDRESS = re.compile(r"(/(?:deck|staff|you)/)[A-Za-z0-9_-]{8,}")


class HideLinkKeys(logging.Filter):
    """Takes the keys out of private links in log lines ("Not Found: /e/open/deck/…/").

    Django logs the address of every 4xx and 5xx answer; a log read by a host's staff
    must not open a player's deck list or make anyone staff.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = hide_link_keys(str(record.msg))
        if isinstance(record.args, tuple):
            record.args = tuple(hide_link_keys(arg) if isinstance(arg, str) else arg for arg in record.args)
        return True


def hide_link_keys(text: str) -> str:
    """``text`` with the key of every private link in it replaced by "…"."""
    return _KEYED_ADDRESS.sub(r"\1…", text)
