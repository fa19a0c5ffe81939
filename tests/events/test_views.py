"""The pages: forms, messages next to the field, htmx fragments, downloads and commands."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from events import services
from events.models import AuditEntry, Event, Game, Player
from tests.conftest import actor, open_game, register, run_event

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_create_event_shows_the_policy_implications_and_creates(as_owner):
    page = as_owner.get("/events/new/")
    assert b"What the policy implies" in page.content
    response = as_owner.post("/events/new/", {
        "name": "Moria Masters", "policy": "version-3-1998", "game_type": "two-deck", "format": "general-opponent",
        "tie_resolution": "co-champions", "first_round_pairing": "random", "expected_players": "20",
    })
    event = Event.objects.get(name="Moria Masters")
    assert response.status_code == 302 and response["Location"] == f"/events/{event.slug}/"
    assert event.tie_resolution == "co-champions"


def test_policy_preview_fragment_gives_rounds_and_official_status(client, db):
    response = client.get("/events/new/policy/", {"policy": "version-3-1998", "game_type": "two-deck",
                                                  "expected_players": "5"}, **HTMX)
    text = response.content.decode()
    assert "<html" not in text and 'id="implications"' in text
    assert "3 for 5 players" in text
    assert "an official event needs at least 6 players" in text
    assert "80 minutes a game" in text


def test_create_event_refusal_is_shown_next_to_the_game_type(as_owner):
    response = as_owner.post("/events/new/", {
        "name": "Old", "policy": "policy-1-1996", "game_type": "challenge-deck", "format": "general-opponent",
        "tie_resolution": "playoff", "first_round_pairing": "random",
    })
    text = response.content.decode()
    assert response.status_code == 422
    error = re.search(r'<ul class="errorlist" id="id_game_type_error"[^>]*><li>([^<]*)</li>', text)
    assert error is not None
    assert "has no challenge-deck game" in error.group(1)
    assert Event.objects.filter(name="Old").count() == 0


def test_register_one_name_by_htmx_returns_the_players_fragment(as_owner, event):
    response = as_owner.post(f"/events/{event.slug}/players/", {"names": "Ann"}, **HTMX)
    text = response.content.decode()
    assert response.status_code == 200
    assert text.lstrip().startswith('<div id="players"')
    assert "Registered Ann." in text and 'value="Ann"' not in text


def test_register_duplicate_shows_the_message_next_to_the_field(as_owner, event):
    register(event, 1)
    response = as_owner.post(f"/events/{event.slug}/players/", {"names": "player 01"}, **HTMX)
    text = response.content.decode()
    assert response.status_code == 422
    assert 'id="id_names_error"' in text and "player 01 is already registered" in text
    assert event.players.count() == 1


def test_register_pasted_list_without_htmx_redirects_to_the_desk(as_owner, event):
    response = as_owner.post(f"/events/{event.slug}/players/", {"names": "Ann\nBob\nCat", "paste": "1"})
    assert response.status_code == 302
    assert list(event.players.values_list("name", flat=True)) == ["Ann", "Bob", "Cat"]


def _listed_players(page: str) -> list[str]:
    return re.findall(r'<td><a href="/events/[\w-]+/players/\d+/">([^<]+)</a>', page)


def test_the_desk_lists_a_large_event_a_page_at_a_time_in_name_order(as_owner, event):
    register(event, 120)
    in_name_order = sorted(f"Player {n:02d}" for n in range(1, 121))  # "Player 10", "Player 100", ...
    first = as_owner.get(f"/events/{event.slug}/").content.decode()
    assert _listed_players(first) == in_name_order[:50]
    assert "Players (120 active)" in first and "120 players, 1–50 shown." in first
    assert "Page 1 of 3" in first and "?page=2" in first and 'role="search"' in first
    last = as_owner.get(f"/events/{event.slug}/?page=3").content.decode()
    assert _listed_players(last) == in_name_order[100:]
    # A page that does not exist shows the last one rather than an error.
    assert _listed_players(as_owner.get(f"/events/{event.slug}/?page=99").content.decode()) == _listed_players(last)


def test_the_desk_search_finds_players_by_any_part_of_their_name_without_accents(as_owner, event):
    register(event, 60)
    services.register_players(event, "Éowyn Halfelven", actor=actor(event.owner))
    found = as_owner.get(f"/events/{event.slug}/", {"q": "EOWYN"}, HTTP_HX_TARGET="player-list", **HTMX)
    text = found.content.decode()
    assert text.lstrip().startswith('<div id="player-list">'), "htmx gets the list alone"
    assert _listed_players(text) == ["Éowyn Halfelven"] and "1 found for “EOWYN”." in text
    nothing = as_owner.get(f"/events/{event.slug}/", {"q": "Gandalf"}).content.decode()
    assert _listed_players(nothing) == [] and "No player found for “Gandalf”." in nothing


def test_an_event_of_up_to_64_players_lists_everyone_on_the_desk_without_search_or_pages(as_owner, event):
    register(event, 64)
    page = as_owner.get(f"/events/{event.slug}/").content.decode()
    assert len(_listed_players(page)) == 64
    assert 'role="search"' not in page and "Pages of players" not in page


@pytest.fixture
def round_of_70_tables(event):
    register(event, 140)
    who = actor(event.owner)
    services.start_event(event, actor=who, rounds=3)
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
    response = as_owner.post(f"/events/{event.slug}/games/{game.pk}/result/",
                             {"kind": "council", "mp_a": "20", "mp_b": "10", "version": "0", "back": "round"})
    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.slug}/rounds/1/?page=2#table-55"


def test_a_round_of_up_to_64_tables_is_one_page_and_a_result_goes_back_to_it(as_owner, event):
    register(event, 120)
    services.start_event(event, actor=actor(event.owner), rounds=3)
    rnd = services.pair_round(event, actor=actor(event.owner), seed=1)
    url = f"/events/{event.slug}/rounds/1/"
    assert _listed_tables(as_owner.get(url).content.decode()) == list(range(1, 61))
    game = rnd.games.get(table=55)
    response = as_owner.post(f"/events/{event.slug}/games/{game.pk}/result/",
                             {"kind": "council", "mp_a": "20", "mp_b": "10", "version": "0", "back": "round"})
    assert response["Location"] == url


def test_the_staff_phone_page_of_a_large_round_pages_what_is_playing_and_finds_any_table(client, staff_user, event,
                                                                                         round_of_70_tables):
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
    services.start_event(event, actor=actor(event.owner), rounds=3)
    services.pair_round(event, actor=actor(event.owner), seed=1)
    page = as_owner.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert _listed_tables(page) == [1, 2, 3, 4]
    assert 'role="search"' not in page and "Pages of tables" not in page
    assert '<select id="id_table" name="table"' in page and page.count('<option value="') >= 4
    # The swap lists every seated player, each once per list, with their names escaped.
    names = list(event.players.values_list("name", flat=True))
    assert all(page.count(f">{name}</option>") == 2 for name in names)


def test_start_pair_and_round_page(as_owner, event):
    register(event, 5)
    as_owner.post(f"/events/{event.slug}/start/", {"rounds": "3"})
    response = as_owner.post(f"/events/{event.slug}/pair/")
    assert response.status_code == 302 and response["Location"] == f"/events/{event.slug}/rounds/1/"
    page = as_owner.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "2 results missing" in page and "Bye" in page


def test_round_tables_fragment_for_htmx_polling(as_owner, event):
    run_event(event, 4, 1, leave_last_open=True)
    response = as_owner.get(f"/events/{event.slug}/rounds/1/", HTTP_HX_TARGET="tables", **HTMX)
    text = response.content.decode()
    assert text.lstrip().startswith('<section id="tables"')
    assert "1 result missing" in text and 'hx-trigger="every 10s"' in text  # COUNCIL_POLL_SECONDS


def test_pairing_with_a_missing_result_says_which_tables(as_owner, event):
    run_event(event, 6, 1, leave_last_open=True)
    response = as_owner.post(f"/events/{event.slug}/pair/", follow=True)
    assert "Round 1 still needs results from table 3." in response.content.decode()


def _result_form(game, **fields):
    data = {"kind": "council", "version": str(game.version), "mp_a": "", "mp_b": ""}
    data.update({k: str(v) for k, v in fields.items()})
    return data


def test_staff_enters_a_result_and_sees_it_saved(client, event, staff_user):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    client.force_login(staff_user)
    response = client.post(f"/events/{event.slug}/games/{game.pk}/result/", _result_form(game, mp_a=22, mp_b=12))
    assert response.status_code == 302 and response["Location"] == f"/events/{event.slug}/tables/"
    game.refresh_from_db()
    assert (game.points, game.state, game.reported_by) == ([5, 1], "reported", "staff")


def test_a_missing_mp_is_shown_next_to_its_field_and_nothing_saved(client, event, staff_user):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    client.force_login(staff_user)
    response = client.post(f"/events/{event.slug}/games/{game.pk}/result/", _result_form(game, mp_a=22))
    assert response.status_code == 422
    assert 'id="id_mp_b_error"' in response.content.decode()
    assert Game.objects.get(pk=game.pk).result is None


def test_equal_mp_under_version_3_asks_for_the_weakest_link_next_to_its_field(as_owner, event):
    Event.objects.filter(pk=event.pk).update(policy="version-3-1998")
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    response = as_owner.post(f"/events/{event.slug}/games/{game.pk}/result/", _result_form(game, mp_a=10, mp_b=10))
    text = response.content.decode()
    assert response.status_code == 422
    assert 'id="id_weakest_link_error"' in text and "say who won the Weakest Link" in text
    assert Game.objects.get(pk=game.pk).result is None


def test_policy_4_has_no_weakest_link_field_and_equal_mp_is_a_tie(as_owner, event):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    url = f"/events/{event.slug}/games/{game.pk}/result/"
    assert 'name="weakest_link"' not in as_owner.get(url).content.decode()
    as_owner.post(url, _result_form(game, mp_a=10, mp_b=10, weakest_link="a"))
    assert Game.objects.get(pk=game.pk).points == [3, 3]


def test_an_old_form_saved_after_someone_else_is_told_what_was_saved(client, event, staff_user):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    services.record_result(game, {"kind": "tie"}, actor=actor(event.owner), expected_version=0)
    client.force_login(staff_user)
    response = client.post(f"/events/{event.slug}/games/{game.pk}/result/", _result_form(game, mp_a=20, mp_b=2))
    text = response.content.decode()
    assert response.status_code == 409
    assert "was saved meanwhile by owner" in text
    assert Game.objects.get(pk=game.pk).result == {"kind": "tie"}
    # The form now carries the current version: saving again is a deliberate correction.
    assert 'name="version" value="1"' in text


def test_implausible_mp_asks_to_confirm_then_saves(as_owner, event):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    url = f"/events/{event.slug}/games/{game.pk}/result/"
    first = as_owner.post(url, _result_form(game, mp_a=150, mp_b=15))
    assert first.status_code == 409 and "unusually high" in first.content.decode()
    assert 'name="confirm" value="True"' in first.content.decode()
    second = as_owner.post(url, _result_form(game, mp_a=150, mp_b=15, confirm="True"))
    assert second.status_code == 302
    assert Game.objects.get(pk=game.pk).points == [6, 0]


def test_points_preview_fragment_shows_both_players_points(client, event, staff_user):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    client.force_login(staff_user)
    response = client.get(f"/events/{event.slug}/games/{game.pk}/preview/", _result_form(game, mp_a=12, mp_b=10))
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="points-preview"')
    assert f"{game.player_a.name}: 4 · {game.player_b.name}: 2 tournament points" in text
    assert Game.objects.get(pk=game.pk).result is None


def test_free_council_calculator_shows_steps_and_fills_the_result(client, event, staff_user):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    client.force_login(staff_user)
    response = client.get(f"/events/{event.slug}/games/{game.pk}/council/", {
        "calculate": "1", "a_character": "10", "a_item": "4", "b_character": "6", "b_faction": "3",
    })
    text = response.content.decode()
    # CRF 10. a: item 4 doubled to 8 (b has none), then character 10 is over half of 18, so it counts
    # as the other categories' 8: 16. b: faction 3 doubled to 6 (a has none): 6 + 6 = 12.
    assert f"Final MP: {game.player_a.name} 16 · {game.player_b.name} 12" in text
    assert "item doubled to 8" in text and "character 10 is more than half of 18: reduced to 8" in text
    assert f"/games/{game.pk}/result/?mp_a=16&amp;mp_b=12" in text
    prefilled = client.get(f"/events/{event.slug}/games/{game.pk}/result/", {"mp_a": "16", "mp_b": "12"})
    assert 'name="mp_a" value="16"' in prefilled.content.decode()


def test_swap_with_a_rematch_warns_then_swaps_anyway(as_owner, event):
    run_event(event, 4, 1)
    rnd = services.pair_round(event, actor=actor(event.owner), seed=3)
    g1, g2 = rnd.games.all()
    met_before = Game.objects.get(round__number=1, player_a=g1.player_a) if Game.objects.filter(
        round__number=1, player_a=g1.player_a).exists() else Game.objects.get(round__number=1, player_b=g1.player_a)
    old_opponent = met_before.player_b if met_before.player_a_id == g1.player_a_id else met_before.player_a
    mover = g1.player_b
    url = f"/events/{event.slug}/rounds/2/swap/"
    first = as_owner.post(url, {"first": mover.pk, "second": old_opponent.pk})
    assert first.status_code == 409 and "already played in round 1" in first.content.decode()
    second = as_owner.post(url, {"first": mover.pk, "second": old_opponent.pk, "confirm": "True"})
    assert second.status_code == 302
    seated_with = next(g for g in rnd.games.all() if g1.player_a_id in (g.player_a_id, g.player_b_id))
    assert {seated_with.player_a_id, seated_with.player_b_id} == {g1.player_a_id, old_opponent.pk}


def test_drop_from_the_desk_reports_the_forfeit(as_owner, event):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    response = as_owner.post(f"/events/{event.slug}/players/{game.player_a.pk}/drop/", follow=True)
    assert f"table {game.table} is conceded: {game.player_b.name} gets 6 points" in response.content.decode()


def test_standings_and_close_with_a_playoff(as_owner, event):
    register(event, 2)
    services.start_event(event, actor=actor(event.owner))
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.get()
    services.record_result(game, {"kind": "tie"}, actor=actor(event.owner), expected_version=0)
    page = as_owner.get(f"/events/{event.slug}/standings/").content.decode()
    assert "tied for the lead" in page and "Winner of the playoff" in page
    missing = as_owner.post(f"/events/{event.slug}/close/", {})
    assert missing.status_code == 422 and "record who won the playoff" in missing.content.decode()
    done = as_owner.post(f"/events/{event.slug}/close/", {"playoff_winner": game.player_a.pk}, follow=True)
    assert f"{game.player_a.name} won the playoff" in done.content.decode()
    event.refresh_from_db()
    assert event.status == "closed"


def test_export_download_and_import_upload_round_trip(as_owner, event):
    run_event(event, 5, 1)
    download = as_owner.get(f"/events/{event.slug}/export.json")
    assert download["Content-Disposition"] == 'attachment; filename="lorien-open.council.json"'
    upload = SimpleUploadedFile("e.json", download.content, content_type="application/json")
    response = as_owner.post("/events/import/", {"archive": upload})
    copy = Event.objects.exclude(pk=event.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/events/{copy.slug}/"
    assert json.loads(as_owner.get(f"/events/{copy.slug}/export.json").content) == json.loads(download.content)


def test_import_of_a_broken_file_explains_next_to_the_upload(as_owner):
    upload = SimpleUploadedFile("e.json", b"{not json", content_type="application/json")
    response = as_owner.post("/events/import/", {"archive": upload})
    assert response.status_code == 422
    assert 'id="id_archive_error"' in response.content.decode() and "not a JSON file" in response.content.decode()


def test_export_and_import_commands_round_trip(event, tmp_path, capsys):
    run_event(event, 6, 2)
    call_command("export_event", event.slug)
    exported = capsys.readouterr().out
    path = tmp_path / "event.json"
    path.write_text(exported, encoding="utf-8")
    call_command("import_event", str(path))
    printed = capsys.readouterr().out.strip()
    assert printed == "/e/lorien-open-2/"
    call_command("export_event", "lorien-open-2")
    assert capsys.readouterr().out == exported


def test_import_command_reports_the_field_of_a_bad_archive(event, tmp_path):
    from django.core.management.base import CommandError

    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "council-archive/1", "event": {"name": "X", "policy": "nope",
                                                                           "game_type": "two-deck"}, "players": []}))
    with pytest.raises(CommandError, match="event.policy"):
        call_command("import_event", str(path))


def test_staff_page_adds_an_account_and_makes_a_link(as_owner, event):
    response = as_owner.post(f"/events/{event.slug}/staff/", {"username": "helper", "password": "", "role": "staff"})
    assert response.status_code == 422 and 'id="id_password_error"' in response.content.decode()
    as_owner.post(f"/events/{event.slug}/staff/", {"username": "helper", "password": "long enough pass",
                                                   "role": "staff"})
    as_owner.post(f"/events/{event.slug}/staff/link/")
    page = as_owner.get(f"/events/{event.slug}/staff/").content.decode()
    event.refresh_from_db()
    assert "helper" in page and f"/staff/{event.staff_token}/" in page


def test_seed_demo_creates_a_coordinator_and_a_demo_event_once(db, settings, tmp_path, capsys):
    settings.DATA_DIR = tmp_path
    call_command("seed_demo")
    call_command("seed_demo")
    out = capsys.readouterr().out
    password = (tmp_path / "coordinator-password.txt").read_text().strip()
    assert f"Coordinator login: coordinator / {password}" in out
    assert Event.objects.count() == 1 and Player.objects.count() == 12
    from django.contrib.auth import authenticate

    assert authenticate(username="coordinator", password=password) is not None


def test_audit_page_filters_by_table(as_owner, event):
    run_event(event, 4, 1)
    game = open_game(event) or Game.objects.filter(round__event=event).first()
    text = as_owner.get(f"/events/{event.slug}/audit/", {"table": game.table}).content.decode()
    assert AuditEntry.objects.filter(event=event, table=game.table).exists()
    assert "<strong>result.recorded</strong>" in text and "<strong>round.paired</strong>" not in text


def test_a_wrong_number_of_rounds_is_shown_next_to_the_field(as_owner, event):
    register(event, 4)
    response = as_owner.post(f"/events/{event.slug}/start/", {"rounds": "0"})
    assert response.status_code == 422
    assert 'id="id_rounds_error"' in response.content.decode()
    event.refresh_from_db()
    assert event.status == "registration"


def test_fewer_rounds_than_paired_is_refused_next_to_the_field(as_owner, event):
    run_event(event, 4, 2)
    response = as_owner.post(f"/events/{event.slug}/rounds/", {"rounds": "1"})
    assert response.status_code == 422
    assert "2 rounds are already paired." in response.content.decode()
    event.refresh_from_db()
    assert event.rounds_planned == 3
