"""Reading council-archive/1: every rejection names its field."""

import json
from pathlib import Path

import jsonschema
import pytest

from scoring import RuleError, build_house_policy, limits, parse_archive, read_json

from .builders import WIN, archive

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "scoring" / "archive" / "archive.schema.json").read_text())


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
        (lambda d: d.update(format="council-archive/4"), "format"),
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
        (
            lambda d: d["rounds"][0]["games"][0].update(result={"kind": "council", "mp": [1, -2000]}),
            "rounds[0].games[0].result.mp[1]",
        ),
    ],
)
def test_bad_archives_are_rejected_with_the_field(change, field):
    doc = archive("abcd", [([("a", "b", WIN), ("c", "d", WIN)], None)])
    change(doc)
    assert rejected(doc) == field


def test_a_player_who_dropped_cannot_play_later():
    doc = archive(
        ["a", "b", {"id": "c", "name": "C", "status": "dropped", "dropped_after_round": 1}, "d"],
        [([("a", "b", WIN), ("c", "d", WIN)], None), ([("a", "c", WIN), ("b", "d", WIN)], None)],
    )
    assert rejected(doc) == "rounds[1].games[0].players[1]"


def test_only_the_last_round_may_be_waiting_for_results():
    doc = archive("abcd", [([("a", "b", WIN), ("c", "d", None)], None), ([("a", "c", WIN), ("b", "d", WIN)], None)])
    assert rejected(doc) == "rounds[0]"


def test_the_error_line_names_field_and_rule():
    doc = archive("ab", [([("a", "b", {"kind": "wizard-eliminated", "winner": 0})], None)], policy="policy-4-2001")
    with pytest.raises(RuleError) as error:
        parse_archive(doc)
    assert error.value.one_line() == (
        "rounds[0].games[0].result.kind: an eliminated Wizard does not end the game under Council of Lórien "
        "Tournament Policy Number 4 (2001); record the Free Council result (the avatar's -5 MP "
        "where the policy gives it) [Policy Number 4, Additional Rules: Victory Conditions (elimination no longer "
        "ends the game)]"
    )


# Limits (scoring/limits.py) and text (scoring/text.py) ------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["players"][0].update(name="A\x00"), "players[0].name"),
        (lambda d: d["players"][0].update(name="\u200b\ufeff"), "players[0].name"),
        (lambda d: d["players"][0].update(name="A\u2066"), "players[0].name"),
        (lambda d: d["players"][0].update(id="a\nb"), "players[0].id"),
        (lambda d: d["event"].update(place="x\x1b[31m"), "event.place"),
        (lambda d: d["event"].update(rounds_note="x" * (limits.MAX_NOTE_LENGTH + 1)), "event.rounds_note"),
        (lambda d: d["players"][0].update(ranking=limits.MAX_RANKING + 1), "players[0].ranking"),
        (lambda d: d["rounds"][0].update(seed=limits.MAX_SEED + 1), "rounds[0].seed"),
        (lambda d: d["rounds"][0]["games"][0].update(table=limits.MAX_TABLE + 1), "rounds[0].games[0].table"),
        (lambda d: d["event"].update(rounds_planned=limits.MAX_ROUNDS + 1), "event.rounds_planned"),
        (lambda d: d["event"].update(rounds_planned=0), "event.rounds_planned"),
        (lambda d: d["event"].update(playoff_winner=["a"]), "event.playoff_winner"),
        (lambda d: d["event"].update(playoff_winner="z"), "event.playoff_winner"),
        (lambda d: d["event"].update(status="registration"), "event.status"),
        (lambda d: d["event"].update(date="21/11/2026"), "event.date"),
    ],
)
def test_text_and_numbers_beyond_the_limits_are_rejected_with_the_field(change, field):
    doc = archive("abcd", [([("a", "b", WIN), ("c", "d", WIN)], None)])
    change(doc)
    assert rejected(doc) == field


@pytest.mark.parametrize(
    ("gathering", "field"),
    [
        (["weekend"], "event.gathering"),
        ({"id": "w", "name": "W", "more": 1}, "event.gathering.more"),
        ({"name": "W"}, "event.gathering.id"),
        ({"id": "w" * 65, "name": "W"}, "event.gathering.id"),
        ({"id": "w", "name": "W\x00"}, "event.gathering.name"),
        ({"id": "w", "name": "W", "entrants": []}, "event.gathering.entrants"),
        ({"id": "w", "name": "W", "entrants": {"z": "e1"}}, "event.gathering.entrants.z"),
        ({"id": "w", "name": "W", "entrants": {"a": ""}}, "event.gathering.entrants.a"),
        ({"id": "w", "name": "W", "entrants": {"a": "e1", "b": "e1"}}, "event.gathering.entrants.b"),
    ],
)
def test_a_gathering_is_checked_naming_the_field(gathering, field):
    doc = archive("abcd", [([("a", "b", WIN), ("c", "d", WIN)], None)])
    doc["format"] = "council-archive/3"
    doc["event"]["gathering"] = gathering
    assert rejected(doc) == field


