"""Deck lists as players write them (scoring/decks/lists.py) and the card index (scoring/decks/cards.py)."""

from __future__ import annotations

import json

import pytest

from scoring import INDEX_PATH, DeckList, RuleError, build_index, card_index, read_deck_json, read_deck_text
from scoring.decks.cards import card_key, read_written

from .test_cli import run


def _entries(deck_list: DeckList, deck: str = "main", section: str = "play") -> list[tuple[int, str]]:
    return [(entry.count, entry.name) for entry in deck_list.decks[deck].section(section)]


@pytest.mark.parametrize(
    "line",
    [
        "3 Orc-patrol",
        "3x Orc-patrol",
        "3 x Orc-patrol",
        "x3 Orc-patrol",
        "Orc-patrol x3",
        "Orc-patrol (3)",
        "Orc-patrol 3",
        "3 Orc-patrol [TW]",
    ],
)
def test_a_count_may_be_written_in_front_or_behind(line):
    assert _entries(read_deck_text(line)) == [(3, "Orc-patrol")]


def test_headings_choose_the_section_and_a_line_without_a_count_is_one_copy():
    text = (
        "Pool (2):\nGandalf\nAragorn II\n\n# Resources (1)\nSting\n// a note\n"
        "SIDEBOARD\n2 Doors of Night\nSites:\nMoria"
    )
    deck_list = read_deck_text(text)
    assert _entries(deck_list, section="pool") == [(1, "Gandalf"), (1, "Aragorn II")]
    assert _entries(deck_list) == [(1, "Sting")]
    assert _entries(deck_list, section="sideboard") == [(2, "Doors of Night")]
    assert _entries(deck_list, section="sites") == [(1, "Moria")]


def test_the_online_clients_files_read_with_their_tags_and_set_codes():
    gccg = (
        "####\nDeck\n####\n\n# Hazard (3)\n3 Orc-watch (LE)\n# Character (1)\n1 Balin [H] (TW)\n"
        "####\nPool\n####\n1 Gandalf [H] (TW)"
    )
    deck_list = read_deck_text(gccg)
    assert _entries(deck_list) == [(3, "Orc-watch (LE)"), (1, "Balin [H] (TW)")]
    index = card_index()
    assert index.find("Orc-watch (LE)")[0].set == "LE"
    assert index.find("Balin [H] (TW)")[0].alignment == "hero"
    netmeccg = "[NetMECCG v1.4 Deck]\n[starting]\nThe Witch-king\n[resources]\nMoria*\n[anti-FW]\nOrc-guard"
    deck_list = read_deck_text(netmeccg)
    assert _entries(deck_list, section="pool") == [(1, "The Witch-king")]
    assert index.find(_entries(deck_list)[0][1])[0].alignment == "minion"
    assert [entry.name for entry in deck_list.against_fallen_wizard] == ["Orc-guard"]


def test_a_general_opponent_list_has_a_deck_against_each_alignment():
    deck_list = read_deck_text("Deck against hero\nPool\nGandalf\nDeck vs. minions\nHazards\n3 Orc-patrol")
    assert set(deck_list.decks) == {"against-hero", "against-minion"}
    assert _entries(deck_list, "against-minion") == [(3, "Orc-patrol")]


@pytest.mark.parametrize(
    "text, said",
    [
        ("0 Sting", "line 1: “0 Sting”: a count must be from 1 to 99"),
        ("Pool\n150 Orc-patrol", "line 2: “150 Orc-patrol”: a count must be from 1 to 99"),
        ("Sting\n" + "O" * 101, "line 2: a card name is at most 100 characters"),
    ],
)
def test_a_line_that_cannot_be_read_is_named(text, said):
    with pytest.raises(RuleError) as refused:
        read_deck_text(text)
    assert refused.value.one_line() == said


def test_the_json_form_reads_back_what_as_dict_gives():
    deck_list = read_deck_text("Pool\nGandalf\nResources\n3 Athelas\nAgainst Fallen-wizard\nOrc-guard\nProduct\nSting")
    assert read_deck_json(json.loads(json.dumps(deck_list.as_dict()))).as_dict() == deck_list.as_dict()


@pytest.mark.parametrize(
    "data, field",
    [
        ([], "list"),
        ({"decks": {"sideways": {}}}, "decks"),
        ({"play": [{"name": "Sting", "count": 1.0}]}, "decks.main.play[0].count"),
        ({"play": [{"name": "", "count": 1}]}, "decks.main.play[0].name"),
        ({"decks": {}, "surprise": 1}, "list"),
    ],
)
def test_a_json_list_that_is_not_a_deck_list_names_the_field(data, field):
    with pytest.raises(RuleError) as refused:
        read_deck_json(data)
    assert refused.value.field == field


