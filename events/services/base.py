"""What every service shares: its refusals, the event lock, and the record of each change.

A service is one function per change to an event. It runs in one durable transaction
(never inside another's), locks the event's row (``locked_event``), checks the rule,
changes the rows, and calls ``record_change``, which writes the audit entry and moves
the event to a new version, in the same transaction. Views call exactly one service and
turn a ``ServiceError`` into a message next to the field it names.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.text import slugify

import scoring

from ..models import AuditEntry, Event
from ..roles import Actor


class ServiceError(Exception):
    """A refused change, with the form field it concerns and the rule that refuses it."""

    def __init__(self, message: str, *, field: str | None = None, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message

    @classmethod
    def from_rule(cls, error: scoring.RuleError, fields: dict[str, str] | None = None) -> ServiceError:
        """The engine's error, its field path translated to a form field."""
        field = error.field
        if field and fields:
            field = next((form_field for path, form_field in fields.items() if field.startswith(path)), None)
        return cls(error.message, field=field, rule=error.rule)


class NeedsConfirmation(ServiceError):
    """The change is allowed but unusual; it is made only when asked again with confirm."""

    def __init__(self, warnings: list[str], *, field: str | None = None):
        super().__init__("; ".join(warnings), field=field)
        self.warnings = warnings


def locked_event(event: Event) -> Event:
    """The event re-read under a row lock, so that changes to one event run one at a time.

    PostgreSQL takes a row lock; SQLite takes its write lock at the start of the
    transaction (settings: ``transaction_mode`` IMMEDIATE).
    """
    return Event.objects.select_for_update().get(pk=event.pk)


def record_change(
    event: Event,
    actor: Actor,
    action: str,
    subject: str,
    *,
    before: Any = None,
    after: Any = None,
    round_number: int | None = None,
    table: int | None = None,
) -> None:
    """Write the change's audit entry and move the event to a new version (``Event.changed_at``).

    Every page, poll and kept part of the event follows ``changed_at``
    (events/caching/), so a change the pages must show always comes through here.
    """
    AuditEntry.objects.create(
        event=event,
        actor=actor.user if actor.user is not None and actor.user.pk else None,
        actor_label=actor.label,
        action=action,
        subject=subject,
        before=before,
        after=after,
        round_number=round_number,
        table=table,
    )
    Event.objects.filter(pk=event.pk).update(changed_at=timezone.now())


def unique_slug(base: str, taken: set[str]) -> str:
    """``base`` cut to 50 characters, numbered (``-2``, ``-3``...) until it is not in ``taken``."""
    base = base[:50].strip("-") or "x"
    candidate, number = base, 2
    while candidate in taken:
        candidate = f"{base}-{number}"
        number += 1
    return candidate


def new_event_slug(name: str) -> str:
    """A slug for a new event named ``name``, numbered when another event has it."""
    base = slugify(name)[:50].strip("-") or "event"
    return unique_slug(base, set(Event.objects.filter(slug__startswith=base).values_list("slug", flat=True)))
