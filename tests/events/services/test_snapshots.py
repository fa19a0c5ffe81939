"""Snapshots taken and restored, and what a restore keeps that no archive holds: deck lists, deck links,
capability notes, sealed products, contacts (events/services/snapshots.py)."""

from __future__ import annotations

from events import services
from events.archive import event_archive
from events.models import DeckList, Player, SealedProduct, SpotCheck
from tests.helpers import actor, open_game, register, run_event

LIST = "Hazards\n3 Orc-patrol"
NOTE = "The Ring is in the sideboard"


def _private(event) -> dict:
    """Each player's deck list (as written and as the rules found it), deck link and capability note."""
    return {
        player.archive_id: (player.deck_list.text, player.deck_list.findings, player.deck_token, player.capability_note)
        for player in event.players.select_related("deck_list").filter(deck_list__isnull=False)
    }


def _with_decks(event, count: int) -> list[Player]:
    """``count`` players, each with a list and a deck link, the last one's capability set by hand."""
    who = actor(event.owner)
    players = register(event, count)
    for player in players:
        services.submit_deck_list(player, LIST, actor=who)
        services.make_deck_link(player, actor=who)
    services.set_capability(players[-1], actor=who, capability="one-ring", note=NOTE)
    return players


def _deck_checked(event, rnd) -> None:
    """A deck check in ``rnd``: it belongs to the round, which a restore rebuilds."""
    checked = rnd.games.first().player_a
    services.record_spot_check(rnd, checked, actor=actor(event.owner), matches=False, note="Two more Orc-patrols")


def test_snapshots_are_taken_when_a_round_is_paired_and_when_it_is_complete(event):
    run_event(event, 4, 2)
    assert list(event.snapshots.order_by("id").values_list("reason", flat=True)) == [
        "Round 1 paired",
        "Round 1 complete",
        "Round 2 paired",
        "Round 2 complete",
    ]
    assert event.snapshots.get(reason="Round 2 complete").data == event_archive(event)


def test_a_drop_that_concedes_the_last_open_game_completes_the_round_snapshot(event):
    run_event(event, 4, 1, leave_last_open=True)
    game = open_game(event)
    services.drop_player(game.player_a, actor=actor(event.owner))
    snapshot = event.snapshots.get(reason="Round 1 complete")
    assert snapshot.data["rounds"][0]["games"][-1]["result"] == {
        "kind": "forfeit",
        "winner": 1,
        "reason": "drop",
        "capability": "marshalling-points",
    }


def test_restoring_to_registration_removes_later_players_and_rounds(event):
    register(event, 4)
    services.start_event(event, actor=actor(event.owner), rounds=2, note="the test's own number")
    services.take_snapshot(event, actor=actor(event.owner))
    taken = event.snapshots.get()
    services.register_players(event, "Late Comer", actor=actor(event.owner))
    services.pair_round(event, actor=actor(event.owner), seed=1)
    services.restore_snapshot(taken, actor=actor(event.owner))
    event.refresh_from_db()
    assert event_archive(event) == taken.data
    assert event.rounds.count() == 0 and not event.players.filter(name="Late Comer").exists()


def test_a_restore_that_makes_the_players_again_keeps_their_lists_links_and_notes(event):
    who = actor(event.owner)
    players = _with_decks(event, 5)
    services.start_event(event, actor=who, rounds=2, note="the test's own number")
    taken = services.take_snapshot(event, actor=who)
    # A kept player now stands before the snapshot's second player, whose row is gone: the
    # kept rows are out of the snapshot's order, so every row is made again.
    services.remove_player(players[1], actor=who)
    services.register_players(event, "Late Comer", actor=who)
    services.submit_deck_list(event.players.get(name="Late Comer"), LIST, actor=who)
    _deck_checked(event, services.pair_round(event, actor=who, seed=1))
    kept = {
        archive_id: state
        for archive_id, state in _private(event).items()
        if archive_id in {p["id"] for p in taken.data["players"]}
    }
    old_pks = set(event.players.values_list("pk", flat=True))

    services.restore_snapshot(taken, actor=who)

    event.refresh_from_db()
    assert event_archive(event) == taken.data
    assert old_pks.isdisjoint(event.players.values_list("pk", flat=True)), "the rows were kept, not made again"
    assert _private(event) == kept
    assert sorted(kept) == sorted(p.archive_id for p in players if p != players[1])
    assert all(token for _, _, token, _ in kept.values()) and [n for *_, n in kept.values() if n] == [NOTE]
    for archive_id, (_, _, token, _) in kept.items():
        assert Player.objects.get(event=event, deck_token=token).archive_id == archive_id
    # The late comer is not in the snapshot and goes with their list; the deck check went with its round.
    assert DeckList.objects.filter(player__event=event).count() == 4
    assert not SpotCheck.objects.exists()


