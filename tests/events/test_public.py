"""The public page, the projector and the polls: what players see on their phones, without a login."""

from __future__ import annotations

import gzip
import html
import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.db import connection
from django.test.utils import CaptureQueriesContext

from events import services
from events.models import Game, Player
from tests.conftest import actor, open_game, register, run_event
from tests.factories import EventFactory

POLL = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live"}


def _seated(event, player: Player) -> tuple[Game, Player]:
    game = Game.objects.filter(round__event=event).filter(player_a=player).order_by("-round__number").first() or \
        Game.objects.filter(round__event=event, player_b=player).order_by("-round__number").first()
    return game, game.player_b if game.player_a_id == player.pk else game.player_a


def test_public_page_shows_the_round_by_table_and_the_standings(client, event):
    run_event(event, 4, 1)
    services.pair_round(event, actor=actor(event.owner), seed=2)
    text = client.get(f"/e/{event.slug}/").content.decode()
    assert "Round 2 of 2" in text and "Standings after round 2" in text
    for game in Game.objects.filter(round__number=2).select_related("player_a", "player_b"):
        assert re.search(rf">{game.table}</td><td>{game.player_a.name} <span class=\"vs\">v</span> {game.player_b.name}", text)
    assert f'href="/e/{event.slug}/rounds/1/"' in text


def test_nothing_private_is_on_the_public_pages(client, event):
    run_event(event, 4, 1, leave_last_open=True)
    token = services.create_staff_link(event, actor=actor(event.owner))
    player = event.players.first()
    services.update_player(player, actor=actor(event.owner), name=player.name, deck_capability="one-ring",
                           avatar="Saruman", ranking=None)
    client.post(f"/e/{event.slug}/me/", {"player": player.pk})
    for path in (f"/e/{event.slug}/", f"/e/{event.slug}/projector/", f"/e/{event.slug}/rounds/1/"):
        text = client.get(path).content.decode()
        assert token not in text
        assert "Saruman" not in text and "One Ring" not in text
        assert "/events/" not in text, f"{path} links to a coordinator page"


@pytest.mark.parametrize("query, found", [
    ("owyn", ["Éowyn Halfelven"]),
    ("EOWYN", ["Éowyn Halfelven"]),
    ("half eow", ["Éowyn Halfelven"]),
    ("an", ["Anborn", "Dernhelm Annúminas"]),
    ("zz", []),
])
def test_search_finds_any_part_of_a_name_without_accents_or_case(client, event, query, found):
    services.register_players(event, "Éowyn Halfelven\nAnborn\nDernhelm Annúminas\nBeregond", actor=actor(event.owner))
    response = client.get(f"/e/{event.slug}/", {"q": query}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="found")
    text = response.content.decode()
    assert "<html" not in text, "the search answers with the list only"
    assert re.findall(r"<strong>([^<]+)</strong>:", text) == found
    if not found:
        assert f"No player's name contains “{query}”" in text


def test_search_works_without_javascript(client, event):
    run_event(event, 4, 1)
    player = event.players.get(name="Player 03")
    game, opponent = _seated(event, player)
    text = client.get(f"/e/{event.slug}/", {"q": "03"}).content.decode()
    assert "<html" in text
    assert f"<strong>Player 03</strong>:\n        table {game.table} against {opponent.name}" in text


def test_this_is_me_shows_my_table_opponent_clock_and_tournament_card(client, event):
    run_event(event, 6, 2)
    services.pair_round(event, actor=actor(event.owner), seed=3)
    me = event.players.get(name="Player 02")
    game, opponent = _seated(event, me)
    response = client.post(f"/e/{event.slug}/me/", {"player": me.pk})
    assert response.status_code == 302
    cookie = response.cookies["council_me"]
    assert cookie.value == str(me.pk) and cookie["path"] == f"/e/{event.slug}/" and cookie["httponly"]

    text = client.get(f"/e/{event.slug}/").content.decode()
    assert f"<strong>table {game.table}</strong> against <strong>{opponent.name}</strong>" in text
    assert "data-clock" in text and "Not started: 80 minutes" in text  # Policy Number 4: two-deck, 80
    # The card: each round's opponent, result and points, with a running total that ends at the total.
    card = text.split("Your tournament card")[1].split("</table>")[0]
    totals = re.findall(r'<br><span class="muted">\((\d+(?:\.\d)?)\)</span></td></tr>', card)
    standing = next(row for row in services.scoring.compute_standings(services.load_archive(event))["standings"]
                    if row["player"] == me.archive_id)
    assert len(totals) == 2, "two rounds played, the third still playing"
    assert float(totals[-1]) == standing["tp"]
    assert "Not Player 02? Choose again" in text


