"""Snapshots: the whole event kept as an archive as each round is paired and completed, and restored.

docs/operations.md says when they are taken and how a coordinator uses them.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scoring import collection_paused

from ..archive import event_archive
from ..models import Event, Round, Snapshot
from ..record_words import AuditAction
from ..roles import Actor
from .base import locked_event, record_change
from .impartial import check_no_open_own_game
from .imports import checked_archive, replace_contents


def snapshot(event: Event, reason: str, round_number: int | None, *, data: dict[str, Any] | None = None) -> Snapshot:
    """Keep the event as it is now, inside the caller's transaction.

    ``data`` is the event's archive as it is now, when the caller has it already (a pairing
    read the event and added its round): what ``event_archive`` would read again.
    """
    # The archive is read, written out and dropped at once: no collection is started by its objects meanwhile.
    with collection_paused():
        return Snapshot.objects.create(
            event=event, reason=reason, round_number=round_number, data=event_archive(event) if data is None else data
        )


def snapshot_if_round_complete(event: Event, rnd: Round, *, had_result: bool) -> None:
    """Keep the event when a game's new result was its round's last; ``had_result`` says it was a correction.

    Corrections after that are in the audit log and in the next round's snapshot.
    """
    if not had_result and not rnd.games.filter(result__isnull=True).exists():
        snapshot(event, _("%(round)s complete") % {"round": rnd.label}, rnd.number)


def _latest_round_number(event: Event) -> int | None:
    latest = event.latest_round()
    return latest.number if latest else None


def take_snapshot(event: Event, *, actor: Actor) -> Snapshot:
    """Keep the event as it is now, on the coordinator's request (e.g. before a risky fix)."""
    with transaction.atomic(durable=True):
        event = locked_event(event)
        # Translators: %(who)s is who took the snapshot: a user name, or "staff link".
        taken = snapshot(event, _("Taken by %(who)s") % {"who": actor.label}, _latest_round_number(event))
        record_change(event, actor, AuditAction.SNAPSHOT_TAKEN, taken.reason, after={"snapshot": taken.pk})
    return taken


def restore_snapshot(kept: Snapshot, *, actor: Actor) -> Event:
    """Put the event back as it was in the snapshot ``kept``.

    The present state is snapshotted first, so a restore can itself be undone. Players
    keep their rows (matched by archive id), so phones that chose "this is me" still
    find themselves; rounds and games are rebuilt from the snapshot with new result
    codes and a ready clock. Staff, the staff link, the audit log and the snapshots stay.
    What no archive holds stays with each player of the snapshot even when their row must
    be made again: their deck list, sealed product, deck link, challenge deck or scenario,
    capability note, contacts and the person of the event's gathering they are (a player
    made again is linked to that person from the snapshot's gathering). Deck checks belong
    to their rounds and go with them; players the snapshot lacks go with all they had.
    """
    checked = checked_archive(kept.data)
    archive = checked["archive"]
    with transaction.atomic(durable=True):
        event = locked_event(kept.event)
        check_no_open_own_game(event, actor)
        # Translators: %(reason)s is the restored snapshot's own, such as "Round 3 paired".
        before = snapshot(
            event, _("Before restoring “%(reason)s”") % {"reason": kept.reason}, _latest_round_number(event)
        )
        replace_contents(event, checked, source="snapshot")
        record_change(
            event,
            actor,
            AuditAction.SNAPSHOT_RESTORED,
            kept.reason,
            before={"snapshot": before.pk, "rounds": before.round_number},
            after={"snapshot": kept.pk, "rounds": len(archive.all_rounds), "players": len(archive.players)},
        )
    return event
