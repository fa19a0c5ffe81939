"""Values every template may need."""

from django.conf import settings


def live_pages(request) -> dict:
    """How often polled regions ask the server for news (COUNCIL_POLL_SECONDS)."""
    return {"poll_seconds": settings.COUNCIL_POLL_SECONDS}
