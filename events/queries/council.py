"""The Free Council calculator: each player's marshalling points, step by step (CRF 10)."""

from __future__ import annotations

import scoring

from ..models import Event, Game


def council_outcome(event: Event, game: Game, sheets: tuple[dict, dict]) -> dict:
    """The engine's Free Council for the two players' ``sheets``, each step's notes naming the player.

    A scoring.RuleError when a sheet is refused.
    """
    parsed = (scoring.parse_sheet(sheets[0], "a"), scoring.parse_sheet(sheets[1], "b"))
    outcome = scoring.free_council(scoring.get_policy(event.policy), parsed)
    names = (game.player_a.name, game.player_b.name)
    outcome["explained"] = [
        {"title": step["title"], "clause": step["clause"],
         "notes": [f"{names[i]}: {'; '.join(step['notes'][i])}" for i in (0, 1) if step["notes"][i]]}
        for step in outcome["steps"]
    ]
    return outcome
