"""A server's rankings of its players known across events: the season's ladder and the Glicko-2 rating.

Read from every closed event with a registration linked to a member: its final ranking
gives the ladder's finishes, its games played to a result the rating's games, an event
one rating period, in the order the events were played (docs/rules.md, readings 104-107
and 110). Everything is recomputed from the events, so a result corrected, a link made or
a merge undone shows at once.
"""

from __future__ import annotations

import datetime
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from django_countries import countries

import scoring
from scoring import Finish, LadderRules, Rating, RatingRules

from ..archive import load_archive
from ..caching.parts import kept_part
from ..models import Event, Member, Player


@dataclass(frozen=True)
class RatedEvent:
    """A member's rating after one event."""

    event: str
    date: datetime.date
    rating: Rating
    games: int


@dataclass(frozen=True)
class FinishLine:
    """One finish of a member as their page explains it: the event, the place, its ladder points, and why not."""

    event: str
    place: int
    players: int
    points: int
    counts: bool
    reason: str  # scoring.rankings.ladder's SMALL, OUTSIDE or NOT_BEST; "" when it counts


@dataclass(frozen=True)
class MemberStanding:
    """One member on the rankings: their ladder total and place, their rating, and how each came to be."""

    number: int
    name: str
    country: str  # its name in the reader's language; "" when none was given
    country_code: str  # ISO 3166, as exports hold it
    public: bool
    ladder_place: int | None
    ladder_total: int
    finishes: list[FinishLine]
    rating: Rating | None
    provisional: bool
    rated_events: list[RatedEvent] = field(default_factory=list)


@dataclass(frozen=True)
class Rankings:
    """The rankings on ``today``, with the numbers they are computed with (posted beside them)."""

    today: datetime.date
    ladder_rules: LadderRules
    rating_rules: RatingRules
    standings: list[MemberStanding]

    def of(self, number: int) -> MemberStanding | None:
        """The standing of the member of player number ``number``, if they have one."""
        return next((standing for standing in self.standings if standing.number == number), None)


@dataclass(frozen=True)
class EventFacts:
    """What the rankings read of one closed event: its size, each ranked player's final place, its rated games."""

    players: int
    places: dict[str, int]
    games: list[tuple[str, str, float]]


# The facts read lately in this process, by event and version: the rankings read every closed event,
# and a closed event seldom changes, so most of them need no read of the shared cache either.
_FACTS_REMEMBERED = 5000
_remembered: OrderedDict[tuple[int, datetime.datetime], EventFacts] = OrderedDict()
_remembered_lock = threading.Lock()


def forget_remembered_facts() -> None:
    """Forget the facts this process remembers (the tests' events reuse ids)."""
    with _remembered_lock:
        _remembered.clear()


def event_facts(event: Event) -> EventFacts:
    """The event's facts for the rankings, kept once per state of the event (events/caching/parts.py), and
    remembered in this process by the event's version (``changed_at``), which any change moves."""
    key = (event.pk, event.changed_at)
    with _remembered_lock:
        found = _remembered.get(key)
        if found is not None:
            _remembered.move_to_end(key)
            return found
    facts = _kept_facts(event)
    with _remembered_lock:
        _remembered[key] = facts
        while len(_remembered) > _FACTS_REMEMBERED:
            _remembered.popitem(last=False)
    return facts


def _kept_facts(event: Event) -> EventFacts:

    def build() -> EventFacts:
        archive = load_archive(event)
        return EventFacts(
            players=len(archive.players),
            places={p.player: p.place for p in scoring.final_ranking(archive).placings if p.place is not None},
            games=[(game.first, game.second, game.score) for game in scoring.rated_games(archive)],
        )

    return kept_part(event, "ranking-facts", build, in_every_language=True).value


def _played_on(event: Event) -> datetime.date:
    return event.date or event.created_at.date()


