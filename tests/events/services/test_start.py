"""Starting an event: its rounds by the policy's table or a departure with its reason, the warnings first,
a bracket seeded (events/services/start.py)."""

from __future__ import annotations

import pytest

from events import services
from events.archive import event_archive
from events.models import Event
from tests.helpers import WIN_A, WIN_B, actor, register


def test_start_takes_the_rounds_from_the_policy_table_for_active_players(event):
    register(event, 12)
    services.start_event(event, actor=actor(event.owner))
    event.refresh_from_db()
    # Policy Number 4, Number of Rounds: 9-16 players play 4 rounds.
    assert (event.status, event.rounds_planned, event.rounds_by_policy, event.rounds_note) == ("running", 4, 4, "")


def test_start_with_other_rounds_records_the_departure(event):
    register(event, 12)
    services.start_event(event, actor=actor(event.owner), rounds=3, note="The hall closes at six")
    event.refresh_from_db()
    assert (event.rounds_planned, event.rounds_by_policy) == (3, 4)  # it departs from the policy
    assert event.rounds_note.startswith("Departs from the policy: 4 rounds for 12 players (Policy Number 4")
    assert event.rounds_note.endswith("The hall closes at six")


def test_start_needs_two_players(event):
    register(event, 1)
    with pytest.raises(services.ServiceError, match="at least two players"):
        services.start_event(event, actor=actor(event.owner))
    event.refresh_from_db()
    assert event.status == Event.REGISTRATION


def test_starting_with_deck_lists_asked_for_and_missing_warns_first(event):
    from tests.scoring.test_decks import LEGAL

    Event.objects.filter(pk=event.pk).update(deck_lists_wanted=True)
    event.refresh_from_db()
    players = register(event, 4)
    services.submit_deck_list(players[0], LEGAL, actor=actor(event.owner))
    services.submit_deck_list(players[1], LEGAL.replace("3 Orc-patrol", "4 Orc-patrol"), actor=actor(event.owner))
    with pytest.raises(services.NeedsConfirmation) as asked:
        services.start_event(event, actor=actor(event.owner))
    assert asked.value.warnings == [
        "2 of the 4 players present have no deck list; once the event starts only you can enter theirs.",
        "1 deck list breaks a rule or names a card Council does not know: see the Decks page.",
    ]
    event.refresh_from_db()
    assert event.status == "registration"
    services.start_event(event, actor=actor(event.owner), confirm=True)
    event.refresh_from_db()
    assert event.status == "running"


def test_departing_from_the_policys_rounds_needs_a_reason(event):
    register(event, 8)  # Policy Number 4: 3 rounds for 8 players
    with pytest.raises(services.ServiceError) as refused:
        services.start_event(event, actor=actor(event.owner), rounds=4, note="   ")
    assert refused.value.field == "note" and "say why" in str(refused.value)
    services.start_event(event, actor=actor(event.owner), rounds=4, note="A long day at the club")
    event.refresh_from_db()
    assert event.rounds_planned == 4 and event.rounds_note.endswith("A long day at the club")


def test_an_elimination_event_is_seeded_at_the_start_by_ranking(event):
    Event.objects.filter(pk=event.pk).update(structure="elimination", elimination="double", seeding="ranking")
    event.refresh_from_db()
    register(event, 5)
    for rank, player in enumerate(event.players.order_by("-id")[:2], start=1):
        services.update_player(
            player,
            actor=actor(event.owner),
            name=player.name,
            deck_capability=player.deck_capability,
            avatar="",
            ranking=rank,
        )
    services.start_event(event, actor=actor(event.owner))
    event.refresh_from_db()
    stage = event.stages.get()
    top = list(event.players.order_by("-id").values_list("archive_id", flat=True)[:2])
    assert stage.bracket == "double" and list(stage.players[:2]) == top and event.rounds_planned is None
    rnd = services.pair_round(event, actor=actor(event.owner))
    # Five players: seeds 1-3 have byes, so 4 meets 5 and 2 meets 3 (their byes done) at once.
    seeds = list(stage.players)
    assert {frozenset((g.player_a.archive_id, g.player_b.archive_id)) for g in rnd.games.all()} == {
        frozenset((seeds[3], seeds[4])),
        frozenset((seeds[1], seeds[2])),
    }
    assert rnd.label == "Elimination, round 1"
    with pytest.raises(services.ServiceError, match="paired rounds"):
        services.cancel_stage(stage, actor=actor(event.owner))


