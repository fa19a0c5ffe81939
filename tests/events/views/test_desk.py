"""The registration desk: players, start, rounds and pairing (events/views/desk.py)."""

from __future__ import annotations

import re

from events import services
from tests.helpers import HTMX, WIN_A, actor, register, run_event


def _listed_players(page: str) -> list[str]:
    return re.findall(r'<td><a href="/events/[\w-]+/players/\d+/">([^<]+)</a>', page)


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


def test_start_pair_and_round_page(as_owner, event):
    register(event, 5)
    as_owner.post(f"/events/{event.slug}/start/", {"rounds": "3"})
    response = as_owner.post(f"/events/{event.slug}/pair/")
    assert response.status_code == 302 and response["Location"] == f"/events/{event.slug}/rounds/1/"
    page = as_owner.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "2 results missing" in page and "Bye" in page


def test_pairing_with_a_missing_result_says_which_tables(as_owner, event):
    run_event(event, 6, 1, leave_last_open=True)
    response = as_owner.post(f"/events/{event.slug}/pair/", follow=True)
    assert "Round 1 still needs results from table 3." in response.content.decode()


def test_drop_from_the_desk_reports_the_forfeit(as_owner, event):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    response = as_owner.post(f"/events/{event.slug}/players/{game.player_a.pk}/drop/", follow=True)
    assert f"table {game.table} is conceded: {game.player_b.name} gets 6 points" in response.content.decode()


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


def test_starting_without_the_asked_lists_warns_and_an_empty_reason_is_shown_beside_its_field(as_owner, event):
    event.deck_lists_wanted = True
    event.save()
    register(event, 4)
    refused = as_owner.post(f"/events/{event.slug}/start/", {"rounds": "3", "note": ""})
    assert refused.status_code == 422 and 'id="id_note_error"' in refused.content.decode()
    warned = as_owner.post(f"/events/{event.slug}/start/", {"rounds": "2"})
    page = warned.content.decode()
    assert warned.status_code == 409
    assert "4 of the 4 players present have no deck list" in page and "Start anyway" in page
    assert 'name="confirm" value="True"' in page
    event.refresh_from_db()
    assert event.status == "registration"
    started = as_owner.post(f"/events/{event.slug}/start/", {"rounds": "2", "confirm": "True"})
    assert started.status_code == 302
    event.refresh_from_db()
    assert event.status == "running"


def test_the_coordinator_sees_and_changes_a_players_contacts_and_a_bad_address_is_refused_beside_it(as_owner, event):
    ann = register(event, 1)[0]
    url = f"/events/{event.slug}/players/{ann.pk}/"
    page = as_owner.get(url).content.decode()
    for field in ("online_name", "email", "share_email"):
        assert f'<label for="id_{field}">' in page, field
    fields = {"name": ann.name, "deck_capability": ann.deck_capability}
    refused = as_owner.post(url, {**fields, "online_name": "ann_g", "email": "ann@@example.org"})
    assert refused.status_code == 422
    assert re.search(r'id="id_email_error"[^>]*><li>Enter a valid email address.</li>', refused.content.decode())
    ann.refresh_from_db()
    assert (ann.online_name, ann.email) == ("", "")
    saved = as_owner.post(url, {**fields, "online_name": "ann_g", "email": "ann@example.org", "share_email": "on"})
    assert saved.status_code == 302
    ann.refresh_from_db()
    assert (ann.online_name, ann.email, ann.share_email) == ("ann_g", "ann@example.org", True)
    page = as_owner.get(url).content.decode()
    assert 'name="email" value="ann@example.org"' in page
    assert re.search(r'<input type="checkbox" name="share_email"[^>]* checked>', page)


def test_the_desk_of_an_online_event_lists_the_games_past_the_deadline_and_the_mail_not_sent(as_owner, owner):
    services.save_house_policy(
        owner=owner,
        document={
            "key": "online-days",
            "title": "Online, three-day rounds",
            "base": "policy-4-2001",
            "changes": {"time_limits": {"two-deck": 3 * 24 * 60}},
        },
    )
    event = services.create_event(owner=owner, name="Online Cup", policy="online-days", game_type="two-deck")
    for player in register(event, 4):
        player.email = f"{player.name.replace(' ', '').lower()}@example.org"
        player.save(update_fields=["email"])
    who = actor(owner)
    services.start_event(event, actor=who)
    rnd = services.start_clock(services.pair_round(event, actor=who, seed=1), actor=who)
    first, second = rnd.games.order_by("table").select_related("player_a", "player_b")
    services.record_result(first, WIN_A, actor=who, expected_version=0)
    before = as_owner.get(f"/events/{event.slug}/").content.decode()
    assert "Past the deadline" not in before and "E-mail not sent" not in before
    message = services.claim_message()
    services.mark_failed(message, f"{{'{message.player.email}': (550, b'5.1.1 User unknown')}}")
    services.call_time(rnd, actor=who)  # the deadline is now: no waiting three days
    page = as_owner.get(f"/events/{event.slug}/").content.decode()
    assert "Past the deadline:" in page
    listed = re.findall(r'<li><a href="/events/[\w-]+/games/(\d+)/result/">\s*table (\d+),\s*([^<]+?)\s*</a>', page)
    assert listed == [(str(second.pk), str(second.table), f"{second.player_a.name} – {second.player_b.name}")]
    assert f'href="/events/{event.slug}/rounds/1/#clock-heading"' in page
    assert "1 message to a player could not be sent yet." in page
    assert f"{message.player.name}: Pairing" in " ".join(page.split()) and "5.1.1 User unknown" in page
    assert "@example.org" not in page


def test_the_settings_of_an_event_of_pools_say_what_its_pools_do(as_owner, owner):
    event = services.create_event(
        owner=owner,
        name="Pools Cup",
        policy="policy-4-2001",
        game_type="two-deck",
        structure="pools",
        pools=4,
        advance=2,
    )
    page = " ".join(as_owner.get(f"/events/{event.slug}/settings/").content.decode().split())
    assert "16 players in 4 pools of 4." in page and "Then the best 2 of each pool go on to a knockout" in page
