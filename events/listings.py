"""The long lists of the coordinator's and the staff's pages: a page at a time, with a search.

At a 1,000-player event the desk would list 1,000 players with their forms and a round
500 tables; a list longer than a page (64) is shown 50 at a time and found by name or
table number. Read-only, in a fixed number of queries whatever the event's size. Unlike
events/boards.py, these are for people with a role: the players here are whole.
"""

from __future__ import annotations

from django.core.paginator import Paginator

from .boards import fold, holds_every_word, latest_round
from .clocks import clock_display
from .models import Event, Game, Player

# Up to 64 stay on one page (the last page takes up to 14 more), so that the events of 8
# to 60 players most coordinators run see every player and table at once, as before.
LIST_PAGE_SIZE = 50
LIST_ORPHANS = 14


def list_page(items: list, page_number: str | None):
    """The page of a long list asked for; a number that is not a page gives the nearest one."""
    return Paginator(items, LIST_PAGE_SIZE, orphans=LIST_ORPHANS).get_page(page_number)


def is_long_list(count: int) -> bool:
    """Whether a list of ``count`` takes more than one page, and so gets a search box."""
    return count > LIST_PAGE_SIZE + LIST_ORPHANS


def desk_players(event: Event, query: str, page_number: str | None):
    """The page of players the desk lists (in name order, or those ``query`` finds), and the counts.

    Every name is read to sort and search, as plain values; only the page's players are
    loaded whole.
    """
    names = event.players.values_list("pk", "name", "status")
    everyone = sorted((fold(name), pk, status) for pk, name, status in names)
    words = fold(query).split()
    listed = [pk for folded, pk, _ in everyone if holds_every_word(folded, words)]
    page = list_page(listed, page_number)
    loaded = event.players.in_bulk(page.object_list)
    page.object_list = [loaded[pk] for pk in page.object_list]
    return page, len(everyone), sum(1 for _, _, status in everyone if status == Player.ACTIVE)


def found_tables(event: Event, games: list[Game], query: str) -> list[Game]:
    """The ``games`` at the table ``query`` names, or whose players' names hold its words; all when it is empty.

    Staff and coordinators of a long round look a table up by the number on it, or by a
    player who asks.
    """
    text = query.strip()
    if text.isascii() and text.isdigit():
        return [g for g in games if g.table == int(text)]
    if words := fold(query).split():
        names = {pk: fold(name) for pk, name in event.players.values_list("pk", "name")}
        return [g for g in games if holds_every_word(f"{names[g.player_a_id]} {names[g.player_b_id]}", words)]
    return games


def with_players(games: list[Game]) -> None:
    """Load the players of ``games`` in one query, rather than every player of the round or one query a game."""
    players = Player.objects.in_bulk({pk for g in games for pk in (g.player_a_id, g.player_b_id)})
    for game in games:
        game.player_a, game.player_b = players[game.player_a_id], players[game.player_b_id]


def staff_board(event: Event, query: str, page_number: str | None) -> dict:
    """The staff's phone page of the latest round: disputes first, then the tables still playing, then the results in.

    In a long round the tables still playing come a page at a time and the results
    already in are found by the search rather than listed; ``query`` narrows both.
    """
    rnd = latest_round(event)
    games = list(rnd.games.all()) if rnd else []
    disputed = [g for g in games if g.reports_differ]
    playing = list_page(found_tables(event, [g for g in games if g.result is None and not g.reports_differ], query),
                        page_number)
    done = [g for g in games if g.result is not None]
    long_round = is_long_list(len(games))
    done_found = found_tables(event, done, query) if query or not long_round else []
    done_shown = done_found[:LIST_PAGE_SIZE]
    with_players([*disputed, *playing.object_list, *done_shown])
    return {"round": rnd, "searchable": long_round, "open_count": len(games) - len(done), "disputed": disputed,
            "playing": playing, "done_count": len(done), "done_shown": done_shown,
            "done_unshown": len(done_found) - len(done_shown),
            "clock": clock_display(event, rnd) if rnd is not None and event.status == Event.RUNNING else None}


def page_of_table(table: int, tables: int) -> int:
    """Where a table is in the unsearched list of ``tables``: after its result, the coordinator is back beside it."""
    return min((table - 1) // LIST_PAGE_SIZE + 1, list_page(range(tables), None).paginator.num_pages)
