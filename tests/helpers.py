"""What tests do again and again: run an event so far, find an open game, compare the database."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import connections
from django.urls import URLResolver, get_resolver

from events import services
from events.models import (
    AuditEntry,
    BreakClock,
    DeckList,
    Entrant,
    Event,
    EventRole,
    Game,
    Gathering,
    HousePolicy,
    Member,
    MemberLogEntry,
    Player,
    PublishingKey,
    PublishingTarget,
    Round,
    SealedProduct,
    Snapshot,
    SpotCheck,
    Stage,
)
from events.roles import Actor
from scoring import MAX_NAME_LENGTH

HTMX = {"HTTP_HX_REQUEST": "true"}
POLL = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live"}
WIN_A = {"kind": "council", "mp": [20, 10]}
WIN_B = {"kind": "council", "mp": [8, 22]}
# Two players' own phones, as events/devices.py marks them: a browser key and a network each.
PHONES = ("a1b2c3d4e5f6|0a0a0a0a0a0a", "f6e5d4c3b2a1|1b1b1b1b1b1b")


def actor(user, role="owner"):
    """``user`` acting in ``role``, as the views make it."""
    return Actor(user=user, label=user.username, role=role)


def register(event, count: int, owner=None, *, longest: bool = False):
    """Register ``count`` players through the service; returns them in name order.

    With ``longest`` every name has the most characters a name may have.
    """
    names = "\n".join(f"{'Ö' * (MAX_NAME_LENGTH - 10) if longest else ''}Player {n:02d}" for n in range(1, count + 1))
    return services.register_players(event, names, actor=actor(owner or event.owner))


def run_event(event, players: int, rounds_played: int, *, leave_last_open: bool = False, longest_names: bool = False):
    """Register, start, and play ``rounds_played`` rounds with player_a winning 20-10."""
    register(event, players, longest=longest_names)
    who = actor(event.owner)
    services.start_event(event, actor=who, rounds=max(rounds_played, 1) + 1, note="the test's own number", confirm=True)
    for number in range(1, rounds_played + 1):
        rnd = services.pair_round(event, actor=who, seed=number)
        games = list(rnd.games.all())
        for index, game in enumerate(games):
            if leave_last_open and number == rounds_played and index == len(games) - 1:
                continue
            services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=who, expected_version=game.version)
    event.refresh_from_db()
    return event


def open_game(event) -> Game:
    """The first game, by round and table, still waiting for its result."""
    return Game.objects.filter(round__event=event, result__isnull=True).order_by("round__number", "table").first()


def database_state() -> dict:
    """Every row an event consists of, the house policies events are made under and the gatherings they are part
    of, to compare before and after a request."""
    models = [
        Event,
        EventRole,
        Player,
        Round,
        Game,
        AuditEntry,
        Snapshot,
        DeckList,
        SealedProduct,
        SpotCheck,
        BreakClock,
        Stage,
        HousePolicy,
        Gathering,
        Entrant,
        Member,
        MemberLogEntry,
        PublishingKey,
        PublishingTarget,
        get_user_model(),
    ]
    return {model.__name__: sorted(map(repr, model.objects.values_list())) for model in models}


@dataclass(frozen=True)
class Address:
    """One address pattern of the project, as ``reverse`` and a test need it."""

    name: str  # with its namespace, as reverse() takes it: "events:desk"
    callback: Callable
    parts: frozenset[str]  # the keyword arguments of its whole path, the includes' too: {"slug", "number"}


def url_patterns(
    resolver: URLResolver | None = None, namespace: str = "", parts: frozenset[str] = frozenset()
) -> list[Address]:
    """Every address pattern of the project, with those of the apps and groups it includes."""
    found = []
    for pattern in (resolver or get_resolver()).url_patterns:
        within = parts | frozenset(pattern.pattern.regex.groupindex)
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            found.extend(url_patterns(pattern, inner, within))
        else:
            found.append(Address(f"{namespace}{pattern.name}", pattern.callback, within))
    return found


def fire_together(count: int, work) -> list:
    """Run ``work(index)`` in ``count`` threads released together; their returns or exceptions."""
    barrier = threading.Barrier(count)
    outcomes: list = [None] * count

    def run(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = work(index)
        except Exception as error:
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


def play_round(event, result=lambda game: WIN_A) -> Round:
    """Pair the next round and enter ``result(game)`` at every table: player_a wins 20-10 unless told."""
    rnd = services.pair_round(event, actor=actor(event.owner))
    for game in rnd.games.all():
        services.record_result(game, result(game), actor=actor(event.owner), expected_version=game.version)
    event.refresh_from_db()
    return rnd


def register_ann(event) -> Player:
    """One player, Ann, registered by the event's owner through the service."""
    [player] = services.register_players(event, "Ann", actor=actor(event.owner))
    return player


def wanting_lists(event, **fields) -> Event:
    """``event`` asking for deck lists, with ``fields`` written straight to its row (no service, no audit)."""
    Event.objects.filter(pk=event.pk).update(deck_lists_wanted=True, **fields)
    event.refresh_from_db()
    return event


def deck_link_actor(player: Player) -> Actor:
    """``player`` acting through their own private deck link, as the deck page makes them."""
    return Actor.deck_link(player.name)
