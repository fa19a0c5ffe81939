"""House policies built from a released text (scoring/policies/house.py)."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import (
    POLICIES,
    STARTING_POINTS,
    RuleError,
    archive_format,
    build_house_policy,
    compute_standings,
    get_policy,
    house_policy_problems,
    parse_archive,
    policy_of,
    score_result,
)
from scoring.policies.house import CHANGES

from .test_pairing_reference import random_event

ROOT = Path(__file__).resolve().parents[2]
# What a house policy always sets, whatever it changes: its name, its base, its changes, its document.
IDENTITY = {"key", "title", "base", "house_rules", "house_document"}


def house(base: str = "policy-4-2001", **changes: object) -> dict:
    return {"key": "house", "title": "House Rules 2024", "base": base, "changes": changes}


# A value for each change a house policy may make, different from every released text's.
SAMPLE_CHANGES = {
    "rounds": [
        {"min_players": 2, "max_players": 9, "rounds": 3},
        {"min_players": 10, "max_players": None, "rounds": 5},
    ],
    "bye_points_by_round": [4, 3],
    "no_second_bye": False,
    "time_limits": {"two-deck": 120},
    "warning_minutes": 5,
    "ratio_points": [[5, 1], [4, 1], [3, 2]],
    "weakest_link_points": [4, 1],
    "tie_points": 2,
    "one_ring_points": {"two-deck": 9},
    "tiebreaks": ["number-of-wins", "head-to-head"],
    "tie_resolutions": ["co-champions", "playoff"],
    "game_types": ["two-deck", "one-deck-standard"],
    "formats": ["hero-only", "general-opponent"],
    "fan_sets": ["DM"],
    "banned_cards": ["The One Ring"],
    "end_of_time": "current-turn",
    "excluded_sets": ["BA"],
    "deck_minimum": 30,
    "deck_maximum": 80,
    "sideboard_limits": {"two-deck": 25},
    "copies": 2,
    "creature_minimum": 12,
    "one_ring_alignments": ["hero"],
    "organisers_play": "never",
}
# The Policy fields each change sets, and the clause it cites the house rule in.
CHANGED_FIELDS = {
    "rounds": {"rounds_table", "rounds_clause"},
    "bye_points_by_round": {"bye_points_by_round", "bye_clause"},
    "no_second_bye": {"no_second_bye", "bye_clause"},
    "time_limits": {"time_limits", "time_clause"},
    "warning_minutes": {"warning_minutes", "warning_range", "time_clause"},
    "ratio_points": {"ratio_points", "ratio_clause"},
    "weakest_link_points": {"weakest_link_points", "weakest_link_clause"},
    "tie_points": {"tie_points", "tie_clause"},
    "one_ring_points": {"one_ring_points", "one_ring_clause"},
    "tiebreaks": {"tiebreaks", "tiebreak_clause"},
    "tie_resolutions": {"tie_resolutions", "tiebreak_clause"},
    "game_types": {"game_types", "time_clause"},
    "formats": {"formats", "format_clause"},
    "fan_sets": {"fan_sets", "deck_clause"},
    "banned_cards": {"banned_cards", "deck_clause"},
    "end_of_time": {"end_of_time", "time_clause"},
    "excluded_sets": {"excluded_sets", "deck_clause"},
    # The deck numbers and their clauses are one value, Policy.deck_rules.
    **{
        name: {"deck_rules"}
        for name in ("deck_minimum", "deck_maximum", "sideboard_limits", "copies", "creature_minimum")
    },
    "one_ring_alignments": {"deck_rules"},
    "organisers_play": {"organisers_play", "organisers_clause"},
}


# Inside Policy.deck_rules, what each deck change sets: its number and its clause.
DECK_FIELDS = {
    "deck_minimum": {"minimum", "minimum_clause"},
    "deck_maximum": {"maximum", "maximum_clause"},
    "sideboard_limits": {"sideboard", "sideboard_clause"},
    "copies": {"copies", "copies_clause"},
    "creature_minimum": {"creatures", "creatures_clause"},
    "one_ring_alignments": {"one_ring_alignments", "one_ring_clause"},
}


def _differing(first, second) -> set[str]:
    return {f.name for f in dataclasses.fields(first) if getattr(first, f.name) != getattr(second, f.name)}


def test_every_change_a_house_policy_may_make_is_sampled_here():
    assert set(SAMPLE_CHANGES) == set(CHANGES) == set(CHANGED_FIELDS)


@pytest.mark.parametrize("base", sorted(POLICIES))
def test_a_house_policy_with_no_changes_is_its_base_text_under_another_name(base):
    built = build_house_policy(house(base))
    assert _differing(built, get_policy(base)) == {"key", "title", "base", "house_document"}
    assert built.base == base and built.house_rules == () and built.is_house_policy


@pytest.mark.parametrize("name", sorted(SAMPLE_CHANGES))
def test_each_change_changes_its_value_and_clause_and_nothing_else(name):
    base = get_policy("version-3-1998")
    built = build_house_policy(house("version-3-1998", **{name: SAMPLE_CHANGES[name]}))
    assert _differing(built, base) == IDENTITY | CHANGED_FIELDS[name]
    if name in DECK_FIELDS:
        assert _differing(built.deck_rules, base.deck_rules) == DECK_FIELDS[name]
    assert built.house_rules == (name,)
    clause = CHANGES[name][1]
    # The house rule is cited, with the clause of the text it departs from (or the text it adds to).
    assert built.clause(clause).startswith("House Rules 2024, house rule on ")
    assert (base.clause(clause) or base.title) in built.clause(clause)
    assert built.clause(clause) != base.clause(clause)


def test_the_changed_values_are_read_as_the_engine_uses_them():
    built = build_house_policy(house(**SAMPLE_CHANGES))
    base = get_policy("policy-4-2001")
    assert built.time_limits["two-deck"] == 120
    assert {k: v for k, v in built.time_limits.items() if k != "two-deck"} == {
        k: v for k, v in base.time_limits.items() if k != "two-deck"
    }  # the rest kept
    assert built.weakest_link_points == (Fraction(4), Fraction(1))
    assert build_house_policy(house(weakest_link_points=[3.5, 2.5])).weakest_link_points == (
        Fraction(7, 2),
        Fraction(5, 2),
    )
    assert built.rounds_for(9) == 3 and built.rounds_for(500) == 5
    assert built.bye_points(1) == 4 and built.bye_points(7) == 3
    assert built.tiebreaks == ("number-of-wins", "head-to-head")
    assert built.fan_sets == ("DM",) and built.banned_cards == ("The One Ring",)


def test_points_follow_the_house_rule():
    base = get_policy("policy-4-2001")
    changed = build_house_policy(house(ratio_points=[[5, 1], [4, 1], [3, 2]], tie_points=2))
    win = {"kind": "council", "mp": [20, 5]}
    assert score_result(base, "two-deck", win).points == base.ratio_points[0] != (5, 1)
    assert score_result(changed, "two-deck", win).points == (5, 1)
    level = {"kind": "council", "mp": [12, 12]}
    assert score_result(changed, "two-deck", level).points == (2, 2)
    assert score_result(base, "two-deck", level).points == (base.tie_points, base.tie_points)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_an_unchanged_house_policy_ranks_every_event_as_its_base(seed):
    doc = random_event(random.Random(seed))
    base_key = doc["event"]["policy"]
    as_house = json.loads(json.dumps(doc))
    as_house["format"] = "council-archive/3"
    as_house["event"]["policy"] = house(base_key)
    under_base = compute_standings(parse_archive(doc)).as_dict()
    under_house = compute_standings(parse_archive(as_house)).as_dict()
    assert (under_house.pop("policy"), under_base.pop("policy")) == ("house", base_key)
    assert under_house == under_base


def test_each_problem_is_named_at_its_field():
    problems = house_policy_problems(
        {
            "key": "house",
            "title": "House",
            "base": "policy-4-2001",
            "changes": {"tiebreaks": ["coin-toss"], "tie_points": -1, "ratio_points": [[1, 2]], "color": "red"},
            "extra": 1,
        }
    )
    assert [p.field for p in problems] == [
        "extra",
        "changes.tiebreaks[0]",
        "changes.tie_points",
        "changes.ratio_points",
        "changes.color",
    ]


@pytest.mark.parametrize(
    ("document", "field"),
    [
        ({"key": "policy-4-2001", "title": "T", "base": "policy-4-2001"}, "key"),
        ({"key": "Has Spaces", "title": "T", "base": "policy-4-2001"}, "key"),
        ({"key": "h", "title": "", "base": "policy-4-2001"}, "title"),
        ({"key": "h", "title": "T", "base": "policy-9"}, "base"),
        ({"key": "h", "title": "T", "base": "policy-4-2001", "date": "24 Nov"}, "date"),
        (house(rounds=[{"min_players": 3, "max_players": None, "rounds": 3}]), "changes.rounds[0].min_players"),
        (house(rounds=[{"min_players": 2, "max_players": 8, "rounds": 3}]), "changes.rounds[0].max_players"),
        (house(bye_points_by_round=[]), "changes.bye_points_by_round"),
        (house(ratio_points=[[4, 0], [5, 1], [4, 2]]), "changes.ratio_points"),
        (house(ratio_points=[[6, 0], [5, 1], [2, 4]]), "changes.ratio_points[2]"),
        (house(weakest_link_points=[3.25, 1]), "changes.weakest_link_points[0]"),
        (house(tiebreaks=["head-to-head", "head-to-head"]), "changes.tiebreaks"),
        (house(tie_resolutions=[]), "changes.tie_resolutions"),
        (house(game_types=["two-deck", "poker"]), "changes.game_types[1]"),
        (house(time_limits={"two-deck": 0}), "changes.time_limits.two-deck"),
        (house(warning_minutes=60), "changes.warning_minutes"),
        (house(banned_cards=["\u202eevil"]), "changes.banned_cards[0]"),
    ],
)
def test_a_policy_that_could_not_run_an_event_is_refused(document, field):
    with pytest.raises(RuleError) as refused:
        build_house_policy(document)
    assert refused.value.field == field


@pytest.mark.parametrize(
    "changes",
    [{"time_limits": {"two-deck": 120}}, SAMPLE_CHANGES],
    ids=["one change", "every change"],
)
def test_an_archive_holds_the_house_policy_whole_in_the_third_format(changes):
    doc = random_event(random.Random(7))
    doc["event"].update(policy="version-3-1998", game_type="two-deck", format="general-opponent")
    document = house("version-3-1998", **changes)
    doc["event"]["policy"] = document
    with pytest.raises(RuleError) as refused:
        parse_archive(doc)  # the second format holds keys only
    assert refused.value.field == "event.policy"
    doc["format"] = "council-archive/3"
    policy = parse_archive(doc).event.policy
    assert policy.as_document() == document and archive_format(policy) == "council-archive/3"
    assert json.loads(json.dumps(policy.as_document())) == document
    assert archive_format(get_policy("policy-4-2001")) == "council-archive/2"
    assert policy_of(policy.as_document()) == policy


def test_a_wrong_house_policy_in_an_archive_is_refused_at_its_field():
    doc = random_event(random.Random(3))
    doc["format"] = "council-archive/3"
    doc["event"]["policy"] = house(tie_points=99)
    with pytest.raises(RuleError) as refused:
        parse_archive(doc)
    assert refused.value.field == "event.policy.changes.tie_points"


def test_the_command_line_reads_a_house_policy_from_a_file(tmp_path):
    path = tmp_path / "house.json"
    path.write_text(json.dumps(house(time_limits={"two-deck": 120})), encoding="utf-8")
    shown = subprocess.run(
        [sys.executable, "-m", "scoring", "info", "--policy", str(path), "--players", "16", "--game-type", "two-deck"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    info = json.loads(shown.stdout)
    assert info["policy"] == "house" and info["base"] == "policy-4-2001" and info["time_limit_minutes"] == 120
    assert info["clauses"]["time"].startswith("House Rules 2024, house rule on time (in place of Policy Number 4")
    path.write_text(json.dumps(house(tie_points=-1)), encoding="utf-8")
    refused = subprocess.run(
        [sys.executable, "-m", "scoring", "info", "--policy", str(path), "--players", "16", "--game-type", "two-deck"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert refused.returncode != 0 and "changes.tie_points" in refused.stderr


@pytest.mark.parametrize("key", sorted(STARTING_POINTS))
def test_the_starting_points_are_house_policies_of_policy_number_4_that_name_their_source(key):
    policy = build_house_policy(dict(STARTING_POINTS[key]))
    assert policy.key == key and policy.base == "policy-4-2001" and policy.source
    # Policy Number 4's tournament points, which today's events still use.
    assert policy.ratio_points == get_policy("policy-4-2001").ratio_points


def test_a_clause_shared_by_two_changes_names_both_whatever_the_documents_order():
    first = build_house_policy(house(game_types=["two-deck"], time_limits={"two-deck": 120}))
    second = build_house_policy(house(time_limits={"two-deck": 120}, game_types=["two-deck"]))
    assert first.time_clause == second.time_clause
    assert first.time_clause.startswith("House Rules 2024, house rule on time and game types (in place of")
    assert first.house_rules == second.house_rules == ("time_limits", "game_types")


def test_a_game_type_offered_needs_its_time_and_its_one_ring_points():
    challenge = {"key": "h", "title": "T", "base": "policy-1-1996", "changes": {"game_types": ["challenge-deck"]}}
    assert {p.field for p in house_policy_problems(challenge)} == {"changes.time_limits", "changes.one_ring_points"}
    challenge["changes"].update(time_limits={"challenge-deck": 80}, one_ring_points={"challenge-deck": 7})
    assert build_house_policy(challenge).max_points("challenge-deck", "one-ring") == 7


def test_a_rounds_table_lets_some_events_be_official():
    unofficial = [{"min_players": 2, "max_players": None, "rounds": 3, "official": False}]
    with pytest.raises(RuleError) as refused:
        build_house_policy(house(rounds=unofficial))
    assert refused.value.field == "changes.rounds"


def test_the_warning_a_house_policy_sets_is_its_whole_range():
    assert build_house_policy(house(warning_minutes=5)).warning_range == (5, 5)
