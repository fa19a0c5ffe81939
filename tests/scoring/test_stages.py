"""Elimination stages in the archive: top cut, elimination events, dice, withdrawals (scoring/finals/)."""

from __future__ import annotations

import json

import pytest

from scoring import (
    RuleError,
    bracket_of,
    compute_standings,
    final_ranking,
    get_policy,
    next_stage,
    parse_archive,
    score_result,
)
from tests.scoring.builders import EQUAL_MP, LOSS, TIE, WIN, add_round, add_stage
from tests.scoring.builders import archive as first_format
from tests.scoring.test_cli import run

EIGHT = list("abcdefgh")


def archive(*args, **kwargs) -> dict:
    """A council-archive/2 document from the first format's builder."""
    return {**first_format(*args, **kwargs), "format": "council-archive/2"}


def _swiss_eight(**event) -> dict:
    """Eight players, two Swiss rounds: a 12, then b c d 6 ... h 0, with ties where results say."""
    return archive(
        EIGHT,
        [
            ([("a", "b", WIN), ("c", "d", WIN), ("e", "f", WIN), ("g", "h", WIN)], None),
            ([("a", "c", WIN), ("e", "g", WIN), ("b", "d", WIN), ("f", "h", WIN)], None),
        ],
        policy="policy-4-2001",
        **event,
    )


def _play_bracket(doc: dict, stage: int, pick) -> None:
    """Play every ready match of the bracket each round until it has a champion."""
    while True:
        parsed = parse_archive(doc)
        bracket = bracket_of(parsed, parsed.stages[stage - 1])
        if bracket.complete:
            return
        add_round(doc, stage, [(m.players[0], m.players[1], pick(*m.players)) for m in bracket.next_matches])


def test_a_top_cut_seeds_the_best_by_the_standings_one_against_n():
    doc = _swiss_eight(top_cut=4)
    parsed = parse_archive(doc)
    assert final_ranking(parsed).pending == "Top 4 (single elimination): not started yet"
    plan = next_stage(parsed, seed=7)
    standing_order = [row.player for row in compute_standings(parsed).rows]
    assert plan.kind == "elimination" and plan.seeded_by == "standings" and plan.bracket == "single"
    assert plan.players[0] == "a" and plan.players[1] == "e"  # the two with two wins
    assert set(plan.players) <= set(standing_order[:6])
    stage = add_stage(
        doc,
        {
            "kind": "elimination",
            "bracket": "single",
            "players": list(plan.players),
            "seeded_by": "standings",
            "seed": 7,
        },
    )
    first = bracket_of(parse_archive(doc), parse_archive(doc).stages[0]).next_matches
    assert {frozenset(m.players) for m in first} == {
        frozenset((plan.players[0], plan.players[3])),
        frozenset((plan.players[1], plan.players[2])),
    }
    _play_bracket(doc, stage, lambda x, y: LOSS)  # the lower seed always wins
    ranking = final_ranking(parse_archive(doc))
    places = {p.player: p.place for p in ranking.placings}
    # 4 beats 1 and 3 beats 2; in the final (4, 3) the second player wins again.
    assert ranking.pending is None and ranking.champions == (plan.players[2],)
    assert sorted(places[p] for p in plan.players) == [1, 2, 3, 4]
    outside = [p for p in EIGHT if p not in plan.players]
    assert all(places[p] >= 5 for p in outside)


def test_a_tie_at_the_cut_line_is_drawn_from_the_seed_and_reported():
    doc = archive(
        list("abcd"), [([("a", "b", EQUAL_MP), ("c", "d", EQUAL_MP)], None)], policy="policy-4-2001", top_cut=2
    )
    plans = {next_stage(parse_archive(doc), seed=s).players for s in range(20)}
    assert len(plans) > 1  # the draw decides who is in, differently for different seeds
    plan = next_stage(parse_archive(doc), seed=3)
    assert plan.drawn == plan.players and len(plan.players) == 2


