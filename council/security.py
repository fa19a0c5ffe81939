"""Headers every answer carries: the Content-Security-Policy.

Every script and style comes from the app's own static files; pages hold no inline
script, no style attribute and no style element (tests/events/views/test_access.py checks every page,
and the browser tests fail on any violation Chromium reports). QR codes are inline SVG,
which needs no image source. Django's SecurityMiddleware and X_FRAME_OPTIONS add the
rest (nosniff, Referrer-Policy, X-Frame-Options).
"""

from __future__ import annotations

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


def content_security_policy(get_response):
    """Middleware: the policy on every answer that does not set its own."""

    def middleware(request):
        response = get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response

    return middleware