def test_names_are_compared_without_accents_case_punctuation_or_tags():
    assert card_key("Khamûl the Easterling") == card_key("khamul the easterling") == card_key("Khamul-the-Easterling")
    assert read_written("Balin [H] (TW)").alignment == "hero" and read_written("Balin [H] (TW)").set_code == "TW"
    assert read_written("Moria*").alignment == "minion"


def test_the_stored_index_holds_facts_only_and_names_its_source():
    stored = json.loads(INDEX_PATH.read_text(encoding="utf-8"))
    assert stored["source"].startswith("council-of-elrond-meccg/meccg-cards-database")
    assert len(stored["cards"]) == 1683
    allowed = {"id", "name", "set", "type", "subtype", "alignment", "unique", "mind", "race", "avatar", "other_names"}
    assert set().union(*stored["cards"]) <= allowed
    theoden = next(card for card in stored["cards"] if card["name"] == "Théoden")
    assert theoden["mind"] == 6 and theoden["unique"] is True


def test_building_the_index_keeps_facts_and_drops_text_images_and_repeated_names():
    database = {
        "TW": {
            "name": {"en": "The Wizards"},
            "cards": {
                "TW-333": {
                    "id": "TW-333",
                    "set": "TW",
                    "type": "Resource",
                    "alignment": "Hero",
                    "name": {"en": "Sting", "es": "Dardo", "fr": "Dard", "de": "Sting"},
                    "text": {"en": "words of the card"},
                    "image": "sting.jpg",
                    "artist": "someone",
                    "attributes": {"subtype": "Minor Item", "unique": True, "homeSite": {"en": "a place"}},
                }
            },
        }
    }
    built = build_index(database, "a test")
    assert built == {
        "source": "a test",
        "sets": {"TW": "The Wizards"},
        "cards": [
            {
                "id": "TW-333",
                "name": "Sting",
                "set": "TW",
                "type": "resource",
                "alignment": "hero",
                "subtype": "Minor Item",
                "unique": True,
                "other_names": ["Dard", "Dardo"],
            }
        ],
    }


def test_the_deck_command_prints_the_check(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Pool\nGandalf\nResources\n4 Athelas\nHazards\n3 Orc-patorl\n", encoding="utf-8")
    out = run("deck", str(deck), "--policy", "policy-4-2001", "--game-type", "two-deck", "--format", "hero-only")
    assert out.returncode == 0, out.stderr
    printed = json.loads(out.stdout)
    assert printed["legal"] is False
    # Four copies, and a play deck of 7 cards where every tournament deck has 25 and 25.
    assert [problem["rule"] for problem in printed["problems"]] == ["copies", "deck-minimum", "deck-minimum"]
    assert printed["unknown"][0]["suggestions"][0] == "Orc-patrol"
    assert printed["capability"] == "marshalling-points" and printed["counts"]["main"]["play"] == 7


def test_the_deck_command_refuses_a_format_the_policy_does_not_define(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Pool\nGandalf\n", encoding="utf-8")
    out = run("deck", str(deck), "--policy", "policy-1-1996", "--game-type", "two-deck", "--format", "hero-only")
    assert out.returncode == 2
    assert out.stderr.startswith("error: format: Council of Lórien Policy #1 (1996) has no 'hero-only' format")


@pytest.mark.parametrize(
    "stdin, message",
    [
        ("0 Sting", "error: line 1: “0 Sting”: a count must be from 1 to 99"),
        ('{"play": 3}', 'error: decks.main.play: must be a list of {"count", "name"} objects'),
        ("{", "error: - is not valid JSON: Expecting property name enclosed in double quotes at line 1, column 2"),
    ],
)
def test_the_deck_command_refuses_what_it_cannot_read_in_one_line(stdin, message):
    out = run("deck", "-", "--policy", "policy-4-2001", "--game-type", "two-deck", "--format", "hero-only", stdin=stdin)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == message


def test_a_line_longer_than_any_card_is_refused_before_it_is_read():
    with pytest.raises(RuleError) as refused:
        read_deck_text("Pool\n" + "a" + " " * 5000 + "b")
    assert refused.value.one_line() == "line 2: the line is longer than 300 characters"


def test_separator_lines_are_not_cards():
    deck_list = read_deck_text("-----\nHazards (20)\n3 Orc-patrol\n=====\n* * *\nSideboard 15 cards\nGiant")
    assert _entries(deck_list) == [(3, "Orc-patrol")]
    assert _entries(deck_list, section="sideboard") == [(1, "Giant")]