def test_an_elimination_event_seeds_by_ranking_then_draws_the_unranked():
    players = [
        {"id": "a", "name": "A", "ranking": 9},
        {"id": "b", "name": "B", "ranking": 2},
        {"id": "c", "name": "C"},
        {"id": "d", "name": "D"},
        {"id": "e", "name": "E", "ranking": 4},
    ]
    doc = archive(players, [], policy="policy-1-1996", structure="elimination", elimination="double")
    doc["format"] = "council-archive/2"
    plan = next_stage(parse_archive(doc), seed=1)
    assert plan.players[:3] == ("b", "e", "a") and set(plan.players[3:]) == {"c", "d"}
    assert set(plan.drawn) == {"c", "d"} and plan.bracket == "double"
    doc["event"]["seeding"] = "random"
    drawn = {next_stage(parse_archive(doc), seed=s).players for s in range(10)}
    assert len(drawn) > 1


def test_a_level_elimination_game_needs_the_dice_roll_and_only_it_does():
    policy = get_policy("policy-4-2001")
    with pytest.raises(RuleError) as error:
        score_result(policy, "two-deck", EQUAL_MP, elimination=True)
    assert error.value.field == "result.roll_winner" and "General 5 and 6" in error.value.rule
    rolled = score_result(policy, "two-deck", {**EQUAL_MP, "roll_winner": 1}, elimination=True)
    assert rolled.winner is None and rolled.goes_on == 1 and "dice" in rolled.explanation
    with pytest.raises(RuleError) as error:
        score_result(policy, "two-deck", {**WIN, "roll_winner": 1}, elimination=True)
    assert error.value.field == "result.roll_winner"
    with pytest.raises(RuleError) as error:
        score_result(policy, "two-deck", {**EQUAL_MP, "roll_winner": 0})
    assert error.value.field == "result.roll_winner"
    # Equal marshalling points under Policy #1 are a tie too.
    assert (
        score_result(
            get_policy("policy-1-1996"),
            "two-deck",
            {"kind": "council", "mp": [10, 10], "weakest_link": None, "roll_winner": 0},
            elimination=True,
        ).goes_on
        == 0
    )


def test_the_dice_roll_sends_its_winner_on_in_the_bracket():
    doc = archive(list("ab"), [], structure="elimination")
    stage = add_stage(doc, {"kind": "elimination", "bracket": "single", "players": ["a", "b"], "seeded_by": "ranking"})
    add_round(doc, stage, [("a", "b", {**TIE, "roll_winner": 1})])
    assert final_ranking(parse_archive(doc)).champions == ("b",)
    doc["rounds"][0]["games"][0]["result"] = TIE
    with pytest.raises(RuleError) as error:
        parse_archive(doc)
    assert error.value.field == "rounds[0].games[0].result.roll_winner"


def test_a_player_who_leaves_a_bracket_gives_the_next_match_away():
    players = [{"id": p, "name": p.upper()} for p in "abcd"]
    doc = archive(players, [], structure="elimination")
    stage = add_stage(
        doc, {"kind": "elimination", "bracket": "single", "players": list("abcd"), "seeded_by": "ranking"}
    )
    add_round(doc, stage, [("a", "d", WIN), ("b", "c", LOSS)])
    doc["players"][0].update(status="dropped", dropped_after_round=1)
    parsed = parse_archive(doc)
    bracket = bracket_of(parsed, parsed.stages[0])
    assert bracket.complete and bracket.champion == "c" and not bracket.next_matches
    places = {p.player: p.place for p in final_ranking(parsed).placings}
    assert places == {"c": 1, "b": 2, "d": 3, "a": None}


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: d["rounds"][0].update(stage=2), "rounds[0].stage"),
        (lambda d: d["rounds"][0].update(bye="a"), "rounds[0].bye"),
        (
            lambda d: d["rounds"][0].update(games=[{"table": 1, "players": ["a", "c"], "result": WIN}]),
            "rounds[0].games[0]",
        ),
        (lambda d: d["stages"][0].update(bracket="triple"), "stages[0].bracket"),
        (lambda d: d["stages"][0].update(players=["a", "a", "b", "c"]), "stages[0].players[1]"),
        (lambda d: d["event"].update(top_cut=4), "event.top_cut"),
        (lambda d: d["rounds"][0].pop("stage"), "rounds[0].stage"),
        (lambda d: d.update(format="council-archive/1"), "stages"),
    ],
)
def test_bad_stages_are_refused_naming_the_field(change, field):
    doc = archive(list("abcd"), [], structure="elimination")
    stage = add_stage(doc, {"kind": "elimination", "bracket": "single", "players": list("abcd")})
    add_round(doc, stage, [("a", "d", WIN), ("b", "c", WIN)])
    change(doc)
    with pytest.raises(RuleError) as error:
        parse_archive(doc)
    assert error.value.field.startswith(field)


