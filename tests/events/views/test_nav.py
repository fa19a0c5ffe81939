"""The event's navigation (templates/events/_event_nav.html) links only the pages the requester may open."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import AnonymousUser
from django.shortcuts import render
from django.test import RequestFactory
from django.urls import reverse

from events import services
from events.models import Event, Round
from events.pages.access import event_view
from events.roles import RANK, STAFF
from tests.helpers import actor, run_event, url_patterns


class _NavLinks(HTMLParser):
    """The addresses linked inside ``<nav aria-label="Event">``."""

    def __init__(self):
        super().__init__()
        self.depth = 0
        self.found = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "nav" and (self.depth or attrs.get("aria-label") == "Event"):
            self.depth += 1
        elif tag == "a" and self.depth:
            self.found.append(attrs["href"])

    def handle_endtag(self, tag):
        if tag == "nav" and self.depth:
            self.depth -= 1


def _nav_links(response) -> list[str]:
    parser = _NavLinks()
    parser.feed(response.content.decode())
    return parser.found


@pytest.fixture
def played(event, staff_user, co_coordinator):
    """Round 1 with a table still playing, and every deck drawn for a check, so staff may open each of their pages."""
    run_event(event, 4, 1, leave_last_open=True)
    Event.objects.filter(pk=event.pk).update(spot_checks_per_round=4)
    for player in event.players.all():
        services.submit_deck_list(player, "Hazards\n3 Orc-patrol", actor=actor(event.owner))
    Round.objects.filter(event=event).update(spot_check_ids=None)  # drawn again now, among the lists above
    token = services.create_staff_link(event, actor=actor(event.owner))
    game = event.rounds.get().games.first()
    return {
        "event": event,
        "token": token,
        "kwargs": {"slug": event.slug, "number": 1, "game_id": game.pk, "player_id": game.player_a_id},
    }


def _as(client, who, played, staff_user):
    if who == "staff":
        client.force_login(staff_user)
    else:
        client.get(reverse("events:staff_link_open", args=[played["token"]]))
    return client


def _refused(client, links: list[str]) -> list[str]:
    return [f"{href}: {status}" for href in links if (status := client.get(href).status_code) in (403, 404)]


@event_view(STAFF)
def _a_staff_page_with_the_nav(request, event, actor):
    # The navigation alone, through the real role check: what any page staff open shows of it.
    return render(request, "events/_event_nav.html", {"event": event})


@pytest.mark.parametrize("who", ["staff", "staff-link"])
def test_staff_find_in_the_nav_only_pages_they_may_open(client, played, staff_user, who):
    client = _as(client, who, played, staff_user)
    request = RequestFactory().get("/")
    request.user = staff_user if who == "staff" else AnonymousUser()
    request.session = client.session
    links = _nav_links(_a_staff_page_with_the_nav(request, slug=played["event"].slug))
    assert _refused(client, links) == []
    assert links == [
        reverse(name, args=[played["event"].slug]) for name in ("events:tables", "events:public", "events:projector")
    ]


@pytest.mark.parametrize("who", ["staff", "staff-link"])
def test_no_nav_link_of_a_page_staff_open_answers_403_or_404(client, played, staff_user, who):
    client = _as(client, who, played, staff_user)
    links, opened = set(), []
    for pattern in url_patterns():
        minimum = getattr(pattern.callback, "minimum_role", None)
        if minimum is None or RANK[minimum] > RANK[STAFF]:
            continue
        kwargs = {k: v for k, v in played["kwargs"].items() if k in pattern.parts}
        if set(kwargs) != set(pattern.parts):
            continue  # an address of a player's own link, which staff have no key for
        response = client.get(reverse(pattern.name, kwargs=kwargs))
        if response.status_code == 200 and response.get("Content-Type", "").startswith("text/html"):
            opened.append(pattern.name)
            links.update(_nav_links(response))
    assert {"events:tables", "events:game_result", "events:spot_check"} <= set(opened)
    assert _refused(client, sorted(links)) == []


def test_the_coordinator_still_finds_every_page_in_the_nav(client, played, co_coordinator):
    client.force_login(co_coordinator)
    slug = played["event"].slug
    links = _nav_links(client.get(reverse("events:desk", args=[slug])))
    assert links == [
        reverse(name, args=[slug])
        for name in (
            "events:desk",
            "events:tables",
            "events:standings",
            "events:decks",
            "events:staff",
            "events:public",
            "events:projector",
        )
    ]
    assert [client.get(href).status_code for href in links] == [200] * len(links)
