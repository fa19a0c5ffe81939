"""A house policy's deck numbers, end of time and who may play (scoring/policies/house.py, deck_terms.py; issue 30)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring import (
    END_OF_TIME_PROCEDURES,
    POLICIES,
    RuleError,
    build_house_policy,
    card_index,
    check_deck_list,
    creature_minimum,
    end_of_time_text,
    get_policy,
    house_policy_problems,
    policy_info,
    read_deck_text,
)

# A legal hero deck: 51 cards in the play deck, 19 creatures, a sideboard of 6, The One Ring.
LEGAL = (Path(__file__).resolve().parents[2] / "docs" / "deck-example.txt").read_text(encoding="utf-8")
P4 = get_policy("policy-4-2001")


def house(base: str = "policy-4-2001", **changes):
    return build_house_policy({"key": "club", "title": "Club Rules", "base": base, "changes": changes})


def check(policy, text: str = LEGAL, game_type: str = "two-deck", event_format: str = "hero-only"):
    return check_deck_list(
        read_deck_text(text), card_index(), policy_key=policy, game_type=game_type, event_format=event_format
    )


def problems(result) -> list[tuple[str, str, str]]:
    return [(p.rule, p.clause, str(p.message)) for p in result.problems]


@pytest.mark.parametrize("base", sorted(POLICIES))
@pytest.mark.parametrize(
    "text",
    [
        LEGAL,
        LEGAL.replace("3 Athelas", "5 Athelas"),
        LEGAL.replace("3 Orc-guard", "30 Orc-guard"),
        LEGAL.replace("3 Orc-patrol\n3 Cave-drake\n3 Wargs\n", ""),
        LEGAL.replace("3 Concealment\n3 Dodge\n", ""),
    ],
)
@pytest.mark.parametrize("game_type", ["two-deck", "one-deck-starter", "three-deck"])
def test_a_house_policy_that_changes_no_deck_rule_checks_decks_as_its_base_text(base, text, game_type):
    event_format = "single-deck" if base == "policy-1-1996" else "hero-only"
    unchanged = house(base, tie_points=2)  # a change that says nothing of decks
    assert check(unchanged, text, game_type, event_format) == check(base, text, game_type, event_format)


def test_copies_follow_the_house_rule_citing_it_in_place_of_general_9():
    policy = house(copies=2)
    citation = "Club Rules, house rule on copies of a card (in place of Policy #1, General 9)"
    assert policy.deck_rules.copies_clause == citation
    found = problems(check(policy))
    assert ("copies", citation, "3 copies of Athelas; at most 2") in found
    assert {rule for rule, _clause, _message in found} == {"copies"}
    assert check(house(copies=3)).legal and check(P4).legal


def test_the_play_deck_least_and_most_cards_follow_the_house_rules():
    least = problems(check(house(deck_minimum=30)))
    assert [rule for rule, _c, _m in least] == ["deck-minimum", "deck-minimum"]
    assert least[0][1].startswith("Club Rules, house rule on the play deck's least resources and hazards (in place of")
    most = problems(check(house(deck_maximum=50)))
    # No released text sets a most: the house rule adds to its base text.
    assert most == [
        (
            "deck-maximum",
            f"Club Rules, house rule on the play deck's most cards (added to {P4.title})",
            "the play deck has 51 cards; at most 50",
        )
    ]
    assert check(house(deck_maximum=51)).legal


def test_a_most_that_leaves_no_room_for_the_least_is_refused_at_its_field():
    (problem,) = house_policy_problems(
        {"key": "club", "title": "Club", "base": "policy-4-2001", "changes": {"deck_maximum": 40}}
    )
    assert problem.field == "changes.deck_maximum" and "25 each" in str(problem)
    assert house(deck_minimum=20, deck_maximum=40).deck_rules.maximum == 40


def test_the_sideboard_follows_the_house_rule_for_the_game_types_it_names():
    policy = house(sideboard_limits={"two-deck": 5})
    assert problems(check(policy)) == [
        (
            "sideboard",
            "Club Rules, house rule on the sideboard (in place of Policy Number 4, Larger Sideboard)",
            "the sideboard has 6 cards; at most 5 in a two-deck game",
        )
    ]
    assert policy.deck_rules.sideboard_limit("three-deck") == P4.deck_rules.sideboard_limit("three-deck") == 35
    # No sideboard outside starter rules is said as the number, not as starter rules.
    (none,) = problems(check(house(sideboard_limits={"two-deck": 0})))
    assert none[2] == "the sideboard has 6 cards; at most 0 in a two-deck game"


def test_creatures_follow_the_house_rule_and_zero_means_no_minimum():
    assert creature_minimum(P4, "two-deck") is None and creature_minimum(get_policy("policy-1-1996"), "two-deck") == 10
    twenty = house(creature_minimum=20)
    assert creature_minimum(twenty, "two-deck") == 20 and creature_minimum(twenty, "sealed-standard") is None
    assert problems(check(twenty)) == [
        (
            "creatures",
            f"Club Rules, house rule on creatures (added to {P4.title})",
            "the play deck has 19 creatures (creature-events count half); at least 20",
        )
    ]
    assert check(house(creature_minimum=19)).legal
    none = house("policy-1-1996", creature_minimum=0)
    assert creature_minimum(none, "two-deck") is None
    assert none.deck_rules.creatures_clause.endswith("(in place of Policy #1, General 8)")


def test_the_one_ring_only_in_the_alignments_a_house_policy_names():
    assert check(house(one_ring_alignments=["hero"])).legal
    for named in (["minion", "balrog"], []):
        assert problems(check(house(one_ring_alignments=named))) == [
            (
                "one-ring",
                f"Club Rules, house rule on who may play The One Ring (added to {P4.title})",
                "this event does not let a deck of this alignment play The One Ring",
            )
        ]
    # Judged without the Ring it may not play, the deck is no One Ring deck (a forfeit's points).
    assert check(P4).capability == "one-ring"
    assert check(house(one_ring_alignments=["minion"])).capability == "marshalling-points"
    assert check(house(one_ring_alignments=["hero"])).capability == "one-ring"
    without_ring = LEGAL.replace("The One Ring\n", "")
    assert not any(p.rule == "one-ring" for p in check(house(one_ring_alignments=[]), without_ring).problems)


def test_a_printed_set_left_out_refuses_its_cards_naming_the_set():
    result = check(house(excluded_sets=["TD"]), LEGAL.replace("Elven Cloak", "Wormsbane", 1))
    assert [(p.rule, str(p.message), p.cards) for p in result.problems] == [
        ("excluded-set", "Wormsbane is from The Dragons (TD), which this event leaves out", ("Wormsbane",))
    ]
    assert result.problems[0].clause == f"Club Rules, house rule on the cards allowed (added to {P4.title})"
    assert check(house(excluded_sets=["BA"])).legal


@pytest.mark.parametrize("base, final_count", [("policy-1-1996", "Free Council"), ("version-3-1998", "End-of-Game")])
@pytest.mark.parametrize("procedure", sorted(END_OF_TIME_PROCEDURES))
def test_the_end_of_time_procedure_is_said_in_the_base_texts_words(base, final_count, procedure):
    policy = house(base, end_of_time=procedure)
    said = end_of_time_text(policy, "two-deck")
    assert final_count in said and said in END_OF_TIME_PROCEDURES[procedure]
    assert end_of_time_text(policy, "scenario") == end_of_time_text(get_policy(base), "scenario")
    assert policy.time_clause.startswith("Club Rules, house rule on the end of time (in place of")
    assert policy_info(policy, 8, "two-deck")["end_of_time"] == said


def test_the_released_texts_end_of_time_is_the_equal_turns_procedure():
    assert end_of_time_text(house("policy-1-1996", end_of_time="equal-turns"), "two-deck") == end_of_time_text(
        get_policy("policy-1-1996"), "two-deck"
    )
    assert end_of_time_text(house(end_of_time="equal-turns"), "two-deck") == end_of_time_text(P4, "two-deck")


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"end_of_time": "overtime"}, "changes.end_of_time"),
        ({"organisers_play": "sometimes"}, "changes.organisers_play"),
        ({"copies": 0}, "changes.copies"),
        ({"one_ring_alignments": ["wizard"]}, "changes.one_ring_alignments[0]"),
        ({"sideboard_limits": {"two-deck": -1}}, "changes.sideboard_limits.two-deck"),
        ({"excluded_sets": [""]}, "changes.excluded_sets[0]"),
    ],
)
def test_a_bad_value_is_refused_naming_its_field(changes, field):
    with pytest.raises(RuleError) as refused:
        house(**changes)
    assert refused.value.field == field


def test_who_may_play_is_data_with_its_clause():
    assert P4.organisers_play == "with-arbiter"
    policy = house(organisers_play="never")
    assert policy.organisers_play == "never"
    assert policy.organisers_clause == (f"Club Rules, house rule on who may play (in place of {P4.organisers_clause})")
    info = policy_info(policy, 8, "two-deck")
    assert info["organisers_play"] == "never"
    assert info["deck_rules"] == P4.deck_rules.as_dict()