def test_a_restore_that_keeps_the_rows_keeps_their_lists_links_and_notes(event):
    who = actor(event.owner)
    _with_decks(event, 4)
    services.start_event(event, actor=who, rounds=2, note="the test's own number")
    taken = services.take_snapshot(event, actor=who)
    services.register_players(event, "Late Comer", actor=who)
    services.submit_deck_list(event.players.get(name="Late Comer"), LIST, actor=who)
    _deck_checked(event, services.pair_round(event, actor=who, seed=1))
    kept = {
        archive_id: state
        for archive_id, state in _private(event).items()
        if archive_id in {p["id"] for p in taken.data["players"]}
    }
    old_pks = dict(event.players.exclude(name="Late Comer").values_list("archive_id", "pk"))

    services.restore_snapshot(taken, actor=who)

    event.refresh_from_db()
    assert event_archive(event) == taken.data
    assert dict(event.players.values_list("archive_id", "pk")) == old_pks
    assert _private(event) == kept
    assert len(kept) == 4 and [note for *_, note in kept.values() if note] == [NOTE]
    assert DeckList.objects.filter(player__event=event).count() == 4
    assert not SpotCheck.objects.exists()


def test_a_restore_that_makes_the_players_again_keeps_sealed_products_and_chosen_scenarios(event):
    who = actor(event.owner)
    event.game_type, event.policy = "sealed-standard", "policy-4-2001"
    event.save()
    players = register(event, 4)
    for player in players:
        services.enter_sealed_product(player, f"3 Orc-patrol\n{player.name[-1]} Wargs", actor=who)
    Player.objects.filter(pk=players[2].pk).update(deck_choice="A Hobbit's Quest")
    taken = services.take_snapshot(event, actor=who)
    services.remove_player(players[1], actor=who)
    services.register_players(event, "Late Comer", actor=who)

    services.restore_snapshot(taken, actor=who)

    products = dict(SealedProduct.objects.filter(player__event=event).values_list("player__archive_id", "text"))
    # The removed player's product went with their row; no archive holds it.
    assert products == {p.archive_id: f"3 Orc-patrol\n{p.name[-1]} Wargs" for p in players if p != players[1]}
    assert event.players.get(archive_id=players[2].archive_id).deck_choice == "A Hobbit's Quest"


def _contacts(event) -> list[dict]:
    fields = ("archive_id", "online_name", "email", "share_email", "language")
    return list(event.players.order_by("archive_id").values(*fields))


def test_a_restore_keeps_the_players_contacts_whether_it_keeps_their_rows_or_makes_them_again(event):
    who = actor(event.owner)
    players = register(event, 4)
    for number, player in enumerate(players):
        Player.objects.filter(pk=player.pk).update(
            online_name=f"online {number}", email=f"p{number}@example.org", share_email=number % 2 == 1, language="fi"
        )
    services.start_event(event, actor=who, rounds=2, note="the test's own number")
    taken = services.take_snapshot(event, actor=who)
    contacts = _contacts(event)
    services.restore_snapshot(taken, actor=who)  # the rows are kept
    assert _contacts(event) == contacts
    services.remove_player(players[1], actor=who)
    services.restore_snapshot(taken, actor=who)  # out of the snapshot's order: the rows are made again
    # The removed player comes back from the snapshot with what it holds; their contacts went with their row.
    blank = {"online_name": "", "email": "", "share_email": False, "language": ""}
    assert _contacts(event) == [
        {**row, **blank} if row["archive_id"] == players[1].archive_id else row for row in contacts
    ]
