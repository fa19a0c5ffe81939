"""A hosted copy of an event run at a venue: its publishing keys, and the pushes it takes (docs/operations.md,
"Publishing from a venue to a hosted site").

The hosted server's coordinator issues a key for an event (``issue_publishing_key``); from
then on the event is a **hosted copy**: read-only here (``base.locked_event`` refuses every
other change), and made, push by push, what the venue sends (``receive_publication``). A
push is the whole event as an archive, checked as an import is, with a sequence: the
venue's revision of the event (``Event.revision``). A push whose sequence the copy already
holds changes nothing, so a push sent twice or overtaken by a later one is harmless, and
nothing is lost, because each push carries everything. The venue's side is
``services/publishing.py``.
"""

from __future__ import annotations

import functools
import math
import secrets
import time
import zoneinfo
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import CLOCK_STATES, RUNNING, Clock

from ..archive import PUBLISH_FORMAT
from ..models import Event, PublishingKey, PublishingTarget, Round
from ..models.publishing import KEY_PREFIX, RETIRED_SOURCES_KEPT, SOURCE_LENGTH, key_digest
from ..record_words import AuditAction
from ..roles import VENUE, Actor
from .base import ServiceError, locked_event, record_change
from .imports import check_names_differ, checked_archive, replace_contents

# The longest a clock's time may be when pushed: the longest round of days, with extensions.
MAX_CLOCK_SECONDS = 60 * 60 * 24 * 60


def issue_publishing_key(event: Event, *, actor: Actor) -> tuple[PublishingKey, str]:
    """Issue a new key under which a venue publishes ``event`` here; returns its row and the key, shown once.

    The event becomes a hosted copy, read-only here. It must not have rounds of its own
    (an event run here is not overwritten by a venue's). A new key revokes the ones
    before it: one laptop publishes an event at a time.
    """
    with transaction.atomic(durable=True):
        event = locked_event(event, hosted_copy_too=True)
        if not event.hosted_copy and event.rounds.exists():
            raise ServiceError(
                _(
                    "This event has rounds of its own here. To follow an event run at a venue, make a new event "
                    "and issue its key."
                ),
                field="event",
            )
        if PublishingTarget.objects.filter(event=event).exists():
            raise ServiceError(
                _("This event is published from here to a hosted site: it is run here, not followed."), field="event"
            )
        if event.gathering_id is not None:
            raise ServiceError(
                _("Take the event out of its gathering first: a followed copy shares no registration."), field="event"
            )
        now = timezone.now()
        event.publishing_keys.filter(revoked_at__isnull=True).update(revoked_at=now)
        key = KEY_PREFIX + secrets.token_urlsafe(32)
        row = PublishingKey.objects.create(event=event, digest=key_digest(key), hint=key[-4:], issued_by=actor.user)
        if not event.hosted_copy:
            # What the venue publishes replaces what was here; nobody signs up to a copy.
            Event.objects.filter(pk=event.pk).update(hosted_copy=True, sign_up_opens_at=None, sign_up_closes_at=None)
        record_change(event, actor, AuditAction.PUBLISHING_KEY_ISSUED, f"…{row.hint}")
    return row, key


def revoke_publishing_key(event: Event, key_id: int, *, actor: Actor) -> PublishingKey:
    """Revoke one key of ``event``: pushes under it are refused from now on. The copy stays as it is."""
    with transaction.atomic(durable=True):
        event = locked_event(event, hosted_copy_too=True)
        row = event.publishing_keys.filter(pk=key_id).first()
        if row is None:
            raise ServiceError(_("This event has no such key."), field="key")
        if row.revoked_at is None:
            row.revoked_at = timezone.now()
            row.save(update_fields=["revoked_at"])
            record_change(event, actor, AuditAction.PUBLISHING_KEY_REVOKED, f"…{row.hint}")
    return row


def run_copy_here(event: Event, *, actor: Actor) -> Event:
    """Run a hosted copy here from now on, as it last arrived: when the venue's laptop is lost for good.

    Every key is revoked, so a laptop that comes back cannot overwrite what is done here.
    """
    with transaction.atomic(durable=True):
        event = locked_event(event, hosted_copy_too=True)
        if not event.hosted_copy:
            raise ServiceError(_("This event is run here already."), field="event")
        event.publishing_keys.filter(revoked_at__isnull=True).update(revoked_at=timezone.now())
        event.hosted_copy = False
        event.save(update_fields=["hosted_copy"])
        record_change(event, actor, AuditAction.PUBLISHING_STOPPED, _("Run here from now on"))
    return event


class PushRefused(ServiceError):
    """A push the hosted server does not take; ``status`` is the HTTP status the answer gives."""

    def __init__(self, message: str, *, status: int):
        super().__init__(message, field="publication")
        self.status = status


@dataclass(frozen=True)
class Received:
    """What a push did: made the copy what it carries (``applied``), or nothing, as the copy held it already."""

    applied: bool
    sequence: int
    event: Event


def _active_key(key: str) -> PublishingKey:
    row = PublishingKey.objects.filter(digest=key_digest(key), revoked_at__isnull=True).select_related("event").first()
    if row is None:
        raise PushRefused(_("This publishing key is not known here, or was revoked."), status=401)
    return row


