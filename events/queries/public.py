"""What the public sees of a round: each player's seat, the tables, the search, an earlier round.

Nothing here is private: no deck capability, no Wizard, no staff link, no account. The
phones' page, the pages every phone shares and the projector are put together from these
and kept per version of the event by events/pages/boards.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from scoring import PairingExplained

from ..models import Event, Game, Player, Round
from .round import pairing_explained
from .search import find_players, fold, is_long_list


@dataclass
class Seat:
    """Where a player is in the current round: a table and an opponent, or the bye."""

    table: int | None = None
    opponent: Player | None = None
    game: Game | None = None
    bye: bool = False


def seats(rnd: Round | None, games: list[Game]) -> dict[int, Seat]:
    """Every player's seat in the round, by player pk."""
    found: dict[int, Seat] = {}
    for game in games:
        found[game.player_a_id] = Seat(table=game.table, opponent=game.player_b, game=game)
        found[game.player_b_id] = Seat(table=game.table, opponent=game.player_a, game=game)
    if rnd is not None and rnd.bye_id:
        found[rnd.bye_id] = Seat(bye=True)
    return found


def round_games(rnd: Round | None) -> list[Game]:
    """The round's games by table with both players, in one query."""
    if rnd is None:
        return []
    return list(rnd.games.select_related("player_a", "player_b"))


class PlayerRow(NamedTuple):
    """What a phone's own part shows of a player, read as a plain row."""

    pk: int
    archive_id: str
    name: str
    status: str


class GameRow(NamedTuple):
    """What a phone's own part shows of a game of the round, read as a plain row."""

    pk: int
    table: int
    player_a_id: int
    player_b_id: int
    result: dict[str, Any] | None
    points: list[int | float] | None
    state: str
    extra_seconds: int


def player_rows(event: Event) -> list[PlayerRow]:
    """Every player of the event as a plain row, in one query.

    Rows, not model instances: the public part is built for every player at once, and at
    20,000 players the instances took 0.3 s of it, the rows 25 ms (docs/performance.md).
    """
    return [PlayerRow(*values) for values in event.players.values_list(*PlayerRow._fields)]


def round_game_rows(rnd: Round | None) -> list[GameRow]:
    """The round's games as plain rows, in one query (as ``player_rows``, for the same reason)."""
    if rnd is None:
        return []
    return [GameRow(*values) for values in rnd.games.values_list(*GameRow._fields)]


def alphabetical_seats(players: list[Player], rnd: Round | None, games: list[Game]) -> list[tuple[Player, Seat]]:
    """Every player of the round in name order with their table, as the room looks them up."""
    seat_of = seats(rnd, games)
    return [(p, seat_of[p.pk]) for p in sorted(players, key=lambda p: (fold(p.name), p.pk)) if p.pk in seat_of]


def lists_on_the_phone(players: int) -> bool:
    """Whether an event of ``players`` shows every table and the whole standings on each phone's page.

    Up to 64 players, as the long lists of the desk and the round (queries/search.py): the
    events most coordinators run keep the page they have always had, everything on one
    screen. Above that, each phone's page would carry 500 tables and 1,000 standings rows
    (190 KB rendered for each phone, 20 KB of the venue's Wi-Fi per phone per change):
    they move to pages every phone shares, rendered once per state of the event, and
    the phone's own page keeps its seat, clock, card and place (docs/performance.md).
    """
    return not is_long_list(players)


@dataclass(frozen=True)
class RoundTables:
    """A round's tables by number, each game with both players; no round before the first pairing."""

    event: Event
    round: Round | None
    games: list[Game]


def everyone_pairings(event: Event) -> RoundTables:
    """The current round by table, as every phone shares it: the page linked from the phones above 64 players."""
    rnd = event.latest_round()
    return RoundTables(event=event, round=rnd, games=round_games(rnd))


@dataclass(frozen=True)
class FoundPlayers:
    """The players whose names hold every word of ``query``, each with their seat in the current round."""

    event: Event
    round: Round | None
    query: str
    found: list[tuple[Player, Seat | None]]


def found_players(event: Event, query: str) -> FoundPlayers:
    """The search as you type: matching players with their seat, without the standings' cost."""
    rnd = event.latest_round()
    seat_of = seats(rnd, round_games(rnd))
    players = sorted(event.players.all(), key=lambda p: fold(p.name))
    return FoundPlayers(
        event=event, round=rnd, query=query, found=[(p, seat_of.get(p.pk)) for p in find_players(players, query)]
    )


@dataclass(frozen=True)
class PastRound(RoundTables):
    """A round on the public page with why each table was paired as it was (None for a bracket's round)."""

    why: PairingExplained | None = None


def past_round(event: Event, rnd: Round) -> PastRound:
    """A round on the public page: its tables, results, and why each table was paired as it was."""
    return PastRound(event=event, round=rnd, games=round_games(rnd), why=pairing_explained(event, rnd))
