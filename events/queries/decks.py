"""Deck lists as the coordinator, a player with their own link, and the sign-up page see them.

Never for the public pages: a list is read here only for a coordinator's page or for
the one player whose link it is (Version 3: players must not scout their opponents' decks).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import (
    SEALED_GAME_TYPES,
    Text,
    text_from_data,
)

from ..models import DeckList, Event, Player, Round, SealedProduct, SpotCheck
from .standings import event_standings

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def _states(findings: dict[str, Any] | None) -> list[tuple[str, int | None]]:
    """What a list's findings say, each with how many: unknown names, rules broken; or legal, or no list."""
    if findings is None:
        return [("missing", None)]
    states: list[tuple[str, int | None]] = []
    if findings["unknown"]:
        states.append(("unknown-cards", len(findings["unknown"])))
    if findings["problems"]:
        states.append(("problems", len(findings["problems"])))
    return states or [("legal", None)]


def _said(findings: dict[str, Any] | None) -> list[tuple[StrOrPromise, int | None]]:
    """A list's states as the pages name them, each with how many."""
    return [(STATUS_LABELS[state], count) for state, count in _states(findings)]


# What the coordinator's list of players says of each player's deck list.
STATUS_LABELS = {
    "missing": gettext_lazy("No list"),
    "unknown-cards": gettext_lazy("Unknown cards"),
    # Translators: a deck list's state: it breaks a rule of the event's policy.
    "problems": gettext_lazy("Breaks a rule"),
    # Translators: a deck list's state: it keeps every rule of the event's policy.
    "legal": gettext_lazy("Legal"),
}


@dataclass(frozen=True)
class DeckOverviewRow:
    """A player on the coordinator's list: their list's states, each with how many, and the capability set by hand."""

    player: Player
    states: list[tuple[StrOrPromise, int | None]]  # each state as the page names it, with how many
    state_keys: set[str]  # "missing", "unknown-cards", "problems", "legal"
    by_hand: bool


@dataclass(frozen=True)
class DeckOverview:
    """The coordinator's deck lists: every player with their list's state, the totals, the lists to publish."""

    event: Event
    rows: list[DeckOverviewRow]
    totals: list[tuple[StrOrPromise, int]]
    sealed: bool
    publishable: list[tuple[int, str]]  # (player id, "3. Name"), in the final standings' order once closed
    published: list[int]  # the ids of the players whose lists are published


def deck_overview(event: Event) -> DeckOverview:
    """Every player with the state of their list, the capability and whether it was set by hand; and totals."""
    findings_of = dict(DeckList.objects.filter(player__event=event).values_list("player_id", "findings"))
    rows = []
    for player in event.players.only("pk", "event", "name", "status", "deck_capability", "capability_note"):
        findings = findings_of.get(player.pk)
        states = _states(findings)
        rows.append(
            DeckOverviewRow(
                player=player,
                states=[(STATUS_LABELS[state], count) for state, count in states],
                state_keys={state for state, _count in states},
                by_hand=bool(player.capability_note),
            )
        )
    # A list with unknown names may break a rule too: each total counts the lists in that state.
    totals: list[tuple[StrOrPromise, int]] = [
        (label, sum(1 for row in rows if status in row.state_keys)) for status, label in STATUS_LABELS.items()
    ]
    closed = event.status == Event.CLOSED
    return DeckOverview(
        event=event,
        rows=rows,
        totals=totals,
        sealed=event.game_type in SEALED_GAME_TYPES,
        publishable=_by_final_place(event, list(findings_of)) if closed else [],
        published=list(
            DeckList.objects.filter(player__event=event, published=True).values_list("player_id", flat=True)
        ),
    )


def _by_final_place(event: Event, player_ids: list[int]) -> list[tuple[int, str]]:
    """The players ``player_ids`` as (id, "3. Name") in the final standings' order, for choosing lists to publish."""
    standings = event_standings(event)
    place = {row.player: row.rank for row in standings.rows} if standings else {}
    players = Player.objects.filter(pk__in=player_ids).values_list("pk", "archive_id", "name")
    ordered = sorted(players, key=lambda p: (place.get(p[1]) is None, place.get(p[1]) or 0, p[2]))
    return [(pk, _placed(rank, name) if (rank := place.get(archive_id)) else name) for pk, archive_id, name in ordered]


def _placed(place: int, name: str) -> str:
    # Translators: a player's final place and name in a list of players, such as "3. Ann Smith".
    return _("%(place)s. %(name)s") % {"place": place, "name": name}


def published_decks(event: Event) -> list[Player]:
    """The players whose lists the coordinator published after the event, for the public page."""
    if event.status != Event.CLOSED:
        return []
    return list(event.players.filter(deck_list__published=True).only("pk", "event", "name"))


@dataclass(frozen=True)
class PublishedDeck:
    """A list the coordinator published after the event, as the public sees it."""

    event: Event
    player: Player
    deck_list: DeckList


def published_deck(event: Event, player_id: int) -> PublishedDeck | None:
    """One published list as the public sees it (the list as written, the declarations), or None."""
    if event.status != Event.CLOSED:
        return None
    deck_list = (
        DeckList.objects.filter(player__event=event, player_id=player_id, published=True)
        .select_related("player")
        .first()
    )
    if deck_list is None:
        return None
    return PublishedDeck(event=event, player=deck_list.player, deck_list=deck_list)


@dataclass(frozen=True)
class DeckFindings:
    """What the rules said of a list, as kept (scoring.DeckCheck.as_dict), the engine's words made Texts again."""

    legal: bool
    problems: list[dict[str, Any]]  # each {"rule", "clause", "message" (a Text), "cards"}
    unknown: list[dict[str, Any]]  # each {"name", "deck", "section", "line", "suggestions"}
    capability: str
    capability_reason: Text | str  # a plain string in lists kept before the engine's words were Texts
    alignment: str | None
    counts: dict[str, dict[str, int]]  # each deck's pool, play deck, sideboard, sites and creatures


