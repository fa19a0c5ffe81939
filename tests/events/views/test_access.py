"""Every address of the project, asked for by every role.

A new view cannot be added without a line here: the walk over the URL patterns fails
on any name it does not know. Requests are GETs, so nothing changes; a POST-only view
answers 405 to a role that may use it, and the role check comes first.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from council.security import CONTENT_SECURITY_POLICY
from events import services
from events.models import Event, Game, Round
from events.roles import RANK
from tests.helpers import actor, database_state, run_event, url_patterns

# name -> (smallest role, "page" answers 200 / "post" answers 405 / "login" needs any account /
# "unpublished" answers 404 to everyone while the event runs)
ACCESS = {
    "home": ("public", "page"),
    "health": ("public", "page"),
    "login": ("public", "page"),
    "logout": ("public", "post"),
    # Django's own view: a GET goes back where it came from, changing nothing.
    "set_language": ("public", "link"),
    "policy_preview": ("public", "page"),
    "public": ("public", "page"),
    "public_me": ("public", "post"),
    "public_pairings": ("public", "page"),
    "public_standings": ("public", "page"),
    "public_round": ("public", "page"),
    "projector": ("public", "page"),
    "public_report": ("public", "page"),
    "sign_up": ("public", "page"),
    "deck_link": ("public", "page"),
    "public_deck": ("public", "unpublished"),
    "staff_link_open": ("public", "link"),
    "event_new": ("public", "login"),
    "event_import": ("public", "login"),
    "tables": ("staff", "page"),
    "spot_check": ("staff", "page"),
    "game_result": ("staff", "page"),
    "game_result_preview": ("staff", "page"),
    "game_council": ("staff", "page"),
    "desk": ("coordinator", "page"),
    "event_edit": ("coordinator", "page"),
    "player_edit": ("coordinator", "page"),
    "decks": ("coordinator", "page"),
    "player_deck": ("coordinator", "page"),
    "player_capability": ("coordinator", "post"),
    "player_deck_link": ("coordinator", "post"),
    "player_product": ("coordinator", "post"),
    "deck_links": ("coordinator", "post"),
    "publish_decks": ("coordinator", "post"),
    "break_clock": ("coordinator", "post"),
    "round": ("coordinator", "page"),
    "standings": ("coordinator", "page"),
    "staff": ("coordinator", "page"),
    "export": ("coordinator", "page"),
    "audit": ("coordinator", "page"),
    "snapshots": ("coordinator", "page"),
    "snapshot_download": ("coordinator", "page"),
    "print_pairings": ("coordinator", "page"),
    "print_slips": ("coordinator", "page"),
    "print_cards": ("coordinator", "page"),
    "print_standings": ("coordinator", "page"),
    "print_bracket": ("coordinator", "page"),
    "print_deck_sheet": ("coordinator", "page"),
    "print_deck_lists": ("coordinator", "page"),
    "print_deck_links": ("coordinator", "page"),
    "register": ("coordinator", "post"),
    "player_remove": ("coordinator", "post"),
    "player_drop": ("coordinator", "post"),
    "start": ("coordinator", "post"),
    "rounds_change": ("coordinator", "post"),
    "pair": ("coordinator", "post"),
    "round_swap": ("coordinator", "post"),
    "round_undo": ("coordinator", "post"),
    "round_clock": ("coordinator", "post"),
    "game_confirm": ("coordinator", "post"),
    "close": ("coordinator", "post"),
    "start_stage": ("coordinator", "post"),
    "cancel_stage": ("coordinator", "post"),
    "staff_remove": ("coordinator", "post"),
    "staff_link": ("coordinator", "post"),
    "snapshot_restore": ("coordinator", "post"),
}

ROLES = ["anonymous", "stranger", "staff-link", "staff", "co-coordinator", "owner"]
ROLE_RANK = {"anonymous": 0, "stranger": 0, "staff-link": 1, "staff": 1, "co-coordinator": 2, "owner": 3}


def _url_names() -> list[str]:
    return [p.name for p in url_patterns()]


def test_every_url_of_the_project_has_an_access_rule():
    unknown = sorted(set(_url_names()) - set(ACCESS))
    assert unknown == [], f"add these views to ACCESS with their role: {unknown}"
    assert sorted(set(ACCESS) - set(_url_names())) == []


@pytest.fixture
def world(event, co_coordinator, staff_user, stranger):
    event.players_report = True
    event.save()
    run_event(event, 4, 1, leave_last_open=True)
    token = services.create_staff_link(event, actor=actor(event.owner))
    game = Game.objects.filter(round__event=event).first()
    with_link = services.make_deck_link(event.players.first(), actor=actor(event.owner))
    # Every player registered a list and every deck is drawn for a check, so staff may open each.
    Event.objects.filter(pk=event.pk).update(spot_checks_per_round=4)
    for player in event.players.all():
        services.submit_deck_list(player, "Hazards\n3 Orc-patrol", actor=actor(event.owner))
    Round.objects.filter(event=event).update(spot_check_ids=None)  # drawn again now, among the lists above
    return {
        "event": event,
        "token": token,
        "users": {"owner": event.owner, "co-coordinator": co_coordinator, "staff": staff_user, "stranger": stranger},
        "kwargs": {
            "slug": event.slug,
            "player_id": event.players.first().pk,
            "number": 1,
            "game_id": game.pk,
            "user_id": staff_user.pk,
            "token": token,
            "deck_token": with_link.deck_token,
            "snapshot_id": event.snapshots.first().pk,
        },
    }


def _client_as(client, role, world):
    if role in world["users"]:
        client.force_login(world["users"][role])
    elif role == "staff-link":
        client.get(f"/staff/{world['token']}/")
    return client


@pytest.mark.parametrize("role", ROLES)
def test_each_role_gets_exactly_what_it_may(client, world, role):
    client = _client_as(client, role, world)
    wrong = []
    before = database_state()
    for pattern in url_patterns():
        name = pattern.name
        minimum, kind = ACCESS[name]
        kwargs = {k: v for k, v in world["kwargs"].items() if k in pattern.pattern.regex.groupindex}
        response = client.get(reverse(name, kwargs=kwargs))
        allowed = ROLE_RANK[role] >= RANK[minimum]
        if kind == "login":
            expected = 302 if role in ("anonymous", "staff-link") else 200  # these have no account
        elif kind == "link":
            expected = 302
        elif kind == "unpublished":
            expected = 404
        elif not allowed:
            expected = 404 if ROLE_RANK[role] == 0 else 403
        else:
            expected = 405 if kind == "post" else 200
        if response.status_code != expected:
            wrong.append(f"{name}: {response.status_code}, expected {expected}")
    assert wrong == []
    assert database_state() == before, "a GET changed the database"


@pytest.mark.parametrize("role", ["anonymous", "owner"])
def test_every_post_without_the_csrf_token_is_refused_and_changes_nothing(world, role):
    from django.test import Client
    from django.urls import reverse

    from tests.events.test_fuzz import POSTED_FIELDS

    client = Client(enforce_csrf_checks=True)
    if role == "owner":
        client.force_login(world["users"]["owner"])
    before = database_state()
    accepted = []
    for pattern in url_patterns():
        if pattern.name not in POSTED_FIELDS:
            continue
        kwargs = {k: v for k, v in world["kwargs"].items() if k in pattern.pattern.regex.groupindex}
        response = client.post(reverse(pattern.name, kwargs=kwargs), {"names": "Intruder", "action": "start"})
        if response.status_code != 403:
            accepted.append(f"{pattern.name}: {response.status_code}")
    assert accepted == []
    assert database_state() == before


def test_a_revoked_staff_link_stops_working_for_a_phone_that_opened_it(client, world):
    _client_as(client, "staff-link", world)
    assert client.get(f"/events/{world['event'].slug}/tables/").status_code == 200
    services.revoke_staff_link(world["event"], actor=actor(world["event"].owner))
    assert client.get(f"/events/{world['event'].slug}/tables/").status_code == 404
    assert client.get(f"/staff/{world['token']}/").status_code == 404


def test_a_staff_link_opens_only_its_own_event(client, world, owner):
    from tests.factories import EventFactory

    other = EventFactory(owner=owner, slug="other-event")
    _client_as(client, "staff-link", world)
    assert client.get(f"/events/{other.slug}/tables/").status_code == 404


class _InlineCode(HTMLParser):
    """Collects what a Content-Security-Policy without 'unsafe-inline' would refuse."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        names = {name for name, _ in attrs}
        if "style" in names:
            self.found.append(f"<{tag} style=...>")
        if tag == "style" or (tag == "script" and "src" not in names):
            self.found.append(f"<{tag}> element")
        self.found.extend(f"<{tag} {name}=...>" for name in names if name.startswith("on"))


def test_every_page_has_the_content_security_policy_and_keeps_secrets_out_of_caches(client, world):
    client.force_login(world["users"]["owner"])
    problems = []
    for pattern in url_patterns():
        minimum, kind = ACCESS[pattern.name]
        kwargs = {k: v for k, v in world["kwargs"].items() if k in pattern.pattern.regex.groupindex}
        response = client.get(reverse(pattern.name, kwargs=kwargs))
        if response.get("Content-Security-Policy") != CONTENT_SECURITY_POLICY:
            problems.append(f"{pattern.name}: no Content-Security-Policy")
        if RANK[minimum] > RANK["public"] and "no-store" not in response.get("Cache-Control", ""):
            problems.append(f"{pattern.name}: may be kept in a cache")
        if response.get("Content-Type", "").startswith("text/html"):
            parser = _InlineCode()
            parser.feed(response.content.decode())
            problems.extend(f"{pattern.name}: {found}" for found in parser.found)
    assert problems == []
