"""A season's ladder: points for each place of an event, scaled by its size; a player's best events of the season.

No Council of Lórien text ranks players across events (Policy #1 only looks forward to "a
national ranking system"), so every number here is a ``LadderRules`` value the body that
runs the ladder posts (docs/rules.md, readings 104-105).
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

# Why a finish does not count on the ladder.
SMALL, OUTSIDE, NOT_BEST = "small", "outside-window", "not-best"


@dataclass(frozen=True)
class LadderRules:
    """The numbers of a ladder, posted with it.

    A winner earns ``winner_points`` at an event of ``reference_players``; a larger event
    gives more, in proportion, up to ``largest_counted`` players; place n of p players earns
    the winner's points times (p - n + 1) / p, to the nearest point. Events below ``min_players`` give nothing. A
    player's ``best_events`` events of the last ``window_days`` days count.
    """

    winner_points: int = 100
    reference_players: int = 16
    largest_counted: int = 64
    min_players: int = 8
    best_events: int = 5
    window_days: int = 365


@dataclass(frozen=True)
class Finish:
    """Where a player finished one event: its id and date, its players, and the player's place (1 is the winner)."""

    event: str
    date: datetime.date
    players: int
    place: int


@dataclass(frozen=True)
class Counted:
    """One finish as the ladder reads it: its points, and whether it is among the player's best that count."""

    finish: Finish
    points: int
    counts: bool
    # Why it does not count: SMALL (below the smallest event), OUTSIDE (not in the window), NOT_BEST; "" when it counts.
    reason: str = ""


@dataclass(frozen=True)
class LadderLine:
    """One player on the ladder: their place, total, and every finish of theirs with how it was counted."""

    place: int
    player: str
    total: int
    finishes: tuple[Counted, ...]


def finish_points(place: int, players: int, rules: LadderRules = LadderRules()) -> int:
    """The ladder points of ``place`` at an event of ``players``: 0 below the ladder's smallest event.

    Players who share a place (co-champions, the pools' third places) each earn that place's points.
    """
    if players < rules.min_players or not 1 <= place <= players:
        return 0
    counted = min(players, rules.largest_counted)
    # Exact fractions, rounded to the nearest point, a half up: what a person works out by hand.
    share = Fraction(rules.winner_points * counted, rules.reference_players) * Fraction(players - place + 1, players)
    return math.floor(share + Fraction(1, 2))


def read_finishes(
    finishes: Iterable[Finish], today: datetime.date, rules: LadderRules = LadderRules()
) -> tuple[Counted, ...]:
    """One player's finishes as the ladder reads them on ``today``, newest first: each with its points and
    whether it counts, or why not (too small, outside the window, not among the player's best)."""
    oldest = today - datetime.timedelta(days=rules.window_days)
    read = []
    for finish in finishes:
        points = finish_points(finish.place, finish.players, rules)
        if finish.players < rules.min_players:
            read.append(Counted(finish, 0, False, SMALL))
        elif not oldest < finish.date <= today:
            read.append(Counted(finish, points, False, OUTSIDE))
        else:
            read.append(Counted(finish, points, True))
    eligible = sorted(
        (c for c in read if c.counts), key=lambda c: (-c.points, -c.finish.date.toordinal(), c.finish.event)
    )
    best = {id(c) for c in eligible[: rules.best_events]}
    return tuple(
        c if not c.counts or id(c) in best else Counted(c.finish, c.points, False, NOT_BEST)
        for c in sorted(read, key=lambda c: (-c.finish.date.toordinal(), c.finish.event))
    )


def ladder(
    finishes: Mapping[str, Iterable[Finish]], today: datetime.date, rules: LadderRules = LadderRules()
) -> list[LadderLine]:
    """The ladder on ``today``: every player with points, best first, each finish explained (newest first).

    Players with equal totals share a place and are listed by id; a player whose finishes
    give no points is not on it.
    """
    lines = []
    for player, theirs in finishes.items():
        counted = read_finishes(theirs, today, rules)
        total = sum(c.points for c in counted if c.counts)
        if total > 0:
            lines.append((player, total, counted))
    lines.sort(key=lambda line: (-line[1], line[0]))
    ranked: list[LadderLine] = []
    for index, (player, total, counted) in enumerate(lines):
        place = ranked[-1].place if ranked and ranked[-1].total == total else index + 1
        ranked.append(LadderLine(place, player, total, counted))
    return ranked
