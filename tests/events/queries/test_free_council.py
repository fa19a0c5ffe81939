"""The Free Council calculator as the result page shows it (events/queries/free_council.py)."""

from __future__ import annotations

import pytest

import scoring
from events import services
from events.models import Event
from events.queries.free_council import CouncilOutcome, council_outcome
from tests.helpers import actor, register

SUBTRACTING = {"character": 4, "item": 4, "ally": 2, "minus": 2, "avatar_eliminated": False}
PLAIN = {"character": 4, "item": 4, "ally": 2, "avatar_eliminated": False}


@pytest.fixture
def game(event):
    Event.objects.filter(pk=event.pk).update(policy="version-3-1998")
    register(event, 2)
    services.start_event(event, actor=actor(event.owner), rounds=1, note="the test's own number")
    event.refresh_from_db()
    return (
        services.pair_round(event, actor=actor(event.owner), seed=1).games.select_related("player_a", "player_b").get()
    )


def test_the_outcome_gives_the_final_mp_and_each_step_with_the_players_named(event, game):
    outcome = council_outcome(event, game, (SUBTRACTING, PLAIN))
    assert isinstance(outcome, CouncilOutcome)
    assert (outcome.policy, outcome.mp) == ("version-3-1998", [8, 10])
    assert len(outcome.explained) == len(outcome.steps)
    subtract = outcome.explained[3]
    assert (subtract.title, subtract.clause) == ("Subtract", outcome.steps[3]["clause"])
    # Only the player with something subtracted has a note, and it names them.
    assert subtract.notes == [f"{game.player_a.name}: -2 subtracted (unique cards revealed, other subtractions)"]
    assert outcome.explained[0].notes == []


def test_a_refused_sheet_is_the_engines_rule_error(event, game):
    with pytest.raises(scoring.RuleError):
        council_outcome(event, game, ({"character": "four"}, PLAIN))
