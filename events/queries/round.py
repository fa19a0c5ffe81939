"""A round's tables: the coordinator's round page and the staff's phone page."""

from __future__ import annotations

from django.db.models import Q

from ..clocks import clock_display
from ..models import Event, Game, Player, Round
from .decks import round_spot_checks
from .search import LIST_PAGE_SIZE, found_tables, is_long_list, list_page, listing_query, with_players


def round_page(event: Event, rnd: Round, query: str = "", page_number: str | None = None) -> dict:
    """The coordinator's round: its tables a page at a time, what is missing, the clock, who may be swapped.

    ``swappable`` are the players of the tables still open and the bye, for the swap form.
    """
    games = list(rnd.games.all())
    open_games = [g for g in games if g.result is None]
    is_latest = not event.rounds.filter(number__gt=rnd.number).exists()
    table_page = list_page(found_tables(event, games, query), page_number)
    many_open = is_long_list(len(open_games))
    # Names are shown for the rows listed, and for the open tables the clock's list offers.
    with_players([*table_page.object_list, *([] if many_open else open_games)])
    running = is_latest and event.status == Event.RUNNING
    return {
        "event": event,
        "round": rnd,
        "games": games,
        "table_page": table_page,
        "query": query,
        # The address the listing polls: the same page of the same search.
        "listing": listing_query(query, table_page),
        "searchable": is_long_list(len(games)),
        "many_open": many_open,
        "missing": [g.table for g in open_games],
        "is_latest": is_latest,
        "reported": sum(1 for g in games if g.state == Game.REPORTED),
        "editable": running,
        "untouched": not any(g.result is not None for g in games),
        "clock": clock_display(event, rnd) if running else None,
        "extended": [g for g in open_games if g.extra_seconds],
        "swappable": swappable_players(rnd, open_games),
        "spot_checks": round_spot_checks(rnd),
    }


def swappable_players(rnd: Round, open_games: list[Game] | None = None):
    """The players a swap may move: those of the tables still open, and the bye (a lazy queryset)."""
    if open_games is None:
        open_games = list(rnd.games.filter(result__isnull=True))
    return Player.objects.filter(Q(pk=rnd.bye_id) | Q(pk__in=[g.player_a_id for g in open_games])
                                 | Q(pk__in=[g.player_b_id for g in open_games]))


def staff_tables(event: Event, query: str, page_number: str | None) -> dict:
    """The staff's phone page of the latest round: disputes first, then the tables still playing, then the results in.

    In a long round the tables still playing come a page at a time and the results
    already in are found by the search rather than listed; ``query`` narrows both.
    """
    rnd = event.latest_round()
    games = list(rnd.games.all()) if rnd else []
    disputed = [g for g in games if g.reports_differ]
    playing = list_page(found_tables(event, [g for g in games if g.result is None and not g.reports_differ], query),
                        page_number)
    done = [g for g in games if g.result is not None]
    long_round = is_long_list(len(games))
    done_found = found_tables(event, done, query) if query or not long_round else []
    done_shown = done_found[:LIST_PAGE_SIZE]
    with_players([*disputed, *playing.object_list, *done_shown])
    return {"event": event, "round": rnd, "query": query, "listing": listing_query(query, playing),
            "searchable": long_round, "open_count": len(games) - len(done), "disputed": disputed,
            "playing": playing, "done_count": len(done), "done_shown": done_shown,
            "done_unshown": len(done_found) - len(done_shown),
            "clock": clock_display(event, rnd) if rnd is not None and event.status == Event.RUNNING else None,
            "spot_checks": round_spot_checks(rnd) if event.status == Event.RUNNING else []}