def test_an_event_of_pools_deals_its_pools_at_the_start_and_plays_to_its_knockout(owner):
    event = services.create_event(
        owner=owner,
        name="Pools Cup",
        policy="policy-4-2001",
        game_type="two-deck",
        structure="pools",
        pools=2,
        advance=2,
    )
    players = register(event, 8)
    for ranking, player in enumerate(players, start=1):
        player.ranking = ranking
        player.save(update_fields=["ranking"])
    services.start_event(event, actor=actor(owner))
    stage = event.stages.get()
    names = dict(event.players.values_list("archive_id", "name"))
    assert stage.kind == "pools" and stage.advance == 2 and stage.rounds_planned == 3
    assert [[names[p] for p in pool] for pool in stage.pools] == [
        ["Player 01", "Player 04", "Player 05", "Player 08"],
        ["Player 02", "Player 03", "Player 06", "Player 07"],
    ]
    # Nobody joins once the pools are dealt: they would be in no pool.
    with pytest.raises(services.ServiceError, match="The pools are dealt") as late:
        services.register_players(event, "Latecomer", actor=actor(owner))
    assert late.value.field == "names" and not event.players.filter(name="Latecomer").exists()
    # Taken back before its first round, the pools are dealt again from the standings page's button.
    services.cancel_stage(stage, actor=actor(owner))
    stage = services.start_stage(event, actor=actor(owner))
    assert stage.kind == "pools" and stage.number == 1
    for _round in range(3):
        rnd = services.pair_round(event, actor=actor(owner), seed=1)
        if _round == 0:
            first, second = (game.player_a for game in rnd.games.all()[:2])
            with pytest.raises(services.ServiceError, match="cannot be swapped"):
                services.swap_players(rnd, first, second, actor=actor(owner), confirm=True)
        assert rnd.stage_id == stage.pk and rnd.games.count() == 4 and rnd.bye is None
        for game in rnd.games.all():
            # The better-ranked player wins every game.
            winner_first = game.player_a.name < game.player_b.name
            result = WIN_A if winner_first else WIN_B
            services.record_result(game, result, actor=actor(owner), expected_version=game.version)
    with pytest.raises(services.ServiceError, match="the pools are played"):
        services.pair_round(event, actor=actor(owner), seed=1)
    knockout = services.start_stage(event, actor=actor(owner))
    assert knockout.kind == "elimination" and knockout.seeded_by == "pools"
    assert [names[p] for p in knockout.players] == ["Player 01", "Player 02", "Player 04", "Player 03"]
    export = event_archive(event)
    assert export["format"] == "council-archive/3" and export["event"]["pools"] == 2
    assert export["stages"][0]["pools"] == stage.pools


def test_too_many_pools_for_the_players_present_is_refused_and_nothing_starts(owner):
    event = services.create_event(
        owner=owner,
        name="Pools Cup",
        policy="policy-4-2001",
        game_type="two-deck",
        structure="pools",
        pools=3,
        advance=1,
    )
    register(event, 8)
    with pytest.raises(services.ServiceError, match="8 players make 3 pools of 2 to 3"):
        services.start_event(event, actor=actor(owner))
    event.refresh_from_db()
    assert event.status == "registration" and not event.stages.exists()


def test_an_event_of_pools_needs_its_pools_and_how_many_go_on(owner):
    with pytest.raises(services.ServiceError) as refused:
        services.create_event(
            owner=owner, name="Pools Cup", policy="policy-4-2001", game_type="two-deck", structure="pools", advance=2
        )
    assert refused.value.field == "pools"
    assert not Event.objects.filter(name="Pools Cup").exists()
