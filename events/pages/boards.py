"""The public boards: the phones' page, the pages every phone shares, and the projector.

The tables every phone shares are kept per version of the event (events/caching/parts.py),
rendered once; a phone adds only its own seat, card and clock. Above 64 players the tables
and the standings leave the phone's page for two pages every phone shares
(``everyone_pairings``, ``everyone_standings``), and the phone's page is its own: seat,
clock, card and place.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import scoring

from ..caching.parts import kept_part, kept_pieces
from ..clocks import break_clock_display, clock_display
from ..models import Event, Game, Player, Round
from ..queries.cards import Card, card_from_text, card_rows, rows_text
from ..queries.decks import published_decks
from ..queries.public import (
    GameRow,
    PlayerRow,
    Seat,
    alphabetical_seats,
    found_players,
    lists_on_the_phone,
    player_rows,
    round_game_rows,
    round_games,
)
from ..queries.standings import event_standings
from .finals import finals_page
from .rendering import render_partial
from .standings import page_of_line, ranking_page, ranking_pages

# Each phone's own part (name, seat, card) is kept in this many pieces, by player pk: a phone
# reads one piece, not all 1,000 players'.
CARD_PIECES = 16


class StandingLine(NamedTuple):
    """One line of the standings as a phone reads it: what the standings table shows, and whose it is.

    The engine's rows carry every tie-break note; these are what a page every phone shares
    is rendered from, read from the cache at once.
    """

    rank: int | None
    name: str
    tp: int | float
    eligible: bool
    status: str
    wins: int
    losses: int
    ties: int
    pk: int


def _card_piece(pk: int) -> str:
    """The piece of the public part that holds player ``pk``'s own part."""
    return f"cards-{pk % CARD_PIECES}"


def card_pieces() -> list[str]:
    """Every piece of the public part that holds players' own parts."""
    return [f"cards-{number}" for number in range(CARD_PIECES)]


def _phone_text(player: PlayerRow, place: dict[str, Any] | None, card: str | None) -> str:
    """What a phone of ``player`` shows of its own, as one string to keep (strings load at once
    where objects do not): their name and status, their place in the round (``_round_places``), their card."""
    return json.dumps([player.name, player.status, place, card])


def _round_places(rnd: Round | None, games: list[GameRow], name_of: dict[int, str]) -> dict[int, dict[str, Any]]:
    """Each seated player's place in the round as ``phone_from_text`` reads it back, by player pk: their game and
    opponent, or the bye."""
    places: dict[int, dict[str, Any]] = {}
    for game in games:
        for me, opponent in ((game.player_a_id, game.player_b_id), (game.player_b_id, game.player_a_id)):
            places[me] = {
                "game": game.pk,
                "table": game.table,
                "a": game.player_a_id,
                "b": game.player_b_id,
                "opponent": [opponent, name_of[opponent]],
                "result": game.result,
                "points": game.points,
                "state": game.state,
                "extra": game.extra_seconds,
            }
    if rnd is not None and rnd.bye_id:
        places[rnd.bye_id] = {"bye": True}
    return places


def phone_from_text(
    event: Event, pk: int, rnd: Round | None, text: str, rank: int | None
) -> tuple[Player, Seat | None, Card | None]:
    """The player, seat and card ``_phone_text`` kept, the card at place ``rank``."""
    name, status, place, card = json.loads(text)
    me = Player(pk=pk, event=event, name=name, status=status)
    seat = None
    if place is not None and place.get("bye"):
        seat = Seat(bye=True)
    elif place is not None:
        opponent = Player(pk=place["opponent"][0], event=event, name=place["opponent"][1])
        game = Game(
            pk=place["game"],
            round=rnd,
            table=place["table"],
            player_a_id=place["a"],
            player_b_id=place["b"],
            result=place["result"],
            points=place["points"],
            state=place["state"],
            extra_seconds=place["extra"],
        )
        seat = Seat(table=place["table"], opponent=opponent, game=game)
    return me, seat, card_from_text(me, card, rank) if card is not None else None


def public_tables(event: Event) -> dict[str, Any]:
    """What the public page shows alike to every phone: the round, and (up to 64 players) its
    tables and the standings rendered; and what each phone shows of its own (name, seat,
    tournament card), in pieces by player pk (``card_pieces``), with each player's place apart
    (``ranks``)."""
    # Some 100,000 objects at 20,000 players, none in a cycle: the collector would walk them again and again, a
    # quarter of the build (docs/performance.md).
    with scoring.collection_paused():
        return _public_tables(event)


