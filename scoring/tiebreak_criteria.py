"""The tie-break criteria of the tournament policies: their titles, their order and each player's tally by them.

Version 3 and Policy Number 4 list them under "Tournament Point Ties"; Policy #1 counts
wins by the margin of victory. A house policy chooses and orders them (``policy.tiebreaks``);
``scoring.tiebreaks`` applies them tier by tier.
"""

from __future__ import annotations

from dataclasses import dataclass

from .messages import Text, _
from .policies import terms as P
from .results import scored as R
from .tournament_cards import PlayerRecord


@dataclass(frozen=True)
class Criterion:
    """One tie-break criterion: how to tally it and whether more or fewer is better."""

    key: str
    title: Text
    roman: str
    higher_is_better: bool
    phrase_better: Text
    phrase_worse: Text


# Each criterion's title in the texts, whether more is better, and how a note says
# "better" and "worse" by it ("ahead of B: more wins, 2 against 1").
_CRITERIA: dict[str, tuple[Text, bool, Text, Text]] = {
    P.HEAD_TO_HEAD: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Head-to-Head"),
        False,
        _("fewer head-to-head losses"),
        _("more head-to-head losses"),
    ),
    P.ONE_RING_WINS: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Destroying the One Ring"),
        True,
        _("more One Ring wins"),
        _("fewer One Ring wins"),
    ),
    P.RATIO_2_AND_WIZARD_WINS: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Highest MP Ratio and Eliminating Opponent's Wizard"),
        True,
        _("more wins by ratio 2 or Wizard elimination"),
        _("fewer wins by ratio 2 or Wizard elimination"),
    ),
    P.RATIO_15_WINS: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Next MP Ratio"),
        True,
        _("more wins by ratio 1.5 to 2"),
        _("fewer wins by ratio 1.5 to 2"),
    ),
    P.RATIO_1_WINS: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Lowest MP Ratio"),
        True,
        _("more wins by ratio 1 to 1.5"),
        _("fewer wins by ratio 1 to 1.5"),
    ),
    P.WEAKEST_LINK_WINS: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Weakest Link Method Win"),
        True,
        _("more Weakest Link wins"),
        _("fewer Weakest Link wins"),
    ),
    P.BYES_RECEIVED: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Receiving a Bye"),
        True,
        _("more byes"),
        _("fewer byes"),
    ),
    P.NUMBER_OF_WINS: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Number of Wins"),
        True,
        _("more wins"),
        _("fewer wins"),
    ),
    P.OPPONENTS_SCORES: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Sum of Opponents' Scores"),
        True,
        _("higher opponents' scores"),
        _("lower opponents' scores"),
    ),
}
_ROMANS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")


def criteria_of(policy: P.Policy) -> list[Criterion]:
    """The policy's tie-break criteria in its order, each numbered as the texts number them (I, II...)."""
    return [
        Criterion(key, _CRITERIA[key][0], _ROMANS[i], _CRITERIA[key][1], _CRITERIA[key][2], _CRITERIA[key][3])
        for i, key in enumerate(policy.tiebreaks)
    ]


def tally_column(criterion: str, tier: list[str], records: dict[str, PlayerRecord]) -> dict[str, int]:
    """Every tier player's tally by a criterion fixed for the whole tier, as an int (opponents' scores in the
    event's point unit); head-to-head, which depends on who is still tied, is counted by ``break_tier`` itself."""
    if criterion == P.ONE_RING_WINS:
        return {pid: records[pid].won_as(R.ONE_RING) for pid in tier}
    if criterion == P.RATIO_2_AND_WIZARD_WINS:
        return {pid: records[pid].won_as(R.RATIO_2) + records[pid].won_as(R.WIZARD_ELIMINATED) for pid in tier}
    if criterion == P.RATIO_15_WINS:
        return {pid: records[pid].won_as(R.RATIO_15) for pid in tier}
    if criterion == P.RATIO_1_WINS:
        return {pid: records[pid].won_as(R.RATIO_1) for pid in tier}
    if criterion == P.WEAKEST_LINK_WINS:
        return {pid: records[pid].won_as(R.WEAKEST_LINK) for pid in tier}
    if criterion == P.BYES_RECEIVED:
        return {pid: records[pid].byes for pid in tier}
    if criterion == P.NUMBER_OF_WINS:
        # A bye is not a game, so it is not a win here (docs/rules.md).
        return {pid: records[pid].point_wins for pid in tier}
    if criterion == P.OPPONENTS_SCORES:
        return {pid: records[pid].opponents_units for pid in tier}
    raise ValueError(f"unknown tie-break criterion {criterion!r}")
