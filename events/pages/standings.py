"""The coordinator's standings page: the ranking rendered with every tie-break note, kept per state of the event.

Above ``RANKING_PAGE_ROWS`` players the ranking is shown a page at a time, each page
rendered when first asked for: at 20,000 players the whole ranking with its notes is
some 6 MB of HTML, which no browser shows quickly and no coordinator reads at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from django.core.paginator import Page, Paginator

from scoring import PLAYOFF_RESOLUTIONS

from ..archive import archives_shared
from ..caching.parts import kept_part
from ..models import Event
from ..queries.standings import event_standings
from .finals import coordinator_finals
from .rendering import render_partial

RANKING_PAGE_ROWS = 500

T = TypeVar("T")


def ranking_pages(rows: int) -> int:
    """How many pages a ranking of ``rows`` lines is shown in: one up to ``RANKING_PAGE_ROWS``."""
    return max(1, -(-rows // RANKING_PAGE_ROWS))


def ranking_page(lines: Sequence[T], page: int) -> Page[T]:
    """Page ``page`` of a ranking's ``lines`` (the last past the end), ``RANKING_PAGE_ROWS`` of them a page."""
    return Paginator(lines, RANKING_PAGE_ROWS).get_page(page)


def page_of_line(index: int) -> int:
    """The page that shows the line at ``index`` (from 0) of a long ranking."""
    return index // RANKING_PAGE_ROWS + 1


def standings_page(event: Event, page: int | None = None) -> dict[str, Any]:
    """The coordinator's standings: page ``page`` of the ranking rendered with every tie-break note (the first when
    None, the last past the end), and what the page says around it.

    Kept per state of the event and page, like the standings themselves; at 1,000 players
    the ranking with its notes is about 600 KB of HTML, in two pages.
    """
    asked = max(page or 1, 1)
    if asked > 1:
        # A page past the end is the last, kept once: not a part of its own for each number made up in the address.
        asked = min(asked, ranking_pages(event.players.count()))

    def build() -> dict[str, Any]:
        standings = event_standings(event, before_play=True)
        shown = ranking_page(standings.rows, asked)
        ranking = render_partial(
            "events/standings.html#ranking",
            {
                "ranked": [row for row in shown if row.rank is not None],
                "unranked": [row for row in shown if row.rank is None],
                "ranking_page": shown,
                "event": event,
            },
        )
        return {
            "rounds_played": standings.rounds_played,
            "complete": standings.complete,
            "lead_tie": standings.lead_tie,
            "ranking": ranking,
        }

    return kept_part(event, f"standings-page-{asked}", build).value


def coordinator_standings(event: Event, page: int | None = None) -> dict[str, Any]:
    """The standings page: the kept ranking (page ``page`` of a long one), and the playoff's winner once recorded."""
    return {
        "event": event,
        "standings": standings_page(event, page),
        "winner": event.playoff_winner,
        "policy": event.rules,
        "playoff_resolutions": PLAYOFF_RESOLUTIONS,
    }


def coordinator_standings_and_finals(event: Event, page: int | None = None) -> dict[str, Any]:
    """The standings page and the finals panel below it; after a change both are built anew from one read of the
    event."""
    with archives_shared():
        return coordinator_standings(event, page) | coordinator_finals(event)
