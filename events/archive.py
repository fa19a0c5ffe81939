"""The event's rows as the engine's ``council-archive`` data, and back.

Reading an event costs three queries (players, rounds, games) whatever its size, so
every page that needs standings or pairings stays flat in its query count.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from typing import Any

from django.db.models import TextField
from django.db.models.functions import Cast

import scoring

from .models import Event, Game, Gathering

# What an archive's player entry reads of a player's row, in order (``_player_entry``).
_PLAYER_COLUMNS = (
    "id",
    "archive_id",
    "name",
    "status",
    "dropped_after_round",
    "deck_capability",
    "avatar",
    "ranking",
)


def event_archive(event: Event) -> dict[str, Any]:
    """The whole event as a ``council-archive`` document (docs/archive-format.md).

    Deterministic: players in registration order, rounds by number, games by table,
    so that export, import, export gives the same JSON.
    """
    # Only the columns an archive holds, as tuples: a game row also keeps its codes, reports and
    # explanation, which a model instance would read and decode for each of thousands of games.
    players = list(event.players.order_by("id").values_list(*_PLAYER_COLUMNS))
    id_of = {row[0]: row[1] for row in players}
    rounds = list(event.rounds.order_by("number").only("event", "number", "stage", "bye", "seed"))
    stages = list(event.stages.order_by("number"))
    stage_number = {stage.pk: stage.number for stage in stages}
    games_by_round: dict[int, list[tuple[int, int, int, Any]]] = {}
    # The results as their JSON text, decoded in one call: one decoding per row, as the field does it, was a fifth
    # of pressing "pair" at 1,000 players (docs/performance.md).
    rows = list(
        Game.objects.filter(round__event=event)
        .order_by("round_id", "table")
        .values_list("round_id", "table", "player_a_id", "player_b_id", Cast("result", TextField()))
    )
    results = json.loads("[" + ",".join([row[4] or "null" for row in rows]) + "]")
    for (round_id, table, player_a, player_b, _text), result in zip(rows, results, strict=True):
        games_by_round.setdefault(round_id, []).append((table, player_a, player_b, result))

    header: dict[str, Any] = {
        "name": event.name,
        "policy": event.rules.as_document(),
        "game_type": event.game_type,
        "tie_resolution": event.tie_resolution,
        "format": event.format,
        "first_round_pairing": event.first_round_pairing,
        "status": event.status,
    }
    if event.date:
        header["date"] = event.date.isoformat()
    if event.place:
        header["place"] = event.place
    if event.rounds_planned:
        header["rounds_planned"] = event.rounds_planned
    if event.rounds_note:
        header["rounds_note"] = event.rounds_note
    if event.playoff_winner_id:
        header["playoff_winner"] = id_of[event.playoff_winner_id]
    # The stage settings only where they differ from a plain Swiss event, as an older event exports them.
    stage_settings = (("structure", "swiss"), ("elimination", "single"), ("seeding", "ranking"), ("top_cut", None))
    for name, plain in (*stage_settings, ("pools", None), ("advance", None)):
        if getattr(event, name) != plain:
            header[name] = getattr(event, name)
    if event.gathering_id is not None:
        header["gathering"] = _gathering_entry(event, event.gathering_id)
    return {
        "format": scoring.archive_format(
            event.rules,
            {(game[3] or {}).get("kind", "") for games in games_by_round.values() for game in games},
            event.structure,
            in_gathering=bool(event.gathering_id),
        ),
        "event": header,
        "players": [_player_entry(*row) for row in players],
        "stages": [stage.as_archive() for stage in stages],
        "rounds": [
            {
                "number": rnd.number,
                **({"stage": stage_number[rnd.stage_id]} if rnd.stage_id else {}),
                "bye": id_of[rnd.bye_id] if rnd.bye_id else None,
                **({"seed": rnd.seed} if rnd.seed is not None else {}),
                "games": [
                    {"table": table, "players": [id_of[player_a], id_of[player_b]], "result": result}
                    for table, player_a, player_b, result in games_by_round.get(rnd.pk, [])
                ],
            }
            for rnd in rounds
        ],
    }


def _gathering_entry(event: Event, gathering_id: int) -> dict[str, Any]:
    """The event's gathering and which of its entrants each player is (two queries, only for such an event)."""
    archive_id, name = Gathering.objects.filter(pk=gathering_id).values_list("archive_id", "name").get()
    entrants = dict(
        event.players.filter(entrant__gathering_id=gathering_id)
        .order_by("id")
        .values_list("archive_id", "entrant__archive_id")
    )
    return {"id": archive_id, "name": name, "entrants": entrants}