def test_a_gathering_names_each_players_entrant_and_only_the_newest_format_holds_it():
    doc = archive("abcd", [([("a", "b", WIN), ("c", "d", WIN)], None)])
    doc["event"]["gathering"] = {"id": "lorien-weekend", "name": "Lórien Weekend", "entrants": {"a": "ann", "c": "cat"}}
    assert rejected(doc) == "event.gathering"  # council-archive/1
    doc["format"] = "council-archive/2"
    assert rejected(doc) == "event.gathering"
    doc["format"] = "council-archive/3"
    jsonschema.validate(doc, SCHEMA)
    record = parse_archive(doc).record.gathering
    assert (record.id, record.name, record.entrants) == ("lorien-weekend", "Lórien Weekend", {"a": "ann", "c": "cat"})


def test_names_in_any_script_and_the_largest_numbers_are_accepted():
    doc = archive([{"id": "a", "name": "Аня Ōno 李", "ranking": limits.MAX_RANKING}, "b"], [([("a", "b", WIN)], None)])
    doc["rounds"][0].update(seed=limits.MAX_SEED)
    doc["rounds"][0]["games"][0].update(table=limits.MAX_TABLE)
    doc["event"].update(rounds_planned=limits.MAX_ROUNDS, place="", rounds_note="n" * limits.MAX_NOTE_LENGTH)
    jsonschema.validate(doc, SCHEMA)
    parsed = parse_archive(doc)
    assert (parsed.players[0].name, parsed.rounds[0].seed, parsed.record.rounds_planned) == (
        "Аня Ōno 李",
        limits.MAX_SEED,
        limits.MAX_ROUNDS,
    )


def _schema_bounds(node, path=""):
    """Every maximum and maxLength the schema states, by the path of its property."""
    if isinstance(node, dict):
        for key in ("maximum", "maxLength", "maxItems"):
            if key in node:
                yield path, key, node[key]
        for key, value in node.items():
            yield from _schema_bounds(value, f"{path}.{key}" if key not in ("properties", "items") else path)
    elif isinstance(node, list):
        for value in node:
            yield from _schema_bounds(value, path)


def test_the_schema_states_the_engines_limits():
    stated = {(path, key): value for path, key, value in _schema_bounds(SCHEMA)}
    assert stated == {
        (".event.name", "maxLength"): limits.MAX_NAME_LENGTH,
        (".$defs.house_policy.title", "maxLength"): limits.MAX_NAME_LENGTH,
        (".$defs.house_policy.source", "maxLength"): limits.MAX_SOURCE_LENGTH,
        (".event.place", "maxLength"): limits.MAX_NAME_LENGTH,
        (".event.gathering.id", "maxLength"): limits.MAX_ID_LENGTH,
        (".event.gathering.name", "maxLength"): limits.MAX_NAME_LENGTH,
        (".event.gathering.entrants.additionalProperties", "maxLength"): limits.MAX_ID_LENGTH,
        (".event.rounds_planned", "maximum"): limits.MAX_ROUNDS,
        (".event.rounds_note", "maxLength"): limits.MAX_NOTE_LENGTH,
        (".event.playoff_winner", "maxLength"): limits.MAX_ID_LENGTH,
        (".players", "maxItems"): limits.MAX_PLAYERS,
        (".players.id", "maxLength"): limits.MAX_ID_LENGTH,
        (".players.name", "maxLength"): limits.MAX_NAME_LENGTH,
        (".players.dropped_after_round", "maximum"): limits.MAX_ROUNDS,
        (".players.avatar", "maxLength"): limits.MAX_NAME_LENGTH,
        (".players.ranking", "maximum"): limits.MAX_RANKING,
        (".stages", "maxItems"): limits.MAX_ROUNDS,
        (".stages.oneOf.players", "maxItems"): limits.MAX_PLAYERS,
        (".stages.oneOf.seed", "maximum"): limits.MAX_SEED,
        (".stages.oneOf.rounds", "maximum"): limits.MAX_ROUNDS,
        (".stages.oneOf.for_place", "maximum"): limits.MAX_PLAYERS,
        (".stages.oneOf.pools", "maxItems"): limits.MAX_POOL_SIZE,
        (".stages.oneOf.advance", "maximum"): limits.MAX_POOL_SIZE,
        (".event.pools", "maximum"): limits.MAX_POOLS,
        (".event.advance", "maximum"): limits.MAX_POOL_SIZE,
        (".rounds", "maxItems"): limits.MAX_ROUNDS,
        (".rounds.number", "maximum"): limits.MAX_ROUNDS,
        (".rounds.seed", "maximum"): limits.MAX_SEED,
        (".rounds.stage", "maximum"): limits.MAX_ROUNDS,
        (".rounds.games", "maxItems"): limits.MAX_TABLE,
        (".rounds.games.table", "maximum"): limits.MAX_TABLE,
        (".rounds.games.players", "maxItems"): 2,
        (".$defs.result.oneOf.mp", "maximum"): limits.MP_LIMIT,
        (".$defs.result.oneOf.mp", "maxItems"): 2,
    }


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[" * 100_000 + "]" * 100_000, f"deeper than {limits.MAX_JSON_DEPTH} levels"),
        ("[" * (limits.MAX_JSON_DEPTH + 1) + "]" * (limits.MAX_JSON_DEPTH + 1), "deeper than"),
        ("1" * 5000, "a number of 5000 digits"),
        ("[Infinity]", "Infinity, which JSON does not have"),
        ("{'a': 1}", "is not valid JSON"),
    ],
)
def test_json_out_of_bounds_is_one_rule_error(text, said):
    with pytest.raises(RuleError) as error:
        read_json(text, "upload.json")
    assert error.value.one_line().startswith("upload.json ") and said in error.value.one_line()


