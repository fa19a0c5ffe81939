"""Which games of an event a skill rating counts, and what each scored (docs/rules.md, reading 106)."""

from __future__ import annotations

from ..archive.document import Archive
from ..results.scored import DOUBLE_LOSS, FORFEIT
from .glicko2 import RatedGame

# A game not played at the table says nothing of skill: a forfeit (a no-show, a drop, a penalty), a double loss.
UNPLAYED = (FORFEIT, DOUBLE_LOSS)


def rated_games(archive: Archive) -> list[RatedGame]:
    """Every game of the event played to a result, in every round and stage, as the rating reads it.

    A win scores 1 and a loss 0; a game level on the policy's points scores ½ for each,
    even in a bracket where a dice roll sent one of them on (a roll is no skill). Byes,
    forfeits and double losses are not rated, nor a game still without its result.
    """
    rated = []
    for rnd in archive.all_rounds:
        for game in rnd.games:
            scored = game.scored
            if scored is None or scored.method in UNPLAYED:
                continue
            score = 0.5 if scored.winner is None else 1.0 - scored.winner
            rated.append(RatedGame(game.players[0], game.players[1], score))
    return rated
