"""The coordinator's desk: the players (a page at a time in a large event), the rounds, what comes next."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, cast

from django.core.paginator import Page
from django.db.models import Count, Q, Window
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

import scoring
from scoring import CONSTRUCTION_MINUTES, EXCHANGE_MINUTES, SEALED_GAME_TYPES

from ..clocks import break_clock_display
from ..i18n import say
from ..models import Event, Game, OutboxMessage, Player, Round
from ..models.outbox import CONFIRM, PAIRING, REMINDER
from .house_rules import HouseRule, house_rules
from .search import fold, holds_every_word, is_long_list, list_page
from .stages import finals_board


class RoundCounts(TypedDict):
    """What ``desk`` counts of each round: its tables, and those still without a result."""

    tables: int
    missing: int


if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise, WithAnnotations

    CountedRound = WithAnnotations[Round, RoundCounts]

# Each kind of message, as the desk names it (events/models/outbox.py).
MESSAGE_KINDS = {
    PAIRING: pgettext_lazy("an e-mail to a player", "Pairing"),
    REMINDER: pgettext_lazy("an e-mail to a player", "Reminder before the deadline"),
    CONFIRM: pgettext_lazy("an e-mail to a player", "Result to confirm"),
}
# A mail server's refusal may quote the address it refused.
_ADDRESS = re.compile(r"[^\s<>()\[\]{}'\",;:]+@[^\s<>()\[\]{}'\",;:]+")


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
class MailFailures:
    """The event's e-mail that could not be sent yet, and the latest failure: to whom, what kind, and why."""

    count: int
    player: str
    kind: StrOrPromise
    error: str  # as the mail server or the network said it, any address in it replaced by "…"


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
    mail_failures: MailFailures | None
    past_deadline: list[Game]  # the current round's games without a result once their time is up, online


def desk(
    event: Event,
    query: str = "",
    page_number: str | None = None,
    *,
    now: datetime.datetime | None = None,
    online: bool = False,
) -> DeskSummary:
    """The desk: players, rounds with their missing results, and what the policy says for those present.

    ``online`` says the event's rounds last long enough to be played online (the caller asks
    ``services.mail.reminder_lead``): then the games whose time is up at ``now`` without a result
    are listed for the coordinator to rule on.
    """
    now = now or timezone.now()
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
        # A hosted copy is paired at its venue (services/hosted_copies.py).
        can_pair_next=next_round.can_pair and not event.hosted_copy,
        next_round_label=next_round.label,
        swiss_paired=next_round.swiss_paired,
        mail_failures=mail_failures(event),
        past_deadline=past_deadline(latest, now) if online else [],
    )


def mail_failures(event: Event) -> MailFailures | None:
    """How many of the event's messages failed and wait unsent, and the latest of them; None when none did.

    A failed message is tried again a few times (``services.mail.mark_failed``); one that no
    longer needs sending is marked sent, with its note. One query, however many failed.
    """
    latest = (
        OutboxMessage.objects.filter(event=event, sent_at__isnull=True)
        .exclude(last_error="")
        .annotate(failures=Window(Count("pk")))
        .order_by("-claimed_at", "-pk")
        .values_list("failures", "player__name", "kind", "last_error")
        .first()
    )
    if latest is None:
        return None
    count, player, kind, error = latest
    return MailFailures(count=count, player=player, kind=MESSAGE_KINDS.get(kind, kind), error=_ADDRESS.sub("…", error))


def past_deadline(latest: CountedRound | None, now: datetime.datetime) -> list[Game]:
    """The games of the current round still without a result once their time is up: the round's clock has run
    out and so has any time given to their table (``scoring.read_clock``). In a round of days the coordinator
    rules on them: a double loss, a forfeit, or more time."""
    if latest is None or not latest.missing or not latest.time_is_up(now):
        return []
    clock, at = latest.clock(), now.timestamp()
    open_games = latest.games.filter(result__isnull=True).select_related("player_a", "player_b")
    return [game for game in open_games if scoring.read_clock(clock, at, 0, game.extra_seconds).phase == "time"]


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
