"""Reading council-archive/1: every rejection names its field."""

import json
from pathlib import Path

import jsonschema
import pytest

from scoring import RuleError, parse_archive

from .builders import WIN, archive

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "scoring" / "archive.schema.json").read_text())


def rejected(doc):
    with pytest.raises(RuleError) as error:
        parse_archive(doc)
    return error.value.field


def test_the_documented_example_is_valid_for_the_engine_and_the_schema():
    example = json.loads((Path(__file__).resolve().parents[2] / "docs" / "archive-example.json").read_text())
    jsonschema.validate(example, SCHEMA)
    assert [p.id for p in parse_archive(example).players] == ["ann", "bob", "cat"]


def test_builder_archives_match_the_schema():
    jsonschema.validate(archive("abcd", [([("a", "b", WIN), ("c", "d", None)], None)]), SCHEMA)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(format="council-archive/2"), "format"),
        (lambda d: d["event"].update(policy="policy-9"), "event.policy"),
        (lambda d: d["event"].update(game_type="chess"), "event.game_type"),
        (lambda d: d["event"].update(tie_resolution="coin"), "event.tie_resolution"),
        (lambda d: d["event"].update(surprise=1), "event.surprise"),
        (lambda d: d["players"].append({"id": "a", "name": "Again"}), "players[4].id"),
        (lambda d: d["players"][0].update(name=""), "players[0].name"),
        (lambda d: d["players"][0].update(name="x" * 101), "players[0].name"),
        (lambda d: d["players"][0].update(status="asleep"), "players[0].status"),
        (lambda d: d["players"][0].update(dropped_after_round=1), "players[0].dropped_after_round"),
        (lambda d: d["players"][0].update(deck_capability="psychic"), "players[0].deck_capability"),
        (lambda d: d["rounds"][0].update(number=2), "rounds[0].number"),
        (lambda d: d["rounds"][0]["games"][0].update(players=["a", "a"]), "rounds[0].games[0].players[1]"),
        (lambda d: d["rounds"][0]["games"][0].update(players=["a", "zed"]), "rounds[0].games[0].players[1]"),
        (lambda d: d["rounds"][0]["games"][1].update(table=1), "rounds[0].games[1].table"),
        (lambda d: d["rounds"][0].update(bye="a"), "rounds[0].games[0].players[0]"),
        (lambda d: d["rounds"][0]["games"][0].update(result={"kind": "council", "mp": [1, -2000]}),
         "rounds[0].games[0].result.mp[1]"),
    ],
)
def test_bad_archives_are_rejected_with_the_field(change, field):
    doc = archive("abcd", [([("a", "b", WIN), ("c", "d", WIN)], None)])
    change(doc)
    assert rejected(doc) == field


def test_a_player_who_dropped_cannot_play_later():
    doc = archive(["a", "b", {"id": "c", "name": "C", "status": "dropped", "dropped_after_round": 1}, "d"],
                  [([("a", "b", WIN), ("c", "d", WIN)], None), ([("a", "c", WIN), ("b", "d", WIN)], None)])
    assert rejected(doc) == "rounds[1].games[0].players[1]"


def test_only_the_last_round_may_be_waiting_for_results():
    doc = archive("abcd", [([("a", "b", WIN), ("c", "d", None)], None), ([("a", "c", WIN), ("b", "d", WIN)], None)])
    assert rejected(doc) == "rounds[0]"


def test_the_error_line_names_field_and_rule():
    doc = archive("ab", [([("a", "b", {"kind": "wizard-eliminated", "winner": 0})], None)])
    with pytest.raises(RuleError) as error:
        parse_archive(doc)
    assert error.value.one_line() == (
        "rounds[0].games[0].result.kind: an eliminated Wizard does not end the game under Council of Lórien "
        "Tournament Policy Version 3, Swiss System (1998); record the Free Council result (the avatar's -5 MP "
        "where the policy gives it) [Version 3, Tournament Points: no result for an eliminated Wizard]")
