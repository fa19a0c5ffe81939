"""The players' pages: public round, this is me, polling, projector and reports (events/views/public.py)."""

from __future__ import annotations

import gzip
import html
import json
import re
import zoneinfo
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils.formats import date_format

import scoring
from events import services
from events.archive import load_archive
from events.devices import device_label
from events.models import AuditEntry, Event, Game, Player, Throttle
from events.throttle import RESULT_CODE_PER_ADDRESS
from tests.factories import EventFactory
from tests.helpers import PHONES, POLL, WIN_A, WIN_B, actor, open_game, register, run_event


def _seated(event, player: Player) -> tuple[Game, Player]:
    game = (
        Game.objects.filter(round__event=event).filter(player_a=player).order_by("-round__number").first()
        or Game.objects.filter(round__event=event, player_b=player).order_by("-round__number").first()
    )
    return game, game.player_b if game.player_a_id == player.pk else game.player_a


def _first_visit_bytes(client, path: str) -> dict[str, int]:
    """What a browser downloads on a first visit, compressed as the server sends it."""
    page = client.get(path, HTTP_ACCEPT_ENCODING="gzip")
    assert page["Content-Encoding"] == "gzip"
    sizes = {"html": len(page.content)}
    html = gzip.decompress(page.content).decode()
    for asset in re.findall(r'<(?:script[^>]* src|link[^>]* href)="/static/([^"]+)"', html):
        # whitenoise serves each file gzipped at level 9 (its default) next to the original
        sizes[asset] = len(gzip.compress(Path(finders.find(asset)).read_bytes(), compresslevel=9))
    return sizes


def test_public_page_shows_the_round_by_table_and_the_standings(client, event):
    run_event(event, 4, 1)
    services.pair_round(event, actor=actor(event.owner), seed=2)
    text = client.get(f"/e/{event.slug}/").content.decode()
    assert "Round 2 of 2" in text and "Standings during round 2: the results in so far" in text
    for game in Game.objects.filter(round__number=2).select_related("player_a", "player_b"):
        assert re.search(
            rf">{game.table}</td><td>{game.player_a.name} <span class=\"vs\">v</span> {game.player_b.name}", text
        )
    assert f'href="/e/{event.slug}/rounds/1/"' in text


def test_nothing_private_is_on_the_public_pages(client, event):
    run_event(event, 4, 1, leave_last_open=True)
    token = services.create_staff_link(event, actor=actor(event.owner))
    player = event.players.first()
    services.update_player(
        player, actor=actor(event.owner), name=player.name, deck_capability="one-ring", avatar="Saruman", ranking=None
    )
    client.post(f"/e/{event.slug}/me/", {"player": player.pk})
    for path in (f"/e/{event.slug}/", f"/e/{event.slug}/projector/", f"/e/{event.slug}/rounds/1/"):
        text = client.get(path).content.decode()
        assert token not in text
        assert "Saruman" not in text and "One Ring" not in text
        assert "/events/" not in text, f"{path} links to a coordinator page"


@pytest.mark.parametrize(
    "query, found",
    [
        ("owyn", ["Éowyn Halfelven"]),
        ("EOWYN", ["Éowyn Halfelven"]),
        ("half eow", ["Éowyn Halfelven"]),
        ("an", ["Anborn", "Dernhelm Annúminas"]),
        ("zz", []),
    ],
)
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
    standing = next(row for row in scoring.compute_standings(load_archive(event)).rows if row.player == me.archive_id)
    assert len(totals) == 2, "two rounds played, the third still playing"
    assert float(totals[-1]) == standing.tp
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
    services.record_result(
        game, {"kind": "council", "mp": [5, 3]}, actor=actor(event.owner), expected_version=game.version
    )
    changed = client.get(f"/e/{event.slug}/", HTTP_IF_NONE_MATCH=etag, **POLL)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_the_poll_etag_depends_on_who_i_am(client, event):
    run_event(event, 4, 1)
    etag = client.get(f"/e/{event.slug}/", **POLL)["ETag"]
    client.post(f"/e/{event.slug}/me/", {"player": event.players.first().pk})
    assert client.get(f"/e/{event.slug}/", HTTP_IF_NONE_MATCH=etag, **POLL).status_code == 200


