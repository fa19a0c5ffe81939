"""Checks of one value a house policy changes: each returns the value checked or raises
RuleError naming its field (``changes.time_limits.two-deck``)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..errors import RuleError
from ..limits import MAX_GAME_POINTS, MAX_NAME_LENGTH, MAX_PLAYERS, MAX_ROUNDS
from ..messages import _
from ..text import name_problem
from .game_types import GAME_TYPES
from .terms import RoundsRow

# The most rows of a Number of Rounds table (the released texts have 7 at most).
MAX_ROUNDS_ROWS = 40


def whole_value(value: object, field: str, minimum: int, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise RuleError(
            _(
                "%(field)s must be a whole number from %(minimum)s to %(maximum)s, not %(value)s",
                field=field,
                minimum=minimum,
                maximum=maximum,
                value=repr(value),
            ),
            field=field,
        )
    return value


def points_value(value: object, field: str) -> Fraction:
    """Tournament points: whole, or a half (Version 3 gives 3.5 and 2.5)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise RuleError(
            _("%(field)s must be a number of points, not %(value)s", field=field, value=repr(value)), field=field
        )
    points = Fraction(value)
    if points.denominator not in (1, 2) or not 0 <= points <= MAX_GAME_POINTS:
        raise RuleError(
            _(
                "%(field)s must be from 0 to %(maximum)s points in whole or half points, not %(value)s",
                field=field,
                maximum=MAX_GAME_POINTS,
                value=repr(value),
            ),
            field=field,
        )
    return points


def points_pair(value: object, field: str) -> tuple[int, int]:
    """A (winner, loser) pair of whole points, the winner's no fewer than the loser's."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise RuleError(_("%(field)s must be two numbers: the winner's and the loser's", field=field), field=field)
    winner = whole_value(value[0], f"{field}[0]", 0, MAX_GAME_POINTS)
    loser = whole_value(value[1], f"{field}[1]", 0, MAX_GAME_POINTS)
    if winner < loser:
        raise RuleError(_("%(field)s gives the loser more points than the winner", field=field), field=field)
    return winner, loser


def list_value(value: object, field: str, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise RuleError(_("%(field)s must be a list of at most %(most)s", field=field, most=most), field=field)
    return value


def subset_value(value: object, field: str, known: tuple[str, ...], *, may_be_empty: bool = False) -> tuple[str, ...]:
    """Some of ``known``, each once, in the order given."""
    chosen = list_value(value, field, len(known))
    for index, item in enumerate(chosen):
        if item not in known:
            raise RuleError(
                _(
                    "%(field)s names %(value)s, which is not one of %(choices)s",
                    field=field,
                    value=repr(item),
                    choices=known,
                ),
                field=f"{field}[{index}]",
            )
    if len(set(chosen)) != len(chosen):
        raise RuleError(_("%(field)s names one value twice", field=field), field=field)
    if not chosen and not may_be_empty:
        raise RuleError(_("%(field)s must name at least one", field=field), field=field)
    return tuple(chosen)


def choice_value(value: object, field: str, known: tuple[str, ...]) -> str:
    """One of ``known``."""
    if value not in known:
        raise RuleError(
            _("%(what)s must be one of %(choices)s, not %(value)s", what=field, choices=known, value=repr(value)),
            field=field,
        )
    assert isinstance(value, str)  # every known choice is a string
    return value


def by_game_type(value: object, field: str, read: Callable[[object, str], Any]) -> dict[str, Any]:
    if not isinstance(value, dict) or not value:
        raise RuleError(_("%(field)s must give a value for one or more game types", field=field), field=field)
    return {subset_value([key], field, GAME_TYPES)[0]: read(item, f"{field}.{key}") for key, item in value.items()}


def rounds_table(value: object, field: str) -> tuple[RoundsRow, ...]:
    """The Number of Rounds table: from 2 players up, each row starting where the one before ended."""
    rows = list_value(value, field, MAX_ROUNDS_ROWS)
    if not rows:
        raise RuleError(_("%(field)s must have at least one row", field=field), field=field)
    table = []
    expected = 2
    for index, row in enumerate(rows):
        where = f"{field}[{index}]"
        if not isinstance(row, dict) or set(row) - {"min_players", "max_players", "rounds", "official"}:
            raise RuleError(
                _("%(field)s must hold min_players, max_players, rounds and official", field=where), field=where
            )
        low = whole_value(row.get("min_players"), f"{where}.min_players", 2, MAX_PLAYERS)
        if low != expected:
            raise RuleError(
                _("%(field)s must start at %(players)s players", field=where, players=expected),
                field=f"{where}.min_players",
            )
        last = index == len(rows) - 1
        high = row.get("max_players")
        if last and high is not None:
            raise RuleError(_("the last row has no most players (null)"), field=f"{where}.max_players")
        if not last:
            high = whole_value(high, f"{where}.max_players", low, MAX_PLAYERS)
            expected = high + 1
        official = row.get("official", True)
        if not isinstance(official, bool):
            raise RuleError(_("%(field)s must be true or false", field=f"{where}.official"), field=f"{where}.official")
        table.append(RoundsRow(low, high, whole_value(row.get("rounds"), f"{where}.rounds", 1, MAX_ROUNDS), official))
    if not any(row.official for row in table):
        # What a policy implies names the fewest players of an official event.
        raise RuleError(_("%(field)s must let at least one row's events be official", field=field), field=field)
    return tuple(table)


def names_value(value: object, field: str, most: int) -> tuple[str, ...]:
    items = list_value(value, field, most)
    for index, item in enumerate(items):
        if not isinstance(item, str) or not item.strip() or len(item) > MAX_NAME_LENGTH or name_problem(item):
            raise RuleError(
                _("%(field)s must hold names of at most %(limit)s characters", field=field, limit=MAX_NAME_LENGTH),
                field=f"{field}[{index}]",
            )
    return tuple(items)


def bool_value(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError(_("%(field)s must be true or false", field=field), field=field)
    return value


def bye_points(value: object, field: str) -> tuple[int, ...]:
    """Points for a bye in rounds 1, 2, ...: the last value repeats for later rounds, so at least one."""
    table = list_value(value, field, MAX_ROUNDS)
    if not table:
        raise RuleError(_("%(field)s must give the points of a bye in round 1 at least", field=field), field=field)
    return tuple(whole_value(points, f"{field}[{index}]", 0, MAX_GAME_POINTS) for index, points in enumerate(table))


def ratio_points(value: object, field: str) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """(winner, loser) for an MP ratio of 2 or more, 1.5 or more, more than 1: a better ratio never
    gives the winner less."""
    bands = list_value(value, field, 3)
    if len(bands) != 3:
        raise RuleError(_("%(field)s must give three bands: ratio 2, 1.5 and above 1", field=field), field=field)
    two, one_half, one = (points_pair(band, f"{field}[{index}]") for index, band in enumerate(bands))
    if not two[0] >= one_half[0] >= one[0]:
        raise RuleError(_("%(field)s gives a better ratio fewer points", field=field), field=field)
    return two, one_half, one


def weakest_link_points(value: object, field: str) -> tuple[Fraction, Fraction] | None:
    if value is None:
        return None
    pair = list_value(value, field, 2)
    if len(pair) != 2:
        raise RuleError(_("%(field)s must be two numbers: the winner's and the loser's", field=field), field=field)
    winner, loser = points_value(pair[0], f"{field}[0]"), points_value(pair[1], f"{field}[1]")
    if winner < loser:
        raise RuleError(_("%(field)s gives the loser more points than the winner", field=field), field=field)
    return winner, loser
