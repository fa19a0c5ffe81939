"""Pages stay flat in queries as an event grows: 8 players and 2 rounds against 40 and 5."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from events import services
from events.models import Game
from tests.factories import EventFactory
from tests.helpers import actor, run_event

PAGES = [
    ("desk", "/events/{slug}/"),
    ("desk search", "/events/{slug}/?q=player"),
    ("round search", "/events/{slug}/rounds/{last}/?q=player"),
    ("tables search", "/events/{slug}/tables/?q=player"),
    ("round", "/events/{slug}/rounds/{last}/"),
    ("round fragment", "/events/{slug}/rounds/{last}/"),
    ("tables", "/events/{slug}/tables/"),
    ("result form", "/events/{slug}/games/{game}/result/"),
    ("points preview", "/events/{slug}/games/{game}/preview/?kind=council&mp_a=3&mp_b=2&version=0"),
    ("free council", "/events/{slug}/games/{game}/council/?calculate=1&a_character=4"),
    ("standings", "/events/{slug}/standings/"),
    ("audit", "/events/{slug}/audit/"),
    ("audit filtered", "/events/{slug}/audit/?action=result.&round=1"),
    ("snapshots", "/events/{slug}/snapshots/"),
    ("staff", "/events/{slug}/staff/"),
    ("decks", "/events/{slug}/decks/"),
    ("sign-up", "/e/{slug}/sign-up/"),
    ("export", "/events/{slug}/export.json"),
    ("public", "/e/{slug}/"),
    ("public round", "/e/{slug}/rounds/1/"),
    ("public pairings", "/e/{slug}/pairings/"),
    ("public standings", "/e/{slug}/standings/"),
    ("projector", "/e/{slug}/projector/"),
    ("report", "/e/{slug}/report/"),
    ("projector by name", "/e/{slug}/projector/?by=name"),
    ("print pairings", "/events/{slug}/print/pairings/"),
    ("print slips", "/events/{slug}/print/slips/"),
    ("print cards", "/events/{slug}/print/cards/"),
    ("print standings", "/events/{slug}/print/standings/"),
]


@pytest.fixture
def small_and_large(owner):
    small = run_event(EventFactory(owner=owner, slug="small"), 8, 2)
    large = run_event(EventFactory(owner=owner, slug="large"), 40, 5)
    for event in (small, large):
        event.players_report = True
        event.save()
        services.change_rounds(event, actor=actor(owner), rounds=event.rounds.count() + 1, note="the test's own number")
        services.pair_round(event, actor=actor(owner), seed=1)
    return small, large


def _url(template: str, event) -> str:
    last = event.rounds.order_by("-number").first()
    game = Game.objects.filter(round=last).order_by("-table").first()
    return template.format(slug=event.slug, last=last.number, game=game.pk)


def _queries(client, url: str, headers: dict) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, **headers).status_code == 200
    return len(queries)


@pytest.mark.parametrize("name, template", PAGES, ids=[p[0] for p in PAGES])
def test_page_queries_do_not_grow_with_players_or_rounds(client, owner, small_and_large, name, template):
    small, large = small_and_large
    client.force_login(owner)
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "tables"} if name == "round fragment" else {}
    client.get("/")  # the session's first use is not the page's
    # The first view of an event's state builds its kept parts (events/caching/parts.py) and the next
    # one reads them; each way, the large event costs no more queries than the small one.
    first_small, then_small = (_queries(client, _url(template, small), headers) for _ in range(2))
    first_large, then_large = (_queries(client, _url(template, large), headers) for _ in range(2))
    counts = {"small": (first_small, then_small), "large": (first_large, then_large)}
    assert first_large <= first_small and then_large <= then_small, counts


BRACKET_PAGES = [
    ("desk", "/events/{slug}/"),
    ("round", "/events/{slug}/rounds/{last}/"),
    ("result form", "/events/{slug}/games/{game}/result/"),
    ("standings", "/events/{slug}/standings/"),
    ("public", "/e/{slug}/"),
    ("projector", "/e/{slug}/projector/"),
    ("print bracket", "/events/{slug}/print/bracket/"),
]


@pytest.fixture
def small_and_large_brackets(owner):
    events = []
    for slug, players in (("small", 8), ("large", 32)):
        event = EventFactory(owner=owner, slug=slug, structure="elimination", elimination="double")
        services.register_players(
            event, "\n".join(f"Player {n:02d}" for n in range(1, players + 1)), actor=actor(owner)
        )
        services.start_event(event, actor=actor(owner), seed=1)
        for game in services.pair_round(event, actor=actor(owner)).games.all():
            services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=actor(owner), expected_version=0)
        services.pair_round(event, actor=actor(owner))
        events.append(event)
    return events


@pytest.mark.parametrize("name, template", BRACKET_PAGES, ids=[p[0] for p in BRACKET_PAGES])
def test_bracket_pages_do_not_grow_with_the_bracket(client, owner, small_and_large_brackets, name, template):
    small, large = small_and_large_brackets
    client.force_login(owner)
    client.get("/")
    first_small, then_small = (_queries(client, _url(template, small), {}) for _ in range(2))
    first_large, then_large = (_queries(client, _url(template, large), {}) for _ in range(2))
    counts = {"small": (first_small, then_small), "large": (first_large, then_large)}
    assert first_large <= first_small and then_large <= then_small, counts


def test_the_house_policies_list_does_not_grow_with_the_policies_kept(client, owner):
    client.force_login(owner)
    client.get("/")
    counts = []
    for number in range(1, 21):
        services.save_house_policy(
            owner=owner, document={"key": f"house-{number}", "title": f"House {number}", "base": "policy-4-2001"}
        )
        if number in (2, 20):
            counts.append(_queries(client, "/policies/", {}))
    assert counts[1] <= counts[0], counts


def test_an_online_desk_with_games_past_the_deadline_and_mail_not_sent_does_not_grow(client, owner):
    services.save_house_policy(
        owner=owner,
        document={
            "key": "online-days",
            "title": "Online, three-day rounds",
            "base": "policy-4-2001",
            "changes": {"time_limits": {"two-deck": 3 * 24 * 60}},
        },
    )
    client.force_login(owner)
    client.get("/")
    counts = []
    for name, players in (("Small Online", 4), ("Large Online", 24)):
        event = services.create_event(owner=owner, name=name, policy="online-days", game_type="two-deck")
        for player in services.register_players(
            event, "\n".join(f"Player {n:02d}" for n in range(1, players + 1)), actor=actor(owner)
        ):
            player.email = f"p{player.pk}@example.org"
            player.save(update_fields=["email"])
        services.start_event(event, actor=actor(owner))
        rnd = services.start_clock(services.pair_round(event, actor=actor(owner), seed=1), actor=actor(owner))
        while (message := services.claim_message()) is not None:
            services.mark_failed(message, "[Errno 111] Connection refused")
        services.call_time(rnd, actor=actor(owner))  # every game past its deadline
        page = client.get(f"/events/{event.slug}/").content.decode()
        assert "Past the deadline:" in page and "E-mail not sent" in page
        counts.append(_queries(client, f"/events/{event.slug}/", {}))
    assert counts[1] <= counts[0], counts