def _number(value: object, name: str, low: float, high: float) -> float:
    # Decimal: the engine's JSON reader reads a fraction exactly (scoring.read_json).
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal) or not math.isfinite(value):
        raise PushRefused(_("%(field)s: not a number") % {"field": name}, status=400)
    if not low <= value <= high:
        raise PushRefused(
            _("%(field)s: must be from %(low)s to %(high)s") % {"field": name, "low": low, "high": high}, status=400
        )
    return float(value)


def _checked_clock(data: object, rounds: int) -> tuple[int, Clock] | None:
    """The latest round's clock a push carries, as (round number, clock); None when it carries none."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise PushRefused(_("%(field)s: not an object") % {"field": "clock"}, status=400)
    number = int(_number(data.get("round"), "clock.round", 1, max(rounds, 1)))
    state = data.get("state")
    if state not in CLOCK_STATES:
        raise PushRefused(_("%(field)s: not a clock's state") % {"field": "clock.state"}, status=400)
    if state == RUNNING:
        # Time left as the venue's laptop counted it when it sent the push: its own clock may be off,
        # the length of a minute is not (docs/archive-format.md, "Publishing").
        left = _number(data.get("remaining"), "clock.remaining", -MAX_CLOCK_SECONDS, MAX_CLOCK_SECONDS)
        return number, Clock(state=RUNNING, ends_at=time.time() + left)
    return number, Clock(state=state, remaining=_number(data.get("remaining"), "clock.remaining", 0, MAX_CLOCK_SECONDS))


@functools.cache
def _time_zones() -> frozenset[str]:
    # Read from the system's zone files once: every push names one.
    return frozenset(zoneinfo.available_timezones())


@dataclass(frozen=True)
class _Push:
    source: str
    sequence: int
    checked: dict[str, Any]
    clock: tuple[int, Clock] | None
    time_zone: str | None


def _checked_push(document: object) -> _Push:
    """A push's envelope and archive, checked whole before anything is written (docs/archive-format.md)."""
    if not isinstance(document, dict) or document.get("format") != PUBLISH_FORMAT:
        raise PushRefused(_("Not a %(format)s document.") % {"format": PUBLISH_FORMAT}, status=400)
    source = document.get("source")
    if not isinstance(source, str) or not 8 <= len(source) <= SOURCE_LENGTH or not source.isascii():
        raise PushRefused(_("%(field)s: not a source's id") % {"field": "source"}, status=400)
    sequence = int(_number(document.get("sequence"), "sequence", 0, 2**62))
    time_zone = document.get("time_zone")
    if time_zone is not None and time_zone not in _time_zones():
        raise PushRefused(_("%(field)s: not a time zone") % {"field": "time_zone"}, status=400)
    try:
        checked = checked_archive(document.get("archive"))
        check_names_differ(checked["archive"])
    except ServiceError as error:
        raise PushRefused(error.message, status=400) from None
    clock = _checked_clock(document.get("clock"), len(checked["archive"].all_rounds))
    return _Push(source, sequence, checked, clock, time_zone)


def receive_publication(key: str, document: object) -> Received:
    """Make the hosted copy of the key's event what the venue's push ``document`` carries, unless it holds it already.

    The key is checked first (``PushRefused`` 401), then the whole document as an import is
    (400, naming the field): nothing is written unless both pass. A push of the same source
    whose sequence the copy holds (sent twice, or overtaken) changes nothing; a push from a
    new source (the venue entered the key anew, or on another laptop) is taken whole.
    """
    found = _active_key(key)
    push = _checked_push(document)
    with transaction.atomic(durable=True):
        # The event first, then its key, as every other service of publishing locks them.
        event = locked_event(found.event, hosted_copy_too=True)
        row = PublishingKey.objects.select_for_update().filter(pk=found.pk).first()
        if row is None or row.revoked_at is not None or not event.hosted_copy:
            raise PushRefused(_("This publishing key is not known here, or was revoked."), status=401)
        same_source = row.last_source == push.source
        if (same_source and push.sequence <= row.last_sequence) or push.source in row.retired_sources:
            # Sent twice, or overtaken by a later push (of this source, or of one entered after it).
            return Received(applied=False, sequence=row.last_sequence, event=event)
        retired = row.retired_sources
        if not same_source and row.last_source:
            retired = [*retired, row.last_source][-RETIRED_SOURCES_KEPT:]
        replace_contents(event, push.checked, source="venue")
        if push.clock is not None:
            number, clock = push.clock
            Round.objects.filter(event=event, number=number).update(**Round.clock_values(clock))
        if push.time_zone is not None and push.time_zone != event.time_zone:
            Event.objects.filter(pk=event.pk).update(time_zone=push.time_zone)
        PublishingKey.objects.filter(pk=row.pk).update(
            retired_sources=retired,
            last_source=push.source,
            last_sequence=push.sequence,
            last_received_at=timezone.now(),
            pushes=F("pushes") + 1,
        )
        archive = push.checked["archive"]
        record_change(
            event,
            VENUE,
            AuditAction.PUBLISHING_RECEIVED,
            f"…{row.hint}",
            after={"sequence": push.sequence, "players": len(archive.players), "rounds": len(archive.all_rounds)},
        )
    return Received(applied=True, sequence=push.sequence, event=event)
