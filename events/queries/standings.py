"""The standings: the engine's, kept per version of the event (events/pages/standings.py renders them)."""

from __future__ import annotations

from typing import Literal, overload

import scoring
from scoring import final_ranking, standings_in_final_order

from ..archive import read_archive
from ..caching.parts import kept_part
from ..models import Event


@overload
def event_standings(event: Event, *, before_play: Literal[True]) -> scoring.Standings: ...
@overload
def event_standings(event: Event, *, before_play: bool = False) -> scoring.Standings | None: ...
def event_standings(event: Event, *, before_play: bool = False) -> scoring.Standings | None:
    """The standings of the event as it is now, each rank the player's final place once it is decided;
    before the first round, None, or with ``before_play`` the engine's empty standings.

    While no playoff or bracket has decided anything, these are the Swiss standings.
    Once a playoff, a bracket or a playoff played on paper has decided the places, each
    rank is the final place, in that order (``scoring.finals.standings_in_final_order``):
    every page and printout names one champion.
    """
    swiss, final = _kept_standings(event)
    standings = final or swiss
    return standings if standings.rounds_played or before_play else None


def swiss_standings(event: Event) -> scoring.Standings:
    """The standings of the Swiss rounds alone, which the final ranking starts from."""
    return _kept_standings(event)[0]


def _kept_standings(event: Event) -> tuple[scoring.Standings, scoring.Standings | None]:
    """The Swiss standings, and those in final order when a stage has decided the places (else None).

    Built once per state of the event and shared by every worker (events/caching/parts.py):
    at 1,000 players the engine takes about half a second over the whole event.
    """

    def build() -> tuple[scoring.Standings, scoring.Standings | None]:
        # Many objects made at once, none of them in a cycle: the collector would only walk them again and again.
        with scoring.collection_paused():
            archive = read_archive(event)
            swiss = scoring.compute_standings(archive)
            if not archive.stages and archive.record.playoff_winner is None:
                return swiss, None
            ranking = final_ranking(archive, swiss)
            return swiss, (standings_in_final_order(swiss, ranking) if ranking.pending is None else None)

    # The engine's data, its words kept as Texts: one build serves readers of every language.
    return kept_part(event, "standings", build, in_every_language=True).value