def test_a_stage_unfinished_before_the_next_and_a_bracket_without_a_cut_are_refused():
    doc = _swiss_eight()
    add_stage(doc, {"kind": "elimination", "bracket": "single", "players": list("abcd")})
    with pytest.raises(RuleError) as error:
        parse_archive(doc)
    assert error.value.field == "stages[0]"
    doc = _swiss_eight(tie_resolution="playoff")
    add_stage(doc, {"kind": "playoff", "players": ["b", "c"], "rounds": 1})
    add_stage(doc, {"kind": "playoff", "players": ["b", "c"], "rounds": 1})
    with pytest.raises(RuleError) as error:
        parse_archive(doc)
    assert error.value.field == "stages[0]"


def test_a_first_format_archive_reads_as_swiss_only():
    parsed = parse_archive(first_format(EIGHT, [([("a", "b", WIN)], None)]))
    assert parsed.stages == () and parsed.event.structure == "swiss" and len(parsed.rounds) == 1
    doc = _swiss_eight()
    doc["event"]["top_cut"] = 4
    doc["format"] = "council-archive/1"
    with pytest.raises(RuleError) as error:
        parse_archive(doc)
    assert error.value.field == "event.top_cut"


def test_the_command_line_prints_each_bracket_by_round_with_the_next_matches_and_ranking():
    doc = _swiss_eight(top_cut=4, elimination="double")
    plan = next_stage(parse_archive(doc), seed=1)
    stage = add_stage(
        doc, {"kind": "elimination", "bracket": "double", "players": list(plan.players), "seeded_by": "standings"}
    )
    add_round(
        doc,
        stage,
        [
            (m.players[0], m.players[1], WIN)
            for m in bracket_of(parse_archive(doc), parse_archive(doc).stages[0]).next_matches
        ],
    )
    out = run("bracket", "-", stdin=json.dumps(doc))
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    [bracket] = report["stages"]
    assert bracket["title"] == "Top 4" and bracket["kind"] == "double" and bracket["first_round"] == 3
    first = bracket["rounds"][0]
    assert first["side"] == "winners" and first["round"] == 1
    assert [m["winner"] for m in first["matches"]] == [plan.players[0], plan.players[1]]
    assert set(bracket["next"]) == {"W2-1", "L1-1"}
    assert report["final"]["pending"] == "Top 4: the bracket is being played"
    assert run("bracket", "-", stdin="{}").returncode == 2


def test_a_round_that_is_not_an_object_is_refused_naming_it():
    doc = archive(list("ab"), [])
    doc["rounds"] = [[1]]
    with pytest.raises(RuleError) as error:
        parse_archive(doc)
    assert error.value.field == "rounds[0]"


def test_the_command_line_pairs_the_stage_under_way():
    doc = archive(list("abcd"), [], structure="elimination")
    add_stage(doc, {"kind": "elimination", "bracket": "single", "players": list("abcd")})
    out = run("pair", "-", "--seed", "1", stdin=json.dumps(doc))
    assert out.returncode == 0, out.stderr
    pairing = json.loads(out.stdout)
    assert pairing["round"] == 1 and pairing["bye"] is None
    assert sorted(sorted(game["players"]) for game in pairing["games"]) == [["a", "d"], ["b", "c"]]
