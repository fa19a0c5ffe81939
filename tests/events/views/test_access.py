"""Every address of the project, asked for by every role.

A new view cannot be added without a line here: the walk over the URL patterns fails
on any name it does not know. Requests are GETs, so nothing changes; a POST-only view
answers 405 to a role that may use it, and the role check comes first. Someone signed out
(no account, or only a staff link) whose role is too small is sent to sign in and back; a
signed-in account without a role gets 404, with too small a role 403.
"""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from council.security import CONTENT_SECURITY_POLICY
from events import services
from events.models import Entrant, Event, Game, Gathering, Round
from events.roles import RANK
from tests.factories import EventFactory
from tests.helpers import actor, database_state, run_event, url_patterns

# name -> (smallest role, "page" answers 200 / "post" answers 405 / "login" needs any account /
# "unpublished" answers 404 to everyone while the event runs / "own" needs the account that keeps it,
# 404 to any other / "own-post" the same, answering it 405 / "login-post" needs any account, and answers it 405 /
# "registrar" needs a registrar's permission, 403 to any other account / "unconsented" a member's page without
# their consent: a registrar's, 404 to any other account)
ACCESS = {
    "events:home": ("public", "page"),
    "events:health": ("public", "page"),
    "events:login": ("public", "page"),
    "events:logout": ("public", "post"),
    # Django's own view: a GET goes back where it came from, changing nothing.
    "set_language": ("public", "link"),
    "events:policy_preview": ("public", "page"),
    "events:public": ("public", "page"),
    "events:public_me": ("public", "post"),
    "events:public_pairings": ("public", "page"),
    "events:public_standings": ("public", "page"),
    "events:public_round": ("public", "page"),
    "events:projector": ("public", "page"),
    "events:public_report": ("public", "page"),
    "events:sign_up": ("public", "page"),
    "events:deck_link": ("public", "page"),
    "events:public_deck": ("public", "unpublished"),
    "events:staff_link_open": ("public", "link"),
    "events:event_new": ("public", "login"),
    "events:event_import": ("public", "login"),
    "events:policies": ("public", "login"),
    "events:policy_new": ("public", "login"),
    "events:policy_edit": ("public", "own"),
    "events:tables": ("staff", "page"),
    "events:spot_check": ("staff", "page"),
    "events:game_result": ("staff", "page"),
    "events:game_result_preview": ("staff", "page"),
    "events:game_council": ("staff", "page"),
    "events:desk": ("coordinator", "page"),
    "events:event_edit": ("coordinator", "page"),
    "events:player_edit": ("coordinator", "page"),
    "events:decks": ("coordinator", "page"),
    "events:player_deck": ("coordinator", "page"),
    "events:player_capability": ("coordinator", "post"),
    "events:player_deck_link": ("coordinator", "post"),
    "events:player_product": ("coordinator", "post"),
    "events:deck_links": ("coordinator", "post"),
    "events:publish_decks": ("coordinator", "post"),
    "events:break_clock": ("coordinator", "post"),
    "events:round": ("coordinator", "page"),
    "events:standings": ("coordinator", "page"),
    "events:staff": ("coordinator", "page"),
    "events:export": ("coordinator", "page"),
    "events:audit": ("coordinator", "page"),
    "events:snapshots": ("coordinator", "page"),
    "events:snapshot_download": ("coordinator", "page"),
    "events:print_pairings": ("coordinator", "page"),
    "events:print_slips": ("coordinator", "page"),
    "events:print_codes": ("coordinator", "page"),
    "events:print_cards": ("coordinator", "page"),
    "events:print_standings": ("coordinator", "page"),
    "events:print_bracket": ("coordinator", "page"),
    "events:print_deck_sheet": ("coordinator", "page"),
    "events:print_deck_lists": ("coordinator", "page"),
    "events:print_deck_links": ("coordinator", "page"),
    "events:register": ("coordinator", "post"),
    "events:player_remove": ("coordinator", "post"),
    "events:player_drop": ("coordinator", "post"),
    "events:start": ("coordinator", "post"),
    "events:rounds_change": ("coordinator", "post"),
    "events:pair": ("coordinator", "post"),
    "events:round_swap": ("coordinator", "post"),
    "events:round_undo": ("coordinator", "post"),
    "events:round_clock": ("coordinator", "post"),
    "events:game_confirm": ("coordinator", "post"),
    "events:close": ("coordinator", "post"),
    "events:start_stage": ("coordinator", "post"),
    "events:cancel_stage": ("coordinator", "post"),
    "events:staff_remove": ("coordinator", "post"),
    "events:staff_link": ("coordinator", "post"),
    "events:snapshot_restore": ("coordinator", "post"),
    "events:gathering_new": ("public", "login"),
    "events:gathering": ("public", "own"),
    "events:gathering_register": ("public", "own-post"),
    "events:gathering_enter": ("public", "own-post"),
    "events:gathering_add_event": ("public", "own-post"),
    "events:gathering_remove_event": ("public", "own-post"),
    "events:gathering_entrant_link": ("public", "own-post"),
    "events:members": ("public", "registrar"),
    "events:rankings": ("public", "page"),
    "events:rankings_export": ("public", "registrar"),
    "events:member": ("public", "unconsented"),
    "events:member_edit": ("public", "login-post"),
    "events:member_merge": ("public", "login-post"),
    "events:member_unmerge": ("public", "login-post"),
    "events:member_forget": ("public", "login-post"),
    "events:member_link_make": ("public", "login-post"),
    "events:member_link": ("public", "page"),
    "events:player_member": ("coordinator", "post"),
    "events:gathering_public": ("public", "page"),
    "events:gathering_sign_up": ("public", "page"),
    "events:entrant": ("public", "page"),
    "events:publishing": ("coordinator", "page"),
    "events:publishing_stop": ("coordinator", "post"),
    "events:publishing_key_issue": ("coordinator", "post"),
    "events:publishing_key_revoke": ("coordinator", "post"),
    "events:publishing_run_here": ("coordinator", "post"),
    # A venue's server pushes here with its key: no one GETs it.
    "events:publish_receive": ("public", "post"),
}

