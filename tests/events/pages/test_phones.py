"""A phone's own region put together from kept parts (events/pages/phones.py): the same region, fewer renders."""

from __future__ import annotations

import datetime
import gzip
import re
import sys
import threading
import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

import scoring
from events import services
from events.archive import load_archive
from events.caching import parts
from events.pages import phones
from events.pages.rendering import render_partial
from tests.factories import EventFactory
from tests.helpers import POLL, WIN_B, actor, run_event


def _without_the_moment(region: str) -> str:
    """The region without what is written in at each request: the moment and the time left."""
    region = re.sub(r'data-now="\d+"', "", region)
    return re.sub(r"data-clock-time>[^<]*<", "", region)


def _region(client, event, me_pk: int, **headers) -> str:
    client.cookies["council_me"] = str(me_pk)
    response = client.get(f"/e/{event.slug}/", **POLL, **headers)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def renders(monkeypatch):
    """The partials rendered for the phones' regions, by name, as they are rendered."""
    seen: list[str] = []

    def counted(template, context):
        seen.append(template)
        return render_partial(template, context)

    monkeypatch.setattr(phones, "render_partial", counted)
    return seen


def test_a_poll_with_news_is_answered_from_the_kept_parts_in_one_query_and_reads_the_same(client, large):
    me = large.players.order_by("pk")[10]
    first = _region(client, large, me.pk)
    with CaptureQueriesContext(connection) as queries:
        again = _region(client, large, me.pk)
    assert len(queries) == 1, "the event's version only: no event row, no role, no part"
    assert _without_the_moment(again) == _without_the_moment(first)
    assert f'data-me="{me.pk}"' in again and f"#player-{me.pk}" in again and "<section" in again


CHOOSE_AGAIN_FORM = (
    r'<form method="post" action="/e/[^/]+/me/" id="me-choose">'
    r'<input type="hidden" name="csrfmiddlewaretoken" value="([^"]+)"></form>'
)


def test_a_poll_carries_no_token_and_sets_no_cookie_while_every_page_holds_the_choose_again_form(large):
    me = large.players.order_by("pk")[10]
    phone = Client(enforce_csrf_checks=True)
    # A page with no player chosen yet holds the form too: a section a later poll brings finds it.
    assert re.search(CHOOSE_AGAIN_FORM, phone.get(f"/e/{large.slug}/").content.decode())
    phone.cookies["council_me"] = str(me.pk)
    page = phone.get(f"/e/{large.slug}/").content.decode()
    token = re.search(CHOOSE_AGAIN_FORM, page).group(1)
    poll = phone.get(f"/e/{large.slug}/", **POLL)
    region = poll.content.decode()
    assert 'form="me-choose" name="player" value=""' in region and "csrfmiddlewaretoken" not in region
    assert "csrftoken" not in poll.cookies and not poll.has_header("Set-Cookie")
    # "Choose again", after the polls, with the page's token: the phone forgets its player.
    chose_again = phone.post(f"/e/{large.slug}/me/", {"player": "", "csrfmiddlewaretoken": token})
    assert chose_again.status_code == 302 and chose_again.cookies["council_me"].value == ""


