"""Fan sets and banned cards in the deck checks (scoring/decks/allowed.py, check.py; issue 30)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import INDEX_PATH, card_index, check_deck_list, get_policy, read_deck_text, read_index

LEGAL = (Path(__file__).resolve().parents[2] / "docs" / "deck-example.txt").read_text(encoding="utf-8")
RELEASED = ("policy-1-1996", "version-3-1998", "policy-4-2001")
# A hero short-event of Durin's Folk in place of a hero minor item: the list keeps its 25 resources.
WITH_FAN_CARD = LEGAL.replace("Elven Cloak", "Attercop! Attercop!", 1)
DURINS_FOLK_REFUSED = "Attercop! Attercop! is from the fan set Durin's Folk (DF), which this event does not allow"


def house(base: str = "policy-4-2001", **changes):
    """A house policy built on ``base`` that says ``changes`` (fan_sets, banned_cards) under one clause."""
    return dataclasses.replace(get_policy(base), deck_clause="House: cards", **changes)


def check(text: str, policy, game_type: str = "two-deck", event_format: str | None = None, index=None):
    key = policy if isinstance(policy, str) else policy.base or policy.key
    if event_format is None:
        event_format = "single-deck" if key == "policy-1-1996" else "hero-only"
    return check_deck_list(
        read_deck_text(text),
        index or card_index(),
        policy_key=policy,
        game_type=game_type,
        event_format=event_format,
    )


def found(result) -> list[tuple[str, str, str, tuple[str, ...]]]:
    return [(p.rule, p.clause, p.message, p.cards) for p in result.problems]


@pytest.mark.parametrize("policy", RELEASED)
def test_a_released_text_refuses_every_fan_card_citing_general_11(policy):
    assert check(LEGAL, policy).legal
    result = check(WITH_FAN_CARD, policy)
    assert found(result) == [
        ("fan-card", "Policy #1, General 11: Deck Construction", DURINS_FOLK_REFUSED, ("Attercop! Attercop!",))
    ]
    assert result.unknown == ()


def test_a_house_policy_refuses_a_fan_card_of_a_set_it_does_not_allow_naming_the_set():
    result = check(WITH_FAN_CARD, house(fan_sets=("FB", "NE")))
    assert found(result) == [("fan-card", "House: cards", DURINS_FOLK_REFUSED, ("Attercop! Attercop!",))]
    assert result.problems[0].message.params == {"card": "Attercop! Attercop!", "set": "Durin's Folk", "code": "DF"}


@pytest.mark.parametrize("base", RELEASED)
def test_a_house_policy_that_allows_the_set_accepts_its_cards(base):
    assert check(WITH_FAN_CARD, house(base, fan_sets=("DF",))).legal
    assert check(WITH_FAN_CARD, house(base, fan_sets=("FB", "DF"))).legal


def test_a_fan_card_is_refused_once_however_many_decks_and_sections_hold_it():
    text = WITH_FAN_CARD.replace("3 Orc-guard", "3 Orc-guard\nAttercop! Attercop!", 1)
    result = check(text, "policy-4-2001")
    assert [p.rule for p in result.problems] == ["fan-card"]


def test_the_cards_added_against_a_fallen_wizard_are_checked_too():
    text = LEGAL + "\nAgainst Fallen-wizard\nKing-spider\n"
    result = check(text, "policy-4-2001", event_format="general-opponent")
    assert found(result)[-1] == (
        "fan-card",
        "Policy #1, General 11: Deck Construction",
        "King-spider is from the fan set Durin's Folk (DF), which this event does not allow",
        ("King-spider",),
    )


def test_a_banned_card_is_refused_citing_the_house_rule():
    result = check(LEGAL, house(banned_cards=("Sting",)))
    assert found(result) == [("banned-card", "House: cards", "Sting is banned at this event", ("Sting",))]
    assert check(LEGAL, house(banned_cards=("Stung",))).legal


@pytest.mark.parametrize("banned", ["sting", "Dardo", "Sting (TW)", "Sting [H]"])
def test_a_banned_name_is_read_as_a_written_name(banned):
    assert [p.rule for p in check(LEGAL, house(banned_cards=(banned,))).problems] == ["banned-card"]


def test_a_banned_fan_card_of_an_allowed_set_is_refused_and_one_of_a_set_not_allowed_twice_over():
    allowed = house(fan_sets=("DF",), banned_cards=("Attercop! Attercop!",))
    assert [p.rule for p in check(WITH_FAN_CARD, allowed).problems] == ["banned-card"]
    refused = house(banned_cards=("Attercop! Attercop!",))
    assert [p.rule for p in check(WITH_FAN_CARD, refused).problems] == ["fan-card", "banned-card"]


def test_a_name_official_and_fan_cards_share_means_the_official_card_unless_the_set_is_written():
    # Dwarven Axe is a hero item of The Wizards and a dual resource of Durin's Folk.
    official = LEGAL.replace("Elven Cloak", "Dwarven Axe", 1)
    assert check(official, "policy-4-2001").legal
    fan = LEGAL.replace("Elven Cloak", "Dwarven Axe (DF)", 1)
    [problem] = check(fan, "policy-4-2001").problems
    assert (problem.rule, problem.cards) == ("fan-card", ("Dwarven Axe",))
    assert check(fan, house(fan_sets=("DF",))).legal


def test_a_house_policy_keeps_the_deck_rules_of_the_text_it_is_built_from():
    # Policy Number 4 lets cards other than characters into the pool; Policy #1 does not.
    pool_with_an_item = LEGAL.replace("Pool\n", "Pool\nElven Cloak\n", 1).replace("Elven Cloak\n\nHazards", "\nHazards")
    on_4 = dataclasses.replace(house(fan_sets=("DF",)), key="club-rules", base="policy-4-2001")
    on_1 = dataclasses.replace(house("policy-1-1996", fan_sets=("DF",)), key="club-rules", base="policy-1-1996")
    assert check(pool_with_an_item, on_4).legal
    assert [p.rule for p in check(pool_with_an_item, on_1).problems] == ["pool"]


def test_an_unknown_name_is_offered_fan_names_only_from_the_sets_the_event_allows():
    misspelt = LEGAL.replace("Bard Bowman", "Aegnr", 1)
    [unknown] = check(misspelt, "policy-4-2001").unknown
    assert "Aegnor" not in unknown.suggestions
    [unknown] = check(misspelt, house(fan_sets=("FB",))).unknown
    assert unknown.suggestions[0] == "Aegnor"


# Official names, the ones fan cards share among them, and a few misspelt for the suggestions.
OFFICIAL = sorted({card.name for card in card_index().cards if not card.fan})
SHARED = ["Balin", "Grey Havens", "Fangorn", "Rivendell", "Lórien", "Dwarven Axe", "Swordmaster", "The Wind-deeps"]
NAMES = st.one_of(st.sampled_from(OFFICIAL), st.sampled_from(SHARED), st.sampled_from(OFFICIAL).map(lambda n: n + "x"))
SECTION = st.lists(st.tuples(st.integers(1, 4), NAMES), max_size=12)
FORMATS = [("two-deck", "hero-only"), ("two-deck", "minion-only"), ("three-deck", "general-opponent")]


@settings(max_examples=60, deadline=None)
@given(
    sections=st.tuples(SECTION, SECTION, SECTION, SECTION),
    policy=st.sampled_from(RELEASED),
    kind=st.sampled_from(FORMATS),
    allowed=st.booleans(),
)
def test_an_official_list_is_found_the_same_as_by_the_index_without_fan_cards(sections, policy, kind, allowed):
    """Fan cards change nothing for a list of official cards: the same problems, unknown names, suggestions."""
    text = "\n".join(
        heading + "\n" + "\n".join(f"{count} {name}" for count, name in section)
        for heading, section in zip(("Pool", "Resources", "Sideboard", "Sites"), sections, strict=True)
    )
    game_type, event_format = kind if policy != "policy-1-1996" else ("two-deck", "single-deck")
    official_only = read_index(INDEX_PATH)
    under = house(policy, fan_sets=("FB", "DF", "NE")) if allowed else policy
    with_fans = check(text, under, game_type, event_format).as_dict()
    without = check(text, policy, game_type, event_format, index=official_only).as_dict()
    if allowed:  # an event that allows fan sets may suggest their names for a misspelt one
        for item in (*with_fans["unknown"], *without["unknown"]):
            item["suggestions"] = []
    assert with_fans == without
