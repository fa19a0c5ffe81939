"""House policies kept on the server: one made, or a new version of one saved.

A house policy is a ``council-house-policy/1`` document (``scoring/policies/house.py``)
kept under its key (``HousePolicy``). It is nobody's event: an event that runs under it
copies its document when it is made (``Event.policy_document``), so saving a kept policy
changes no event already made, and there is no event to lock or to move to a new version.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

import scoring

from ..models import HousePolicy
from .base import ServiceError

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def save_house_policy(*, owner: User, document: dict[str, Any], editing: bool = False) -> HousePolicy:
    """Keep ``document`` under its key: a new house policy of ``owner``, or (``editing``) a new version
    of one they keep. A new policy under a key already kept is refused: saving over it takes the
    edit page, so that nobody replaces a policy by choosing its key again.

    The engine checks the document field by field (``scoring.house_policy_problems``); the
    first problem is refused as a ServiceError whose ``field`` is the document's path
    (``changes.time_limits.two-deck``), which the form maps to its own field. A key kept
    by another account is refused, unless ``owner`` is a superuser; an update keeps the
    policy's owner. An event made under an earlier version keeps the copy it took.

    No audit entry is written: the audit log is each event's (``AuditEntry.event`` is
    required, and every entry moves its event to a new version), and a house policy
    belongs to no event. What the row keeps is its owner and ``updated_at``; each event
    made under the policy records the document it took in its own log
    (``event.created``, ``event.updated``) and keeps it in its archive. A log of house
    policies' versions would be a row of its own (a nullable event on ``AuditEntry``
    would break every event's audit page, filters and counts), left for when one is wanted.
    """
    problems = scoring.house_policy_problems(document)
    if problems:
        raise ServiceError.from_rule(problems[0])
    _check_fan_sets(document)
    key = document["key"]
    title = document["title"]
    with transaction.atomic(durable=True):
        kept = HousePolicy.objects.select_for_update().filter(key=key).first()
        if kept is None:
            try:
                with transaction.atomic():
                    return HousePolicy.objects.create(key=key, title=title, document=document, owner=owner)
            except IntegrityError:
                # Another account took the key between the check and the insert.
                raise ServiceError(_key_taken(key), field="key") from None
        if kept.owner_id != owner.pk and not owner.is_superuser:
            raise ServiceError(_key_taken(key), field="key")
        if not editing:
            raise ServiceError(
                _("You already keep a house policy under the key %(key)s: open it to change it, or choose another key.")
                % {"key": key},
                field="key",
            )
        kept.title, kept.document = title, document
        kept.save(update_fields=["title", "document", "updated_at"])
        return kept


def _key_taken(key: str) -> str:
    return _("Another account keeps a house policy under the key %(key)s: choose another key.") % {"key": key}


def _check_fan_sets(document: dict[str, Any]) -> None:
    """Each fan set a house policy allows is one the card index knows: a code nobody wrote would
    quietly allow nothing (the engine, reading archives from anywhere, accepts any code)."""
    known = scoring.card_index().fan_sets
    for index, code in enumerate(document.get("changes", {}).get("fan_sets", [])):
        if code not in known:
            raise ServiceError(
                _("%(code)s is not a fan set the card index knows; the sets: %(sets)s.")
                % {"code": code, "sets": ", ".join(f"{key} ({name})" for key, name in sorted(known.items()))},
                field=f"changes.fan_sets[{index}]",
            )