def test_the_poll_etag_depends_on_the_reader_s_language(client, event):
    run_event(event, 4, 1)
    etag = client.get(f"/e/{event.slug}/", **POLL)["ETag"]
    assert client.get(f"/e/{event.slug}/", HTTP_IF_NONE_MATCH=etag, **POLL).status_code == 304
    # The phone switched to Finnish: its region must come again, in Finnish.
    client.cookies["django_language"] = "fi"
    switched = client.get(f"/e/{event.slug}/", HTTP_IF_NONE_MATCH=etag, **POLL)
    assert switched.status_code == 200 and switched["Content-Language"] == "fi"


def test_the_projector_reads_in_the_event_s_language_whatever_the_browser_asks(client, event):
    run_event(event, 4, 1)
    type(event).objects.filter(pk=event.pk).update(language="de")
    page = client.get(f"/e/{event.slug}/projector/", HTTP_ACCEPT_LANGUAGE="fi")
    assert page["Content-Language"] == "de" and '<html lang="de">' in page.content.decode()
    etag = client.get(f"/e/{event.slug}/projector/", HTTP_ACCEPT_LANGUAGE="fi", **{**POLL, "HTTP_HX_TARGET": "board"})[
        "ETag"
    ]
    again = client.get(
        f"/e/{event.slug}/projector/",
        HTTP_ACCEPT_LANGUAGE="fi",
        HTTP_IF_NONE_MATCH=etag,
        **{**POLL, "HTTP_HX_TARGET": "board"},
    )
    assert again.status_code == 304, "the projector's poll and its page agree on the language"


def test_staff_and_round_polls_answer_304_too(client, event):
    run_event(event, 4, 1, leave_last_open=True)
    client.force_login(event.owner)
    for path, region in (
        (f"/events/{event.slug}/tables/", "open-tables"),
        (f"/events/{event.slug}/rounds/1/", "tables"),
        (f"/e/{event.slug}/projector/", "board"),
    ):
        headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": region}
        etag = client.get(path, **headers)["ETag"]
        assert client.get(path, HTTP_IF_NONE_MATCH=etag, **headers).status_code == 304, path


def test_a_new_round_changes_the_poll(client, event):
    run_event(event, 4, 1)
    etag = client.get(f"/e/{event.slug}/", **POLL)["ETag"]
    services.pair_round(event, actor=actor(event.owner), seed=5)
    response = client.get(f"/e/{event.slug}/", HTTP_IF_NONE_MATCH=etag, **POLL)
    assert response.status_code == 200 and "Round 2 of 2" in response.content.decode()


def test_the_player_page_of_a_64_player_event_weighs_at_most_30_kb_compressed(client, owner):
    event = run_event(EventFactory(owner=owner, slug="big"), 64, 5)
    services.change_rounds(event, actor=actor(owner), rounds=6, note="the test's own number")
    services.pair_round(event, actor=actor(owner), seed=6)
    services.start_clock(event.rounds.get(number=6), actor=actor(owner))
    sizes = _first_visit_bytes(client, f"/e/{event.slug}/")
    # The icon is named by every page, so that no browser asks for a /favicon.ico that is not there.
    assert {"council/council.css", "council/live.js", "council/icon.svg"} <= set(sizes)
    assert any("htmx" in name for name in sizes)
    print("first visit, compressed bytes:", sizes, "total", sum(sizes.values()))
    assert sum(sizes.values()) <= 30 * 1024, sizes


def test_a_large_event_s_phone_page_is_the_phone_s_own_seat_clock_card_and_place(client, large):
    game = large.rounds.get(number=2).games.select_related("player_a", "player_b").order_by("table")[3]
    me, opponent = game.player_a, game.player_b
    client.post(f"/e/{large.slug}/me/", {"player": me.pk})
    page = client.get(f"/e/{large.slug}/").content.decode()
    region = client.get(f"/e/{large.slug}/", **POLL).content.decode()
    standing = next(row for row in scoring.compute_standings(load_archive(large)).rows if row.player == me.archive_id)
    for text in (page, region):
        assert f"Round 2: <strong>table {game.table}</strong> against <strong>{opponent.name}</strong>" in text
        assert "data-clock" in text and 'data-phase="running"' in text
        assert "Your tournament card" in text
        assert f"{standing.tp:g} tournament points</strong> · place {standing.rank}" in text
        # The whole lists are a tap away, on pages every phone shares, landing on the phone's own rows.
        assert f'href="/e/{large.slug}/pairings/#table-{game.table}">Pairings of round 2</a>' in text
        assert f'href="/e/{large.slug}/standings/#player-{me.pk}">Standings</a>' in text
        assert 'class="pairings"' not in text and "Standings after round" not in text, "no list of every table"
        assert text.count("data-players=") == 0
    assert len(region) < 8 * 1024, "the phone's region is its own, not 65 players' tables"


