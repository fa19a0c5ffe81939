"""The coordinator's standings page: the ranking rendered with every tie-break note, kept per state of the event."""

from __future__ import annotations

from typing import Any

from scoring import PLAYOFF_RESOLUTIONS

from ..caching.parts import kept_part
from ..models import Event
from ..queries.standings import event_standings
from .rendering import render_partial


def standings_page(event: Event) -> dict[str, Any]:
    """The coordinator's standings: the ranking rendered with every tie-break note, and what the page says around it.

    Kept per state of the event like the standings themselves; at 1,000 players the
    ranking with its notes is about 600 KB of HTML.
    """

    def build() -> dict[str, Any]:
        standings = event_standings(event, before_play=True)
        ranking = render_partial(
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


def coordinator_standings(event: Event) -> dict[str, Any]:
    """The standings page: the kept ranking, and the playoff's winner once recorded."""
    return {
        "event": event,
        "standings": standings_page(event),
        "winner": event.playoff_winner,
        "policy": event.rules,
        "playoff_resolutions": PLAYOFF_RESOLUTIONS,
    }