def _public_tables(event: Event) -> dict[str, Any]:
    players = player_rows(event)
    pk_of = {p.archive_id: p.pk for p in players}
    rnd = event.latest_round()
    inline = lists_on_the_phone(len(players))
    standings = event_standings(event)
    context = {
        "event": event,
        "round": rnd,
        # The tables as the page lists them, up to 64 players; above, on the page every phone shares.
        "games": round_games(rnd) if inline else [],
        "standings": [(row, pk_of[row.player]) for row in standings.rows] if standings else [],
        "standings_complete": standings is not None and standings.complete,
    }
    cards = {}
    ranks: dict[int, int | None] = {}
    if standings is not None:
        names = {p.archive_id: p.name for p in players}
        for standing, rows in zip(standings.rows, card_rows(standings, names), strict=True):
            pk = pk_of[standing.player]
            cards[pk] = rows_text(standing.tp, rows)
            ranks[pk] = standing.rank
    places = _round_places(rnd, round_game_rows(rnd), {p.pk: p.name for p in players})
    pieces: dict[str, Any] = {piece: {} for piece in card_pieces()}
    for player in players:
        pieces[_card_piece(player.pk)][player.pk] = _phone_text(player, places.get(player.pk), cards.get(player.pk))
    pieces["ranks"] = ranks
    # The standings' lines for the page every phone shares (everyone_standings); None before a round is played.
    pieces["lines"] = (
        [
            StandingLine(
                row.rank, row.name, row.tp, row.eligible, row.status, row.wins, row.losses, row.ties, pk_of[row.player]
            )
            for row in standings.rows
        ]
        if standings
        else None
    )
    # Above one page of the shared standings, the page of each player's line, for their phone's link to it.
    lines = pieces["lines"] or []
    pieces["standings_pages"] = (
        {line.pk: page_of_line(index) for index, line in enumerate(lines)} if ranking_pages(len(lines)) > 1 else {}
    )
    pieces["tables"] = {
        "round": rnd,
        # Above 64 players the phones link to the shared pages instead (everyone_pairings, everyone_standings).
        "inline": inline,
        "has_standings": standings is not None,
        "standings_complete": context["standings_complete"],
        "pairings": render_partial("events/public.html#pairings", context) if inline and rnd else "",
        "standings": render_partial("events/public.html#standings", context) if inline and standings else "",
    }
    # A piece of a few bytes, read to learn whether a state is built before reading the rest (pages/phones.py):
    # last, as the pieces are kept one by one in this order.
    pieces["built"] = True
    return pieces


def public_board(event: Event, *, query: str = "") -> dict[str, Any]:
    """The public page of a phone that has not said "this is me": the current round by table, the
    clock, standings and search results. A phone that has is given its region by
    events/pages/phones.py.

    The round is read from the kept part with the tables, in one query. ``current`` is False
    when they are of the event's state just before now because another worker is building
    the new one; the page then asks again at once.
    """
    kept = kept_pieces(event, "public", lambda: public_tables(event), ["tables"], earlier_state_will_do=True)
    rnd = kept.value["tables"]["round"]
    clock = break_clock_display(event)
    if clock is None and rnd is not None and event.status == Event.RUNNING:
        clock = clock_display(event, rnd)
    return {
        "event": event,
        "round": rnd,
        **shared_lists(event, rnd, kept.value["tables"]),
        "current": kept.current,
        "clock_html": render_partial("events/_clock.html", {"clock": clock}) if clock else "",
        "query": query,
        "found": found_players(event, query).found if query else [],
        "pairings_anchor": "",
        "standings_anchor": "",
    }


def shared_lists(event: Event, rnd: Round | None, tables: dict[str, Any]) -> dict[str, Any]:
    """What the public region shows below a phone's own section, alike for every phone: the
    tables and standings (or links to them), a bracket, the decks published, earlier rounds."""
    # A bracket, pools or a playoff to show: an event of a bracket or of pools, a posted top cut, or a stage's round.
    finals = (
        finals_page(event)
        if (event.structure != "swiss" or event.top_cut or (rnd is not None and rnd.stage_id))
        else None
    )
    return {
        "finals": finals,
        "tables": tables,
        "past_rounds": list(range((rnd.number - 1) if rnd else 0, 0, -1)),
        "published_decks": published_decks(event),
    }


def everyone_standings(event: Event, page: int = 1) -> dict[str, Any]:
    """The standings as every phone shares them (None before a round is played), from the public part's lines: page
    ``page`` of them above ``RANKING_PAGE_ROWS`` players, as the coordinator's ranking is shown.

    The current state's, never the one before: the page is kept under the current version.
    """
    kept = kept_pieces(event, "public", lambda: public_tables(event), ["tables", "lines"])
    lines = kept.value["lines"]
    shown = ranking_page(lines, page) if lines is not None else None
    return {
        "event": event,
        "round": kept.value["tables"]["round"],
        "standings_complete": kept.value["tables"]["standings_complete"],
        "standings": [(line, line.pk) for line in shown] if shown is not None else None,
        "standings_page": shown,
    }


def projector_list(event: Event, rnd: Round, by_name: bool) -> str:
    """The projector's list of the round's tables, or of its players by name with their table, rendered and kept.

    The same for every screen and phone that shows it, so it is built once per state of
    the event; at 1,000 players it is 500 tables or 1,000 names.
    """

    def build() -> str:
        games = round_games(rnd)
        if by_name:
            seated = alphabetical_seats(list(event.players.all()), rnd, games)
            return render_partial("events/projector.html#names", {"seated": seated})
        return render_partial("events/projector.html#tables", {"games": games, "round": rnd})

    return kept_part(event, "projector-names" if by_name else "projector-tables", build).value


def projector_board(event: Event, *, by_name: bool) -> dict[str, Any]:
    """The projector: the clock, the round's tables or names, and the tables given extra time."""
    rnd = event.latest_round()
    running = rnd is not None and event.status == Event.RUNNING
    closed = event.status == Event.CLOSED
    standings = event_standings(event) if closed else None
    return {
        "event": event,
        "round": rnd,
        "by_name": by_name,
        # Once the event is closed the room sees how it ended, not the last round's tables.
        "final": [row for row in standings.rows if row.rank is not None] if standings else None,
        "board_list": projector_list(event, rnd, by_name) if rnd and not closed else "",
        "bracket": finals_page(event).brackets_html if rnd is not None and rnd.is_elimination else "",
        "clock": break_clock_display(event) or (clock_display(event, rnd) if rnd is not None and running else None),
        "extended": list(rnd.games.filter(extra_seconds__gt=0, result__isnull=True)) if rnd else [],
    }
