"""Standings and closing the event, and the playoffs and brackets started from them: on the coordinator's pages,
the result form, the phones, the projector and print (events/views/standings.py)."""

from __future__ import annotations

from django.test import Client

from events import services
from events.models import Event, Game
from events.queries.standings import event_standings
from tests.helpers import actor, register

TIE = {"kind": "council", "mp": [10, 10]}  # Policy Number 4 ties by equal MP only
WIN = {"kind": "council", "mp": [20, 10]}


def _tied_lead(event):
    register(event, 2)
    services.start_event(event, actor=actor(event.owner), rounds=1, note="the test's own number")
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.get()
    services.record_result(game, TIE, actor=actor(event.owner), expected_version=0)
    event.refresh_from_db()


def _elimination(event, players=4):
    Event.objects.filter(pk=event.pk).update(structure="elimination")
    event.refresh_from_db()
    register(event, players)
    services.start_event(event, actor=actor(event.owner))
    services.pair_round(event, actor=actor(event.owner))
    event.refresh_from_db()


def test_standings_and_close_with_a_playoff(as_owner, event):
    register(event, 2)
    services.start_event(event, actor=actor(event.owner))
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.get()
    services.record_result(game, {"kind": "council", "mp": [10, 10]}, actor=actor(event.owner), expected_version=0)
    page = as_owner.get(f"/events/{event.slug}/standings/").content.decode()
    assert "tied for the lead" in page and "Winner of the playoff" in page
    missing = as_owner.post(f"/events/{event.slug}/close/", {})
    assert missing.status_code == 422 and "record who won a playoff played on paper" in missing.content.decode()
    done = as_owner.post(f"/events/{event.slug}/close/", {"playoff_winner": game.player_a.pk}, follow=True)
    assert f"{game.player_a.name} won the playoff" in done.content.decode()
    event.refresh_from_db()
    assert event.status == "closed"


def test_after_a_playoff_one_champion_is_named_everywhere(as_owner, client, event):
    # Two players tie for the lead; the playoff is played in the app and won by one.
    from events.models import DeckList, Player
    from tests.scoring.test_decks import LEGAL

    event.deck_lists_wanted = True
    event.save()
    ann, bob = register(event, 2)
    who = actor(event.owner)
    for player in (ann, bob):
        services.submit_deck_list(player, LEGAL, actor=who)
    services.start_event(event, actor=who, rounds=1, note="the test's own number")
    game = services.pair_round(event, actor=who, seed=1).games.get()
    services.record_result(game, {"kind": "council", "mp": [10, 10]}, actor=who, expected_version=0)
    services.start_stage(event, actor=who)
    playoff = services.pair_round(event, actor=who, seed=2).games.get()
    services.record_result(playoff, {"kind": "council", "mp": [20, 10]}, actor=who, expected_version=0)
    champion, second = playoff.player_a, playoff.player_b
    services.close_event(event, actor=who)

    def rank_cells(html: str) -> list[str]:
        import re

        return re.findall(r'<tr><td class="num">(\d+)</td><td>([^<]+)</td>', html)

    page = as_owner.get(f"/events/{event.slug}/standings/").content.decode()
    assert rank_cells(page)[:2] == [("1", champion.name), ("2", second.name)]
    assert "tied for the lead" not in page
    printed = as_owner.get(f"/events/{event.slug}/print/standings/").content.decode()
    assert rank_cells(printed)[:2] == [("1", champion.name), ("2", second.name)]
    # The phone's tournament card and the order of the lists the coordinator may publish.
    client.post(f"/e/{event.slug}/me/", {"player": second.pk})
    phone = client.get(f"/e/{event.slug}/").content.decode()
    assert "tournament points</strong> · place 2</p>" in phone
    # The playoff's game is on the card too, outside the tournament points' running total.
    assert '<span class="muted">Playoff:</span> ' + champion.name in phone
    assert '<h2 id="standings-heading">Final standings</h2>' in phone
    decks = as_owner.get(f"/events/{event.slug}/decks/").content.decode()
    assert decks.index(f"1. {champion.name}") < decks.index(f"2. {second.name}")
    assert DeckList.objects.count() == 2 and Player.objects.count() == 2