def test_a_large_event_s_page_without_me_finds_a_name_and_links_to_the_whole_lists(client, large):
    page = client.get(f"/e/{large.slug}/").content.decode()
    assert "Find your table" in page and "data-clock" in page
    assert f'href="/e/{large.slug}/pairings/">Pairings of round 2</a>' in page
    assert f'href="/e/{large.slug}/standings/">Standings</a>' in page
    assert 'class="pairings"' not in page


def test_a_small_event_s_phone_page_keeps_every_table_and_the_standings(client, owner):
    event = run_event(EventFactory(owner=owner, slug="sixty-four"), 64, 1)
    services.pair_round(event, actor=actor(owner), seed=2)
    me = event.players.get(name="Player 07")
    client.post(f"/e/{event.slug}/me/", {"player": me.pk})
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert page.count('<tr id="table-') == 32 and page.count('<tr id="player-') == 64
    assert "Standings during round 2: the results in so far" in page and "Your tournament card" in page
    assert f"/e/{event.slug}/pairings/" not in page and f"/e/{event.slug}/standings/" not in page


def test_the_shared_pages_list_every_table_and_every_player_the_same_for_every_phone(client, large):

    first, second = Client(), Client()
    second.cookies["council_me"] = str(large.players.first().pk)
    for path, rows in ((f"/e/{large.slug}/pairings/", 32), (f"/e/{large.slug}/standings/", 65)):
        one, other = first.get(path), second.get(path)
        assert one.status_code == other.status_code == 200
        assert one.content == other.content, "one page for every phone"
        assert one["ETag"] == other["ETag"]
        text = one.content.decode()
        assert text.count('<tr id="table-' if "pairings" in path else '<tr id="player-') == rows
        assert "csrfmiddlewaretoken" not in text and "X-CSRFToken" not in text, "nothing of one phone's own"
        assert f'href="/e/{large.slug}/">← Lórien Grand Open</a>' in text
    pairings = first.get(f"/e/{large.slug}/pairings/").content.decode()
    bye = large.rounds.get(number=2).bye
    assert f'<tr id="bye" data-players="{bye.pk}">' in pairings and "Round 2 of 2" in pairings


def test_long_shared_standings_come_a_page_at_a_time_and_each_phone_links_to_its_own_page(client, large, monkeypatch):
    from events.pages import standings as standings_pages

    monkeypatch.setattr(standings_pages, "RANKING_PAGE_ROWS", 20)  # 65 players: pages of 20, 20, 20 and 5
    pk_of = dict(large.players.values_list("archive_id", "pk"))
    order = [pk_of[row.player] for row in scoring.compute_standings(load_archive(large)).rows]
    path = f"/e/{large.slug}/standings/"

    def shown(address):
        response = client.get(address)
        assert response.status_code == 200
        page = response.content.decode()
        return page, [int(pk) for pk in re.findall(r'<tr id="player-(\d+)"', page)], response["ETag"]

    pages = [shown(f"{path}?page={number}") for number in (1, 2, 3, 4)]
    assert [rows for _page, rows, _etag in pages] == [order[:20], order[20:40], order[40:60], order[60:]]
    first, second, _third, last = (page for page, _rows, _etag in pages)
    assert "Page 1 of 4" in first and f'{path}?page=2" rel="next"' in first and 'rel="prev"' not in first
    assert first.count('aria-label="Pages of the standings"') == 1
    assert f'{path}?page=1" rel="prev"' in second and f'{path}?page=3" rel="next"' in second
    # Each page polls itself, under a version of its own.
    assert f'hx-get="{path}"' in first and f'hx-get="{path}?page=4"' in last
    assert len({etag for _page, _rows, etag in pages}) == 4
    poll = {**POLL, "HTTP_HX_TARGET": "standings"}
    assert client.get(f"{path}?page=4", HTTP_IF_NONE_MATCH=pages[3][2].removeprefix("W/"), **poll).status_code == 304
    assert client.get(path, HTTP_IF_NONE_MATCH=pages[3][2].removeprefix("W/"), **poll).status_code == 200
    # No page number is the first page; past the end, the last; a page that is not a number, the first.
    assert shown(path)[1] == order[:20] and shown(f"{path}?page=99")[1] == order[60:]
    assert shown(f"{path}?page=two")[1] == order[:20]
    # A phone's link to its own line names the page that shows it.
    for index in (3, 45):
        me = order[index]
        client.cookies["council_me"] = str(me)
        region = client.get(f"/e/{large.slug}/", **POLL).content.decode()
        query = "" if index < 20 else "?page=3"
        assert f'href="{path}{query}#player-{me}">Standings</a>' in region


