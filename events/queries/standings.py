"""The standings: the engine's, kept per version of the event, and the coordinator's page of them."""

from __future__ import annotations

from django.template.loader import render_to_string

import scoring
from scoring.finals import final_ranking, standings_in_final_order
from scoring.policies import PLAYOFF_RESOLUTIONS

from ..archive import load_archive
from ..caching.parts import kept_part
from ..models import Event


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
        archive = load_archive(event)
        swiss = scoring.compute_standings(archive)
        if not archive.stages and archive.record.playoff_winner is None:
            return swiss, None
        ranking = final_ranking(archive, swiss)
        return swiss, (standings_in_final_order(swiss, ranking) if ranking.pending is None else None)

    # The engine's data, its words kept as Texts: one build serves readers of every language.
    return kept_part(event, "standings", build, in_every_language=True).value


def standings_page(event: Event) -> dict:
    """The coordinator's standings: the ranking rendered with every tie-break note, and what the page says around it.

    Kept per state of the event like the standings themselves; at 1,000 players the
    ranking with its notes is about 600 KB of HTML.
    """

    def build() -> dict:
        standings = event_standings(event, before_play=True)
        ranking = render_to_string(
            "events/standings.html#ranking",
            {
                "ranked": [row for row in standings.rows if row.rank is not None],
                "unranked": [row for row in standings.rows if row.rank is None],
            },
        )
        return {
            "rounds_played": standings.rounds_played,
            "complete": standings.complete,
            "lead_tie": standings.lead_tie,
            "ranking": ranking,
        }

    return kept_part(event, "standings-page", build).value


def coordinator_standings(event: Event) -> dict:
    """The standings page: the kept ranking, and the playoff's winner once recorded."""
    return {
        "event": event,
        "standings": standings_page(event),
        "winner": event.playoff_winner,
        "policy": scoring.get_policy(event.policy),
        "playoff_resolutions": PLAYOFF_RESOLUTIONS,
    }
