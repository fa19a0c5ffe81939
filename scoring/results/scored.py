"""What a scored game result is, and the checks that every kind of result shares.

A result is plain data seen from ``players[0]`` and ``players[1]`` of a game; once
checked against the policy (``scoring.results.score``) it is a ``ScoredResult``: the
points of both players, the winner, and how the game was decided, with the clause.
``counts_as`` names the win as Policy #1's tie-break criteria II-VI count it
(``scoring.tiebreaks``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, overload

from ..errors import RuleError
from ..messages import Text, _

# How a won game counts in Policy #1's tie-break criteria II-VI.
ONE_RING = "one-ring"
RATIO_2 = "ratio-2"
RATIO_15 = "ratio-1.5"
RATIO_1 = "ratio-1"
WIZARD_ELIMINATED = "wizard-eliminated"
WEAKEST_LINK = "weakest-link"
TIE = "tie"
FORFEIT = "forfeit"
SCENARIO = "scenario"
# A game neither player played (neither showed, or a round's deadline passed without it): both lose.
DOUBLE_LOSS = "double-loss"


@dataclass(frozen=True)
class ScoredResult:
    """A checked result: points for both players and why.

    ``winner`` is 0 or 1, or None for a tie. ``method`` is how the game was decided;
    ``counts_as`` is the method it counts as in Policy #1's tie-break tallies (a
    forfeit counts as the win whose points it awarded, see docs/rules.md).
    """

    points: tuple[Fraction, Fraction]
    winner: int | None
    method: str
    counts_as: str
    explanation: str
    clause: str
    mp: tuple[int, int] | None = None
    # In an elimination game that ended level: the player who won the dice roll.
    roll_winner: int | None = None

    @property
    def lost_by_both(self) -> bool:
        """A double loss: neither player won, and neither tied."""
        return self.method == DOUBLE_LOSS

    @property
    def goes_on(self) -> int | None:
        """The player (0 or 1) who wins the game for a bracket: the winner, else the dice roll's."""
        return self.winner if self.winner is not None else self.roll_winner


def expect_keys(result: dict[str, Any], allowed: set[str], field: str) -> None:
    unknown = sorted(set(result) - allowed)
    if unknown:
        raise RuleError(
            _(
                "unexpected field %(name)s for a %(kind)s result; allowed: %(allowed)s",
                name=repr(unknown[0]),
                kind=repr(result["kind"]),
                allowed=tuple(sorted(allowed)),
            ),
            field=f"{field}.{unknown[0]}",
        )


@overload
def player_index(result: dict[str, Any], key: str, field: str, *, allow_none: Literal[False] = False) -> int: ...
@overload
def player_index(result: dict[str, Any], key: str, field: str, *, allow_none: bool) -> int | None: ...
def player_index(result: dict[str, Any], key: str, field: str, *, allow_none: bool = False) -> int | None:
    """The player (0 or 1) that ``result[key]`` names; None only where ``allow_none`` lets it be null."""
    if key not in result:
        raise RuleError(_("%(key)s is required (0 or 1, the index in players)", key=repr(key)), field=f"{field}.{key}")
    value = result[key]
    if value is None and allow_none:
        return None
    if type(value) is not int or value not in (0, 1):  # not True, not 1.0
        message = (
            _("%(key)s must be 0, 1 or null, not %(value)s", key=key, value=repr(value))
            if allow_none
            else _("%(key)s must be 0 or 1, not %(value)s", key=key, value=repr(value))
        )
        raise RuleError(message, field=f"{field}.{key}")
    return value


def tied_game(tie: int, explanation: Text, clause: str, mp: tuple[int, int] | None = None) -> ScoredResult:
    """A tied game worth ``tie`` points each; ``explanation`` already ends with them ("...: 3-3")."""
    return ScoredResult(
        points=(Fraction(tie), Fraction(tie)),
        winner=None,
        method=TIE,
        counts_as=TIE,
        explanation=explanation,
        clause=clause,
        mp=mp,
    )


def both_points(winner: int, win: Fraction | int, lose: Fraction | int) -> tuple[Fraction, Fraction]:
    pair = [Fraction(lose), Fraction(lose)]
    pair[winner] = Fraction(win)
    return pair[0], pair[1]