def _kept_of() -> dict[int, int]:
    """Each member's pk → the pk of the member they now are (their merges followed)."""
    merged_into = dict(Member.objects.values_list("pk", "merged_into_id"))

    def kept(pk: int) -> int:
        seen = {pk}
        while merged_into.get(pk) is not None and merged_into[pk] not in seen:
            pk = merged_into[pk]
            seen.add(pk)
        return pk

    return {pk: kept(pk) for pk in merged_into}


# The numbers posted with the rankings (docs/rules.md, readings 105 and 107).
LADDER_RULES, RATING_RULES = LadderRules(), RatingRules()


def rankings(
    today: datetime.date, ladder_rules: LadderRules = LADDER_RULES, rating_rules: RatingRules = RATING_RULES
) -> Rankings:
    """The server's ladder and ratings on ``today``: one engine read of each closed event with a member in it."""
    kept = _kept_of()
    # In the order they were played, by the date each is read with (a dateless event by its making), the same on
    # every database (SQLite and PostgreSQL sort an empty date apart).
    events = sorted(
        Event.objects.filter(status=Event.CLOSED, players__member__isnull=False).distinct(),
        key=lambda event: (_played_on(event), event.created_at, event.pk),
    )
    links: dict[int, dict[str, int]] = {}
    for event_id, archive_id, member_id in Player.objects.filter(event__in=events, member__isnull=False).values_list(
        "event_id", "archive_id", "member_id"
    ):
        links.setdefault(event_id, {})[archive_id] = kept[member_id]
    finishes: dict[int, list[Finish]] = {}
    ratings: dict[int, Rating] = {}
    history: dict[int, list[RatedEvent]] = {}
    names = {}
    for event in events:
        member_of = links.get(event.pk, {})
        facts = event_facts(event)
        played_on = _played_on(event)
        names[event.slug] = event.name
        for player, place in facts.places.items():
            if player in member_of:
                finishes.setdefault(member_of[player], []).append(Finish(event.slug, played_on, facts.players, place))
        # Only games between two players known here are rated: the other has no rating to meet (reading 110).
        games = [
            scoring.RatedGame(str(member_of[first]), str(member_of[second]), score)
            for first, second, score in facts.games
            if first in member_of and second in member_of
        ]
        counts: dict[int, int] = {}
        for game in games:
            for pk in (int(game.first), int(game.second)):
                counts[pk] = counts.get(pk, 0) + 1
        rated = scoring.rate_event({str(pk): rating for pk, rating in ratings.items()}, games, rating_rules)
        for pk_text, rating in rated.items():
            pk = int(pk_text)
            ratings[pk] = rating
            history.setdefault(pk, []).append(RatedEvent(event.name, played_on, rating, counts[pk]))
    ladder = {
        line.player: line for line in scoring.ladder({str(pk): f for pk, f in finishes.items()}, today, ladder_rules)
    }
    members = Member.objects.filter(pk__in=set(finishes) | set(ratings), forgotten=False).order_by("number")
    standings = []
    for member in members:
        line = ladder.get(str(member.pk))
        current = ratings.get(member.pk)
        standings.append(
            MemberStanding(
                number=member.number,
                name=member.name,
                country=str(countries.name(str(member.country))) if member.country else "",
                country_code=str(member.country or ""),
                public=member.public,
                ladder_place=line.place if line else None,
                ladder_total=line.total if line else 0,
                finishes=[
                    FinishLine(names[c.finish.event], c.finish.place, c.finish.players, c.points, c.counts, c.reason)
                    for c in scoring.read_finishes(finishes.get(member.pk, []), today, ladder_rules)
                ],
                rating=current,
                provisional=current.is_provisional(rating_rules) if current else True,
                rated_events=history.get(member.pk, []),
            )
        )
    standings.sort(key=lambda s: (s.ladder_place is None, s.ladder_place or 0, -(s.rating.rating if s.rating else 0)))
    return Rankings(today, ladder_rules, rating_rules, standings)
