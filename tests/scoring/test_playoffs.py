"""Playoff rounds among players tied after the whole menu (scoring/finals/next_stage.py, stages.py)."""

from __future__ import annotations

import json

import pytest

from scoring import (
    POLICIES,
    RuleError,
    compute_standings,
    final_ranking,
    get_policy,
    next_stage,
    pair_next_round,
    parse_archive,
    playoff_archive,
    playoff_for,
)
from tests.scoring.builders import EQUAL_MP, LOSS, TIE, WIN, add_round, add_stage, archive
from tests.scoring.test_cli import run


def _tied(count: int, policy: str, tie_resolution: str = "playoff") -> dict:
    """``count`` players who each beat one other player 20-5 in round 1: identical on every criterion."""
    leaders = [f"t{n}" for n in range(1, count + 1)]
    others = [f"o{n}" for n in range(1, count + 1)]
    games = [(leader, other, WIN) for leader, other in zip(leaders, others, strict=True)]
    return archive(leaders + others, [(games, None)], policy=policy, tie_resolution=tie_resolution)


def start(doc: dict, plan) -> int:
    """Write ``plan`` into ``doc`` as its next stage, the way the app does."""
    return add_stage(
        doc, {"kind": "playoff", "players": list(plan.players), "rounds": plan.rounds, "for_place": plan.for_place}
    )


def play(doc: dict, stage_number: int, pick=lambda a, b: WIN) -> None:
    """Pair every round of the playoff with the engine and record ``pick(a, b)`` at each table."""
    while True:
        parsed = parse_archive(doc)
        stage = parsed.stages[stage_number - 1]
        if len(stage.rounds) == stage.rounds_planned:
            return
        pairing = pair_next_round(playoff_archive(parsed, stage), seed=len(doc["rounds"]))
        add_round(doc, stage_number, [(a, b, pick(a, b)) for _, a, b in pairing.games], pairing.bye)


@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize("count, rounds", [(2, 1), (3, 2), (4, 2), (5, 3)])
def test_a_playoff_pairs_the_tied_players_for_the_policys_rounds_and_leaves_the_points_alone(policy, count, rounds):
    doc = _tied(count, policy)
    regular = compute_standings(parse_archive(doc))
    plan = next_stage(parse_archive(doc), seed=1)
    assert plan.kind == "playoff" and plan.for_place == 1
    assert plan.players == tuple(f"t{n}" for n in range(1, count + 1))
    assert plan.rounds == rounds == get_policy(policy).rounds_for(count)
    assert plan.clause.startswith(get_policy(policy).tiebreak_clause)

    number = start(doc, plan)
    play(doc, number)
    parsed = parse_archive(doc)
    stage = parsed.stages[0]
    assert len(stage.rounds) == rounds and stage.first_round == 2
    for rnd in stage.rounds:
        seated = [p for game in rnd.games for p in game.players] + ([rnd.bye] if rnd.bye else [])
        assert sorted(seated) == sorted(plan.players)  # only the tied play, each once a round
        assert (rnd.bye is not None) == (count % 2 == 1)  # an odd playoff gives a bye, as the policy does
    # The regular standings are the Swiss rounds' alone.
    assert compute_standings(parsed).as_dict()["standings"] == regular.as_dict()["standings"]
    # The playoff's own standings order the tied players in places 1..count.
    own = compute_standings(playoff_archive(parsed, stage))
    ranking = final_ranking(parsed)
    by_player = {p.player: p.place for p in ranking.placings}
    for row in own.rows:
        assert by_player[row.player] == row.rank
    assert next_stage(parsed, seed=2) is None or len(ranking.champions) > 1


def test_a_playoff_tied_again_is_followed_by_another_among_those_still_tied():
    doc = _tied(2, "policy-4-2001")
    first = start(doc, next_stage(parse_archive(doc), seed=1))
    play(doc, first, pick=lambda a, b: EQUAL_MP)
    parsed = parse_archive(doc)
    assert final_ranking(parsed).champions == ("t1", "t2")
    again = next_stage(parsed, seed=2)
    assert again.kind == "playoff" and again.players == ("t1", "t2") and again.rounds == 1
    second = start(doc, again)
    play(doc, second, pick=lambda a, b: WIN if a == "t2" else LOSS)
    ranking = final_ranking(parse_archive(doc))
    assert ranking.champions == ("t2",) and ranking.pending is None
    assert next_stage(parse_archive(doc), seed=3) is None


def test_a_tied_lower_tier_may_have_its_own_playoff_for_its_places():
    # a wins, and c, d, e and f all tie: the four share place 2, b is last.
    doc = archive("abcdef", [([("a", "b", WIN), ("c", "d", TIE), ("e", "f", TIE)], None)], policy="policy-1-1996")
    ranking = final_ranking(parse_archive(doc))
    tied = dict(ranking.tied_places())
    assert tied[2] == ("c", "d", "e", "f")
    plan = playoff_for(parse_archive(doc), ranking, 2)
    assert plan.for_place == 2 and plan.rounds == 2 and plan.clause.startswith("Policy #1, Tournament Point Ties")
    number = start(doc, plan)
    play(doc, number)
    places = {p.player: p.place for p in final_ranking(parse_archive(doc)).placings}
    assert places["a"] == 1 and places["b"] == 6
    # Two rounds of four leave 2-0, 1-1, 1-1, 0-2: the playoff's own standings order them.
    assert sorted(places[p] for p in "cdef") in ([2, 3, 3, 5], [2, 3, 4, 5])
    with pytest.raises(ValueError):
        playoff_for(parse_archive(doc), final_ranking(parse_archive(doc)), 2)


