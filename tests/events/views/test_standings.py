"""Standings and closing the event (events/views/standings.py)."""

from __future__ import annotations

from events import services
from tests.helpers import actor, register


def test_standings_and_close_with_a_playoff(as_owner, event):
    register(event, 2)
    services.start_event(event, actor=actor(event.owner))
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.get()
    services.record_result(game, {"kind": "tie"}, actor=actor(event.owner), expected_version=0)
    page = as_owner.get(f"/events/{event.slug}/standings/").content.decode()
    assert "tied for the lead" in page and "Winner of the playoff" in page
    missing = as_owner.post(f"/events/{event.slug}/close/", {})
    assert missing.status_code == 422 and "record who won a playoff played on paper" in missing.content.decode()
    done = as_owner.post(f"/events/{event.slug}/close/", {"playoff_winner": game.player_a.pk}, follow=True)
    assert f"{game.player_a.name} won the playoff" in done.content.decode()
    event.refresh_from_db()
    assert event.status == "closed"
