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

from ..models import HousePolicy, HousePolicyVersion
from .base import ServiceError

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def save_house_policy(
    *, owner: User, document: dict[str, Any], editing: bool = False, shared: bool | None = None
) -> HousePolicy:
    """Keep ``document`` under its key: a new house policy of ``owner``, or (``editing``) a new version
    of one they keep. A new policy under a key already kept is refused: saving over it takes the
    edit page, so that nobody replaces a policy by choosing its key again. ``shared`` lets every
    coordinator on this server run events under it (only its owner changes it); None keeps it
    as it is (a new policy is not shared).

    The engine checks the document field by field (``scoring.house_policy_problems``); the
    first problem is refused as a ServiceError whose ``field`` is the document's path
    (``changes.time_limits.two-deck``), which the form maps to its own field. A key kept
    by another account is refused, unless ``owner`` is a superuser; an update keeps the
    policy's owner. An event made under an earlier version keeps the copy it took.

    The record of a house policy is its versions (``HousePolicyVersion``), not an event's
    audit log (a house policy belongs to no event): each save that changes the document adds
    the next version, with who saved it and when, in the same transaction. Each event made
    under the policy also records the document it took in its own log (``event.created``,
    ``event.updated``) and keeps it in its archive.
    """
    problems = scoring.house_policy_problems(document)
    if problems:
        raise ServiceError.from_rule(problems[0])
    _check_set_codes(document)
    key = document["key"]
    title = document["title"]
    with transaction.atomic(durable=True):
        kept = HousePolicy.objects.select_for_update().filter(key=key).first()
        if kept is None:
            try:
                with transaction.atomic():
                    kept = HousePolicy.objects.create(
                        key=key, title=title, document=document, owner=owner, shared=bool(shared)
                    )
            except IntegrityError:
                # Another account took the key between the check and the insert.
                raise ServiceError(_key_taken(key), field="key") from None
            _add_version(kept, owner)
            return kept
        if kept.owner_id != owner.pk and not owner.is_superuser:
            raise ServiceError(_key_taken(key), field="key")
        if not editing:
            raise ServiceError(
                _("You already keep a house policy under the key %(key)s: open it to change it, or choose another key.")
                % {"key": key},
                field="key",
            )
        changed = kept.document != document
        kept.title, kept.document = title, document
        if shared is not None:
            kept.shared = shared
        kept.save(update_fields=["title", "document", "shared", "updated_at"])
        if changed:
            _add_version(kept, owner)
        return kept


def _add_version(kept: HousePolicy, saved_by: User) -> None:
    last = kept.versions.order_by("-number").values_list("number", flat=True).first() or 0
    HousePolicyVersion.objects.create(
        policy=kept, number=last + 1, title=kept.title, document=kept.document, saved_by=saved_by
    )


def _key_taken(key: str) -> str:
    return _("Another account keeps a house policy under the key %(key)s: choose another key.") % {"key": key}


def _check_set_codes(document: dict[str, Any]) -> None:
    """Each fan set a house policy allows, and each printed set it leaves out, is one the card index
    knows: a code nobody wrote would quietly allow, or leave out, nothing (the engine, reading
    archives from anywhere, accepts any code)."""
    index = scoring.card_index()
    fan = index.fan_sets
    printed = {code: name for code, name in index.sets.items() if code not in fan}
    changes = document.get("changes", {})
    for change, known, message in (
        ("fan_sets", fan, _("%(code)s is not a fan set the card index knows; the sets: %(sets)s.")),
        ("excluded_sets", printed, _("%(code)s is not a printed set the card index knows; the sets: %(sets)s.")),
    ):
        for place, code in enumerate(changes.get(change, [])):
            if code not in known:
                raise ServiceError(
                    message
                    % {"code": code, "sets": ", ".join(f"{key} ({name})" for key, name in sorted(known.items()))},
                    field=f"changes.{change}[{place}]",
                )
