"""The event's record: the audit log narrowed as the coordinator asks, each table's versions, the snapshots."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

import scoring
from scoring import Text, text_from_data

from ..archive import score_game_result
from ..models import AuditEntry, Event, Game, Snapshot


def audit_choices(event: Event) -> tuple[QuerySet[AuditEntry, str], QuerySet[AuditEntry, str]]:
    """The kinds of change and the people in the event's log, for its filters."""
    everything = AuditEntry.objects.filter(event=event)
    return (
        everything.order_by("action").values_list("action", flat=True).distinct(),
        everything.order_by("actor_label").values_list("actor_label", flat=True).distinct(),
    )


def audit_entries(
    event: Event, *, action: str = "", round_number: int | None = None, table: int | None = None, actor: str = ""
) -> QuerySet[AuditEntry]:
    """The event's log, newest first; ``action`` ending in "." is a whole kind ("result.")."""
    entries = AuditEntry.objects.filter(event=event).select_related("actor")
    if action:
        entries = entries.filter(action__startswith=action) if action.endswith(".") else entries.filter(action=action)
    if round_number is not None:
        entries = entries.filter(round_number=round_number)
    if table is not None:
        entries = entries.filter(table=table)
    if actor:
        entries = entries.filter(actor_label=actor)
    return entries


def result_history(event: Event, game: Game) -> list[AuditEntry]:
    """Every version of the game's result, and the reports and confirmations around them, oldest first.

    Each entry's ``explained`` is its result's explanation in the engine's words, said in the
    reader's language: kept with the entry, or for an entry kept before the words were, the
    engine's explanation of its result when it reads as recorded; else the English recorded.
    """
    entries = list(
        AuditEntry.objects.filter(
            event=event, round_number=game.round.number, table=game.table, action__startswith="result."
        ).order_by("at", "id")
    )
    for entry in entries:
        entry.explained = _explained(game, entry.after or {})  # type: ignore[attr-defined]  # for the page, not a field
    return entries


def _explained(game: Game, after: dict[str, Any]) -> Text | str | None:
    """An entry's explanation: its words as kept, else the engine's when it reads as recorded, else as recorded."""
    if after.get("explanation_words"):
        return text_from_data(after["explanation_words"])
    if after.get("explanation") and after.get("result"):
        try:
            again = score_game_result(game, after["result"]).explanation
        except scoring.RuleError:
            return after.get("explanation")
        if str(again) == after["explanation"]:
            return again
    return after.get("explanation")


def snapshot_list(event: Event) -> QuerySet[Snapshot]:
    """The event's snapshots, newest first, without their documents."""
    return event.snapshots.defer("data")


def snapshot_of(event: Event, snapshot_id: int) -> Snapshot | None:
    """The event's snapshot of that id, or None (another event's is not found)."""
    snapshot = Snapshot.objects.filter(event=event, pk=snapshot_id).first()
    if snapshot is not None:
        snapshot.event = event
    return snapshot
