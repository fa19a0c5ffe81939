"""Every row of every policy table: rounds, officialness, byes, time, One Ring points."""

import pytest

from scoring import GAME_TYPES, POLICIES, RuleError, get_policy, policy_info

P1, V3, P4 = "policy-1-1996", "version-3-1998", "policy-4-2001"

# (policy, players, rounds, official) for the first and last player count of every row.
ROUNDS = [
    (P1, 2, 1, False),
    (P1, 3, 2, False),
    (P1, 4, 2, False),
    (P1, 5, 3, True),
    (P1, 8, 3, True),
    (P1, 9, 4, True),
    (P1, 16, 4, True),
    (P1, 17, 5, True),
    (P1, 32, 5, True),
    (P1, 33, 6, True),
    (P1, 64, 6, True),
    (P1, 65, 7, True),
    (P1, 128, 7, True),
    (P1, 129, 8, True),
    (P1, 5000, 8, True),
    (V3, 2, 1, False),
    (V3, 3, 2, False),
    (V3, 4, 2, False),
    (V3, 5, 3, False),
    (V3, 6, 3, True),
    (V3, 8, 3, True),
    (V3, 9, 4, True),
    (V3, 16, 4, True),
    (V3, 17, 5, True),
    (V3, 32, 5, True),
    (V3, 33, 6, True),
    (V3, 64, 6, True),
    (V3, 65, 7, True),
    (V3, 1000, 7, True),
    (P4, 2, 1, False),
    (P4, 3, 2, False),
    (P4, 4, 2, True),
    (P4, 5, 3, True),
    (P4, 6, 3, True),
    (P4, 8, 3, True),
    (P4, 9, 4, True),
    (P4, 16, 4, True),
    (P4, 17, 5, True),
    (P4, 32, 5, True),
    (P4, 33, 6, True),
    (P4, 64, 6, True),
    (P4, 65, 7, True),
    (P4, 1000, 7, True),
]


@pytest.mark.parametrize(("key", "players", "rounds", "official"), ROUNDS)
def test_rounds_and_officialness_follow_the_policy_table(key, players, rounds, official):
    policy = get_policy(key)
    assert (policy.rounds_for(players), policy.can_be_official(players)) == (rounds, official)


@pytest.mark.parametrize("key", [P1, V3, P4])
@pytest.mark.parametrize("players", [0, 1, -3])
def test_fewer_than_two_players_is_not_a_swiss_event(key, players):
    with pytest.raises(RuleError) as error:
        get_policy(key).rounds_for(players)
    assert error.value.field == "players"


@pytest.mark.parametrize(
    ("key", "expected"),
    [(P1, [6, 3, 3, 3, 3, 3, 3]), (V3, [6, 5, 4, 3, 2, 1, 1]), (P4, [6, 5, 4, 3, 2, 1, 1])],
)
def test_bye_points_by_round(key, expected):
    policy = get_policy(key)
    assert [policy.bye_points(n) for n in range(1, 8)] == expected


def test_only_the_ice_era_policies_forbid_a_second_bye():
    assert {key: POLICIES[key].no_second_bye for key in POLICIES} == {P1: False, V3: True, P4: True}


TIME_LIMITS = {
    P1: {
        "one-deck-starter": 45,
        "one-deck-standard": 45,
        "two-deck": 75,
        "three-deck": 120,
        "campaign": 180,
        "sealed-starter": 45,
        "sealed-standard": 45,
        "scenario": 60,
    },
    V3: {
        "one-deck-starter": 50,
        "one-deck-standard": 50,
        "two-deck": 80,
        "three-deck": 120,
        "campaign": 180,
        "sealed-starter": 50,
        "sealed-standard": 50,
        "challenge-deck": 80,
        "scenario": 60,
    },
}
TIME_LIMITS[P4] = TIME_LIMITS[V3]


@pytest.mark.parametrize("key", [P1, V3, P4])
def test_time_limits_per_game_type(key):
    policy = get_policy(key)
    assert {t: policy.time_limit(t) for t in policy.game_types} == TIME_LIMITS[key]


def test_warning_before_time():
    assert {k: (p.warning_minutes, p.warning_range) for k, p in POLICIES.items()} == {
        P1: (5, (5, 5)),
        V3: (15, (10, 15)),
        P4: (15, (10, 15)),
    }


def test_policy_1_has_no_challenge_deck_game():
    with pytest.raises(RuleError) as error:
        get_policy(P1).time_limit("challenge-deck")
    assert (error.value.field, error.value.rule) == ("game_type", "Policy #1, Swiss System: Time Limits")


ONE_RING = {
    P1: {
        "sealed-starter": 10,
        "sealed-standard": 10,
        "one-deck-starter": 8,
        "one-deck-standard": 8,
        "two-deck": 7,
        "three-deck": 7,
        "campaign": 7,
    },
    V3: {
        "sealed-starter": 10,
        "sealed-standard": 10,
        "one-deck-starter": 8,
        "one-deck-standard": 8,
        "two-deck": 7,
        "challenge-deck": 7,
        "three-deck": 6,
        "campaign": 6,
    },
}
ONE_RING[P4] = ONE_RING[V3]


@pytest.mark.parametrize("key", [P1, V3, P4])
def test_one_ring_points_per_game_type(key):
    assert dict(get_policy(key).one_ring_points) == ONE_RING[key]


@pytest.mark.parametrize("key", [P1, V3, P4])
def test_maximum_for_a_deck_capability(key):
    policy = get_policy(key)
    assert [
        policy.max_points("two-deck", "one-ring"),
        policy.max_points("two-deck", "marshalling-points"),
        policy.max_points("scenario", "one-ring"),
    ] == [7, 6, 6]


def test_policies_are_frozen():
    policy = get_policy(V3)
    with pytest.raises(AttributeError):
        policy.tie_points = 4
    with pytest.raises(TypeError):
        policy.time_limits["two-deck"] = 90


def test_unknown_policy_names_the_known_keys():
    with pytest.raises(RuleError) as error:
        get_policy("policy-9")
    assert "policy-1-1996, version-3-1998, policy-4-2001" in error.value.message


def test_policy_info_for_a_small_policy_4_event():
    info = policy_info(get_policy(P4), 4, "two-deck")
    assert {
        k: info[k] for k in ("rounds", "official", "time_limit_minutes", "warning_minutes", "min_official_players")
    } == {"rounds": 2, "official": True, "time_limit_minutes": 80, "warning_minutes": 15, "min_official_players": 4}


def test_policy_info_gives_the_scenario_end_of_time_procedure():
    info = policy_info(get_policy(V3), 10, "scenario")
    assert info["end_of_time"].startswith("Time. If no player has achieved the victory conditions")


def test_every_game_type_is_known_to_some_policy():
    assert set(GAME_TYPES) == set().union(*(p.game_types for p in POLICIES.values()))
