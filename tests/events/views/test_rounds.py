"""The round page, its clock and swaps, large rounds a page at a time (events/views/rounds.py)."""

from __future__ import annotations

import re

import pytest

from events import services
from events.models import Event, Game
from tests.events.services.test_clock import THREE_DAYS
from tests.helpers import HTMX, actor, open_game, register, run_event


@pytest.fixture
def round_of_70_tables(event):
    register(event, 140)
    who = actor(event.owner)
    services.start_event(event, actor=who, rounds=3, note="the test's own number")
    rnd = services.pair_round(event, actor=who, seed=1)
    for game in rnd.games.filter(table__in=[3, 58]):
        services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=who, expected_version=0)
    return rnd


def _listed_tables(page: str) -> list[int]:
    return [int(table) for table in re.findall(r'<tr id="table-(\d+)">', page)]


def test_a_large_round_lists_its_tables_a_page_at_a_time_and_counts_them_all(as_owner, event, round_of_70_tables):
    url = f"/events/{event.slug}/rounds/1/"
    first = as_owner.get(url).content.decode()
    assert _listed_tables(first) == list(range(1, 51))
    assert "<strong>68 results missing</strong>" in first and "Page 1 of 2" in first
    assert 'role="search"' in first
    # 68 open tables: the clock takes a table number rather than offering 68 names.
    assert '<input id="id_table" type="number" name="table"' in first
    second = as_owner.get(url, {"page": 2}, HTTP_HX_TARGET="tables", **HTMX).content.decode()
    assert _listed_tables(second) == list(range(51, 71))
    assert f'hx-get="{url}?page=2"' in second, "the second page polls itself, not the first"


def test_a_large_round_finds_a_table_by_number_or_by_a_players_name(as_owner, event, round_of_70_tables):
    url = f"/events/{event.slug}/rounds/1/"
    game = round_of_70_tables.games.select_related("player_b").get(table=42)
    assert _listed_tables(as_owner.get(url, {"q": "42"}).content.decode()) == [42]
    by_name = as_owner.get(url, {"q": game.player_b.name.upper()}, HTTP_HX_TARGET="tables", **HTMX).content.decode()
    assert _listed_tables(by_name) == [42]
    assert f'hx-get="{url}?q=' in by_name, "the search keeps polling what it found"
    assert "No table found for “Gandalf”." in as_owner.get(url, {"q": "Gandalf"}).content.decode()


def test_a_result_saved_from_a_large_round_goes_back_to_its_page(as_owner, event, round_of_70_tables):
    game = round_of_70_tables.games.get(table=55)
    response = as_owner.post(
        f"/events/{event.slug}/games/{game.pk}/result/",
        {"kind": "council", "mp_a": "20", "mp_b": "10", "version": "0", "back": "round"},
    )
    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.slug}/rounds/1/?page=2#table-55"


def test_a_round_of_up_to_64_tables_is_one_page_and_a_result_goes_back_to_it(as_owner, event):
    register(event, 120)
    services.start_event(event, actor=actor(event.owner), rounds=3, note="the test's own number")
    rnd = services.pair_round(event, actor=actor(event.owner), seed=1)
    url = f"/events/{event.slug}/rounds/1/"
    assert _listed_tables(as_owner.get(url).content.decode()) == list(range(1, 61))
    game = rnd.games.get(table=55)
    response = as_owner.post(
        f"/events/{event.slug}/games/{game.pk}/result/",
        {"kind": "council", "mp_a": "20", "mp_b": "10", "version": "0", "back": "round"},
    )
    assert response["Location"] == url


def test_the_staff_phone_page_of_a_large_round_pages_what_is_playing_and_finds_any_table(
    client, staff_user, event, round_of_70_tables
):
    client.force_login(staff_user)
    url = f"/events/{event.slug}/tables/"
    page = client.get(url).content.decode()
    playing = [int(t) for t in re.findall(r"<strong>Table (\d+)</strong>", page)]
    assert playing == [t for t in range(1, 52) if t != 3], "the first 50 tables still playing"
    assert "68 tables still playing" in page and "2 results in. Find a table above" in page
    found = client.get(url, {"q": "58"}, HTTP_HX_TARGET="open-tables", **HTMX).content.decode()
    assert re.findall(r"<strong>Table (\d+)</strong>", found) == ["58"] and "Results in" in found


def test_a_small_round_lists_every_table_and_offers_the_open_ones_to_the_clock(as_owner, event):
    register(event, 8)
    services.start_event(event, actor=actor(event.owner), rounds=3, note="the test's own number")
    services.pair_round(event, actor=actor(event.owner), seed=1)
    page = as_owner.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert _listed_tables(page) == [1, 2, 3, 4]
    assert 'role="search"' not in page and "Pages of tables" not in page
    assert '<select id="id_table" name="table"' in page and page.count('<option value="') >= 4
    # The swap lists every seated player, each once per list, with their names escaped.
    names = list(event.players.values_list("name", flat=True))
    assert all(page.count(f">{name}</option>") == 2 for name in names)


