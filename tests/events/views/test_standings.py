"""Standings and closing the event (events/views/standings.py)."""

from __future__ import annotations

from events import services
from tests.helpers import actor, register


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