def test_choosing_again_forgets_me_and_another_events_player_is_ignored(client, event, owner):
    run_event(event, 4, 1)
    me = event.players.first()
    client.post(f"/e/{event.slug}/me/", {"player": me.pk})
    forget = client.post(f"/e/{event.slug}/me/", {"player": ""})
    assert forget.cookies["council_me"].value == ""
    other = EventFactory(owner=owner, slug="elsewhere")
    stranger = register(other, 2)[0]
    response = client.post(f"/e/{event.slug}/me/", {"player": stranger.pk})
    assert response.cookies["council_me"].value == ""
    client.cookies["council_me"] = str(stranger.pk)
    assert "Your tournament card" not in client.get(f"/e/{event.slug}/").content.decode()


def test_a_poll_that_finds_nothing_new_gets_304_with_no_body_and_one_query(client, event):
    run_event(event, 4, 1, leave_last_open=True)
    first = client.get(f"/e/{event.slug}/", **POLL)
    assert first.status_code == 200 and "<html" not in first.content.decode()
    etag = first["ETag"]
    # The region carries its version for the next poll, as JSON that htmx reads from hx-headers.
    headers = re.search(r"hx-headers='([^']*)'", first.content.decode()).group(1)
    assert json.loads(html.unescape(headers)) == {"If-None-Match": etag.removeprefix("W/")}
    with CaptureQueriesContext(connection) as queries:
        again = client.get(f"/e/{event.slug}/", HTTP_IF_NONE_MATCH=etag, **POLL)
    assert again.status_code == 304
    assert again.content == b""
    assert len(queries) == 1, "a 304 reads the event's timestamp only"

    game = open_game(event)
    services.record_result(game, {"kind": "council", "mp": [5, 3]}, actor=actor(event.owner),
                           expected_version=game.version)
    changed = client.get(f"/e/{event.slug}/", HTTP_IF_NONE_MATCH=etag, **POLL)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_the_poll_etag_depends_on_who_i_am(client, event):
    run_event(event, 4, 1)
    etag = client.get(f"/e/{event.slug}/", **POLL)["ETag"]
    client.post(f"/e/{event.slug}/me/", {"player": event.players.first().pk})
    assert client.get(f"/e/{event.slug}/", HTTP_IF_NONE_MATCH=etag, **POLL).status_code == 200


def test_staff_and_round_polls_answer_304_too(client, event):
    run_event(event, 4, 1, leave_last_open=True)
    client.force_login(event.owner)
    for path, region in ((f"/events/{event.slug}/tables/", "open-tables"),
                         (f"/events/{event.slug}/rounds/1/", "tables"),
                         (f"/e/{event.slug}/projector/", "board")):
        headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": region}
        etag = client.get(path, **headers)["ETag"]
        assert client.get(path, HTTP_IF_NONE_MATCH=etag, **headers).status_code == 304, path


def test_a_new_round_changes_the_poll(client, event):
    run_event(event, 4, 1)
    etag = client.get(f"/e/{event.slug}/", **POLL)["ETag"]
    services.pair_round(event, actor=actor(event.owner), seed=5)
    response = client.get(f"/e/{event.slug}/", HTTP_IF_NONE_MATCH=etag, **POLL)
    assert response.status_code == 200 and "Round 2 of 2" in response.content.decode()