def test_a_poll_is_compressed_when_the_phone_takes_gzip_and_reads_the_same(client, large):
    me = large.players.order_by("pk")[10]
    plain = client.get(f"/e/{large.slug}/", **POLL, HTTP_COOKIE=f"council_me={me.pk}")
    client.cookies["council_me"] = str(me.pk)
    packed = client.get(f"/e/{large.slug}/", **POLL, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert packed["Content-Encoding"] == "gzip" and not plain.has_header("Content-Encoding")
    assert len(packed.content) < len(plain.content) / 2
    assert _without_the_moment(gzip.decompress(packed.content).decode()) == _without_the_moment(plain.content.decode())
    # The same version either way, weak once compressed; what the answer depends on is named for any cache between.
    assert packed["ETag"] == f"W/{plain['ETag']}"
    for response in (plain, packed):
        vary = {name.strip() for name in response["Vary"].split(",")}
        assert {"HX-Request", "HX-Target", "Accept-Encoding", "Cookie", "Accept-Language"} <= vary
        assert response["Cache-Control"] == "private, no-store"


def test_a_result_elsewhere_moves_places_without_rendering_a_phone_s_section_again(client, large, renders):
    games = list(large.rounds.get(number=2).games.order_by("table"))
    watched = games[-1].player_a
    before_rank = int(re.search(r"· place (\d+)</p>", _region(client, large, watched.pk)).group(1))
    assert renders.count("events/public.html#me") == 1
    for game in games[:-1]:
        services.record_result(game, WIN_B, actor=actor(large.owner), expected_version=game.version)
    renders.clear()
    region = _region(client, large, watched.pk)
    assert renders.count("events/public.html#me") == 0, "the watched player's own part did not change"
    standing = next(
        row for row in scoring.compute_standings(load_archive(large)).rows if row.player == watched.archive_id
    )
    assert standing.rank != before_rank, "the results elsewhere moved the watched player's place"
    assert f"tournament points</strong> · place {standing.rank}</p>" in region


def test_a_phone_s_own_result_renders_its_section_again(client, large, renders):
    game = large.rounds.get(number=2).games.order_by("table").first()
    before = _region(client, large, game.player_a_id)
    services.record_result(game, WIN_B, actor=actor(large.owner), expected_version=game.version)
    renders.clear()
    after = _region(client, large, game.player_a_id)
    assert renders.count("events/public.html#me") == 1
    said = re.compile(r"Result: \d+–\d+ tournament points")
    assert not said.search(before) and said.search(after).group(0) == "Result: 0–6 tournament points"


def test_the_clock_is_drawn_at_each_request_with_the_table_s_extra_time(client, large, monkeypatch):
    game = large.rounds.get(number=2).games.order_by("table").first()
    first = _region(client, large, game.player_a_id)
    services.adjust_time(large.rounds.get(number=2), actor=actor(large.owner), minutes=5, table=game.table)
    region = _region(client, large, game.player_a_id)
    later = timezone.now() + datetime.timedelta(seconds=90)
    monkeypatch.setattr(timezone, "now", lambda: later)
    again = _region(client, large, game.player_a_id)
    monkeypatch.undo()
    assert f"Table {game.table}" in region and "+5" in region and "+5" not in first
    moments = [int(re.search(r'data-now="(\d+)"', text).group(1)) for text in (region, again)]
    assert moments[1] - moments[0] >= 90_000, "the moment of each request, not of the section's render"
    time_left = [re.search(r"data-clock-time>([^<]*)<", text).group(1) for text in (region, again)]
    assert time_left[0] != time_left[1]
    services.pause_clock(large.rounds.get(number=2), actor=actor(large.owner))
    assert 'data-state="paused"' in _region(client, large, game.player_a_id)


def test_another_events_player_is_not_answered_from_the_parts(client, large, owner):
    me = large.players.order_by("pk").first()
    _region(client, large, me.pk)
    stranger = run_event(EventFactory(owner=owner, slug="elsewhere"), 2, 0).players.first()
    client.cookies["council_me"] = str(stranger.pk)
    page = client.get(f"/e/{large.slug}/", **POLL).content.decode()
    assert "<section" not in page and "data-me" not in page


def test_while_another_worker_builds_the_new_state_a_phone_gets_the_one_before_with_no_version(
    client, large, monkeypatch
):
    game = large.rounds.get(number=2).games.order_by("table").first()
    first = client.get(f"/e/{large.slug}/", HTTP_COOKIE=f"council_me={game.player_a_id}", **POLL)
    services.record_result(game, WIN_B, actor=actor(large.owner), expected_version=game.version)
    large.refresh_from_db()
    building = f"event:{large.pk}:public:{parts.RELEASE}:en:building:{large.changed_at.isoformat()}"
    cache.add(building, True)
    stale = _region(client, large, game.player_a_id, HTTP_IF_NONE_MATCH=first["ETag"])
    assert "ETag" not in client.get(f"/e/{large.slug}/", **POLL), "the state before is never 'not modified' later"
    assert "hx-headers" not in stale and "Result: 0" not in stale
    cache.delete(building)
    # For half a second this process does not ask again whether the new state is built.
    assert "hx-headers" not in _region(client, large, game.player_a_id)
    later = time.monotonic() + phones.WAIT_SECONDS
    monkeypatch.setattr(phones, "monotonic", lambda: later)
    fresh = _region(client, large, game.player_a_id)
    assert "hx-headers" in fresh and "Result: 0–6 tournament points" in fresh


@pytest.mark.django_db(transaction=True)
def test_no_phone_waits_for_the_build_of_a_change_and_builds_never_pile_up(client, large, settings, monkeypatch):
    settings.COUNCIL_BUILD_ASIDE = True
    games = list(large.rounds.get(number=2).games.order_by("table")[:2])
    _region(client, large, games[0].player_a_id)
    may_finish = threading.Event()
    built = phones.public_tables

    def slow_build(event):
        may_finish.wait(30)
        return built(event)

    monkeypatch.setattr(phones, "public_tables", slow_build)
    services.record_result(games[0], WIN_B, actor=actor(large.owner), expected_version=games[0].version)
    stale = _region(client, large, games[0].player_a_id)
    assert "hx-headers" not in stale and not re.search(r"Result: \d", stale), "the state before, at once"
    # A second result while the first is being built: no second build until the first is done.
    services.record_result(games[1], WIN_B, actor=actor(large.owner), expected_version=games[1].version)
    _region(client, large, games[1].player_a_id)
    builds = [thread for thread in threading.enumerate() if thread.name.startswith("council-build-")]
    assert len(builds) == 1, "the new state is built beside the requests, once at a time"
    usual = parts._usual_switch_seconds
    assert sys.getswitchinterval() == parts.SWITCH_SECONDS_WHILE_BUILDING < usual, "short turns beside a build"
    may_finish.set()
    builds[0].join(timeout=30)
    assert sys.getswitchinterval() == usual

    later = time.monotonic() + phones.WAIT_SECONDS
    monkeypatch.setattr(phones, "monotonic", lambda: later)
    _region(client, large, games[1].player_a_id)  # finds the first build's state older than now: builds the second
    for thread in threading.enumerate():
        if thread.name.startswith("council-build-"):
            thread.join(timeout=30)
    monkeypatch.setattr(phones, "monotonic", lambda: later + phones.WAIT_SECONDS)
    fresh = _region(client, large, games[0].player_a_id)
    assert "hx-headers" in fresh and "Result: 0–6 tournament points" in fresh


@pytest.mark.django_db(transaction=True)
def test_a_build_aside_that_fails_is_built_again_in_a_request_where_the_failure_is_seen(
    client, large, settings, monkeypatch
):
    settings.COUNCIL_BUILD_ASIDE = True
    game = large.rounds.get(number=2).games.order_by("table").first()
    _region(client, large, game.player_a_id)

    def broken(event):
        raise RuntimeError("the engine failed")

    monkeypatch.setattr(phones, "public_tables", broken)
    services.record_result(game, WIN_B, actor=actor(large.owner), expected_version=game.version)
    assert "hx-headers" not in _region(client, large, game.player_a_id), "the state before, while it is built"
    for thread in threading.enumerate():
        if thread.name.startswith("council-build-"):
            thread.join(timeout=30)
    assert sys.getswitchinterval() == parts._usual_switch_seconds
    later = time.monotonic() + phones.WAIT_SECONDS
    monkeypatch.setattr(phones, "monotonic", lambda: later)
    client.cookies["council_me"] = str(game.player_a_id)
    with pytest.raises(RuntimeError, match="the engine failed"):
        client.get(f"/e/{large.slug}/", **POLL)
    assert not [thread for thread in threading.enumerate() if thread.name.startswith("council-build-")]