def test_the_coordinator_starts_the_playoff_from_the_standings_and_can_take_it_back(as_owner, event):
    _tied_lead(event)
    page = as_owner.get(f"/events/{event.slug}/standings/").content.decode()
    assert "Due: <strong>Playoff</strong>" in page and "Start the playoff" in page
    started = as_owner.post(f"/events/{event.slug}/stages/start/", follow=True).content.decode()
    assert "Playoff started: pair its first round from the desk." in started
    assert "Take back the playoff" in started and event.stages.count() == 1
    desk = as_owner.get(f"/events/{event.slug}/").content.decode()
    assert "Pair Playoff, round 1" in desk
    again = as_owner.post(f"/events/{event.slug}/stages/start/", follow=True).content.decode()
    assert "Not started: The playoff under way decides first." in again
    taken = as_owner.post(f"/events/{event.slug}/stages/1/cancel/", follow=True).content.decode()
    assert "Playoff taken back." in taken and event.stages.count() == 0


def test_a_playoff_for_a_place_nobody_shares_is_refused_with_a_message(as_owner, event):
    _tied_lead(event)
    refused = as_owner.post(f"/events/{event.slug}/stages/start/", {"place": "2"}, follow=True).content.decode()
    assert "Not started: No players share place 2 after every criterion." in refused
    assert event.stages.count() == 0


def test_a_level_bracket_game_asks_for_the_dice_roll_next_to_its_field(as_owner, event):
    _elimination(event)
    game = Game.objects.filter(round__event=event).first()
    form = as_owner.get(f"/events/{event.slug}/games/{game.pk}/result/").content.decode()
    assert "who won the dice roll?" in form
    missing = as_owner.post(
        f"/events/{event.slug}/games/{game.pk}/result/", {"kind": "council", "mp_a": "10", "mp_b": "10", "version": "0"}
    )
    assert missing.status_code == 422
    assert "an elimination game needs the winner of the dice roll" in missing.content.decode()
    game.refresh_from_db()
    assert game.result is None
    saved = as_owner.post(
        f"/events/{event.slug}/games/{game.pk}/result/",
        {"kind": "council", "mp_a": "10", "mp_b": "10", "version": "0", "roll_winner": "b"},
    )
    assert saved.status_code == 302
    game.refresh_from_db()
    assert (
        game.result == {"kind": "council", "mp": [10, 10], "roll_winner": 1} and "won the dice roll" in game.explanation
    )


def test_a_swiss_result_form_has_no_dice_roll(as_owner, event):
    _tied_lead(event)
    game = Game.objects.filter(round__event=event).first()
    assert "dice roll" not in as_owner.get(f"/events/{event.slug}/games/{game.pk}/result/").content.decode()


def test_the_bracket_is_on_the_phones_the_projector_and_the_printout(client, as_owner, event):
    _elimination(event)
    public = client.get(f"/e/{event.slug}/").content.decode()
    assert 'class="bracket"' in public and "Semifinals" in public and "Final" in public
    assert "Elimination, round 1" in public
    projector = client.get(f"/e/{event.slug}/projector/").content.decode()
    assert "Semifinals" in projector and "Elimination, round 1" in projector
    printed = as_owner.get(f"/events/{event.slug}/print/bracket/").content.decode()
    assert "Semifinals" in printed and "ranking so far" in printed


def test_settings_refuse_a_top_cut_for_an_elimination_event_next_to_the_field(as_owner, event):
    data = {
        "name": event.name,
        "policy": "policy-4-2001",
        "game_type": "two-deck",
        "format": "general-opponent",
        "tie_resolution": "playoff",
        "first_round_pairing": "random",
        "structure": "elimination",
        "top_cut": "8",
        "elimination": "single",
        "seeding": "ranking",
    }
    response = as_owner.post(f"/events/{event.slug}/settings/", data)
    assert response.status_code == 422 and "a top cut follows Swiss rounds" in response.content.decode()
    event.refresh_from_db()
    assert event.top_cut is None and event.structure == "swiss"
    saved = as_owner.post(f"/events/{event.slug}/settings/", data | {"structure": "swiss"})
    assert saved.status_code == 302
    event.refresh_from_db()
    assert event.top_cut == 8


