"""What a policy implies for an event of so many players (events/queries/policy.py)."""

from __future__ import annotations

import pytest

import scoring
from events.queries.policy import PolicyImplications, policy_implications


def test_the_implications_are_the_engines_for_the_players_expected():
    policy = scoring.get_policy("policy-4-2001")
    seen = policy_implications("policy-4-2001", 16, "two-deck")
    assert isinstance(seen, PolicyImplications)
    assert (seen.title, seen.players, seen.rounds, seen.official) == (
        policy.title,
        16,
        policy.rounds_for(16),
        policy.can_be_official(16),
    )
    assert (seen.time_limit_minutes, seen.warning_minutes) == (policy.time_limits["two-deck"], policy.warning_minutes)
    assert seen.bye_points_by_round == list(policy.bye_points_by_round)
    assert (seen.format_clause, seen.co_champions_by_agreement) == (
        policy.format_clause,
        policy.co_champions_by_agreement,
    )
    assert seen.clauses["rounds"] == policy.rounds_clause
    # Formats and tie options are named for people, one for each the policy allows.
    assert len(seen.formats) == len(policy.formats) and "General opponent" in map(str, seen.formats)
    assert len(seen.tie_options) == len(policy.tie_resolutions)
    assert isinstance(seen.end_of_time, str)


def test_fewer_than_two_players_are_read_as_two():
    assert policy_implications("policy-4-2001", 0, "two-deck").players == 2


def test_no_game_type_chosen_yet_is_read_as_two_deck():
    assert policy_implications("policy-4-2001", 8, None) == policy_implications("policy-4-2001", 8, "two-deck")


@pytest.mark.parametrize("policy_key, game_type", [("no-such-policy", "two-deck"), ("policy-4-2001", "no-such-game")])
def test_an_incomplete_or_impossible_choice_implies_nothing(policy_key, game_type):
    assert policy_implications(policy_key, 16, game_type) is None
