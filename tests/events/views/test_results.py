"""Result forms, points preview and the Free Council calculator (events/views/results.py)."""

from __future__ import annotations

import json

from events import services
from events.forms.results import PlayerReportForm
from events.models import Event, Game
from tests.helpers import WIN_B, actor, run_event


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
    services.record_result(game, {"kind": "council", "mp": [10, 10]}, actor=actor(event.owner), expected_version=0)
    client.force_login(staff_user)
    response = client.post(f"/events/{event.slug}/games/{game.pk}/result/", _result_form(game, mp_a=20, mp_b=2))
    text = response.content.decode()
    assert response.status_code == 409
    assert "was saved meanwhile by owner" in text
    assert Game.objects.get(pk=game.pk).result == {"kind": "council", "mp": [10, 10]}
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
    response = client.get(
        f"/events/{event.slug}/games/{game.pk}/council/",
        {
            "calculate": "1",
            "a_character": "10",
            "a_item": "4",
            "b_character": "6",
            "b_faction": "3",
        },
    )
    text = response.content.decode()
    # CRF 10. a: item 4 doubled to 8 (b has none), then character 10 is over half of 18, so it counts
    # as the other categories' 8: 16. b: faction 3 doubled to 6 (a has none): 6 + 6 = 12.
    assert f"Final MP: {game.player_a.name} 16 · {game.player_b.name} 12" in text
    assert "item doubled to 8" in text and "character 10 is more than half of 18: reduced to 8" in text
    assert f"/games/{game.pk}/result/?mp_a=16&amp;mp_b=12" in text
    prefilled = client.get(f"/events/{event.slug}/games/{game.pk}/result/", {"mp_a": "16", "mp_b": "12"})
    assert 'name="mp_a" value="16"' in prefilled.content.decode()


def test_a_correction_shows_both_versions_on_the_result_page(event, as_owner):
    run_event(event, 4, 1)
    game = Game.objects.filter(round__event=event).first()
    services.record_result(game, WIN_B, actor=actor(event.owner), expected_version=game.version)
    page = as_owner.get(f"/events/{event.slug}/games/{game.pk}/result/").content.decode()
    history = page[page.index("Versions of this result") :]
    assert history.index("Version 1") < history.index("Version 2")
    assert "6–0" in history and "0–6" in history


def test_a_forfeit_for_dropping_out_says_the_player_leaves_the_event(as_owner, event):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    page = as_owner.post(
        f"/events/{event.slug}/games/{game.pk}/result/",
        {"kind": "forfeit", "winner": "a", "reason": "drop", "version": "0"},
        follow=True,
    )
    assert f"{game.player_b.name} drops out of the event." in page.content.decode()


def test_staff_rule_a_game_neither_player_played_a_double_loss_which_exports_in_the_newest_format(as_owner, event):
    run_event(event, 4, 0)
    game = services.pair_round(event, actor=actor(event.owner), seed=1).games.first()
    page = as_owner.get(f"/events/{event.slug}/games/{game.pk}/result/").content.decode()
    assert 'value="double-loss"' in page
    as_owner.post(f"/events/{event.slug}/games/{game.pk}/result/", {"kind": "double-loss", "version": "0"})
    game.refresh_from_db()
    assert (game.result, game.points) == ({"kind": "double-loss"}, [0, 0])
    exported = json.loads(as_owner.get(f"/events/{event.slug}/export.json").content)
    assert exported["format"] == "council-archive/3"
    # A player's own report cannot claim it: staff rule on a game not played.
    kinds = [key for key, _label in PlayerReportForm(game=game).fields["kind"].choices]
    assert "double-loss" not in kinds and "forfeit" in kinds
