"""What the app keeps of an event beside its rules: its status, date and place, its gathering.

The engine checks these fields of the archive's ``event`` object against the rest of the
document and does not use them to score, rank or pair (docs/archive-format.md).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import RuleError
from ..limits import MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_NOTE_LENGTH, MAX_ROUNDS
from ..messages import _
from ..policies.terms import PLAYOFF_RESOLUTIONS
from .event import Player
from .fields import choice_field, only_fields, text_field, whole_field
from .rounds import Round

EVENT_STATUSES = ("registration", "running", "closed")


@dataclass(frozen=True)
class GatheringRecord:
    """The gathering an event is part of (a weekend of several events sharing one registration).

    ``entrants`` maps a player's id in this archive to their id in the gathering: the same
    entrant id in two events of one gathering is one person (docs/rules.md, reading 102).
    """

    id: str
    name: str
    entrants: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class EventRecord:
    """What the app keeps of an event beside its rules: the engine checks it and does not use it."""

    status: str
    date: datetime.date | None = None
    place: str = ""
    rounds_planned: int | None = None
    rounds_note: str = ""
    playoff_winner: str | None = None
    gathering: GatheringRecord | None = None


def parse_date(value: object, field: str) -> datetime.date:
    """A date written as ``2026-11-21`` (year, month, day), or a RuleError naming the field."""
    try:
        if not (isinstance(value, str) and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value)):
            raise ValueError(value)
        return datetime.date.fromisoformat(value)
    except ValueError:
        # Translators: "date" is a field's name in the archive; %(value)s is the value given, kept as written.
        raise RuleError(
            _("date must be an ISO date like 2026-11-21, not %(value)s", value=repr(value)), field=field
        ) from None


def parse_gathering(data: object, by_id: dict[str, Player]) -> GatheringRecord:
    """The ``event.gathering`` object: its id, its name, and which entrant of it each player is."""
    if not isinstance(data, dict):
        # Translators: %(what)s is a field's name in the archive, kept as written.
        raise RuleError(_("%(what)s must be an object", what="gathering"), field="event.gathering")
    only_fields(data, {"id", "name", "entrants"}, "event.gathering")
    raw_entrants = data.get("entrants", {})
    if not isinstance(raw_entrants, dict):
        # Translators: %(what)s is a field's name in the archive, kept as written.
        raise RuleError(_("%(what)s must be an object", what="entrants"), field="event.gathering.entrants")
    entrants: dict[str, str] = {}
    for player_id, entrant_id in raw_entrants.items():
        where = f"event.gathering.entrants.{player_id}"
        if player_id not in by_id:
            # Translators: %(player)s is a player's id in the archive, kept as written.
            raise RuleError(_("unknown player %(player)s", player=repr(player_id)), field=where)
        entrants[player_id] = text_field(entrant_id, where, "entrant", MAX_ID_LENGTH)
    seen: dict[str, str] = {}
    for player_id, entrant_id in entrants.items():
        if entrant_id in seen:
            # One person registers once in an event: two players of it are two entrants.
            raise RuleError(
                # Translators: %(entrant)s is an entrant's id, %(first)s and %(second)s players' ids, kept as written.
                _(
                    "entrant %(entrant)s is both %(first)s and %(second)s",
                    entrant=repr(entrant_id),
                    first=repr(seen[entrant_id]),
                    second=repr(player_id),
                ),
                field=f"event.gathering.entrants.{player_id}",
            )
        seen[entrant_id] = player_id
    return GatheringRecord(
        id=text_field(data.get("id"), "event.gathering.id", "id", MAX_ID_LENGTH),
        name=text_field(data.get("name"), "event.gathering.name", "name", MAX_NAME_LENGTH),
        entrants=entrants,
    )


def parse_record(
    data: dict[str, Any], by_id: dict[str, Player], rounds: tuple[Round, ...], swiss_rounds: int
) -> EventRecord:
    """The app's own fields of the ``event`` object, checked against the rest of the archive."""
    status = choice_field(
        data.get("status", "running" if rounds else "registration"), EVENT_STATUSES, "event.status", "status"
    )
    if status == "registration" and rounds:
        raise RuleError(_("an event with rounds is not in registration"), field="event.status")
    if status == "closed" and rounds and not rounds[-1].complete:
        raise RuleError(_("a closed event has every result"), field="event.status")
    date = data.get("date")
    planned = data.get("rounds_planned")
    if planned is not None:
        planned = whole_field(
            planned, "event.rounds_planned", "rounds_planned", minimum=max(1, swiss_rounds), maximum=MAX_ROUNDS
        )
    winner = data.get("playoff_winner")
    if winner is not None and (not isinstance(winner, str) or winner not in by_id):
        # Translators: %(player)s is a player's id in the archive, kept as written.
        raise RuleError(_("unknown player %(player)s", player=repr(winner)), field="event.playoff_winner")
    if winner is not None and data.get("tie_resolution", "playoff") not in PLAYOFF_RESOLUTIONS:
        raise RuleError(_("a playoff winner needs the playoff posted for a tied lead"), field="event.playoff_winner")
    gathering = data.get("gathering")
    return EventRecord(
        status=status,
        date=parse_date(date, "event.date") if date is not None else None,
        place=text_field(data.get("place", ""), "event.place", "place", MAX_NAME_LENGTH, may_be_empty=True),
        rounds_planned=planned,
        rounds_note=text_field(
            data.get("rounds_note", ""), "event.rounds_note", "rounds_note", MAX_NOTE_LENGTH, may_be_empty=True
        ),
        playoff_winner=winner,
        gathering=parse_gathering(gathering, by_id) if gathering is not None else None,
    )
