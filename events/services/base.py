"""What every service shares: its refusals, the event lock, and the record of each change.

A service is one function per change to an event. It runs in one durable transaction
(never inside another's), locks the event's row (``locked_event``), checks the rule,
changes the rows, and calls ``record_change``, which writes the audit entry and moves
the event to a new version, in the same transaction. Views call exactly one service and
turn a ``ServiceError`` into a message next to the field it names.
"""

from __future__ import annotations

import re
from typing import Any

from django.db.models import F
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring

from ..i18n import say
from ..models import AuditEntry, Event, Gathering
from ..record_words import AuditAction
from ..roles import Actor


class ServiceError(Exception):
    """A refused change, with the form field it concerns and the rule that refuses it.

    The message is in the language of the request; an engine's sentence (a
    ``scoring.messages.Text``) given as the message is said in it here.
    """

    def __init__(self, message: str, *, field: str | None = None, rule: str | None = None):
        message = say(message)
        super().__init__(message)
        self.message = message
        self.field = field
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message

    @classmethod
    def from_rule(cls, error: scoring.RuleError, fields: dict[str, str] | None = None) -> ServiceError:
        """The engine's error, its field path translated to a form field."""
        field: str | None = error.field
        if field and fields:
            field = next((form_field for path, form_field in fields.items() if field.startswith(path)), None)
        return cls(say(error.message), field=field, rule=error.rule)

    @classmethod
    def from_rule_line(cls, error: scoring.RuleError, *, field: str | None = None) -> ServiceError:
        """The engine's error as one line (its field path, its message, its rule), for ``field``."""
        return cls(rule_error_line(error), field=field)


def rule_error_line(error: scoring.RuleError) -> str:
    """``RuleError.one_line`` in the reader's language: "path: message [rule]"; the path and rule stay as they are."""
    message = say(error.message)
    line = re.fullmatch(r"line (\d+)", error.field or "")
    if line:
        # A deck list's line, as the player numbers them.
        return _("line %(number)s: %(message)s") % {"number": line.group(1), "message": message}
    if error.field == "list":
        return message
    if error.field and error.rule:
        # Translators: %(path)s is where in a document the error is, such as players[2].name; %(rule)s cites a
        # clause of the policy documents, in English.
        return _("%(path)s: %(message)s [%(rule)s]") % {"path": error.field, "message": message, "rule": error.rule}
    if error.field:
        # Translators: %(path)s is where in a document the error is, such as players[2].name.
        return _("%(path)s: %(message)s") % {"path": error.field, "message": message}
    if error.rule:
        # Translators: %(rule)s cites a clause of the policy documents, in English.
        return _("%(message)s [%(rule)s]") % {"message": message, "rule": error.rule}
    return message


class Conflict(ServiceError):
    """The event changed after the form was opened: what the form was sent against is no longer so.

    The form comes back showing what is there now, and makes the change only when sent again.
    """


class NeedsConfirmation(ServiceError):
    """The change is allowed but unusual; it is made only when asked again with confirm.

    The warnings are said in the request's language (the engine's are ``Text``).
    """

    def __init__(self, warnings: list[str], *, field: str | None = None):
        warnings = [say(warning) for warning in warnings]
        super().__init__("; ".join(warnings), field=field)
        self.warnings = warnings


def results_missing(label: str, tables: list[int]) -> str:
    """The refusal of a change that needs every result of the round ``label`` while ``tables`` have none."""
    # Translators: %(round)s is a round's name, such as "Round 3"; %(tables)s lists table numbers: "4, 7".
    return ngettext(
        "%(round)s still needs results from table %(tables)s.",
        "%(round)s still needs results from tables %(tables)s.",
        len(tables),
    ) % {"round": label, "tables": ", ".join(map(str, tables))}


def locked_event(event: Event, *, hosted_copy_too: bool = False) -> Event:
    """The event re-read under a row lock, so that changes to one event run one at a time.

    PostgreSQL takes a row lock; SQLite takes its write lock at the start of the
    transaction (settings: ``transaction_mode`` IMMEDIATE). A hosted copy of a venue's event
    is refused: it changes only by what the venue publishes. Only publishing's services pass
    ``hosted_copy_too`` (services/hosted_copies.py), and the links to this server's player
    numbers (services/members.py), which are the server's own and outlast every push.
    """
    locked = Event.objects.select_for_update().get(pk=event.pk)
    if locked.hosted_copy and not hosted_copy_too:
        raise ServiceError(hosted_copy_refusal(), field="event")
    return locked


def hosted_copy_refusal() -> str:
    """Why a hosted copy of a venue's event takes no change here, in the language of the request."""
    return _("This event is run at its venue and published here: change it there, on the venue's laptop.")


def latest_round_pk(event: Event) -> int:
    """The pk of the event's latest round, for a change to a round or game of it (so it has one)."""
    latest = event.latest_round()
    assert latest is not None  # the round or game being changed is the event's
    return latest.pk


def record_change(
    event: Event,
    actor: Actor,
    action: AuditAction,
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
    ``action`` is a member of AuditAction: a bare string, even one spelled like a member, is refused,
    so that no code the enum does not know reaches the log.
    """
    if not isinstance(action, AuditAction):
        raise TypeError(f"record_change takes an AuditAction, not {action!r}")
    AuditEntry.objects.create(
        event=event,
        actor=actor.user if actor.user is not None and actor.user.pk else None,
        actor_label=str(actor.label),
        action=action,
        subject=subject,
        before=before,
        after=after,
        round_number=round_number,
        table=table,
    )
    # One more revision: the update locks the row, so two changes never share a number.
    Event.objects.filter(pk=event.pk).update(changed_at=timezone.now(), revision=F("revision") + 1)


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


def new_gathering_slug(name: str) -> str:
    """A slug for a new gathering named ``name``, numbered when another gathering has it."""
    base = slugify(name)[:50].strip("-") or "gathering"
    return unique_slug(base, set(Gathering.objects.filter(slug__startswith=base).values_list("slug", flat=True)))
