"""Finding people and tables by what is typed, and long lists a page at a time.

At a 1,000-player event the desk would list 1,000 players and a round 500 tables; a
list longer than a page (64) is shown 50 at a time and found by name or table number.
One rule finds by name everywhere: every word typed, folded (no accents, no case),
within the name, in any order.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar
from urllib.parse import urlencode

from django.core.paginator import Page, Paginator

from ..models import Event, Game, Player

MAX_FOUND = 20
# Up to 64 stay on one page (the last page takes up to 14 more), so that the events of 8
# to 60 players most coordinators run see every player and table at once.
LIST_PAGE_SIZE = 50
LIST_ORPHANS = 14

Item = TypeVar("Item")


class Seated(Protocol):
    """A table as ``found_tables`` reads it: a game, or a game's values read as a named row."""

    @property
    def table(self) -> int: ...

    @property
    def player_a_id(self) -> int: ...

    @property
    def player_b_id(self) -> int: ...


Table = TypeVar("Table", bound=Seated)


def fold(text: str) -> str:
    """A name as people search it: no accents, no case. "eowyn" finds "Éowyn"."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()


def holds_every_word(folded: str, words: list[str]) -> bool:
    """The rule of every search by name: each of the query's folded ``words``, in any order, within ``folded``."""
    return all(word in folded for word in words)


def find_players(players: list[Player], query: str, limit: int = MAX_FOUND) -> list[Player]:
    """Players whose name holds every word of ``query``, in any order: "smi ann" finds "Ann Smith"."""
    words = fold(query).split()
    if not words:
        return []
    return [p for p in players if holds_every_word(fold(p.name), words)][:limit]


def list_page(items: Sequence[Item], page_number: str | None) -> Page[Item]:
    """The page of a long list asked for; a number that is not a page gives the nearest one."""
    return Paginator(items, LIST_PAGE_SIZE, orphans=LIST_ORPHANS).get_page(page_number)


def is_long_list(count: int) -> bool:
    """Whether a list of ``count`` takes more than one page, and so gets a search box."""
    return count > LIST_PAGE_SIZE + LIST_ORPHANS


def listing_query(query: str, page: Page[Any]) -> str:
    """The query string of a listing's page and search, for the address its region polls."""
    return urlencode({**({"q": query} if query else {}), **({"page": page.number} if page.number > 1 else {})})


def page_of_table(table: int, tables: int) -> int:
    """Where a table is in the unsearched list of ``tables``: after its result, the coordinator is back beside it."""
    return min((table - 1) // LIST_PAGE_SIZE + 1, list_page(range(tables), None).paginator.num_pages)


def found_tables(event: Event, games: list[Table], query: str) -> list[Table]:
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
