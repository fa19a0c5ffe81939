"""How a player reaches their opponents on their private page (events/queries/contacts.py)."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from events import services
from events.models import Player
from events.queries.contacts import OpponentContact, opponent_contacts
from tests.helpers import WIN_A, actor, open_game, run_event


def _contacts(player: Player, **fields) -> None:
    Player.objects.filter(pk=player.pk).update(**fields)


def test_the_opponent_of_the_round_not_finished_shows_with_what_they_share(event):
    run_event(event, 4, 1)
    rnd = services.pair_round(event, actor=actor(event.owner), seed=2)
    game = rnd.games.order_by("table").first()
    ann, bea = game.player_a, game.player_b
    _contacts(bea, online_name="Bea of Bree", email="bea@example.org", share_email=False)
    _contacts(ann, online_name="", email="ann@example.org", share_email=True)
    # Round 1 is finished: its opponents are not shown again.
    assert opponent_contacts(event, ann) == [
        OpponentContact(round_label="Round 2", table=game.table, opponent=bea.name, online_name="Bea of Bree", email="")
    ]
    assert opponent_contacts(event, bea) == [
        OpponentContact(
            round_label="Round 2", table=game.table, opponent=ann.name, online_name="", email="ann@example.org"
        )
    ]


def test_a_player_whose_game_has_its_result_still_sees_their_opponent_until_the_round_is_finished(event):
    run_event(event, 4, 1, leave_last_open=True)
    finished = event.rounds.get(number=1).games.exclude(pk=open_game(event).pk).get()
    assert [contact.opponent for contact in opponent_contacts(event, finished.player_a)] == [finished.player_b.name]
    last = open_game(event)
    services.record_result(last, WIN_A, actor=actor(event.owner), expected_version=last.version)
    assert opponent_contacts(event, finished.player_a) == []


def test_the_contacts_are_read_in_one_query_however_many_rounds(event):
    run_event(event, 6, 3, leave_last_open=True)
    player = open_game(event).player_a
    with CaptureQueriesContext(connection) as queries:
        contacts = opponent_contacts(event, player)
    assert len(contacts) == 1 and len(queries) == 1