def _player_entry(
    _pk: int,
    archive_id: str,
    name: str,
    status: str,
    dropped_after_round: int | None,
    deck_capability: str,
    avatar: str,
    ranking: int | None,
) -> dict[str, Any]:
    """A player's entry from their row's ``_PLAYER_COLUMNS``, read as a tuple."""
    entry: dict[str, Any] = {"id": archive_id, "name": name, "status": status}
    if dropped_after_round is not None:
        entry["dropped_after_round"] = dropped_after_round
    entry["deck_capability"] = deck_capability
    if avatar:
        entry["avatar"] = avatar
    if ranking is not None:
        entry["ranking"] = ranking
    return entry


# The envelope of a venue's push to the hosted copy of its event (docs/archive-format.md, "Publishing").
PUBLISH_FORMAT = "council-publish/1"


def publication_document(event: Event, source: str) -> tuple[dict[str, Any], int]:
    """What a venue pushes of ``event`` to its hosted copy, and the revision it carries (its sequence).

    The rows are read by several queries; a change committed between them could make them
    disagree. Every change moves the revision in its own transaction, so a document whose
    revision reads the same before and after it was built holds that revision exactly; one
    built across a change is built again. The latest round's clock goes with it, as the
    time left (the laptop's own clock may be off), so that those following from afar see it;
    and the event's time zone, so that they read times as the venue does.
    """
    for _attempt in range(5):
        revision = Event.objects.values_list("revision", flat=True).get(pk=event.pk)
        try:
            document = _publication(Event.objects.get(pk=event.pk), source, revision)
        except KeyError:  # a player registered, or a round undone, between two of the reads
            continue
        if Event.objects.values_list("revision", flat=True).get(pk=event.pk) == revision:
            break
    else:
        # Changing all the time: this document holds at least its revision; the next push carries the rest.
        document = _publication(Event.objects.get(pk=event.pk), source, revision)
    return document, revision


def _publication(event: Event, source: str, revision: int) -> dict[str, Any]:
    latest = event.latest_round()
    clock = None
    if latest is not None:
        reading = latest.clock()
        remaining = reading.remaining if reading.ends_at is None else reading.ends_at - time.time()
        clock = {"round": latest.number, "state": reading.state, "remaining": remaining}
    return {
        "format": PUBLISH_FORMAT,
        "source": source,
        "sequence": revision,
        "time_zone": event.time_zone,
        "archive": event_archive(event),
        "clock": clock,
    }


def load_archive(event: Event) -> scoring.Archive:
    """The event checked by the engine, ready for standings and pairing."""
    return scoring.parse_archive(event_archive(event))


# The archives read while one page is put together (``archives_shared``), by event and state.
_shared: ContextVar[dict[tuple[int, datetime], scoring.Archive] | None] = ContextVar("shared_archives", default=None)


@contextmanager
def archives_shared() -> Iterator[None]:
    """While the block runs, ``read_archive`` reads each state of an event once.

    A page whose kept parts are all built anew after a change (the coordinator's standings
    and the finals board beside them) would read the whole event once per part: at 20,000
    players, a fifth of a second each.
    """
    token = _shared.set({})
    try:
        yield
    finally:
        _shared.reset(token)


def read_archive(event: Event) -> scoring.Archive:
    """``load_archive`` for the read models' kept parts: shared inside ``archives_shared`` by the event's state.

    Never for a change: a service reads the rows its own transaction sees (``load_archive``).
    """
    shared = _shared.get()
    if shared is None:
        return load_archive(event)
    key = (event.pk, event.changed_at)
    if key not in shared:
        shared[key] = load_archive(event)
    return shared[key]


def score_game_result(game: Game, result: object) -> scoring.ScoredResult:
    """The engine's points for ``result`` at ``game``, under its event's policy and game type.

    A game of a bracket must have a winner: a level result names the dice roll's (``roll_winner``).
    A scoring.RuleError, naming the result's field, when the policy refuses the result.
    """
    event = game.round.event
    return scoring.score_result(
        event.rules,
        event.game_type,
        result,
        (game.player_a.deck_capability, game.player_b.deck_capability),
        elimination=game.round.is_elimination,
    )
