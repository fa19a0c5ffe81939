"""What the pages of a gathering show: its events and how each stands, and where an entrant plays now.

A gathering holds a handful of events (a main event and its side events), so each of
its events is read with a few queries of its own; the players' rows are read once.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from ..clocks import clock_display
from ..models import Entrant, Event, Game, Gathering, Player, Round


@dataclass(frozen=True)
class EventLine:
    """One event of the gathering as its pages list it."""

    event_id: int
    name: str
    slug: str
    date: datetime.date | None
    kind: str
    status: str
    progress: str
    players: int
    sign_up_open: bool


@dataclass(frozen=True)
class Seat:
    """Where an entrant plays now in one running event: their game of its latest round, or its bye."""

    event: str
    event_slug: str
    round_label: str
    table: int | None
    opponent: str
    settled: bool
    # The player's own page in the event (their report code, contacts and deck list); empty without a link.
    deck_token: str = ""
    clock: dict[str, Any] | None = None


@dataclass(frozen=True)
class Registration:
    """One event an entrant is registered in."""

    event: str
    event_slug: str
    status: str
    left: str  # "Dropped" or "Ejected" when the player left the event; "" while they play
    deck_token: str


@dataclass(frozen=True)
class GatheringPage:
    """The public page of a gathering: its events, and the phone's own person when it chose one."""

    gathering: Gathering
    events: list[EventLine]
    entrants: list[tuple[int, str]]
    # Whether any of its events takes sign-ups now.
    sign_up_open: bool
    me: Entrant | None = None
    seats: list[Seat] = field(default_factory=list)


@dataclass(frozen=True)
class EntrantPage:
    """An entrant's private page: where they play now, their events, and those they may still enter."""

    gathering: Gathering
    entrant: Entrant
    seats: list[Seat]
    registrations: list[Registration]
    open_to_enter: list[tuple[int, str]]


@dataclass(frozen=True)
class EntrantLine:
    """One entrant on the coordinator's page of the gathering."""

    id: int
    name: str
    token: str
    events: list[str]


@dataclass(frozen=True)
class GatheringDesk:
    """The coordinator's page of a gathering."""

    gathering: Gathering
    events: list[EventLine]
    entrants: list[EntrantLine]
    # The owner's events that may still join (not closed, in no gathering).
    addable: list[tuple[int, str]]
    # Entrants with a game waiting in two events at once (docs/rules.md, reading 103).
    clashes: list[str]


def _gathering_events(gathering: Gathering) -> list[Event]:
    # Shown: the players not ejected; the sign-up's cap counts every registration, as the service does.
    return list(
        gathering.events.annotate(
            player_count=Count("players", filter=~Q(players__status=Player.EJECTED)),
            registered=Count("players"),
        )
        .select_related("gathering")
        .order_by("date", "created_at", "pk")
    )


def _sign_up_open(event: Event, now: datetime.datetime) -> bool:
    return event.sign_up_closed(now, getattr(event, "registered", 0)) is None


def _progress(event: Event) -> str:
    if event.status == Event.REGISTRATION:
        return _("Registration")
    if event.status == Event.CLOSED:
        return _("Finished")
    latest = event.latest_round()
    # Translators: %(round)s is the round being played, such as "Round 3" or "Top 8, round 1".
    return _("%(round)s is on") % {"round": latest.label} if latest else _("Started: waiting for round 1")


def _line(event: Event, now: datetime.datetime) -> EventLine:
    return EventLine(
        event_id=event.pk,
        name=event.name,
        slug=event.slug,
        date=event.date,
        kind=f"{event.get_game_type_display()} · {event.get_format_display()}",
        status=event.get_status_display(),
        progress=_progress(event),
        players=getattr(event, "player_count", 0),
        sign_up_open=_sign_up_open(event, now),
    )


def _seat(player: Player, *, with_clock: bool) -> Seat | None:
    """The player's game of their running event's latest round (or its bye); None when it has none for them."""
    event = player.event
    if event.status != Event.RUNNING or not player.is_active:
        return None
    rnd: Round | None = event.latest_round()
    if rnd is None:
        return None
    common: dict[str, Any] = {
        "event": event.name,
        "event_slug": event.slug,
        "round_label": rnd.label,
        "deck_token": player.deck_token,
    }
    if rnd.bye_id == player.pk:
        return Seat(**common, table=None, opponent="", settled=True)
    game = (
        Game.objects.filter(round=rnd)
        .filter(Q(player_a=player) | Q(player_b=player))
        .select_related("player_a", "player_b")
        .first()
    )
    if game is None:
        return None
    opponent = game.player_b if game.player_a_id == player.pk else game.player_a
    clock = None
    if with_clock and game.result is None:
        label = _("Table %(table)s") % {"table": game.table} if game.extra_seconds else ""
        clock = clock_display(event, rnd, extra_seconds=game.extra_seconds, label=label)
    return Seat(**common, table=game.table, opponent=opponent.name, settled=game.result is not None, clock=clock)


