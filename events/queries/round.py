"""A round's tables: the coordinator's round page and the staff's phone page."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, cast

from django.core.paginator import Page
from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet

from scoring import PairingExplained, explain_pairing, playoff_archive

from ..archive import load_archive
from ..caching.parts import kept_part
from ..clocks import clock_display
from ..models import Event, Game, Player, Round
from .decks import SpotCheckRow, round_spot_checks
from .search import LIST_PAGE_SIZE, found_tables, is_long_list, list_page, listing_query, with_players


@dataclass(frozen=True)
class RoundPage:
    """The coordinator's round: its tables a page at a time, what is missing, the clock, who may be swapped."""

    event: Event
    round: Round
    open_games: list[Game]  # empty when the open tables are too many to list
    table_page: Page[Game]
    query: str
    listing: str  # the address the listing polls: the same page of the same search
    searchable: bool
    many_open: bool
    missing: list[int]  # the numbers of the tables without a result
    is_latest: bool
    reported: int
    editable: bool
    untouched: bool
    clock: dict[str, Any] | None
    extended: list[tuple[Any, ...]]  # the open tables given extra time, as named rows (table, extra_seconds, ...)
    swappable: QuerySet[Player]
    spot_checks: list[SpotCheckRow]
    why: PairingExplained | None


def round_page(event: Event, rnd: Round, query: str = "", page_number: str | None = None) -> RoundPage:
    """The coordinator's round: its tables a page at a time, what is missing, the clock, who may be swapped.

    ``swappable`` are the players of the tables still open and the bye, for the swap form.
    """
    # Every table as plain values (number, players, state) for the counts, the search and the
    # page's place in the list: at 1,000 players, 500 rows read as tuples rather than as games.
    # Whole games, with their players, only for the rows shown and for the open tables the
    # clock's list offers.
    rows = rnd.games.annotate(
        is_open=ExpressionWrapper(Q(result__isnull=True), output_field=BooleanField())
    ).values_list("pk", "table", "player_a_id", "player_b_id", "state", "extra_seconds", "is_open", named=True)
    tables = list(rows)
    open_tables = [t for t in tables if t.is_open]
    is_latest = not event.rounds.filter(number__gt=rnd.number).exists()
    found_page = list_page(found_tables(event, tables, query), page_number)
    many_open = is_long_list(len(open_tables))
    shown = {t.pk for t in found_page.object_list} | (set() if many_open else {t.pk for t in open_tables})
    games = rnd.games.filter(pk__in=shown).select_related("player_a", "player_b").in_bulk() if shown else {}
    table_page = cast("Page[Game]", found_page)  # the same page, its rows replaced by their games
    table_page.object_list = [games[t.pk] for t in found_page.object_list]
    running = is_latest and event.status == Event.RUNNING
    return RoundPage(
        event=event,
        round=rnd,
        open_games=[] if many_open else [games[t.pk] for t in open_tables],
        table_page=table_page,
        query=query,
        listing=listing_query(query, table_page),
        searchable=is_long_list(len(tables)),
        many_open=many_open,
        missing=[t.table for t in open_tables],
        is_latest=is_latest,
        reported=sum(1 for t in tables if t.state == Game.REPORTED),
        editable=running,
        untouched=len(open_tables) == len(tables),
        clock=clock_display(event, rnd) if running else None,
        extended=[t for t in open_tables if t.extra_seconds],
        swappable=swappable_players(rnd),
        spot_checks=round_spot_checks(rnd),
        why=pairing_explained(event, rnd),
    )


def swappable_players(rnd: Round) -> QuerySet[Player]:
    """The players a swap may move: those of the tables still open, and the bye (a lazy queryset).

    The database finds them (a subquery), rather than being sent the 1,000 numbers of a large round.
    """
    open_games = rnd.games.filter(result__isnull=True)
    return Player.objects.filter(
        Q(pk=rnd.bye_id) | Q(pk__in=open_games.values("player_a")) | Q(pk__in=open_games.values("player_b"))
    )


@dataclass(frozen=True)
class StaffTables:
    """The staff's phone page of the latest round: disputes, the tables still playing, the results in."""

    event: Event
    round: Round | None
    query: str
    listing: str
    searchable: bool
    open_count: int
    disputed: list[Game]
    playing: Page[Game]
    done_count: int
    done_shown: list[Game]
    done_unshown: int
    clock: dict[str, Any] | None
    spot_checks: list[SpotCheckRow]


def staff_tables(event: Event, query: str, page_number: str | None) -> StaffTables:
    """The staff's phone page of the latest round: disputes first, then the tables still playing, then the results in.

    In a long round the tables still playing come a page at a time and the results
    already in are found by the search rather than listed; ``query`` narrows both.
    """
    rnd = event.latest_round()
    games = list(rnd.games.all()) if rnd else []
    disputed = [g for g in games if g.needs_staff]
    playing = list_page(
        found_tables(event, [g for g in games if g.result is None and not g.needs_staff], query), page_number
    )
    done = [g for g in games if g.result is not None]
    long_round = is_long_list(len(games))
    done_found = found_tables(event, done, query) if query or not long_round else []
    done_shown = done_found[:LIST_PAGE_SIZE]
    with_players([*disputed, *playing.object_list, *done_shown])
    return StaffTables(
        event=event,
        round=rnd,
        query=query,
        listing=listing_query(query, playing),
        searchable=long_round,
        open_count=len(games) - len(done),
        disputed=disputed,
        playing=playing,
        done_count=len(done),
        done_shown=done_shown,
        done_unshown=len(done_found) - len(done_shown),
        clock=clock_display(event, rnd) if rnd is not None and event.status == Event.RUNNING else None,
        spot_checks=round_spot_checks(rnd) if event.status == Event.RUNNING else [],
    )


def pairing_explained(event: Event, rnd: Round) -> PairingExplained | None:
    """Why each table of ``rnd`` was paired as it was (scoring/pairing_explained.py); None for a bracket's round,
    which its seeding pairs.

    A Swiss round is explained over the rounds before it; a playoff's over its own rounds
    before it, as it is paired. Kept per state of the event, its words as the engine's Texts.
    """
    stage_row = rnd.stage  # None without a query for a Swiss round
    if stage_row is not None and stage_row.is_bracket:
        return None

    def build() -> PairingExplained:
        archive = load_archive(event)
        played = archive.all_rounds[rnd.number - 1]
        if stage_row is None:
            before = replace(archive, rounds=archive.rounds[: rnd.number - 1], stages=())
        else:
            stage = archive.stages[stage_row.number - 1]
            own = playoff_archive(archive, stage)
            before = replace(own, rounds=own.rounds[: rnd.number - stage.first_round])
        games = [(game.table, *game.players) for game in played.games]
        return explain_pairing(
            before,
            played.bye,
            games,
            changed_by_hand=bool(rnd.quality.get("changed_by_hand")),
            playoff=rnd.stage_id is not None,
        )

    return kept_part(event, f"pairing-explained:{rnd.number}", build, in_every_language=True).value
