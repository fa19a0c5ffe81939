"""Game results to tournament points, every result kind under every policy."""

from fractions import Fraction

import pytest

from scoring import RuleError, get_policy, score_result

P1, V3, P4 = "policy-1-1996", "version-3-1998", "policy-4-2001"


def points(key, result, game_type="two-deck", capabilities=("marshalling-points", "marshalling-points")):
    scored = score_result(get_policy(key), game_type, result, capabilities)
    return tuple(float(p) for p in scored.points)


# MP ratio boundaries: 2 and 1.5 belong to the higher tier (exact integer arithmetic).
@pytest.mark.parametrize(
    ("mp", "p1", "ice_era"),
    [
        ([20, 10], (6, 0), (6, 0)),  # exactly 2
        ([19, 10], (5, 0), (5, 1)),  # just under 2
        ([15, 10], (5, 0), (5, 1)),  # exactly 1.5
        ([14, 10], (4, 0), (4, 2)),  # just under 1.5
        ([11, 10], (4, 0), (4, 2)),  # just over 1
        ([3, 2], (5, 0), (5, 1)),  # 1.5 with small numbers
        ([299, 200], (4, 0), (4, 2)),  # 1.495
        ([300, 200], (5, 0), (5, 1)),
        ([5, 0], (6, 0), (6, 0)),  # loser with zero MP
        ([10, 25], (0, 6), (0, 6)),  # players[1] wins
    ],
)
def test_marshalling_point_ratio_tiers(mp, p1, ice_era):
    result = {"kind": "council", "mp": mp}
    assert (points(P1, result), points(V3, result), points(P4, result)) == (p1, ice_era, ice_era)


def test_policy_1_loser_with_negative_mp_gives_the_winner_6():
    assert points(P1, {"kind": "council", "mp": [2, -3]}) == (6, 0)


def test_negative_mp_count_as_zero_in_the_ice_era_policies():
    # -3 counts as 0, so 0-0 is equal MP: a tie under Policy Number 4.
    scored = score_result(get_policy(P4), "two-deck", {"kind": "council", "mp": [-3, 0]})
    assert (scored.points, scored.mp, scored.method) == ((3, 3), (0, 0), "tie")


def test_negative_mp_under_policy_1_are_compared_as_they_are():
    # Policy #1 has no floor: -1 beats -3, and a loser at or under zero gives 6.
    assert points(P1, {"kind": "council", "mp": [-1, -3]}) == (6, 0)


@pytest.mark.parametrize(("key", "win", "lose"), [(P1, 3, 2), (V3, 3.5, 2.5)])
def test_weakest_link_decides_equal_mp(key, win, lose):
    assert points(key, {"kind": "council", "mp": [12, 12], "weakest_link": 1}) == (lose, win)


@pytest.mark.parametrize("key", [P1, V3])
def test_weakest_link_with_every_character_corrupted_away_is_a_tie(key):
    assert points(key, {"kind": "council", "mp": [12, 12], "weakest_link": None}) == (3, 3)


@pytest.mark.parametrize("key", [P1, V3])
def test_equal_mp_under_a_weakest_link_policy_needs_its_winner(key):
    with pytest.raises(RuleError) as error:
        points(key, {"kind": "council", "mp": [12, 12]})
    assert error.value.field == "result.weakest_link"
    assert "Weakest Link" in error.value.rule or "(e)" in error.value.rule


def test_policy_4_equal_mp_is_a_tie_worth_3_each():
    assert points(P4, {"kind": "council", "mp": [12, 12]}) == (3, 3)


def test_policy_4_rejects_a_weakest_link():
    with pytest.raises(RuleError) as error:
        points(P4, {"kind": "council", "mp": [12, 12], "weakest_link": 0})
    assert (error.value.field, error.value.rule) == (
        "result.weakest_link",
        "Policy Number 4, Marshalling Point Ratios: equal MPs give both players 3",
    )


def test_a_weakest_link_with_unequal_mp_is_rejected():
    with pytest.raises(RuleError) as error:
        points(V3, {"kind": "council", "mp": [13, 12], "weakest_link": 0})
    assert error.value.field == "result.weakest_link"


@pytest.mark.parametrize(
    ("key", "game_type", "expected"),
    [
        (P1, "sealed-standard", 10),
        (P1, "one-deck-starter", 8),
        (P1, "two-deck", 7),
        (P1, "three-deck", 7),
        (P1, "campaign", 7),
        (V3, "sealed-starter", 10),
        (V3, "one-deck-standard", 8),
        (V3, "two-deck", 7),
        (V3, "challenge-deck", 7),
        (V3, "three-deck", 6),
        (V3, "campaign", 6),
        (P4, "three-deck", 6),
        (P4, "sealed-standard", 10),
    ],
)
def test_one_ring_win(key, game_type, expected):
    assert points(key, {"kind": "one-ring", "winner": 0}, game_type) == (expected, 0)


def test_wizard_elimination_ends_the_game_under_policy_1_and_version_3_but_not_policy_4():
    # Version 3 keeps the rulesbook's victory condition without listing its points: read
    # as its most decisive non-Ring win, 6-0 (docs/rules.md, reading 66).
    assert points(P1, {"kind": "wizard-eliminated", "winner": 1}) == (0, 6)
    assert points(V3, {"kind": "wizard-eliminated", "winner": 1}) == (0, 6)
    with pytest.raises(RuleError) as error:
        points(P4, {"kind": "wizard-eliminated", "winner": 1})
    assert (error.value.field, error.value.rule) == (
        "result.kind",
        "Policy Number 4, Additional Rules: Victory Conditions (elimination no longer ends the game)",
    )


