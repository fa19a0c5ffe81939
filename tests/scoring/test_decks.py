"""Deck rules (scoring/decks/check.py, scoring/decks/capability.py): each check with a legal and an illegal list."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring import (
    FALLEN_WIZARDS,
    OFFICIAL_SCENARIOS,
    RuleError,
    card_index,
    check_deck_list,
    deck_choice_kind,
    declares_fallen_wizard,
    every_entry,
    read_deck_text,
)

# A legal Policy #1 hero deck that can destroy the Ring, as players write one.
LEGAL = (Path(__file__).resolve().parents[2] / "docs" / "deck-example.txt").read_text(encoding="utf-8")


def check(text: str, policy: str = "policy-1-1996", game_type: str = "two-deck", event_format: str | None = None):
    if event_format is None:  # Policy #1 has one format; the later policies' hero-only is its nearest
        event_format = "single-deck" if policy == "policy-1-1996" else "hero-only"
    return check_deck_list(
        read_deck_text(text), card_index(), policy_key=policy, game_type=game_type, event_format=event_format
    )


def changed(old: str, new: str, text: str = LEGAL) -> str:
    assert old in text
    return text.replace(old, new, 1)


def rules(result) -> list[str]:
    return [problem.rule for problem in result.problems]


def test_the_legal_list_is_legal_and_can_destroy_the_ring():
    result = check(LEGAL)
    assert result.legal and result.problems == () and result.unknown == ()
    assert result.capability == "one-ring"
    assert result.capability_reason == "Gandalf, Test of Form, 3 gold rings, The One Ring and Cracks of Doom"
    assert result.alignment == "hero"
    assert result.counts["main"] == {"pool": 5, "play": 51, "sideboard": 6, "sites": 5, "creatures": 19}


@pytest.mark.parametrize(
    "old, new, said",
    [
        ("3 Orc-patrol", "4 Orc-patrol", "4 copies of Orc-patrol; at most 3"),
        ("Sting", "2 Sting", "2 copies of the unique card Sting; at most 1"),
        ("3 Orc-guard", "3 Orc-guard\n1 Orc-patrol", "4 copies of Orc-patrol; at most 3"),  # play deck and sideboard
        ("Faramir", "Faramir\nAragorn II", "2 copies of the unique card Aragorn II; at most 1"),  # pool and play deck
        ("Faramir", "Faramir\n2 Gandalf", "3 copies of Gandalf; at most 2 of the same Wizard"),
    ],
)
def test_general_9_limits_copies_across_pool_play_deck_and_sideboard(old, new, said):
    problems = check(changed(old, new)).problems
    assert [(p.rule, p.clause, p.message) for p in problems] == [("copies", "Policy #1, General 9", said)]


def test_general_9_allows_a_second_copy_of_the_wizard_in_the_play_deck_but_none_in_the_sideboard():
    assert check(changed("Faramir", "Faramir\nGandalf")).legal
    result = check(changed("3 Orc-guard", "3 Orc-guard\nGandalf"))
    assert rules(result) == ["avatar-in-sideboard"]
    assert result.problems[0].cards == ("Gandalf",)


def test_general_8_wants_ten_creatures_with_creature_events_counting_half():
    # Nine creatures, and Khamûl and Shelob at half each; other hazards keep the deck's 25.
    nine_and_two_halves = changed("3 Wolves\n3 Barrow-wight\n3 Brigands\n", "3 Foul Fumes\n3 Fell Winter\n3 Gloom\n")
    assert check(nine_and_two_halves).counts["main"]["creatures"] == 10
    assert check(nine_and_two_halves).legal
    nine_and_one_half = changed("Shelob\n", "Night\n", nine_and_two_halves)
    result = check(nine_and_one_half)
    assert [(p.rule, p.clause) for p in result.problems] == [("creatures", "Policy #1, General 8")]
    assert "has 9 creatures" in result.problems[0].message
    # Policy Number 4 does not keep the creature minimum, nor does a sealed deck face it.
    assert check(nine_and_one_half, policy="policy-4-2001").legal


@pytest.mark.parametrize(
    "policy, game_type, cards, legal",
    [
        ("policy-4-2001", "two-deck", 30, True),
        ("policy-4-2001", "two-deck", 31, False),
        ("policy-4-2001", "three-deck", 35, True),
        ("policy-4-2001", "three-deck", 36, False),
        ("policy-4-2001", "campaign", 40, True),
        ("policy-1-1996", "two-deck", 20, True),
        ("policy-1-1996", "two-deck", 21, False),
        ("version-3-1998", "two-deck", 21, False),
        # Policy #1, General 30: 5 more than the rulesbook's 20 and 25 for the three- and four-deck games.
        ("policy-1-1996", "three-deck", 25, True),
        ("policy-1-1996", "three-deck", 26, False),
        ("policy-1-1996", "campaign", 30, True),
        ("policy-1-1996", "campaign", 31, False),
        ("version-3-1998", "three-deck", 26, False),
        ("policy-4-2001", "one-deck-starter", 1, False),
    ],
)
def test_the_sideboard_is_as_large_as_the_policy_allows_for_the_game_type(policy, game_type, cards, legal):
    hazards = [
        "Doors of Night",
        "Orc-guard",
        "Orc-warband",
        "Orc-raiders",
        "Orc-watch",
        "Orc-lieutenant",
        "Giant",
        "Ghosts",
        "Ghouls",
        "Brigands",
        "Barrow-wight",
        "Corsairs of Umbar",
        "Crebain",
        "Fell Turtle",
        "Corpse-candle",
        "Thief",
        "Abductor",
        "Watcher in the Water",
        "Hillmen",
        "Huorn",
    ]
    lines = [f"{min(3, cards - 3 * n)} {name}" for n, name in enumerate(hazards) if cards - 3 * n > 0]
    text = changed("3 Doors of Night\n3 Orc-guard", "\n".join(lines))
    result = check(text, policy=policy, game_type=game_type)
    assert result.counts["main"]["sideboard"] == cards
    assert ("sideboard" not in rules(result)) == legal
    assert result.unknown == ()


def test_the_pool_holds_at_most_ten_characters_and_under_policy_4_other_cards_beside_them():
    eleven = changed("Bilbo\n", "Bilbo\nFrodo\nSam Gamgee\nMerry\nPippin\nArwen\nElrond\n")
    assert [(p.rule, p.message) for p in check(eleven).problems] == [("pool", "the pool has 11 characters; at most 10")]
    with_an_item = changed("Bilbo\n", "Bilbo\nOrcrist\n")
    assert [(p.rule, p.cards) for p in check(with_an_item).problems] == [("pool", ("Orcrist",))]
    assert check(with_an_item, policy="policy-4-2001").legal


def test_the_play_deck_holds_at_most_ten_characters():
    result = check(changed("Anborn\n", "Anborn\nFrodo\nSam Gamgee\nMerry\nPippin\nArwen\nElrond\nGlorfindel II\n"))
    assert [(p.rule, p.message) for p in result.problems] == [
        ("play-deck-characters", "the play deck has 11 characters; at most 10")
    ]


def test_single_alignment_refuses_the_other_alignments_resources_but_allows_its_items():
    p4 = "policy-4-2001"
    assert check(changed("Sting", "Sting\nAncient Black Axe"), policy=p4).legal  # a minion item in a hero event
    result = check(changed("Sting", "Sting\nSteeds\nBolg"), policy=p4)
    assert [(p.rule, p.clause, p.cards) for p in result.problems] == [
        ("alignment", "Version 3 and Policy Number 4, Single Alignment", ("Bolg", "Steeds"))
    ]
    # A general-opponent event has no single alignment to keep to.
    assert check(changed("Sting", "Sting\nSteeds\nBolg"), policy=p4, event_format="general-opponent").legal


GENERAL_OPPONENT = "Deck against hero\n" + LEGAL.replace("Sideboard", "Sideboard") + "\nDeck against minion\n" + LEGAL


def test_general_opponent_takes_one_deck_or_one_against_each_alignment_of_one_alignment():
    assert check(GENERAL_OPPONENT, event_format="general-opponent", policy="policy-4-2001").legal
    assert check(LEGAL, event_format="general-opponent", policy="policy-4-2001").legal  # "may bring two decks"
    mixed = LEGAL + "\nDeck against minion\n" + LEGAL
    result = check(mixed, event_format="general-opponent", policy="policy-4-2001")
    assert [(p.rule, p.message) for p in result.problems] == [
        ("decks", "a list has one deck, or a deck against hero and a deck against minion opponents")
    ]
    minion = GENERAL_OPPONENT.replace("Deck against minion\nPool\nGandalf", "Deck against minion\nPool\nThe Witch-king")
    assert "alignment" in rules(check(minion, event_format="general-opponent", policy="policy-4-2001"))
    assert rules(check(GENERAL_OPPONENT, event_format="hero-only", policy="policy-4-2001")) == ["decks"]


def test_at_most_ten_cards_are_added_against_a_fallen_wizard():
    ten = GENERAL_OPPONENT + "\nAgainst Fallen-wizard\n3 Orc-watch\n3 Orc-raiders\n3 Orc-warband\nGiant\n"
    assert check(ten, event_format="general-opponent", policy="policy-4-2001").legal
    eleven = ten + "Ghosts\n"
    result = check(eleven, event_format="general-opponent", policy="policy-4-2001")
    assert [(p.rule, p.message) for p in result.problems] == [
        ("against-fallen-wizard", "11 cards added against a Fallen-wizard; at most 10")
    ]


SEALED_PRODUCT = """
Product
Gandalf
Aragorn II
3 Concealment
3 Athelas
3 Orc-patrol
3 Cave-drake
2 Wargs
Sting
"""


def test_a_sealed_deck_uses_only_its_product_and_wants_twenty_five_of_each_kind():
    deck = "Pool\nGandalf\nAragorn II\nResources\n3 Concealment\nSting\nHazards\n3 Orc-patrol\n2 Wargs\n"
    result = check(SEALED_PRODUCT + deck, game_type="sealed-standard", policy="policy-4-2001")
    assert sorted(rules(result)) == ["sealed-minimum", "sealed-minimum"]
    stolen = check(SEALED_PRODUCT + deck + "3 Wolves\n", game_type="sealed-standard", policy="policy-4-2001")
    assert [(p.rule, p.cards) for p in stolen.problems if p.rule == "sealed-product"] == [
        ("sealed-product", ("Wolves",))
    ]


@pytest.mark.parametrize(
    "old, new, missing",
    [
        ("3 Test of Form", "3 Ringlore\n3 Test of Lore", None),  # Gandalf still tests the ring
        ("3 Precious Gold Ring", "2 Precious Gold Ring", "three Precious Gold Rings in the play deck (it has 2)"),
        ("3 Precious Gold Ring", "3 Fair Gold Ring", "three Precious Gold Rings in the play deck (it has 0)"),
        ("The One Ring\n", "", "The One Ring"),
        ("Cracks of Doom\n", "", "Cracks of Doom or Gollum’s Fate and Gollum"),
        ("Cracks of Doom\n", "Gollum's Fate\n", "Cracks of Doom or Gollum’s Fate and Gollum"),
    ],
)
def test_capability_follows_general_18(old, new, missing):
    result = check(changed(old, new))
    if missing is None:
        assert result.capability == "one-ring"
    else:
        assert result.capability == "marshalling-points" and missing in result.capability_reason


def test_ringlore_and_test_of_lore_are_not_ring_tests():
    without_gandalf = changed("Gandalf\n", "Saruman\n")
    assert check(without_gandalf).capability == "one-ring"
    result = check(changed("3 Test of Form", "3 Ringlore\n3 Test of Lore", without_gandalf))
    assert result.capability == "marshalling-points"
    assert result.capability_reason == "missing a ring test (Ringlore and Test of Lore do not count)"


def test_gollums_fate_with_gollum_destroys_the_ring_and_later_policies_count_other_gold_rings():
    assert check(changed("Cracks of Doom", "Gollum’s Fate\nGollum")).capability == "one-ring"
    fair = changed("3 Precious Gold Ring", "3 Fair Gold Ring")
    assert check(fair).capability == "marshalling-points"
    assert check(fair, policy="policy-4-2001").capability == "one-ring"


def test_names_match_without_accents_case_or_punctuation_and_in_other_languages():
    written = changed("Khamûl the Easterling", "khamul THE easterling").replace("Sting", "Dardo")
    assert check(written).legal


def test_an_unknown_name_is_flagged_with_the_closest_names_and_its_line():
    result = check(changed("3 Orc-patrol", "3 Orc-patorl"))
    assert not result.legal
    [unknown] = result.unknown
    assert (unknown.name, unknown.section, unknown.line) == ("Orc-patorl", "play", 28)
    assert "Orc-patrol" in unknown.suggestions


def test_an_empty_list_is_not_legal():
    assert rules(check("Pool\n")) == ["empty"]


def test_the_cards_added_against_a_fallen_wizard_count_with_the_sideboard_and_are_matched():
    added = LEGAL + "\nAgainst Fallen-wizard\n3 Orc-patrol\nXyzzy Frobnicator\nGandalf\n"
    result = check(added, event_format="general-opponent", policy="policy-4-2001")
    assert [(p.rule, p.cards) for p in result.problems] == [
        ("avatar-in-sideboard", ("Gandalf",)),
        ("copies", ("Orc-patrol",)),
    ]
    assert [(u.name, u.deck) for u in result.unknown] == [("Xyzzy Frobnicator", "against-fallen-wizard")]


def test_a_misspelt_card_of_the_sealed_product_is_flagged_not_the_deck():
    product = SEALED_PRODUCT.replace("3 Orc-patrol", "3 Orc-patorl")
    deck = "Hazards\n3 Orc-patrol\n"
    result = check(product + deck, game_type="sealed-standard", policy="policy-4-2001")
    assert [(u.name, u.section) for u in result.unknown] == [("Orc-patorl", "product")]


def test_the_product_the_coordinator_entered_stands_over_the_one_the_list_writes():
    # The player wrote Wolves into their own product section; the coordinator handed none.
    deck = "Pool\nGandalf\nResources\n3 Concealment\nHazards\n3 Orc-patrol\n3 Wolves\n"
    claimed = SEALED_PRODUCT + "3 Wolves\n" + deck
    assert "sealed-product" not in rules(check(claimed, game_type="sealed-standard", policy="policy-4-2001"))
    handed = every_entry(read_deck_text(SEALED_PRODUCT))
    result = check_deck_list(
        read_deck_text(claimed),
        card_index(),
        policy_key="policy-4-2001",
        game_type="sealed-standard",
        event_format="hero-only",
        product=handed,
    )
    assert [(p.rule, p.cards) for p in result.problems if p.rule == "sealed-product"] == [
        ("sealed-product", ("Wolves",))
    ]


def test_every_entry_reads_a_product_typed_with_or_without_headings():
    typed = "Starter\n3 Orc-patrol\nGandalf\n\nBooster 1\n2 Wargs\nHazards\nCave-drake\n"
    assert sorted((e.count, e.name) for e in every_entry(read_deck_text(typed))) == [
        (1, "Cave-drake"),
        (1, "Gandalf"),
        (2, "Wargs"),
        (3, "Orc-patrol"),
    ]


@pytest.mark.parametrize(
    "game_type, kind",
    [("challenge-deck", "challenge-deck"), ("scenario", "scenario"), ("two-deck", None), ("sealed-starter", None)],
)
def test_challenge_deck_and_scenario_games_ask_the_player_to_choose(game_type, kind):
    assert deck_choice_kind(game_type) == kind


def test_only_a_fallen_wizard_only_event_makes_every_player_declare_and_the_five_wizards_are_the_choices():
    assert [
        f for f in ("general-opponent", "hero-only", "minion-only", "fallen-wizard-only") if declares_fallen_wizard(f)
    ] == ["fallen-wizard-only"]
    index = card_index()
    # Each is an avatar of the card index, with a Fallen-wizard printing (The White Hand).
    assert all(
        {card.alignment for card in index.find(name) if card.avatar} >= {"hero", "fallen-wizard"}
        for name in FALLEN_WIZARDS
    ), [(n, [(c.alignment, c.avatar) for c in index.find(n)]) for n in FALLEN_WIZARDS]
    assert len(OFFICIAL_SCENARIOS) == 3


def test_a_constructed_play_deck_holds_at_least_25_resources_and_25_hazards():
    # "sealed deck tournaments only require a 25/25 card minimum deck size": no deck has less.
    short = changed("3 Dodge\n", "").replace("3 Choking Shadows\n", "")
    result = check(short)
    assert [(p.rule, p.message) for p in result.problems] == [
        ("deck-minimum", "the play deck has 23 resources and characters; at least 25"),
        ("deck-minimum", "the play deck has 22 hazards; at least 25"),
    ]
    assert "25/25 card minimum" in result.problems[0].clause
    for policy in ("version-3-1998", "policy-4-2001"):
        assert rules(check(short, policy=policy)) == ["deck-minimum", "deck-minimum"]
    # A challenge deck is played as bought.
    assert "deck-minimum" not in rules(check(short, policy="policy-4-2001", game_type="challenge-deck"))


MINION_RING_DECK = """Pool
Bolg

