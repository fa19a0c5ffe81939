"""The coordinator's desk: the players (a page at a time in a large event), the rounds, what comes next."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, cast

from django.core.paginator import Page
from django.db.models import Count, Q
from django.utils.translation import gettext as _

import scoring
from scoring import CONSTRUCTION_MINUTES, EXCHANGE_MINUTES, SEALED_GAME_TYPES

from ..clocks import break_clock_display
from ..i18n import say
from ..models import Event, Player, Round
from .house_rules import HouseRule, house_rules
from .search import fold, holds_every_word, is_long_list, list_page
from .stages import finals_board


class RoundCounts(TypedDict):
    """What ``desk`` counts of each round: its tables, and those still without a result."""

    tables: int
    missing: int


if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    CountedRound = WithAnnotations[Round, RoundCounts]


def desk_players(event: Event, query: str, page_number: str | None) -> tuple[Page[Player], int, int]:
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
    players = cast("Page[Player]", page)  # the same page, its pks replaced by their players
    players.object_list = [loaded[pk] for pk in page.object_list]
    return players, len(everyone), sum(1 for _, _, status in everyone if status == Player.ACTIVE)


@dataclass(frozen=True)
class NextRound:
    """Whether the desk offers to pair a round now, what that round is called, and the Swiss rounds paired."""

    can_pair: bool
    label: str
    swiss_paired: int


@dataclass(frozen=True)
class DeskSummary:
    """The coordinator's desk: the players, the rounds and their missing results, what the policy says, what is next."""

    event: Event
    player_page: Page[Player]
    query: str
    searchable: bool
    registered_count: int
    active_count: int
    rounds: list[CountedRound]  # each annotated with its ``tables`` and its ``missing`` results
    latest: CountedRound | None
    policy: scoring.Policy
    house_rules: tuple[HouseRule, ...]  # each value a house policy changes, citing the clause it replaces
    rounds_for_present: int | None
    official: bool
    time_limit: int
    break_on: bool
    break_clock: dict[str, Any] | None
    construction_minutes: int
    exchange_minutes: int
    can_pair_next: bool
    next_round_label: str
    swiss_paired: int


def desk(event: Event, query: str = "", page_number: str | None = None) -> DeskSummary:
    """The desk: players, rounds with their missing results, and what the policy says for those present."""
    player_page, registered, active = desk_players(event, query, page_number)
    rounds = list(
        event.rounds.select_related("stage")
        .annotate(tables=Count("games"), missing=Count("games", filter=Q(games__result__isnull=True)))
        .order_by("number")
    )
    policy = event.rules
    latest = rounds[-1] if rounds else None
    next_round = _next_round(event, rounds, latest)
    return DeskSummary(
        event=event,
        player_page=player_page,
        query=query,
        searchable=is_long_list(registered),
        registered_count=registered,
        active_count=active,
        rounds=rounds,
        latest=latest,
        policy=policy,
        house_rules=house_rules(policy),
        rounds_for_present=policy.rounds_for(active) if active >= 2 else None,
        official=policy.can_be_official(active) if active >= 2 else False,
        time_limit=policy.time_limits[event.game_type],
        # Policy #1 and Policy Number 4, The Sealed Deck Game: building before round 1, exchanges between rounds.
        # Policy #1's sealed game has no exchanges between rounds (policy.sealed_exchanges).
        break_on=event.game_type in SEALED_GAME_TYPES
        and event.status != Event.CLOSED
        and (latest is None or (latest.missing == 0 and policy.sealed_exchanges)),
        break_clock=break_clock_display(event),
        construction_minutes=CONSTRUCTION_MINUTES,
        exchange_minutes=EXCHANGE_MINUTES,
        can_pair_next=next_round.can_pair,
        next_round_label=next_round.label,
        swiss_paired=next_round.swiss_paired,
    )


def _next_round(event: Event, rounds: list[CountedRound], latest: CountedRound | None) -> NextRound:
    """Whether the desk offers to pair a round now, and what that round is called."""
    stage = event.stages.order_by("-number").first()
    swiss = sum(1 for rnd in rounds if rnd.stage_id is None)
    ready = event.status == Event.RUNNING and (latest is None or latest.missing == 0)
    if stage is None:
        swiss_due = event.structure == "swiss" and (event.rounds_planned is None or len(rounds) < event.rounds_planned)
        # Translators: the round the desk's button pairs next: "Pair round 3".
        label = _("round %(number)s") % {"number": len(rounds) + 1}
        return NextRound(can_pair=ready and swiss_due, label=label, swiss_paired=swiss)
    played = sum(1 for rnd in rounds if rnd.stage_id == stage.pk)
    if stage.is_bracket:
        due = finals_board(event).bracket_open
    else:
        # A playoff left with fewer than two players is over before its last round.
        assert stage.rounds_planned is not None  # a playoff is started with its rounds (services/stages.py)
        due = played < stage.rounds_planned and finals_board(event).pending is not None
    # Translators: %(stage)s is a stage's title, such as "Playoff" or "Top 8".
    label = _("%(stage)s, round %(number)s") % {"stage": say(stage.title), "number": played + 1}
    return NextRound(can_pair=ready and due, label=label, swiss_paired=swiss)