def test_round_tables_fragment_for_htmx_polling(as_owner, event):
    run_event(event, 4, 1, leave_last_open=True)
    response = as_owner.get(f"/events/{event.slug}/rounds/1/", HTTP_HX_TARGET="tables", **HTMX)
    text = response.content.decode()
    assert text.lstrip().startswith('<section id="tables"')
    assert "1 result missing" in text and 'hx-trigger="every 10s"' in text  # COUNCIL_POLL_SECONDS


def test_swap_with_a_rematch_warns_then_swaps_anyway(as_owner, event):
    run_event(event, 4, 1)
    rnd = services.pair_round(event, actor=actor(event.owner), seed=3)
    g1, _g2 = rnd.games.all()
    met_before = (
        Game.objects.get(round__number=1, player_a=g1.player_a)
        if Game.objects.filter(round__number=1, player_a=g1.player_a).exists()
        else Game.objects.get(round__number=1, player_b=g1.player_a)
    )
    old_opponent = met_before.player_b if met_before.player_a_id == g1.player_a_id else met_before.player_a
    mover = g1.player_b
    url = f"/events/{event.slug}/rounds/2/swap/"
    first = as_owner.post(url, {"first": mover.pk, "second": old_opponent.pk})
    assert first.status_code == 409 and "already played in round 1" in first.content.decode()
    second = as_owner.post(url, {"first": mover.pk, "second": old_opponent.pk, "confirm": "True"})
    assert second.status_code == 302
    seated_with = next(g for g in rnd.games.all() if g1.player_a_id in (g.player_a_id, g.player_b_id))
    assert {seated_with.player_a_id, seated_with.player_b_id} == {g1.player_a_id, old_opponent.pk}


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
    assert "already has its result" in re.search(
        r'id="id_table_error"[^>]*>(.*?)</ul>', refused.content.decode(), re.S
    ).group(1)


def test_the_swap_lists_offer_the_open_tables_and_the_bye_and_keep_a_refused_choice(as_owner, event):
    run_event(event, 5, 1)
    rnd = services.pair_round(event, actor=actor(event.owner), seed=3)
    done, still_open = rnd.games.order_by("table")
    services.record_result(
        done, {"kind": "council", "mp": [20, 10]}, actor=actor(event.owner), expected_version=done.version
    )
    page = as_owner.get(f"/events/{event.slug}/rounds/2/").content.decode()
    swap = page[page.index('id="swap-heading"') :]
    lists = re.findall(r'<select name="(first|second)"([^>]*)>(.*?)</select>', swap)
    offered = {str(pk) for pk in (still_open.player_a_id, still_open.player_b_id, rnd.bye_id)}
    assert [name for name, _attrs, _options in lists] == ["first", "second"]
    for _name, attrs, options in lists:
        assert " required" in attrs
        assert options.startswith('<option value="" selected>')
        assert set(re.findall(r'<option value="(\d+)"', options)) == offered, (
            "only the open table's players and the bye"
        )
    # A swap refused (a player with themselves) shows the form again with the choice kept in both lists.
    refused = as_owner.post(
        f"/events/{event.slug}/rounds/2/swap/", {"first": still_open.player_a_id, "second": still_open.player_a_id}
    )
    assert refused.status_code == 422
    assert refused.content.decode().count(f'<option value="{still_open.player_a_id}" selected>') == 2


def test_the_clock_form_takes_a_day_for_a_table_of_a_round_of_days_and_refuses_61_minutes_in_person(as_owner, event):
    run_event(event, 4, 1, leave_last_open=True)
    game = open_game(event)
    url = f"/events/{event.slug}/rounds/1/clock/"
    Event.objects.filter(pk=event.pk).update(game_type="one-deck-standard")  # a 50-minute game: 60 at most
    refused = as_owner.post(url, {"action": "adjust", "minutes": "61", "table": str(game.table)})
    assert refused.status_code == 422
    assert "Ensure this value is less than or equal to 60." in re.search(
        r'id="id_minutes_error"[^>]*>(.*?)</ul>', refused.content.decode(), re.S
    ).group(1)
    Event.objects.filter(pk=event.pk).update(policy=THREE_DAYS["key"], policy_document=THREE_DAYS, game_type="two-deck")
    page = as_owner.get(f"/events/{event.slug}/rounds/1/").content.decode()
    minutes = re.search(r'<input type="number" name="minutes"[^>]*>', page).group(0)
    assert 'min="-4320"' in minutes and 'max="4320"' in minutes
    given = as_owner.post(url, {"action": "adjust", "minutes": "1440", "table": str(game.table)})
    assert given.status_code == 302
    game.refresh_from_db()
    assert game.extra_seconds == 24 * 3600
