"""The event's own language, for what the whole room reads: the projector and the printouts.

A phone reads in its owner's language (the switcher's cookie, else the browser's); a
screen on the wall and a sheet on the table are read by everyone, so they are in the
language the coordinator set for the event, whatever the laptop's browser asks
(docs/i18n.md).
"""

from __future__ import annotations

import functools
from typing import Any

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils import translation

from ..models import Event
from .access import View


def in_event_language(view: View) -> View:
    """Run ``view(request, slug, ...)`` in its event's language (outermost, so a poll's version agrees
    with its page)."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponseBase:
        language = Event.objects.filter(slug=slug).values_list("language", flat=True).first()
        if language is None:
            return view(request, slug, *args, **kwargs)
        with translation.override(language):
            response = view(request, slug, *args, **kwargs)
        response.headers["Content-Language"] = language
        return response

    return wrapper
