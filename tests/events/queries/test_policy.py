"""What a policy implies for an event of so many players (events/queries/policy.py)."""

from __future__ import annotations

import html

import pytest

import scoring
from events.queries.house_rules import chosen_policy
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


@pytest.mark.django_db  # a key no released text has is looked for among the house policies kept
@pytest.mark.parametrize("policy_key, game_type", [("no-such-policy", "two-deck"), ("policy-4-2001", "no-such-game")])
def test_an_incomplete_or_impossible_choice_implies_nothing(policy_key, game_type):
    assert policy_implications(policy_key, 16, game_type) is None


def test_a_released_text_has_no_house_rules():
    seen = policy_implications("policy-4-2001", 16, "two-deck")
    assert (seen.base_title, seen.house_rules) == ("", ())


def test_a_kept_house_policy_by_its_key_implies_its_own_values_and_lists_its_house_rules(owner):
    from events import services

    services.save_house_policy(
        owner=owner,
        document={
            "key": "online-2024",
            "title": "Online Worlds 2024",
            "base": "policy-4-2001",
            "changes": {"time_limits": {"two-deck": 120}},
        },
    )
    assert policy_implications("online-2024", 16, "two-deck") is None  # a house policy is found for its reader
    seen = policy_implications(chosen_policy("online-2024", owner), 16, "two-deck")
    base = scoring.get_policy("policy-4-2001")
    assert (seen.title, seen.base_title, seen.time_limit_minutes) == ("Online Worlds 2024", base.title, 120)
    assert seen.clauses["time"] == f"Online Worlds 2024, house rule on time (in place of {base.time_clause})"
    assert [(rule.change, rule.value, rule.was) for rule in seen.house_rules] == [
        ("time_limits", "Two-deck game: 2 hours", "Two-deck game: 80 minutes")
    ]
    # The same Policy given whole implies the same.
    assert policy_implications(scoring.policy_of(owner.house_policies.get().document), 16, "two-deck") == seen


def test_an_event_of_pools_implies_its_pools_and_knockout_instead_of_swiss_rounds():
    swiss = policy_implications("policy-4-2001", 16, "two-deck")
    assert swiss.pools is None
    assert policy_implications("policy-4-2001", 16, "two-deck", structure="swiss", pools="4", advance="2").pools is None
    seen = policy_implications(
        "policy-4-2001", 16, "two-deck", structure="pools", pools="4", advance="2", elimination="double"
    ).pools
    assert (seen.pools, seen.advance, seen.smallest, seen.largest, seen.knockout, seen.problem) == (4, 2, 4, 4, 8, "")
    assert str(seen.elimination) == "Double elimination (losers' bracket, grand final)"
    # As an event keeps them (numbers), and pools of two sizes; the knockout single unless said.
    kept = policy_implications("policy-4-2001", 18, "two-deck", structure="pools", pools=4, advance=1).pools
    assert (kept.smallest, kept.largest, kept.knockout, str(kept.elimination)) == (4, 5, 4, "Single elimination")


@pytest.mark.parametrize(("players", "size", "byes"), [(2, 2, 0), (5, 8, 3), (8, 8, 0), (13, 16, 3), (33, 64, 31)])
def test_an_elimination_event_implies_its_bracket_filled_with_byes_to_the_best_seeds(players, size, byes):
    assert policy_implications("policy-1-1996", players, "two-deck", structure="swiss").bracket is None
    seen = policy_implications("policy-1-1996", players, "two-deck", structure="elimination").bracket
    assert (seen.size, seen.byes, str(seen.elimination)) == (size, byes, "Single elimination")


def test_the_new_event_form_says_an_elimination_event_plays_a_bracket_not_swiss_rounds(as_owner):
    preview = as_owner.get(
        "/events/new/policy/",
        {"policy": "policy-1-1996", "expected_players": "6", "structure": "elimination", "elimination": "double"},
    ).content.decode()
    text = " ".join(html.unescape(preview).split())
    assert "Swiss rounds" not in text
    assert "Double elimination (losers' bracket, grand final) of 6 players in a bracket of 8: 2 byes" in text


@pytest.mark.parametrize(
    "players, pools, advance, problem",
    [
        (16, "6", "1", "16 players make 6 pools of 2 to 3; a pool holds 3 to 8"),
        (16, "1", "2", "16 players make 1 pools of 16 to 16; a pool holds 3 to 8"),
        (16, "4", "5", "5 of each pool cannot go on from a pool of 4"),
        (4, "1", "1", "At least two players go on to the knockout"),
        (16, "4", "2", ""),
    ],
)
def test_pools_the_players_expected_cannot_make_are_said_before_the_start(players, pools, advance, problem):
    seen = policy_implications("policy-4-2001", players, "two-deck", structure="pools", pools=pools, advance=advance)
    assert seen.pools.problem == problem


@pytest.mark.parametrize("pools, advance", [("", ""), ("x", "2"), ("0", "-1"), ("9" * 5000, None)])
def test_pools_not_given_yet_or_not_numbers_are_none(pools, advance):
    seen = policy_implications("policy-4-2001", 16, "two-deck", structure="pools", pools=pools, advance=advance)
    assert (seen.pools.pools, seen.pools.knockout, seen.pools.problem) == (None, 0, "")
