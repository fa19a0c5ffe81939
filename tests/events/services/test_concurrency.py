"""Many phones at once: every result kept exactly once, pairing done once.

Cross-cutting, so it mirrors no one service module: what it tests is the lock every service
takes (events/services/base.py: ``locked_event`` in one durable transaction), under load,
through two services racing (results.py's ``record_result``, rounds.py's ``pair_round``).
Its tests share what no other module needs: threads and real transactions (``transaction=True``,
slower than the rest), and the check that CI's PostgreSQL run really ran them there.

Threads, each with its own database connection, wait at a barrier and then fire at
the same moment. On PostgreSQL (CI's second run) the row locks decide; on SQLite the
write lock taken at the start of each transaction does (settings.py, IMMEDIATE).
"""

from __future__ import annotations

import pytest
from django.db import connection

from events import services
from events.models import AuditEntry, Game, Round
from tests.factories import UserFactory
from tests.helpers import actor, fire_together, register

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 12


@pytest.fixture
def paired(event):
    register(event, 2 * THREADS)
    services.start_event(event, actor=actor(event.owner), rounds=3, note="the test's own number")
    services.pair_round(event, actor=actor(event.owner), seed=1)
    staff = [UserFactory(username=f"staff{index}") for index in range(THREADS)]
    return event, staff


def test_of_many_saves_for_one_table_exactly_one_wins_and_the_rest_are_told_what(paired):
    event, staff = paired
    game = Game.objects.filter(round__event=event).order_by("table").first()
    # Each staff member saw version 0 and enters a different score.
    results = [{"kind": "council", "mp": [10 + index, 5]} for index in range(THREADS)]

    def save(index: int):
        return services.record_result(
            Game.objects.get(pk=game.pk), results[index], actor=actor(staff[index], "staff"), expected_version=0
        )

    outcomes = fire_together(THREADS, save)
    winners = [index for index, outcome in enumerate(outcomes) if isinstance(outcome, Game)]
    refused = [outcome for outcome in outcomes if isinstance(outcome, services.ResultConflict)]
    assert len(winners) == 1 and len(refused) == THREADS - 1, outcomes
    game.refresh_from_db()
    assert (game.version, game.result, game.reported_by) == (1, results[winners[0]], f"staff{winners[0]}")
    assert {conflict.game.version for conflict in refused} == {1}
    assert all(f"saved meanwhile by staff{winners[0]}" in str(conflict) for conflict in refused)
    assert AuditEntry.objects.filter(event=event, table=game.table, action__startswith="result.").count() == 1


def test_saves_at_every_table_at_once_are_all_kept_once(paired):
    event, staff = paired
    games = list(Game.objects.filter(round__event=event).order_by("table"))
    assert len(games) == THREADS

    def save(index: int):
        return services.record_result(
            games[index],
            {"kind": "council", "mp": [20 + index, 10]},
            actor=actor(staff[index], "staff"),
            expected_version=0,
        )

    outcomes = fire_together(THREADS, save)
    assert all(isinstance(outcome, Game) for outcome in outcomes), outcomes
    saved = {g.table: (g.version, g.result["mp"][0]) for g in Game.objects.filter(round__event=event)}
    assert saved == {g.table: (1, 20 + index) for index, g in enumerate(games)}
    assert AuditEntry.objects.filter(event=event, action="result.recorded").count() == THREADS
    assert event.snapshots.filter(reason="Round 1 complete").count() == 1


def test_pairing_pressed_on_many_screens_at_once_pairs_one_round(paired):
    event, _ = paired
    owner = actor(event.owner)
    for game in Game.objects.filter(round__event=event):
        services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=owner, expected_version=0)

    outcomes = fire_together(THREADS, lambda index: services.pair_round(event, actor=owner))
    paired_rounds = [outcome for outcome in outcomes if isinstance(outcome, Round)]
    refusals = [outcome for outcome in outcomes if isinstance(outcome, services.ServiceError)]
    assert len(paired_rounds) == 1 and len(refusals) == THREADS - 1, outcomes
    assert all("Round 2 still needs results" in str(refusal) for refusal in refusals)
    assert list(event.rounds.values_list("number", flat=True)) == [1, 2]
    assert Game.objects.filter(round__number=2, round__event=event).count() == THREADS
    assert AuditEntry.objects.filter(event=event, action="round.paired").count() == 2


def test_the_database_under_test_is_the_one_ci_names():
    # CI's second run sets DATABASE_URL: this makes sure that run really exercised PostgreSQL.
    import os

    expected = "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    assert connection.vendor == expected
