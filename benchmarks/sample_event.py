"""A large event built through the services, as the benchmarks measure it.

Register players, start, pair every round with the engine and record every result, the
way a coordinator and staff would, so that every row, audit entry and snapshot exists.
Needs Django set up (``django.setup()``) against the database to fill.
"""

from __future__ import annotations


def registered_sample_event(players: int, name: str):
    """Return ``(event, owner, actor)``: an event of ``players`` players registered, not started."""
    from django.contrib.auth import get_user_model

    from events import services
    from events.roles import OWNER, Actor
    from scoring import MAX_NAMES_PER_PASTE

    owner = get_user_model().objects.create_user("bench-owner", password="bench password 1")
    who = Actor.account(owner, OWNER)
    event = services.create_event(
        owner=owner,
        name=name,
        policy="policy-4-2001",
        game_type="two-deck",
        format="general-opponent",
        tie_resolution="playoff",
        first_round_pairing="random",
    )
    for first in range(0, players, MAX_NAMES_PER_PASTE):
        names = (f"Player {n:05d}" for n in range(first, min(first + MAX_NAMES_PER_PASTE, players)))
        services.register_players(event, "\n".join(names), actor=who)
    return event, owner, who


def build_sample_event(players: int, rounds: int, *, open_round: bool = False):
    """Return ``(event, owner)``: ``rounds`` rounds played with every result in but one.

    With ``open_round``, one more round is paired with no result yet, for result saves.
    """
    from events import services

    event, owner, who = registered_sample_event(players, f"Bench {players}x{rounds}")
    services.start_event(event, actor=who, rounds=rounds + 1, note="a longer sample than the policy asks", confirm=True)
    for number in range(1, rounds + 1):
        rnd = services.pair_round(event, actor=who, seed=number)
        games = list(rnd.games.all())
        for index, game in enumerate(games):
            if number == rounds and index == len(games) - 1:
                continue  # one open table, so the live pages have something to show
            mp = [20, 10] if (index + number) % 3 else [12, 10]
            services.record_result(game, {"kind": "council", "mp": mp}, actor=who, expected_version=0)
    if open_round:
        last = event.rounds.get(number=rounds).games.get(result__isnull=True)
        services.record_result(last, {"kind": "council", "mp": [20, 10]}, actor=who, expected_version=0)
        services.pair_round(event, actor=who, seed=rounds + 1)
    event.refresh_from_db()
    return event, owner