HOUSE_POLICY = {
    "key": "club-rules",
    "title": "Club Rules",
    "base": "policy-4-2001",
    "changes": {"time_limits": {"two-deck": 120}},
}

ROLES = ["anonymous", "stranger", "staff-link", "staff", "co-coordinator", "owner"]
ROLE_RANK = {"anonymous": 0, "stranger": 0, "staff-link": 1, "staff": 1, "co-coordinator": 2, "owner": 3}
SIGNED_OUT = {"anonymous", "staff-link"}  # no account


def sign_in_and_back(address: str) -> str:
    """Where someone signed out is sent from ``address``: the sign-in page, which brings them back."""
    return f"/accounts/login/?{urlencode({'next': address}, safe='/')}"


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
    kept = services.save_house_policy(owner=event.owner, document=HOUSE_POLICY)
    # The owner's gathering has the event's address for the test's ease; its own event is another.
    gathering = services.create_gathering(owner=event.owner, name="Lórien Weekend")
    Gathering.objects.filter(pk=gathering.pk).update(slug=event.slug)
    side = EventFactory(owner=event.owner, name="Side event", gathering=gathering)
    entrant = Entrant.objects.create(gathering=gathering, archive_id="ann", name="Ann", token="ann-token")
    member = services.enrol_member(name="Ann", actor=actor(event.owner))
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
            "key": kept.key,
            "event_id": side.pk,
            "entrant_token": entrant.token,
            "entrant_id": entrant.pk,
            "player_number": member.number,
            "link_token": services.make_member_link(member, actor=actor(event.owner)).link_token,
            "kind": "csv",
            "key_id": 1,
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
        kwargs = {k: v for k, v in world["kwargs"].items() if k in pattern.parts}
        address = reverse(name, kwargs=kwargs)
        response = client.get(address)
        allowed = ROLE_RANK[role] >= RANK[minimum]
        sent_to = None
        if kind in ("login", "login-post"):
            expected = 302 if role in SIGNED_OUT else 200 if kind == "login" else 405
            sent_to = sign_in_and_back(address) if role in SIGNED_OUT else None
        elif kind in ("registrar", "unconsented"):
            # No role of the world is one of the server's registrars (tests/events/views/test_members.py).
            expected = 302 if role in SIGNED_OUT else 403 if kind == "registrar" else 404
            sent_to = sign_in_and_back(address) if role in SIGNED_OUT else None
        elif kind in ("own", "own-post"):
            # The owner keeps the world's house policy and gathering; another account is told of no such thing.
            mine = 405 if kind == "own-post" else 200
            expected = 302 if role in SIGNED_OUT else mine if role == "owner" else 404
            sent_to = sign_in_and_back(address) if role in SIGNED_OUT else None
        elif kind == "link":
            expected = 302
        elif kind == "unpublished":
            expected = 404
        elif not allowed and role in SIGNED_OUT:
            expected, sent_to = 302, sign_in_and_back(address)
        elif not allowed:
            expected = 404 if ROLE_RANK[role] == 0 else 403
        else:
            expected = 405 if kind == "post" else 200
        if response.status_code != expected:
            wrong.append(f"{name}: {response.status_code}, expected {expected}")
        elif sent_to is not None and response["Location"] != sent_to:
            wrong.append(f"{name}: sent to {response['Location']}, expected {sent_to}")
        # Whatever a signed-in account is shown bears its name: no browser or proxy may keep it.
        if (
            role not in SIGNED_OUT
            and response.status_code == 200
            and name != "events:health"
            and not {"private", "no-store"} <= set(response.get("Cache-Control", "").replace(" ", "").split(","))
        ):
            wrong.append(f"{name}: Cache-Control {response.get('Cache-Control')!r} shown to a signed-in account")
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
        kwargs = {k: v for k, v in world["kwargs"].items() if k in pattern.parts}
        response = client.post(reverse(pattern.name, kwargs=kwargs), {"names": "Intruder", "action": "start"})
        if response.status_code != 403:
            accepted.append(f"{pattern.name}: {response.status_code}")
    assert accepted == []
    assert database_state() == before


