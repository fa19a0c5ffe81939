"""Deck checks at the tables: who the round draws, and the check staff record (events/services/spot_checks.py)."""

from __future__ import annotations

import pytest

from events import services
from events.models import AuditEntry, Player
from scoring import spot_check_choice
from tests.helpers import actor, run_event
from tests.scoring.test_decks import LEGAL


@pytest.fixture
def checked_round(hero_event):
    """Round 1 of six players, each with a list, two decks drawn for a check."""
    run_event(hero_event, 6, 0)
    for player in hero_event.players.all():
        services.submit_deck_list(player, LEGAL, actor=actor(hero_event.owner))
    return services.pair_round(hero_event, actor=actor(hero_event.owner), seed=11)


def test_the_decks_checked_are_drawn_from_the_rounds_seed_by_archive_id(checked_round):
    drawn = checked_round.spot_check_tables()
    ids = dict(checked_round.event.players.values_list("archive_id", "pk"))
    expected = spot_check_choice(sorted(ids), seed=11, round_number=1, count=2)
    assert sorted(drawn) == sorted(ids[archive_id] for archive_id in expected)
    seats = {game.player_a_id: game.table for game in checked_round.games.all()}
    seats |= {game.player_b_id: game.table for game in checked_round.games.all()}
    assert drawn == {pk: seats[pk] for pk in drawn}


def test_the_draw_made_at_pairing_stays_whatever_changes_later(checked_round):
    drawn = checked_round.spot_check_tables()
    event = checked_round.event
    [late] = services.register_players(event, "Late Lister", actor=actor(event.owner))
    services.submit_deck_list(late, LEGAL, actor=actor(event.owner))
    type(event).objects.filter(pk=event.pk).update(spot_checks_per_round=5)
    checked_round.refresh_from_db()
    assert checked_round.spot_check_tables() == drawn


def test_staff_record_a_check_of_a_drawn_deck_once_with_what_differed(checked_round, staff_user):
    staff = actor(staff_user, "staff")
    drawn = Player.objects.get(pk=next(iter(checked_round.spot_check_tables())))
    with pytest.raises(services.ServiceError) as refused:
        services.record_spot_check(checked_round, drawn, actor=staff, matches=False, note="")
    assert refused.value.field == "note"
    services.record_spot_check(checked_round, drawn, actor=staff, matches=False, note="a fourth Orc-patrol")
    entry = AuditEntry.objects.latest("id")
    assert (entry.action, entry.after, entry.round_number) == (
        "deck.spot_checked",
        {"matches": False, "note": "a fourth Orc-patrol"},
        1,
    )
    with pytest.raises(services.ServiceError, match="checked already"):
        services.record_spot_check(checked_round, drawn, actor=staff, matches=True, note="")


def test_staff_cannot_check_a_deck_the_round_did_not_draw_but_the_coordinator_can(checked_round, staff_user):
    other = checked_round.event.players.exclude(pk__in=checked_round.spot_check_tables()).first()
    with pytest.raises(services.ServiceError, match="is not drawn for a deck check"):
        services.record_spot_check(checked_round, other, actor=actor(staff_user, "staff"), matches=True, note="")
    services.record_spot_check(checked_round, other, actor=actor(checked_round.event.owner), matches=True, note="")


def test_staff_check_a_drawn_deck_only_while_its_round_is_the_latest(checked_round, staff_user):
    """The service holds the same rule as the deck-check page: an earlier round's draw is over for staff."""
    event = checked_round.event
    drawn = Player.objects.get(pk=next(iter(checked_round.spot_check_tables())))
    for game in checked_round.games.all():
        services.record_result(
            game, {"kind": "council", "mp": [20, 10]}, actor=actor(event.owner), expected_version=game.version
        )
    services.pair_round(event, actor=actor(event.owner), seed=12)
    with pytest.raises(services.ServiceError, match="is not drawn for a deck check"):
        services.record_spot_check(checked_round, drawn, actor=actor(staff_user, "staff"), matches=True, note="")
    assert not checked_round.spot_checks.exists()
