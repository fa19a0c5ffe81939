"""Full addresses of an event's pages, for QR codes and printouts."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse

from ..models import Event, Gathering


def public_address(request: HttpRequest, event: Event) -> str:
    """The public page's full address for QR codes and printouts.

    COUNCIL_PUBLIC_URL wins when set (a server behind a proxy); otherwise the address
    the coordinator's browser used, which at a venue is the laptop's Wi-Fi address.
    """
    path = reverse("events:public", args=[event.slug])
    base = settings.COUNCIL_PUBLIC_URL
    return f"{base}{path}" if base else request.build_absolute_uri(path)


def gathering_address(request: HttpRequest, gathering: Gathering) -> str:
    """The gathering's public page's full address, for its poster's QR code: as ``public_address`` makes an event's."""
    path = reverse("events:gathering_public", args=[gathering.slug])
    base = settings.COUNCIL_PUBLIC_URL
    return f"{base}{path}" if base else request.build_absolute_uri(path)