def test_a_revoked_staff_link_stops_working_for_a_phone_that_opened_it(client, world):
    _client_as(client, "staff-link", world)
    tables = f"/events/{world['event'].slug}/tables/"
    assert client.get(tables).status_code == 200
    services.revoke_staff_link(world["event"], actor=actor(world["event"].owner))
    assert client.get(tables)["Location"] == sign_in_and_back(tables)
    assert client.get(f"/staff/{world['token']}/").status_code == 404


def test_a_staff_link_opens_only_its_own_event(client, world, owner):
    from tests.factories import EventFactory

    other = EventFactory(owner=owner, slug="other-event")
    _client_as(client, "staff-link", world)
    tables = f"/events/{other.slug}/tables/"
    assert client.get(tables)["Location"] == sign_in_and_back(tables)


@pytest.mark.parametrize("role", ["anonymous", "staff-link", "stranger", "staff"])
def test_an_unknown_event_is_answered_as_one_where_the_requester_has_no_role(client, world, owner, role):
    from tests.factories import EventFactory

    EventFactory(owner=owner, slug="private-event")  # where no one of the cast but the owner has a role
    _client_as(client, role, world)
    for page in ("", "tables/", "rounds/1/", "staff/", "print/slips/"):
        known, unknown = client.get(f"/events/private-event/{page}"), client.get(f"/events/no-such-event/{page}")
        assert (unknown.status_code, unknown.get("Location", "").replace("no-such-event", "private-event")) == (
            known.status_code,
            known.get("Location", ""),
        ), page
        assert known.status_code == (302 if role in SIGNED_OUT else 404)
        if role in SIGNED_OUT:
            assert known["Location"] == sign_in_and_back(f"/events/private-event/{page}")


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
        minimum, _kind = ACCESS[pattern.name]
        kwargs = {k: v for k, v in world["kwargs"].items() if k in pattern.parts}
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


def test_a_signed_out_poll_or_button_sends_the_whole_page_to_sign_in_and_back(client, world):
    slug = world["event"].slug
    poll = client.get(
        f"/events/{slug}/tables/",
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="tables",
        HTTP_HX_CURRENT_URL=f"http://testserver/events/{slug}/tables/?round=1",
    )
    assert (poll.status_code, poll["HX-Redirect"]) == (200, sign_in_and_back(f"/events/{slug}/tables/?round=1"))
    press = client.post(
        f"/events/{slug}/pair/", HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL="https://evil.example/events/"
    )
    assert (press.status_code, press["HX-Redirect"]) == (200, "/accounts/login/")
    assert press.content == b""


def test_a_signed_out_form_goes_to_sign_in_and_back_to_the_page_it_was_sent_from(client, world):
    slug = world["event"].slug
    before = database_state()
    posted = client.post(f"/events/{slug}/pair/", HTTP_REFERER=f"http://testserver/events/{slug}/")
    assert posted["Location"] == sign_in_and_back(f"/events/{slug}/")
    assert client.post(f"/events/{slug}/pair/", HTTP_REFERER="https://evil.example/")["Location"] == "/accounts/login/"
    assert database_state() == before