def test_json_at_the_bounds_is_read():
    depth = limits.MAX_JSON_DEPTH
    assert read_json("[" * depth + "]" * depth) is not None
    assert read_json("9" * limits.MAX_NUMBER_DIGITS) == int("9" * limits.MAX_NUMBER_DIGITS)


def test_a_byte_order_mark_before_the_document_is_ignored_and_anywhere_else_refused():
    # Notepad begins UTF-8 with one; RFC 8259 (8.1) lets a reader ignore it.
    assert read_json('\ufeff{"a": 1}') == {"a": 1}
    for misplaced in ('\ufeff\ufeff{"a": 1}', '{"a": 1}\ufeff', ' \ufeff{"a": 1}'):
        with pytest.raises(RuleError):
            read_json(misplaced)


def test_the_complete_examples_of_the_format_page_are_valid_for_the_engine_and_the_schema():
    page = (Path(__file__).resolve().parents[2] / "docs" / "archive-format.md").read_text()
    blocks = page.split("```json\n")[1:]
    documents = [json.loads(block.split("```")[0]) for block in blocks if block.startswith('{"format"')]
    examples = [document for document in documents if document["format"].startswith("council-archive/")]
    assert [example["format"] for example in examples] == ["council-archive/2", "council-archive/2"]
    # The house policy's example is valid for the engine and for the schema's definition of one.
    (house,) = [document for document in documents if document["format"] == "council-house-policy/1"]
    build_house_policy(house)
    jsonschema.validate(
        {**examples[0], "format": "council-archive/3", "event": {**examples[0]["event"], "policy": house}}, SCHEMA
    )
    for example in examples:
        jsonschema.validate(example, SCHEMA)
        parse_archive(example)
    top_cut = parse_archive(examples[-1])
    assert [stage.title for stage in top_cut.stages] == ["Top 4"] and top_cut.stages[0].first_round == 3
    # A version 1 file is valid too, and the fields version 2 added are not in it.
    jsonschema.validate({**examples[0], "format": "council-archive/1"}, SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**examples[-1], "format": "council-archive/1"}, SCHEMA)


def test_a_result_scored_once_per_archive_is_refused_alike_when_a_caller_gives_odd_containers():
    # The engine scores each kind of result once per archive; a result that cannot be a key (a set, a list in
    # a tuple) is scored, and refused, as it was before.
    document = {
        "format": "council-archive/3",
        "event": {"name": "X", "policy": "policy-4-2001", "game_type": "two-deck", "status": "running"},
        "players": [{"id": p, "name": p.upper()} for p in ("a", "b", "c", "d")],
        "rounds": [
            {
                "number": 1,
                "bye": None,
                "games": [
                    {"table": 1, "players": ["a", "b"], "result": {"kind": "council", "mp": [20, 10]}},
                    {"table": 2, "players": ["c", "d"], "result": {"kind": "council", "mp": {20, 10}}},
                ],
            }
        ],
    }
    with pytest.raises(RuleError, match=r"rounds\[0\]\.games\[1\]\.result\.mp"):
        parse_archive(document)
    document["rounds"][0]["games"][1]["result"]["mp"] = ([20], 10)
    with pytest.raises(RuleError, match=r"rounds\[0\]\.games\[1\]\.result\.mp\[0\]"):
        parse_archive(document)
    document["rounds"][0]["games"][1]["result"]["mp"] = (20, 10)
    first, second = parse_archive(document).rounds[0].games
    assert first.scored.points == second.scored.points, "a tuple of two numbers scores as their list"
