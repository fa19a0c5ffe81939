"""Template helpers: QR codes drawn on the server, as inline SVG, the audit log's changes, the engine's words, and
moments that each reader's browser shows in their own zone."""

from __future__ import annotations

import datetime
import functools
import json
from typing import Any
from urllib.parse import urlsplit

import segno
from django import template
from django.utils.formats import date_format
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

import scoring
from events import i18n
from events.models import AuditEntry, Event
from events.pages.addresses import public_address
from events.record_words import AuditAction, action_said
from events.roles import actor_said

register = template.Library()

LOOPBACK_HOSTS = {"localhost", "127.0.0.1", "::1"}


@register.filter
def say(value: Any) -> Any:
    """What the engine said (a scoring Text), in the page's language: ``{{ row.notes|say }}``-style use per item."""
    return i18n.say(value)


@register.filter
def duration(minutes: int) -> str:
    """A time limit in minutes as people say it, in the page's language: "2 hours", "7 days"."""
    return i18n.duration(minutes)


@register.filter
def local_time(moment: datetime.datetime) -> SafeString:
    """A moment in the zone it carries (the event's), named, in a ``<time data-local-time>`` element.

    Without a script the reader sees the event's time and the zone's name, never a bare
    UTC; ``static/council/live.js`` rewrites the text in the reader's own zone from the
    element's ISO 8601 ``datetime``, which keeps its offset.
    """
    zone = getattr(moment.tzinfo, "key", None) or moment.strftime("%Z")
    return format_html(
        '<time datetime="{}" data-local-time>{} (<span translate="no">{}</span>)</time>',
        moment.isoformat(timespec="seconds"),
        date_format(moment, "DATETIME_FORMAT"),
        zone,
    )


@register.filter
def built_from(policy: scoring.Policy) -> scoring.Policy | None:
    """The released text a house policy is built from (``{% with base=policy|built_from %}``); else None."""
    return scoring.POLICIES.get(policy.base) if policy.is_house_policy else None


@register.filter
def action(code: object) -> str:
    """A recorded change's action code in words, in the page's language: ``{{ entry.action|action }}``."""
    return action_said(str(code))


@register.filter
def is_action(code: object, name: str) -> bool:
    """Whether a kept action code is the AuditAction member of that name.

    ``{% if entry.action|is_action:"RESULT_REPORTED" %}``.

    A name that is no member fails the page (KeyError) rather than compare false unseen.
    """
    return code == AuditAction[name]


@register.filter
def actor(label: object) -> str:
    """Who made a recorded change, in the page's language: a user name as written, "staff link" translated."""
    return actor_said(str(label))


@register.filter
def midsentence(value: object) -> str:
    """A title or label as it reads inside a sentence: its first letter small ("Start the playoff"),
    except in German, which writes every noun with a capital."""
    text = str(value)
    if not text or (get_language() or "").startswith("de"):
        return text
    return text[0].lower() + text[1:]


@register.simple_tag
def qr_code(url: str, label: str) -> SafeString:
    """An SVG QR code for ``url`` that scales with its box, named for screen readers.

    Error correction M survives a crease or a thumb over a printed code.
    """
    svg = _qr_svg(url, label)
    figure = format_html(
        '<figure class="qr" role="img" aria-label="{}">{}<figcaption translate="no">{}</figcaption></figure>',
        label,
        mark_safe(svg),
        url,
    )
    if urlsplit(url).hostname in LOOPBACK_HOSTS:
        # The commonest slip at a venue: a code that only the laptop itself can open.
        warning = _(
            "Phones cannot open %(host)s. Open Council at this laptop's network address (make run prints "
            "it), or set %(setting)s, and this code follows."
        )
        # The sentence is escaped first, then the host (escaped too) and the setting's code go in.
        figure += format_html(
            '<p class="warn qr-warning">{}</p>',
            mark_safe(
                escape(warning) % {"host": escape(urlsplit(url).hostname), "setting": "<code>COUNCIL_PUBLIC_URL</code>"}
            ),
        )
    return figure


@functools.lru_cache(maxsize=256)
def _qr_svg(url: str, label: str) -> str:
    # Drawing a code takes milliseconds and the desk shows the same one on every view.
    return segno.make(url, error="m").svg_inline(
        scale=1, omitsize=True, title=label, svgclass="qr-code", lineclass=None
    )


@register.simple_tag(takes_context=True)
def public_qr_code(context: template.Context, event: Event, label: str) -> SafeString:
    """The QR code of the event's public page, for the page being rendered."""
    return qr_code(public_address(context["request"], event), label)


def _shown(value: object) -> object:
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return value


@register.filter
def audit_changes(entry: AuditEntry) -> list[tuple[str, object, object]]:
    """An audit entry's before and after as (what, before, after), only what changed.

    Entries that record dicts show the keys whose values differ; anything else shows whole.
    """
    before, after = entry.before, entry.after
    if isinstance(before, dict) and isinstance(after, dict):
        keys = list(dict.fromkeys([*before, *after]))
        return [
            (key, _shown(before.get(key)), _shown(after.get(key))) for key in keys if before.get(key) != after.get(key)
        ]
    if isinstance(after, dict) and before is None:
        return [(key, None, _shown(value)) for key, value in after.items()]
    if before is None and after is None:
        return []
    return [("", _shown(before), _shown(after))]
