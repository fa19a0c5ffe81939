"""Playoff rounds among the players still tied for the lead after the whole tie-break menu.

Policy #1, Swiss System: Tournament Point Ties; Version 3 and Policy Number 4, after
criterion III: "If more than one player is still in contention ... playoff rounds are
held. The playoff rounds are formatted in the same manner as the tournament. See the
Number of Rounds note above regarding the number of rounds to be played." So a playoff
is Swiss among the tied players, as many rounds as the policy's table gives for that
many players, with byes as the policy gives them; its own standings and menu decide
(docs/rules.md, "Playoffs").
"""

from __future__ import annotations

from dataclasses import dataclass

from .policies import Policy
from .standings import Standings

PLAYOFF_CLAUSE_SUFFIX = ": playoff rounds \"formatted in the same manner as the tournament\""


@dataclass(frozen=True)
class PlayoffPlan:
    """The playoff the standings call for: who plays it, how many rounds, and the clause."""

    players: tuple[str, ...]
    rounds: int
    clause: str
    rounds_clause: str

    def as_dict(self) -> dict:
        """The plan as JSON data (``python -m scoring standings``)."""
        return {"players": list(self.players), "rounds": self.rounds, "clause": self.clause,
                "rounds_clause": self.rounds_clause}


def playoff_plan(standings: Standings, policy: Policy) -> PlayoffPlan | None:
    """The playoff due when the lead is tied after every criterion and "playoff" was posted; else None.

    Whether the regular rounds are over is the caller's to know (the event's planned
    rounds); the players and the number of rounds are the rules'.
    """
    tie = standings.lead_tie
    if tie is None or tie.resolution != "playoff":
        return None
    return PlayoffPlan(players=tie.players, rounds=policy.rounds_for(len(tie.players)),
                       clause=tie.clause + PLAYOFF_CLAUSE_SUFFIX, rounds_clause=policy.rounds_clause)