def test_no_playoff_for_co_champions_or_a_clear_leader():
    co = parse_archive(_tied(2, "policy-4-2001", "co-champions"))
    assert co and next_stage(co, seed=1) is None and final_ranking(co).champions == ("t1", "t2")
    clear = parse_archive(archive("ab", [([("a", "b", WIN)], None)]))
    assert next_stage(clear, seed=1) is None


def test_a_playoff_must_follow_the_policys_table_and_seat_only_its_players():
    doc = _tied(3, "version-3-1998")
    add_stage(doc, {"kind": "playoff", "players": ["t1", "t2", "t3"], "rounds": 3})
    with pytest.raises(RuleError) as error:
        parse_archive(doc)
    assert error.value.field == "stages[0].rounds"
    doc["stages"][0]["rounds"] = 2
    add_round(doc, 1, [("t1", "o1", WIN)], "t2")
    with pytest.raises(RuleError) as error:
        parse_archive(doc)
    assert error.value.field == "rounds[1].games[0].players[1]"


def test_the_command_line_reports_the_playoff_due():
    out = run("standings", "-", stdin=json.dumps(_tied(3, "policy-1-1996")))
    assert out.returncode == 0
    assert json.loads(out.stdout)["playoff"]["players"] == ["t1", "t2", "t3"]
    assert json.loads(out.stdout)["playoff"]["rounds"] == 2
    clear = run("standings", "-", stdin=json.dumps(archive("ab", [([("a", "b", WIN)], None)])))
    assert json.loads(clear.stdout)["playoff"] is None
    assert json.loads(clear.stdout)["final"]["champions"] == ["a"]


def test_a_lower_place_playoff_follows_its_players_when_a_player_above_them_leaves():
    doc = archive("abcdef", [([("a", "b", WIN), ("c", "d", TIE), ("e", "f", TIE)], None)], policy="policy-1-1996")
    number = start(doc, playoff_for(parse_archive(doc), final_ranking(parse_archive(doc)), 2))
    play(doc, number)
    doc["players"][0].update(status="dropped", dropped_after_round=3)  # the leader leaves after the playoff
    ranking = final_ranking(parse_archive(doc))
    # The playoff's best is now first: the places its players shared moved up with them.
    assert len(ranking.champions) == 1 and ranking.champions[0] in "cdef"
    assert sorted(p.place for p in ranking.placings if p.place is not None)[0] == 1


def test_a_playoff_with_fewer_than_two_players_left_is_over():
    doc = _tied(3, "version-3-1998")
    number = start(doc, next_stage(parse_archive(doc), seed=1))
    parsed = parse_archive(doc)
    pairing = pair_next_round(playoff_archive(parsed, parsed.stages[0]), seed=1)
    add_round(doc, number, [(a, b, WIN) for _, a, b in pairing.games], pairing.bye)
    for player in doc["players"]:
        if player["id"] in ("t1", "t2", "t3") and player["id"] != (pairing.games[0][1]):
            player.update(status="dropped", dropped_after_round=2)
    ranking = final_ranking(parse_archive(doc))
    assert ranking.pending is None and ranking.champions == (pairing.games[0][1],)
    assert next_stage(parse_archive(doc), seed=2) is None


def test_a_playoff_posted_without_the_menu_is_due_among_all_tied_on_points():
    # Policy #1, option (ii) posted alone: a beat b, yet both play the playoff for the lead.
    games = [
        ([("a", "b", WIN), ("y", "x", {"kind": "council", "mp": [15, 10]})], None),
        ([("x", "a", {"kind": "council", "mp": [14, 10]}), ("b", "y", WIN)], None),
    ]
    doc = archive("abxy", games, policy="policy-1-1996", tie_resolution="playoff-without-menu")
    plan = next_stage(parse_archive(doc), seed=1)
    assert (plan.kind, set(plan.players), plan.for_place, plan.rounds) == ("playoff", {"a", "b"}, 1, 1)
    doc["event"]["tie_resolution"] = "playoff"
    assert next_stage(parse_archive(doc), seed=1) is None  # the menu decided: a won head-to-head


def test_after_a_playoff_the_standings_in_final_order_name_one_champion():
    from scoring import standings_in_final_order

    doc = _tied(2, "policy-4-2001")
    first = start(doc, next_stage(parse_archive(doc), seed=1))
    play(doc, first, pick=lambda a, b: WIN)
    parsed = parse_archive(doc)
    swiss = compute_standings(parsed)
    ranking = final_ranking(parsed)
    final = standings_in_final_order(swiss, ranking)
    assert [row.rank for row in swiss.rows if row.player in ("t1", "t2")] == [1, 1]
    assert sorted(row.rank for row in final.rows if row.player in ("t1", "t2")) == [1, 2]
    assert [row.rank for row in final.rows if row.rank == 1] == [1] and final.lead_tie is None
    champion = next(row for row in final.rows if row.rank == 1)
    # The note that the two were still tied after every criterion now says what the playoff decided.
    assert champion.notes[-1].startswith("tied with T") and champion.notes[-1].endswith(", then Playoff, place 1 of 2")
    assert not any(
        note.startswith("still tied") for row in final.rows if row.player in ("t1", "t2") for note in row.notes
    )


def test_a_playoff_played_on_paper_and_recorded_decides_first_place():
    doc = _tied(2, "policy-4-2001")
    doc["event"]["playoff_winner"] = "t2"
    ranking = final_ranking(parse_archive(doc))
    assert ranking.champions == ("t2",)
    assert {p.player: (p.place, p.how) for p in ranking.placings if p.player in ("t1", "t2")} == {
        "t2": (1, "playoff played on paper, won"),
        "t1": (2, "playoff played on paper, lost"),
    }