def test_an_event_of_pools_is_made_started_and_its_pools_shown_on_the_standings_and_the_public_page(as_owner):
    made = as_owner.post(
        "/events/new/",
        {
            "name": "Pools Cup",
            "policy": "policy-4-2001",
            "game_type": "two-deck",
            "format": "general-opponent",
            "tie_resolution": "playoff",
            "first_round_pairing": "random",
            "structure": "pools",
            "seeding": "random",
            "pools": "2",
            "advance": "1",
        },
    )
    event = Event.objects.get(name="Pools Cup")
    assert made.status_code == 302 and (event.structure, event.pools, event.advance) == ("pools", 2, 1)
    register(event, 6)
    desk = as_owner.get(f"/events/{event.slug}/").content.decode()
    assert "dealt at random into 2 pools when you start; 1 of each go on to the knockout" in desk
    assert "Start and deal the pools" in desk
    started = as_owner.post(f"/events/{event.slug}/start/", follow=True).content.decode()
    assert "The pools are dealt" in started
    standings = as_owner.get(f"/events/{event.slug}/standings/").content.decode()
    assert "Pools and knockout" in standings and "Pool A" in standings and "Pool B" in standings
    assert "Pools: 0 of 3 rounds played" in standings
    public = Client().get(f"/e/{event.slug}/").content.decode()
    assert "Pool A" in public and "Player 0" in public


def test_a_long_ranking_is_shown_a_page_at_a_time(as_owner, event, monkeypatch):
    from events.pages import standings as standings_pages

    monkeypatch.setattr(standings_pages, "RANKING_PAGE_ROWS", 2)
    players = register(event, 5)
    services.start_event(event, actor=actor(event.owner), rounds=1, note="the test's own number")
    round_one = services.pair_round(event, actor=actor(event.owner), seed=1)
    for game in round_one.games.all():
        services.record_result(game, WIN, actor=actor(event.owner), expected_version=0)
    event.refresh_from_db()
    order = [row.name for row in event_standings(event).rows]

    def shown(address):
        page = as_owner.get(address).content.decode()
        return page, [name for name in order if f"<td>{name}</td>" in page]

    first, names = shown(f"/events/{event.slug}/standings/")
    assert names == order[:2] and "Page 1 of 3" in first
    # The links name the standings page: they also work from the page a refused close answers with.
    standings_url = f"/events/{event.slug}/standings/"
    assert f'{standings_url}?page=2" rel="next"' in first and 'rel="prev"' not in first
    second, names = shown(f"/events/{event.slug}/standings/?page=2")
    assert names == order[2:4] and "Page 2 of 3" in second
    assert f'{standings_url}?page=1" rel="prev"' in second and f'{standings_url}?page=3" rel="next"' in second
    assert second.count('aria-label="Pages of the standings"') == 1
    # Past the end is the last page; a page that is not a number is the first.
    last, names = shown(f"/events/{event.slug}/standings/?page=99")
    assert names == order[4:] and "Page 3 of 3" in last and 'rel="next"' not in last
    assert shown(f"/events/{event.slug}/standings/?page=two")[1] == order[:2]
    assert len(players) == len(order) == 5
    # A close refused on the second page answers with the second page, whose form keeps it.
    assert f'action="/events/{event.slug}/close/?page=2"' in second
    refused = as_owner.post(f"/events/{event.slug}/close/?page=2", {})
    assert refused.status_code == 422
    assert (
        "Page 2 of 3" in refused.content.decode()
        and [n for n in order if f"<td>{n}</td>" in refused.content.decode()] == order[2:4]
    )


def test_a_refused_close_offers_the_same_players_as_the_page(as_owner, event):
    register(event, 4)
    services.start_event(event, actor=actor(event.owner), rounds=1, note="the test's own number")
    games = list(services.pair_round(event, actor=actor(event.owner), seed=1).games.all())
    for game in games:
        services.record_result(game, WIN, actor=actor(event.owner), expected_version=0)
    winners = sorted(game.player_a.name for game in games)
    losers = sorted(game.player_b.name for game in games)

    def offered(html):
        start = html.index('name="playoff_winner"')
        select = html[start : html.index("</select>", start)]
        return sorted(name for name in winners + losers if f">{name}</option>" in select)

    page = as_owner.get(f"/events/{event.slug}/standings/").content.decode()
    refused = as_owner.post(f"/events/{event.slug}/close/", {})
    assert refused.status_code == 422
    assert offered(page) == offered(refused.content.decode()) == winners
