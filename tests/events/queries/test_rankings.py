"""A server's rankings from its closed events (events/queries/rankings.py; docs/rules.md, readings 104-107, 110)."""

from __future__ import annotations

import datetime

import pytest

from events import services
from events.queries.rankings import rankings
from scoring import finish_points
from tests.factories import EventFactory
from tests.helpers import actor, play_round, register

TODAY = datetime.date(2026, 11, 26)


def _closed_event(owner, name: str, members: list, date: datetime.date, *, extra: int = 0):
    """A closed event of the members (linked) and ``extra`` unknown players, each game won by its table's first
    player, as many rounds as leave one player alone in the lead (log2 of the players)."""
    event = EventFactory(owner=owner, name=name, date=date)
    by = actor(owner)
    players = services.register_players(
        event, "\n".join([m.name for m in members] + [f"Guest {name} {n}" for n in range(extra)]), actor=by
    )
    for player, member in zip(sorted(players, key=lambda p: p.pk), members, strict=False):
        services.link_registration(player, number=member.number, actor=by)
    rounds = (len(players) - 1).bit_length()
    services.start_event(event, actor=by, rounds=rounds, note="a test event", confirm=True)
    for _round in range(rounds):
        play_round(event)
    services.close_event(event, actor=by)
    return event


@pytest.fixture
def known(owner):
    by = actor(owner)
    return [services.enrol_member(name=name, actor=by) for name in ("Ann", "Bob", "Cat", "Dan")]


def test_a_closed_event_gives_its_known_players_ladder_points_and_ratings(owner, known):
    by = actor(owner)
    eight = [*known, *(services.enrol_member(name=name, actor=by) for name in ("Eve", "Fay", "Gus", "Hal"))]
    _closed_event(owner, "Autumn Open", eight, datetime.date(2026, 10, 1))
    found = rankings(TODAY)
    by_number = {s.number: s for s in found.standings}
    assert set(by_number) == {m.number for m in eight}
    for member in eight:
        standing = by_number[member.number]
        [finish] = standing.finishes
        assert (finish.event, finish.players, finish.counts) == ("Autumn Open", 8, True)
        assert finish.points == finish_points(finish.place, 8) == standing.ladder_total > 0
        # Three rounds against known players: rated, and still provisional after one event.
        assert standing.rating is not None and standing.provisional
        assert [(e.event, e.games) for e in standing.rated_events] == [("Autumn Open", 3)]
    # The ladder follows the event's places; the best rating is the winner's, who won every game.
    winner = min(found.standings, key=lambda s: s.finishes[0].place)
    assert winner.ladder_place == 1
    assert winner.rating.rating == max(s.rating.rating for s in found.standings)


def test_guests_count_for_the_events_size_and_rate_no_one(owner, known):
    _closed_event(owner, "Autumn Open", known[:1], datetime.date(2026, 10, 1), extra=7)
    [standing] = rankings(TODAY).standings
    assert standing.finishes[0].players == 8 and standing.ladder_total > 0
    assert standing.rating is None  # every opponent was a guest, known to no one


def test_a_small_event_gives_no_ladder_points_but_its_games_are_rated(owner, known):
    ann, bob, _cat, _dan = known
    _closed_event(owner, "Club night", [ann, bob], datetime.date(2026, 11, 1))
    now = rankings(TODAY)
    found = now.of(ann.number)
    assert found.ladder_place is None and found.ladder_total == 0
    assert [(f.event, f.counts, f.reason) for f in found.finishes] == [("Club night", False, "small")]
    # One of them won: rated above 1500, the other below by as much.
    ann_gain, bob_gain = (now.of(m.number).rating.rating - 1500 for m in (ann, bob))
    assert ann_gain == pytest.approx(-bob_gain) and ann_gain != 0


def test_a_merge_joins_the_rankings_and_an_open_event_counts_for_nothing(owner, known):
    ann, bob, cat, dan = known
    by = actor(owner)
    duplicate = services.enrol_member(name="Ann S", actor=by)
    others = [bob, cat, dan, *(services.enrol_member(name=name, actor=by) for name in ("Eve", "Fay", "Gus", "Hal"))]
    # Everyone known, so that Ann (and her duplicate) meet known players in both events.
    _closed_event(owner, "Spring", [ann, *others], datetime.date(2026, 4, 1))
    _closed_event(owner, "Summer", [duplicate, *others], datetime.date(2026, 7, 1))
    open_event = EventFactory(owner=owner, name="Still running")
    services.link_registration(register(open_event, 1)[0], number=ann.number, actor=by)
    assert len(rankings(TODAY).of(ann.number).finishes) == 1
    services.merge_members(duplicate, number=ann.number, actor=by)
    merged = rankings(TODAY)
    assert [f.event for f in merged.of(ann.number).finishes] == ["Summer", "Spring"]
    assert merged.of(duplicate.number) is None
    assert [e.event for e in merged.of(ann.number).rated_events] == ["Spring", "Summer"]