def readable_findings(findings: dict[str, Any] | None) -> DeckFindings | None:
    """Kept findings with the engine's words made Texts again, for ``|say`` (lists kept before hold English)."""
    if findings is None:
        return None
    return DeckFindings(
        legal=findings["legal"],
        problems=[{**problem, "message": text_from_data(problem["message"])} for problem in findings["problems"]],
        unknown=findings["unknown"],
        capability=findings["capability"],
        capability_reason=text_from_data(findings["capability_reason"]),
        alignment=findings["alignment"],
        counts=findings["counts"],
    )


@dataclass(frozen=True)
class ListedDeck:
    """One player's list as written and what the rules said of it, as the binder prints it."""

    player: Player
    deck_list: DeckList | None
    findings: DeckFindings | None
    states: list[tuple[StrOrPromise, int | None]]  # the list's states as the pages name them, each with how many


@dataclass(frozen=True)
class PlayerDeck(ListedDeck):
    """One player's list with their sealed product, as the coordinator and the player's own link see it."""

    product: SealedProduct | None
    sealed: bool


def player_deck(player: Player) -> PlayerDeck:
    """One player's list as written, what the rules said of it, their capability and, sealed, their product."""
    deck_list = DeckList.objects.filter(player=player).first()
    findings = deck_list.findings if deck_list else None
    return PlayerDeck(
        player=player,
        deck_list=deck_list,
        findings=readable_findings(findings),
        states=_said(findings),
        product=SealedProduct.objects.filter(player=player).first(),
        sealed=player.event.game_type in SEALED_GAME_TYPES,
    )


def player_by_deck_token(event: Event, token: str) -> Player | None:
    """The player whose private link ``token`` is, or None (a revoked or mistyped link)."""
    if not token:
        return None
    return event.players.filter(deck_token=token).first()


@dataclass(frozen=True)
class SignUpPage:
    """The public sign-up page: whether it is open, the places left under the cap, the lists' deadline."""

    event: Event
    closed: str | None  # why it takes no one now, as a sentence; None while it is open
    places_left: int | None  # None without a cap
    deadline: datetime.datetime | None


def sign_up_page(event: Event, now: datetime.datetime) -> SignUpPage:
    """What the public sign-up page shows: whether it is open, the cap, places left, the lists' deadline."""
    registered = event.players.count()
    closed = event.sign_up_closed(now, registered)
    places_left = max(event.sign_up_cap - registered, 0) if event.sign_up_cap else None
    return SignUpPage(event=event, closed=closed, places_left=places_left, deadline=event.deck_deadline)


@dataclass(frozen=True)
class SpotCheckRow:
    """A deck drawn for a check this round: the player, their table, and the check once recorded."""

    player_id: int
    name: str
    table: int
    check: SpotCheck | None


def round_spot_checks(rnd: Round | None) -> list[SpotCheckRow]:
    """The decks drawn for a check this round, by table, each with its check once recorded."""
    if rnd is None:
        return []
    drawn = rnd.spot_check_tables()
    if not drawn:
        return []
    names = dict(Player.objects.filter(pk__in=drawn).values_list("pk", "name"))
    done = {check.player_id: check for check in SpotCheck.objects.filter(round=rnd, player_id__in=drawn)}
    return sorted(
        (SpotCheckRow(player_id=pk, name=names[pk], table=table, check=done.get(pk)) for pk, table in drawn.items()),
        key=lambda row: row.table,
    )


@dataclass(frozen=True)
class SpotCheckPage(PlayerDeck):
    """A deck checked at its table: the player's list, the round and table that drew it, the check once recorded."""

    round: Round
    table: int | None
    check: SpotCheck | None


def spot_check_page(rnd: Round, player: Player) -> SpotCheckPage:
    """What staff see at the table: the player's registered list as written and what the rules said of it."""
    deck = player_deck(player)
    return SpotCheckPage(
        **{field.name: getattr(deck, field.name) for field in fields(deck)},
        round=rnd,
        table=rnd.spot_check_tables().get(player.pk),
        check=SpotCheck.objects.filter(round=rnd, player=player).first(),
    )


@dataclass(frozen=True)
class DeckListsSheet:
    """The coordinator's binder: every registered list, and the players who have none."""

    event: Event
    lists: list[ListedDeck]
    missing: list[str]


def deck_lists_sheet(event: Event) -> DeckListsSheet:
    """Every registered list, a page each, in name order: the coordinator's binder."""
    lists = DeckList.objects.filter(player__event=event).select_related("player").order_by("player__name", "pk")
    missing = event.players.filter(deck_list__isnull=True).values_list("name", flat=True)
    return DeckListsSheet(event=event, lists=[player_deck_row(deck_list) for deck_list in lists], missing=list(missing))


def player_deck_row(deck_list: DeckList) -> ListedDeck:
    """One list as the binder prints it."""
    return ListedDeck(
        player=deck_list.player,
        deck_list=deck_list,
        findings=readable_findings(deck_list.findings),
        states=_said(deck_list.findings),
    )


@dataclass(frozen=True)
class DeckLinkSlips:
    """The players who have a private deck link, a slip each to hand out at the desk."""

    event: Event
    players: list[Player]


def deck_link_slips(event: Event) -> DeckLinkSlips:
    """A slip for each player who has a private deck link, to hand out at the desk."""
    players = event.players.exclude(deck_token="").only("pk", "event", "name", "deck_token")
    return DeckLinkSlips(event=event, players=list(players))