def test_version_3_wizard_elimination_is_a_win_for_criterion_ii():
    scored = score_result(get_policy(V3), "two-deck", {"kind": "wizard-eliminated", "winner": 0})
    assert (scored.winner, scored.method, scored.points[0] >= Fraction(7, 2)) == (0, "wizard-eliminated", True)


@pytest.mark.parametrize("key", [P1, V3])
def test_a_tie_is_a_simultaneous_elimination_worth_3_each_under_policy_1_and_version_3(key):
    scored = score_result(get_policy(key), "two-deck", {"kind": "tie"})
    assert (scored.points, scored.winner) == ((3, 3), None)
    assert "simultaneous elimination" in scored.explanation


def test_policy_4_refuses_a_tie_that_is_not_equal_mp():
    with pytest.raises(RuleError) as error:
        points(P4, {"kind": "tie"})
    assert error.value.field == "result.kind"
    assert "equal marshalling points" in error.value.message


@pytest.mark.parametrize("key", [P1, V3, P4])
@pytest.mark.parametrize("reason", ["stall", "drop", "cheat", "no-show"])
def test_forfeit_gives_the_winner_the_maximum_for_its_deck(key, reason):
    ring_deck = points(
        key, {"kind": "forfeit", "winner": 1, "reason": reason}, "one-deck-standard", ("marshalling-points", "one-ring")
    )
    mp_deck = points(
        key, {"kind": "forfeit", "winner": 0, "reason": reason}, "one-deck-standard", ("marshalling-points", "one-ring")
    )
    assert (ring_deck, mp_deck) == ((0, 8), (6, 0))


def test_forfeit_in_a_scenario_game_gives_the_victory_points():
    assert points(V3, {"kind": "forfeit", "winner": 0, "reason": "drop"}, "scenario", ("one-ring", "one-ring")) == (
        6,
        0,
    )


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        ({"kind": "scenario", "winner": 0, "how": "victory"}, (6, 0)),
        ({"kind": "scenario", "winner": 1, "how": "rank"}, (2, 4)),
        ({"kind": "scenario", "winner": None, "how": "rank"}, (3, 3)),
    ],
)
@pytest.mark.parametrize("key", [P1, V3, P4])
def test_scenario_results(key, result, expected):
    assert points(key, result, "scenario") == expected


def test_points_are_exact_fractions():
    scored = score_result(get_policy(V3), "two-deck", {"kind": "council", "mp": [8, 8], "weakest_link": 0})
    assert scored.points == (Fraction(7, 2), Fraction(5, 2))


@pytest.mark.parametrize(
    ("result", "game_type", "field"),
    [
        ("council", "two-deck", "result"),
        ({"mp": [1, 2]}, "two-deck", "result.kind"),
        ({"kind": "draw"}, "two-deck", "result.kind"),
        ({"kind": "council"}, "two-deck", "result.mp"),
        ({"kind": "council", "mp": [1]}, "two-deck", "result.mp"),
        ({"kind": "council", "mp": [1.5, 2]}, "two-deck", "result.mp[0]"),
        ({"kind": "council", "mp": [1, True]}, "two-deck", "result.mp[1]"),
        ({"kind": "council", "mp": [1, "2"]}, "two-deck", "result.mp[1]"),
        ({"kind": "council", "mp": [1500, 2]}, "two-deck", "result.mp[0]"),
        ({"kind": "council", "mp": [1, 2], "winner": 0}, "two-deck", "result.winner"),
        ({"kind": "one-ring"}, "two-deck", "result.winner"),
        ({"kind": "one-ring", "winner": 2}, "two-deck", "result.winner"),
        ({"kind": "one-ring", "winner": None}, "two-deck", "result.winner"),
        ({"kind": "one-ring", "winner": 0}, "scenario", "result.kind"),
        ({"kind": "council", "mp": [3, 1]}, "scenario", "result.kind"),
        ({"kind": "scenario", "winner": 0, "how": "rank"}, "two-deck", "result.kind"),
        ({"kind": "scenario", "winner": None, "how": "victory"}, "scenario", "result.how"),
        ({"kind": "scenario", "winner": 0, "how": "luck"}, "scenario", "result.how"),
        ({"kind": "forfeit", "winner": 0}, "two-deck", "result.reason"),
        ({"kind": "forfeit", "winner": 0, "reason": "bored"}, "two-deck", "result.reason"),
        ({"kind": "tie", "winner": 0}, "two-deck", "result.winner"),
    ],
)
def test_malformed_or_disallowed_results_are_rejected_with_their_field(result, game_type, field):
    with pytest.raises(RuleError) as error:
        score_result(get_policy(V3), game_type, result)
    assert error.value.field == field


def test_unknown_game_type_is_rejected():
    with pytest.raises(RuleError) as error:
        score_result(get_policy(V3), "five-deck", {"kind": "tie"})
    assert error.value.field == "game_type"


def test_a_forfeit_keeps_the_capability_it_was_recorded_with():
    # Recorded as a One Ring deck's forfeit, it stays 8 whatever the player's list says now (reading 77).
    kept = {"kind": "forfeit", "winner": 0, "reason": "drop", "capability": "one-ring"}
    assert points(P4, kept, "one-deck-standard", ("marshalling-points", "marshalling-points")) == (8, 0)
    with pytest.raises(RuleError) as error:
        points(P4, {**kept, "capability": "mystery"})
    assert error.value.field == "result.capability"