Resources
Test of Fire
3 Gold Ring that Sauron Fancies
The One Ring

Sites
Barad-dûr
"""


def test_a_minion_deck_that_can_take_the_one_ring_to_barad_dur_can_win_with_it():
    # The minion's One Ring victory is Barad-dûr, which Version 3 and Policy Number 4 count
    # as "Winning with The One Ring (... etc.)"; Policy #1 scores only the Ring destroyed.
    for policy in ("version-3-1998", "policy-4-2001"):
        result = check(MINION_RING_DECK, policy=policy, event_format="minion-only")
        assert (result.alignment, result.capability) == ("minion", "one-ring")
        assert "Barad-dûr" in result.capability_reason
    without_the_site = check(
        MINION_RING_DECK.replace("Barad-dûr", "Minas Morgul"), policy="policy-4-2001", event_format="minion-only"
    )
    assert without_the_site.capability == "marshalling-points"
    assert "Barad-dûr" in without_the_site.capability_reason
    assert check(MINION_RING_DECK).capability == "marshalling-points"


def test_formats_belong_to_the_policies_that_define_them():
    # Policy #1 defines no format: one deck each for the whole tournament (General 12).
    refused = [
        (policy, event_format)
        for policy in ("policy-1-1996", "version-3-1998", "policy-4-2001")
        for event_format in ("single-deck", "general-opponent", "hero-only", "minion-only", "fallen-wizard-only")
        if _refused(policy, event_format)
    ]
    assert refused == [
        ("policy-1-1996", "general-opponent"),
        ("policy-1-1996", "hero-only"),
        ("policy-1-1996", "minion-only"),
        ("policy-1-1996", "fallen-wizard-only"),
        ("version-3-1998", "single-deck"),
        ("policy-4-2001", "single-deck"),
    ]


def _refused(policy: str, event_format: str) -> bool:
    try:
        check(LEGAL, policy=policy, event_format=event_format)
    except RuleError as error:
        assert (error.field, "Formats" in error.rule or "General 12" in error.rule) == ("format", True)
        return True
    return False


def test_policy_1_takes_one_deck_only():
    # General 12: "the same play deck, sideboard, and pool of starting characters for the entire tournament".
    two_decks = "Deck against hero\n" + LEGAL + "\nDeck against minion\n" + LEGAL
    result = check(two_decks)
    assert [(p.rule, p.clause, p.message) for p in result.problems] == [
        (
            "decks",
            "Policy #1, General 12: Deck Integrity (the same play deck, sideboard and pool all tournament)",
            "this event wants one deck",
        )
    ]