def test_a_shared_page_answers_304_to_its_version_and_polls_with_it(client, large):
    path = f"/e/{large.slug}/standings/"
    first = client.get(path)
    etag = first["ETag"]
    assert etag.startswith('W/"standings-')
    headers = re.search(r"hx-headers='([^']*)'", first.content.decode()).group(1)
    assert json.loads(html.unescape(headers)) == {"If-None-Match": etag.removeprefix("W/")}
    assert 'hx-select="#standings"' in first.content.decode()
    with CaptureQueriesContext(connection) as queries:
        again = client.get(path, HTTP_IF_NONE_MATCH=etag.removeprefix("W/"), **{**POLL, "HTTP_HX_TARGET": "standings"})
    assert again.status_code == 304 and again.content == b""
    assert len(queries) == 1, "a 304 reads the event's version only"
    # A page that did not change is answered from this process, without a render or the shared cache.
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).content == first.content
    assert len(queries) == 1

    game = open_game(large)
    services.record_result(game, WIN_A, actor=actor(large.owner), expected_version=game.version)
    changed = client.get(path, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_a_shared_page_is_sent_compressed_when_asked_and_varies_by_language(client, large):
    path = f"/e/{large.slug}/pairings/"
    plain = client.get(path)
    packed = client.get(path, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain and packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) * 4 < len(plain.content)
    assert packed["ETag"] == plain["ETag"]
    vary = {name.strip() for name in packed["Vary"].split(",")}
    assert {"Accept-Encoding", "Accept-Language", "Cookie"} <= vary
    assert "no-store" in packed["Cache-Control"]
    client.cookies["django_language"] = "fi"
    finnish = client.get(path)
    assert finnish["Content-Language"] == "fi" and finnish["ETag"] != plain["ETag"]
    assert '<html lang="fi">' in finnish.content.decode() and "Parit" in finnish.content.decode()
    assert client.get(path, HTTP_IF_NONE_MATCH=plain["ETag"]).status_code == 200, "the English version is not Finnish"


def test_the_shared_pages_before_the_first_round(client, event):
    register(event, 4)
    services.start_event(event, actor=actor(event.owner), rounds=2, note="the test's own number")
    assert "The first round is not paired yet." in client.get(f"/e/{event.slug}/pairings/").content.decode()
    assert (
        "The standings begin once the first round is played."
        in client.get(f"/e/{event.slug}/standings/").content.decode()
    )


def test_projector_shows_the_clock_the_tables_and_the_qr_code(client, event):
    run_event(event, 5, 1, leave_last_open=True)
    rnd = event.rounds.get(number=1)
    services.start_clock(rnd, actor=actor(event.owner))
    game = open_game(event)
    services.adjust_time(rnd, actor=actor(event.owner), minutes=4, table=game.table)
    text = client.get(f"/e/{event.slug}/projector/").content.decode()
    assert 'data-phase="running"' in text and "Round 1 of 2: tables" in text
    assert f'table {game.table} <span class="extra">+4 min</span>' in text
    assert "<svg viewBox=" in text and f"http://testserver/e/{event.slug}/" in text
    by_name = client.get(f"/e/{event.slug}/projector/", {"by": "name"}).content.decode()
    names = re.findall(r'<span class="who">([^<]+)</span> <span class="where">', by_name)
    assert names == sorted(names) and len(names) == 5


def test_the_end_of_time_procedure_follows_the_policy(client, owner):
    event = run_event(
        EventFactory(owner=owner, slug="p1", policy="policy-1-1996", format="single-deck"), 4, 1, leave_last_open=True
    )
    rnd = event.rounds.get(number=1)
    services.start_clock(rnd, actor=actor(owner))
    services.call_time(rnd, actor=actor(owner))
    text = client.get(f"/e/{event.slug}/").content.decode()
    assert 'data-phase="time"' in text
    assert "Play on until the player who went second finishes a turn" in text and "Free Council" in text
    assert "Policy #1, Swiss System: Time Limits" in text


def _report_form(game: Game, side: int, result: dict) -> dict:
    data = {"code": (game.code_a, game.code_b)[side], "kind": result["kind"]}
    if "mp" in result:
        data |= {"mp_a": result["mp"][0], "mp_b": result["mp"][1]}
    return data


def test_differing_reports_flag_the_table_until_staff_settle_it(reporting, client, staff_user):
    game = open_game(reporting)
    services.report_result(game, 0, WIN_A, device=PHONES[0])
    services.report_result(game, 1, WIN_B, device=PHONES[1])
    game.refresh_from_db()
    assert game.result is None and game.reports_differ
    assert AuditEntry.objects.filter(event=reporting, action="result.disputed", table=game.table).count() == 1

    client.force_login(staff_user)
    page = client.get(f"/events/{reporting.slug}/tables/").content.decode()
    heading = page.index("they differ, or one device sent both. Settle these first")
    flagged = page[heading : page.index("</ul>", heading)]
    assert f'Table {game.table}</strong> <span class="state state-disputed">Reports differ' in flagged
    shown = client.get(f"/events/{reporting.slug}/games/{game.pk}/result/").content.decode()
    assert "The players' reports: they differ" in shown and "20–10" not in shown  # points, not MP
    assert "6–0, " in shown and "0–6, " in shown

    services.record_result(game, WIN_B, actor=actor(staff_user, "staff"), expected_version=game.version)
    game.refresh_from_db()
    assert (game.result, game.reports_differ) == (WIN_B, False)


def test_an_implausible_report_asks_the_player_to_confirm(reporting, client):
    game = open_game(reporting)
    url = f"/e/{reporting.slug}/report/"
    response = client.post(url, _report_form(game, 0, {"kind": "council", "mp": [150, 10]}))
    assert response.status_code == 409
    assert "150 marshalling points is unusually high" in response.content.decode()
    game.refresh_from_db()
    assert game.report_a is None
    response = client.post(url, _report_form(game, 0, {"kind": "council", "mp": [150, 10]}) | {"confirm": "True"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.report_a == {"kind": "council", "mp": [150, 10]}


def test_a_player_reports_from_the_phone_in_two_steps(reporting, client):
    game = open_game(reporting)
    url = f"/e/{reporting.slug}/report/"
    step_one = client.post(url, {"code": game.code_b.lower()}).content.decode()
    assert f"you are <strong>{game.player_b.name}</strong>, against <strong>{game.player_a.name}</strong>" in step_one
    response = client.post(url, _report_form(game, 1, WIN_A), follow=True)
    assert (
        f"your report is in. The result stands once {game.player_a.name} reports the same." in response.content.decode()
    )
    opponent_phone = Client(REMOTE_ADDR="10.0.0.8", HTTP_USER_AGENT="another phone")
    response = opponent_phone.post(url, _report_form(game, 0, WIN_A), follow=True)
    assert "both reports agree, the result stands" in response.content.decode()
    game.refresh_from_db()
    assert (game.result, game.state) == (WIN_A, Game.CONFIRMED)


def test_one_phone_reporting_both_sides_settles_nothing_and_staff_see_it(reporting, client, staff_user):
    """The issue's probe: one player types their own code, then their opponent's, from one phone."""
    game = open_game(reporting)
    url = f"/e/{reporting.slug}/report/"
    client.post(url, _report_form(game, 0, WIN_A))
    response = client.post(url, _report_form(game, 1, WIN_A), follow=True)
    assert "both reports came from this one device, so they settle nothing" in response.content.decode()
    game.refresh_from_db()
    assert (game.result, game.state, game.reported_from_one_device) == (None, Game.PLAYING, True)
    assert game.report_a_device == game.report_b_device != ""
    assert (
        AuditEntry.objects.filter(event=reporting, action="result.one_device_reported", table=game.table).count() == 1
    )

    staff_phone = Client()
    staff_phone.force_login(staff_user)
    tables = staff_phone.get(f"/events/{reporting.slug}/tables/").content.decode()
    heading = tables.index("they differ, or one device sent both. Settle these first")
    assert (
        f'Table {game.table}</strong> <span class="state state-disputed">Both reports from one device'
        in tables[heading : tables.index("</ul>", heading)]
    )
    shown = staff_phone.get(f"/events/{reporting.slug}/games/{game.pk}/result/").content.decode()
    assert "The players' reports: both from one device" in shown
    label = device_label(game.report_a_device)
    assert shown.count(f'(from device <span translate="no">{label}</span>)') == 4  # both reports, both versions


def test_cleared_cookies_do_not_hide_one_phone(reporting):
    """A private window or cleared cookies: the same address and browser still mark one device."""
    game = open_game(reporting)
    url = f"/e/{reporting.slug}/report/"
    for side in (0, 1):
        Client(REMOTE_ADDR="10.0.0.7", HTTP_USER_AGENT="Phone/1.0").post(url, _report_form(game, side, WIN_A))
    game.refresh_from_db()
    assert game.report_a_device != game.report_b_device and game.reported_from_one_device
    assert game.result is None


def test_a_network_shared_with_other_tables_does_not_make_two_phones_one(reporting):
    """Phones behind one venue address, of one make: other tables' reports show the network is shared."""
    first, second = reporting.latest_round().games.order_by("table")
    url = f"/e/{reporting.slug}/report/"

    def same_make():
        return Client(REMOTE_ADDR="203.0.113.9", HTTP_USER_AGENT="Phone/1.0")

    same_make().post(url, _report_form(second, 0, WIN_B))
    for side in (0, 1):
        same_make().post(url, _report_form(first, side, WIN_A))
    first.refresh_from_db()
    assert (first.result, first.reported_from_one_device) == (WIN_A, False)


def test_a_report_through_the_private_link_reports_that_players_side(reporting, client):
    game = open_game(reporting)
    me = game.player_b
    services.make_deck_links(reporting, actor=actor(reporting.owner))
    me.refresh_from_db()
    page = client.get(f"/e/{reporting.slug}/deck/{me.deck_token}/").content.decode()
    assert f"You play against {game.player_a.name}." in page
    assert f'<strong class="slip-code" translate="no">{game.code_b}</strong>' in page
    assert game.code_a not in page
    step = client.post(f"/e/{reporting.slug}/report/", {"code": game.code_b}).content.decode()
    assert f"you are <strong>{me.name}</strong>" in step


def test_a_wrong_code_is_explained_at_the_field_and_counted(reporting, client):
    response = client.post(f"/e/{reporting.slug}/report/", {"code": "AAAAAA"})
    assert response.status_code == 422
    field = response.content.decode().split('id="id_code_error"')[1]
    assert "No table of the current round has this code" in field.split("</ul>")[0]
    assert Throttle.objects.get(key__startswith="code-address:").failures == 1


def test_guessing_codes_is_stopped_even_for_a_right_code(reporting, client):
    game = open_game(reporting)
    url = f"/e/{reporting.slug}/report/"
    for _ in range(RESULT_CODE_PER_ADDRESS.failures):
        client.post(url, {"code": "AAAAAA"})
    response = client.post(url, _report_form(game, 0, WIN_A))
    assert response.status_code == 429
    assert "Too many wrong codes from this network" in response.content.decode()
    game.refresh_from_db()
    assert game.report_a is None


def test_pairings_are_explained_on_the_round_pages_and_each_phone_links_to_its_own_table(client, as_owner, event):
    run_event(event, 6, 1)
    rnd = services.pair_round(event, actor=actor(event.owner), seed=3)
    me = event.players.get(name="Player 02")
    game, _opponent = _seated(event, me)
    client.post(f"/e/{event.slug}/me/", {"player": me.pk})
    phone = client.get(f"/e/{event.slug}/").content.decode()
    assert f'href="/e/{event.slug}/rounds/{rnd.number}/#why-table-{game.table}">Why this pairing?</a>' in phone
    public = client.get(f"/e/{event.slug}/rounds/{rnd.number}/").content.decode()
    assert "Why these pairings" in public and f'id="why-table-{game.table}"' in public
    assert "Paired by score groups from the highest" in public
    assert public.count('id="why-table-') == rnd.games.count()
    coordinator = as_owner.get(f"/events/{event.slug}/rounds/{rnd.number}/").content.decode()
    assert "<summary>Why these pairings</summary>" in coordinator


def test_the_pairing_explanation_is_in_the_readers_language(client, event):
    run_event(event, 4, 1)
    rnd = services.pair_round(event, actor=actor(event.owner), seed=3)
    page = client.get(f"/e/{event.slug}/rounds/{rnd.number}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Paired by score groups" not in page and "both have" not in page


def test_standings_during_a_round_say_so_and_a_playoff_clock_keeps_its_stages_name(client, as_owner, event):
    run_event(event, 4, 1)
    services.pair_round(event, actor=actor(event.owner), seed=2)
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert "Standings during round 2: the results in so far" in page and "Standings after round 2" not in page
    shared = client.get(f"/e/{event.slug}/standings/").content.decode()
    assert "Standings during round 2: the results in so far" in shared
    printed = as_owner.get(f"/events/{event.slug}/print/standings/").content.decode()
    assert "standings during round 2, the results in so far" in printed


def test_a_playoff_rounds_clock_is_named_after_its_stage(client, event):
    from events.models import Round

    services.register_players(event, "Ann\nBob", actor=actor(event.owner))
    who = actor(event.owner)
    services.start_event(event, actor=who)
    game = services.pair_round(event, actor=who, seed=1).games.get()
    services.record_result(game, {"kind": "council", "mp": [10, 10]}, actor=who, expected_version=0)
    services.start_stage(event, actor=who)
    playoff = services.pair_round(event, actor=who, seed=2)
    services.start_clock(Round.objects.get(pk=playoff.pk), actor=who)
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert "Playoff, round 1" in page and ">Round 2<" not in page


def test_the_projector_shows_the_final_standings_once_the_event_is_closed(client, event):
    run_event(event, 4, 2)
    services.close_event(event, actor=actor(event.owner), confirm=True)
    board = client.get(f"/e/{event.slug}/projector/").content.decode()
    assert "Final standings" in board and ": tables" not in board
    assert board.count('<span class="where">') == 4


def test_a_running_clock_says_when_time_is_called_in_the_events_zone_named_for_each_reader(client, event):
    Event.objects.filter(pk=event.pk).update(time_zone="Pacific/Auckland")
    run_event(event, 4, 1, leave_last_open=True)
    rnd = event.rounds.get(number=1)
    assert "Time is called at" not in client.get(f"/e/{event.slug}/").content.decode(), "not before it runs"
    services.start_clock(rnd, actor=actor(event.owner))
    rnd.refresh_from_db()
    local = rnd.clock_ends_at.astimezone(zoneinfo.ZoneInfo("Pacific/Auckland"))
    deadline = (
        f'Time is called at <time datetime="{local.isoformat(timespec="seconds")}" data-local-time>'
        f'{date_format(local, "DATETIME_FORMAT")} (<span translate="no">Pacific/Auckland</span>)</time>.'
    )
    assert local.isoformat().endswith(("+12:00", "+13:00")), "the moment keeps the zone's offset"
    for path in (f"/e/{event.slug}/", f"/e/{event.slug}/projector/"):
        assert deadline in client.get(path).content.decode(), path
    assert deadline in client.get(f"/e/{event.slug}/", **POLL).content.decode(), "the polled region says it too"
    services.pause_clock(rnd, actor=actor(event.owner))
    assert "Time is called at" not in client.get(f"/e/{event.slug}/").content.decode(), "a paused clock has no end"


def test_in_a_round_of_days_differing_reports_go_to_the_coordinator_not_to_a_table(owner):
    policy = {"key": "online-days", "title": "Online", "base": "policy-4-2001"}
    services.save_house_policy(owner=owner, document={**policy, "changes": {"time_limits": {"two-deck": 4320}}})
    event = services.create_event(owner=owner, name="Online Cup", policy="online-days", game_type="two-deck")
    event.players_report = True
    event.save(update_fields=["players_report"])
    register(event, 4)
    services.start_event(event, actor=actor(owner))
    game = services.pair_round(event, actor=actor(owner), seed=1).games.first()
    url = f"/e/{event.slug}/report/"
    Client(REMOTE_ADDR="10.0.0.7", HTTP_USER_AGENT="a phone").post(url, _report_form(game, 0, WIN_A))
    said = Client(REMOTE_ADDR="10.0.0.8", HTTP_USER_AGENT="another phone").post(
        url, _report_form(game, 1, WIN_B), follow=True
    )
    text = said.content.decode()
    assert "differ. The coordinator will settle it." in text and "Stay at the table" not in text
