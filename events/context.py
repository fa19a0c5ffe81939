"""Values every template may need."""

from typing import Any

from django.conf import settings
from django.http import HttpRequest


def live_pages(request: HttpRequest) -> dict[str, Any]:
    """How often polled regions ask the server for news (COUNCIL_POLL_SECONDS)."""
    return {"poll_seconds": settings.COUNCIL_POLL_SECONDS}
