"""What the pages of players known across events show: the list, a member's history, the members a registration
may be (docs/rules.md, readings 108-109)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Q
from django_countries import countries

from ..models import Event, Member, MemberLogEntry, Player
from ..names import name_digest
from .rankings import event_facts

# The list shows this many; a longer search narrows it.
MAX_LISTED = 100


@dataclass(frozen=True)
class MemberLine:
    """One member as a list shows them."""

    number: int
    name: str
    country: str  # the country's name in the reader's language; "" when none was given
    public: bool
    registrations: int


@dataclass(frozen=True)
class HistoryLine:
    """One event a member played, as their page lists it (newest first)."""

    event: str
    event_slug: str
    date: datetime.date | None
    status: str
    registered_as: str
    players: int
    place: int | None  # their final place once the event is closed; None before, or after they left it
    left: str  # "Dropped" or "Ejected"; "" when they played it out


@dataclass(frozen=True)
class MemberPage:
    """A member's page: who they are, the members merged into them, their events, and what was done to them."""

    member: Member
    merged_into: Member | None
    merged: list[Member]
    history: list[HistoryLine]
    log: list[MemberLogEntry]


def _line(member: Member) -> MemberLine:
    return MemberLine(
        number=member.number,
        name=member.name,
        country=str(countries.name(str(member.country))) if member.country else "",
        public=member.public,
        registrations=getattr(member, "registration_count", 0),
    )


def members_found(query: str = "") -> list[MemberLine]:
    """The members (not merged into another, not forgotten) whose number is ``query`` or whose name holds it."""
    members = Member.objects.filter(forgotten=False, merged_into__isnull=True)
    query = query.strip()
    if query.isdigit():
        members = members.filter(number=int(query))
    elif query:
        members = members.filter(Q(name__icontains=query) | Q(name_digest=name_digest(query)))
    members = members.annotate(registration_count=Count("registrations")).order_by("number")
    return [_line(member) for member in members[:MAX_LISTED]]


def _place(event: Event, player: Player) -> int | None:
    """The player's final place in a closed event, by the engine's final ranking (kept as the rankings keep it)."""
    if event.status != Event.CLOSED or not player.is_active:
        return None
    return event_facts(event).places.get(player.archive_id)


def member_page(member: Member) -> MemberPage:
    """``member``'s page: their registrations and those of the members merged into them, newest event first.

    Each closed event's final place is the engine's ranking of it, kept once per state of the event.
    """
    people = member.one_person()
    registrations = (
        Player.objects.filter(member__in=people)
        .select_related("event")
        .annotate(players=Count("event__players"))
        .order_by("-event__date", "-event__created_at")
    )
    history = [
        HistoryLine(
            event=player.event.name,
            event_slug=player.event.slug,
            date=player.event.date,
            status=player.event.get_status_display(),
            registered_as=player.name,
            players=getattr(player, "players", 0),
            place=_place(player.event, player),
            left="" if player.is_active else str(player.get_status_display()),
        )
        for player in registrations
    ]
    return MemberPage(
        member=member,
        merged_into=member.merged_into,
        merged=list(Member.objects.filter(merged_into=member).order_by("number")),
        history=history,
        log=list(member.log.all()[:50]),
    )


def members_it_may_be(player: Player) -> list[MemberLine]:
    """The members a registration may be: their names read as its name (events/names.py), for the coordinator
    to confirm one; never linked without that."""
    if player.member_id is not None:
        return []
    taken = player.event.players.exclude(member__isnull=True).values_list("member_id", flat=True)
    members = (
        Member.objects.filter(forgotten=False, merged_into__isnull=True, name_digest=player.name_digest)
        .exclude(pk__in=taken)
        .annotate(registration_count=Count("registrations"))
        .order_by("number")
    )
    return [_line(member) for member in members[:10]]


@dataclass(frozen=True)
class ClaimLine:
    """A registration a member may say is theirs, as their private link's page offers it."""

    player_id: int
    name: str
    event: str
    date: datetime.date | None
    status: str


@dataclass(frozen=True)
class MemberLinkPage:
    """What a member's private link shows them: who they are here, their linked events, and the registrations
    whose names read as theirs that they may link (docs/rules.md, reading 111)."""

    number: int
    name: str
    linked: list[str]
    offered: list[ClaimLine]


def member_link_page(link_token: str) -> MemberLinkPage | None:
    """The page of the member whose private link is ``link_token``; None when no member has it (any more)."""
    found = Member.objects.filter(link_token=link_token, forgotten=False, merged_into__isnull=True)
    member = found.first() if link_token else None
    if member is None:
        return None
    people = member.one_person()
    registered_in = Player.objects.filter(member__in=people).values_list("event_id", flat=True)
    linked = Player.objects.filter(member__in=people).select_related("event").order_by("-event__date", "-event_id")
    offered = (
        Player.objects.filter(member__isnull=True, name_digest=member.name_digest)
        .exclude(event_id__in=registered_in)
        .select_related("event")
        .order_by("-event__date", "-event_id")
    )
    return MemberLinkPage(
        number=member.number,
        name=member.name,
        linked=[player.event.name for player in linked[:MAX_LISTED]],
        offered=[
            ClaimLine(
                player_id=player.pk,
                name=player.name,
                event=player.event.name,
                date=player.event.date,
                status=player.event.get_status_display(),
            )
            for player in offered[:MAX_LISTED]
        ],
    )