def _first_visit_bytes(client, path: str) -> dict[str, int]:
    """What a browser downloads on a first visit, compressed as the server sends it."""
    page = client.get(path, HTTP_ACCEPT_ENCODING="gzip")
    assert page["Content-Encoding"] == "gzip"
    sizes = {"html": len(page.content)}
    html = gzip.decompress(page.content).decode()
    for asset in re.findall(r'<(?:script[^>]* src|link[^>]* href)="/static/([^"]+)"', html):
        # whitenoise serves each file gzipped at level 9 (its default) next to the original
        sizes[asset] = len(gzip.compress(open(finders.find(asset), "rb").read(), compresslevel=9))
    return sizes


def test_the_player_page_of_a_64_player_event_weighs_at_most_30_kb_compressed(client, owner):
    event = run_event(EventFactory(owner=owner, slug="big"), 64, 5)
    services.change_rounds(event, actor=actor(owner), rounds=6)
    services.pair_round(event, actor=actor(owner), seed=6)
    services.start_clock(event.rounds.get(number=6), actor=actor(owner))
    sizes = _first_visit_bytes(client, f"/e/{event.slug}/")
    assert {"council/council.css", "council/live.js"} <= set(sizes)
    assert any("htmx" in name for name in sizes)
    print("first visit, compressed bytes:", sizes, "total", sum(sizes.values()))
    assert sum(sizes.values()) <= 30 * 1024, sizes


def test_projector_shows_the_clock_the_tables_and_the_qr_code(client, event):
    run_event(event, 5, 1, leave_last_open=True)
    rnd = event.rounds.get(number=1)
    services.start_clock(rnd, actor=actor(event.owner))
    game = open_game(event)
    services.adjust_time(rnd, actor=actor(event.owner), minutes=4, table=game.table)
    text = client.get(f"/e/{event.slug}/projector/").content.decode()
    assert 'data-phase="running"' in text and "Round 1 of 2: tables" in text
    assert f"table {game.table} <span class=\"extra\">+4 min</span>" in text
    assert '<svg viewBox=' in text and f"http://testserver/e/{event.slug}/" in text
    by_name = client.get(f"/e/{event.slug}/projector/", {"by": "name"}).content.decode()
    names = re.findall(r'<span class="who">([^<]+)</span> <span class="where">', by_name)
    assert names == sorted(names) and len(names) == 5


# The round clock ------------------------------------------------------------------------------------


def test_clock_start_pause_resume_call_and_extend_are_audited(event):
    run_event(event, 4, 1, leave_last_open=True)
    rnd = event.rounds.get(number=1)
    who = actor(event.owner)
    services.start_clock(rnd, actor=who)
    rnd.refresh_from_db()
    assert rnd.clock_state == "running" and rnd.clock_ends_at is not None
    services.pause_clock(rnd, actor=who)
    rnd.refresh_from_db()
    assert rnd.clock_state == "paused" and 80 * 60 - 5 < rnd.clock_remaining <= 80 * 60
    services.adjust_time(rnd, actor=who, minutes=5)
    rnd.refresh_from_db()
    assert 85 * 60 - 5 < rnd.clock_remaining <= 85 * 60
    services.start_clock(rnd, actor=who)
    services.call_time(rnd, actor=who)
    game = open_game(event)
    services.adjust_time(rnd, actor=who, minutes=3, table=game.table)
    game.refresh_from_db()
    assert game.extra_seconds == 180
    actions = list(event.audit_entries.filter(action__startswith="clock.").order_by("id")
                   .values_list("action", "table"))
    assert actions == [("clock.started", None), ("clock.paused", None), ("clock.adjusted", None),
                       ("clock.started", None), ("clock.time-called", None), ("clock.table-adjusted", game.table)]
    entry = event.audit_entries.get(action="clock.paused")
    assert entry.before["state"] == "running" and entry.after["state"] == "paused"


def test_clock_refusals_change_nothing(event):
    run_event(event, 4, 2)
    who = actor(event.owner)
    old = event.rounds.get(number=1)
    with pytest.raises(services.ServiceError, match="only the current round"):
        services.start_clock(old, actor=who)
    current = event.rounds.get(number=2)
    with pytest.raises(services.ServiceError, match="not started") as refused:
        services.call_time(current, actor=who)
    assert refused.value.field == "action"
    with pytest.raises(services.ServiceError, match="between 1 and 60") as refused:
        services.adjust_time(current, actor=who, minutes=90)
    assert refused.value.field == "minutes"
    with pytest.raises(services.ServiceError, match="already has its result") as refused:
        services.adjust_time(current, actor=who, minutes=5, table=1)
    assert refused.value.field == "table"
    with pytest.raises(services.ServiceError, match="no table 9"):
        services.adjust_time(current, actor=who, minutes=5, table=9)
    assert not event.audit_entries.filter(action__startswith="clock.").exists()
    current.refresh_from_db()
    assert current.clock_state == "ready"