def _players_of(entrant: Entrant) -> list[Player]:
    # A link counts while its event is in the entrant's gathering (one taken out keeps it for its return).
    return list(
        entrant.players.filter(event__gathering_id=entrant.gathering_id)
        .select_related("event")
        .order_by("event__date", "event__created_at", "event_id")
    )


def seats_of(entrant: Entrant, *, with_clock: bool = False) -> list[Seat]:
    """Where ``entrant`` plays now: in each running event, their game of its latest round, games to play first."""
    seats = [seat for player in _players_of(entrant) if (seat := _seat(player, with_clock=with_clock))]
    return sorted(seats, key=lambda seat: seat.settled)


def gathering_page(gathering: Gathering, now: datetime.datetime, me_id: int | None = None) -> GatheringPage:
    """The public page of ``gathering``; with ``me_id`` (the entrant this phone chose), where they play now."""
    me = gathering.entrants.filter(pk=me_id).first() if me_id is not None else None
    events = [_line(event, now) for event in _gathering_events(gathering)]
    return GatheringPage(
        gathering=gathering,
        events=events,
        sign_up_open=any(line.sign_up_open for line in events),
        # Those who play in one of its events, as its pairings and standings name them.
        entrants=list(
            gathering.entrants.filter(players__event__gathering=gathering, players__status=Player.ACTIVE)
            .distinct()
            .order_by("name", "pk")
            .values_list("pk", "name")
        ),
        me=me,
        seats=seats_of(me) if me else [],
    )


def entrant_page(entrant: Entrant, now: datetime.datetime) -> EntrantPage:
    """The private page of ``entrant``: their seats with their clocks, their events, and those still open to them."""
    players = _players_of(entrant)
    entered = {player.event_id for player in players}
    events = _gathering_events(entrant.gathering)
    return EntrantPage(
        gathering=entrant.gathering,
        entrant=entrant,
        seats=sorted(
            (seat for player in players if (seat := _seat(player, with_clock=True))), key=lambda seat: seat.settled
        ),
        registrations=[
            Registration(
                event=player.event.name,
                event_slug=player.event.slug,
                status=_progress(player.event),
                left="" if player.is_active else str(player.get_status_display()),
                deck_token=player.deck_token,
            )
            for player in players
        ],
        open_to_enter=[
            (event.pk, event.name) for event in events if event.pk not in entered and _sign_up_open(event, now)
        ],
    )


def gathering_desk(gathering: Gathering, now: datetime.datetime) -> GatheringDesk:
    """The coordinator's page of ``gathering``: its events, its entrants and their events, and who plays twice now."""
    events = _gathering_events(gathering)
    names = {event.pk: event.name for event in events}
    by_entrant: dict[int, list[str]] = {}
    for entrant_id, event_id in (
        Player.objects.filter(entrant__gathering=gathering, event__gathering=gathering)
        .order_by("event__date", "event__created_at", "event_id")
        .values_list("entrant_id", "event_id")
    ):
        by_entrant.setdefault(entrant_id, []).append(names.get(event_id, ""))
    entrants = list(gathering.entrants.order_by("name", "pk"))
    waiting: dict[int, list[str]] = {}
    for event in events:
        if event.status != Event.RUNNING:
            continue
        rnd = event.latest_round()
        if rnd is None:
            continue
        for game in Game.objects.filter(round=rnd, result__isnull=True).select_related("player_a", "player_b"):
            for player in (game.player_a, game.player_b):
                if player.entrant_id is not None:
                    waiting.setdefault(player.entrant_id, []).append(event.name)
    name_of = {entrant.pk: entrant.name for entrant in entrants}
    waiting = {entrant_id: names for entrant_id, names in waiting.items() if entrant_id in name_of}
    return GatheringDesk(
        gathering=gathering,
        events=[_line(event, now) for event in events],
        entrants=[
            EntrantLine(id=entrant.pk, name=entrant.name, token=entrant.token, events=by_entrant.get(entrant.pk, []))
            for entrant in entrants
        ],
        addable=addable_events(gathering),
        clashes=[
            # Translators: %(name)s is a player's name; %(events)s lists the events' names, "Main event, Sealed".
            _("%(name)s has a game waiting in %(events)s at once.")
            % {"name": name_of[entrant_id], "events": ", ".join(event_names)}
            for entrant_id, event_names in sorted(waiting.items(), key=lambda item: name_of[item[0]])
            if len(event_names) > 1
        ],
    )


def addable_events(gathering: Gathering) -> list[tuple[int, str]]:
    """The owner's events that may still join ``gathering``: not closed, in no gathering; newest first."""
    return list(
        Event.objects.filter(owner_id=gathering.owner_id, gathering__isnull=True)
        .exclude(status=Event.CLOSED)
        .order_by("-created_at")
        .values_list("pk", "name")
    )