def test_a_table_cannot_give_back_more_than_it_was_given(event):
    run_event(event, 4, 1, leave_last_open=True)
    rnd, game = event.rounds.get(number=1), open_game(event)
    services.adjust_time(rnd, actor=actor(event.owner), minutes=2, table=game.table)
    with pytest.raises(services.ServiceError, match="has 2 extra minutes"):
        services.adjust_time(rnd, actor=actor(event.owner), minutes=-3, table=game.table)
    game.refresh_from_db()
    assert game.extra_seconds == 120


def test_clock_buttons_on_the_round_page(as_owner, event):
    run_event(event, 4, 1, leave_last_open=True)
    url = f"/events/{event.slug}/rounds/1/clock/"
    page = as_owner.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "Start the clock" in page and "Call time" not in page
    assert as_owner.post(url, {"action": "start"}).status_code == 302
    page = as_owner.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert ">Pause</button>" in page and "The clock is running." in page
    refused = as_owner.post(url, {"action": "adjust", "minutes": ""})
    assert refused.status_code == 422
    error = re.search(r'id="id_minutes_error"[^>]*>(.*?)</ul>', refused.content.decode(), re.S).group(1)
    assert "Give the minutes" in error
    refused = as_owner.post(url, {"action": "adjust", "minutes": "5", "table": "1"})
    assert refused.status_code == 422
    assert "already has its result" in re.search(r'id="id_table_error"[^>]*>(.*?)</ul>',
                                                 refused.content.decode(), re.S).group(1)


def test_the_end_of_time_procedure_follows_the_policy(client, owner):
    event = run_event(EventFactory(owner=owner, slug="p1", policy="policy-1-1996"), 4, 1, leave_last_open=True)
    rnd = event.rounds.get(number=1)
    services.start_clock(rnd, actor=actor(owner))
    services.call_time(rnd, actor=actor(owner))
    text = client.get(f"/e/{event.slug}/").content.decode()
    assert 'data-phase="time"' in text
    assert "Play on until the player who went second finishes a turn" in text and "Free Council" in text
    assert "Policy #1, Swiss System: Time Limits" in text


# Printouts ------------------------------------------------------------------------------------------


def test_pairings_printout_lists_by_table_and_by_name_with_the_qr_code(as_owner, event):
    run_event(event, 5, 1)
    text = as_owner.get(f"/events/{event.slug}/print/pairings/").content.decode()
    assert "by table" in text and "players by name" in text and "<svg viewBox=" in text
    by_name = text.split("players by name")[1]
    names = re.findall(r"<tr><td>(Player \d+)</td>", by_name)
    assert names == sorted(names) and len(names) == 5


def test_result_slips_follow_the_policy_and_the_game_type(as_owner, owner):
    p1 = run_event(EventFactory(owner=owner, slug="p1", policy="policy-1-1996"), 4, 1)
    text = as_owner.get(f"/events/{p1.slug}/print/slips/").content.decode()
    assert text.count('class="slip"') == 2 and "Weakest Link" in text and "Wizard eliminated" in text
    p4 = run_event(EventFactory(owner=owner, slug="p4", policy="policy-4-2001"), 4, 1)
    text = as_owner.get(f"/events/{p4.slug}/print/slips/").content.decode()
    assert "Weakest Link" not in text and "Wizard eliminated" not in text and "One Ring" in text


def test_tournament_cards_have_a_line_for_every_planned_round(as_owner, event):
    run_event(event, 4, 1)  # 2 rounds planned, 1 played
    text = as_owner.get(f"/events/{event.slug}/print/cards/").content.decode()
    assert text.count('class="player-card"') == 4
    assert text.count('class="to-fill"') == 4

