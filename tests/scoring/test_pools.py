"""Round-robin pools before a knockout (scoring/finals/pools.py, pools_schedule.py; issue 31)."""

from __future__ import annotations

import itertools
import json

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import RuleError, bracket_of, final_ranking, next_stage, pair_next, parse_archive
from scoring.finals.brackets import seed_positions
from scoring.finals.pools import pool_orders
from scoring.finals.pools_schedule import draw_pools, knockout_seeds, pool_rounds, round_robin
from tests.scoring.builders import WIN, add_round
from tests.scoring.builders import archive as first_format
from tests.scoring.test_archive import SCHEMA
from tests.scoring.test_cli import run

SIXTEEN = [f"p{i:02d}" for i in range(1, 17)]


def pools_event(players=SIXTEEN, pools=4, advance=2, **event) -> dict:
    """A council-archive/3 event of pools, its players ranked 1, 2, 3... in the order given."""
    ranked = [{"id": p, "name": p.upper(), "ranking": i} for i, p in enumerate(players, start=1)]
    doc = first_format(ranked, policy="policy-4-2001", structure="pools", pools=pools, advance=advance, **event)
    doc["format"] = "council-archive/3"
    return doc


def start_stage(doc: dict, plan) -> int:
    """Add the planned stage to ``doc``; its number."""
    header = {"kind": plan.kind, "players": list(plan.players), "seeded_by": plan.seeded_by, "seed": plan.seed}
    if plan.kind == "pools":
        header |= {"pools": [list(pool) for pool in plan.pools], "advance": plan.advance}
    else:
        header["bracket"] = plan.bracket
    doc.setdefault("stages", []).append(header)
    return len(doc["stages"])


def better_seed_wins(a: str, b: str) -> dict:
    """The player ranked better (the lower id) wins 20-5."""
    return WIN if a < b else {"kind": "council", "mp": [5, 20]}


@pytest.mark.parametrize("size", range(3, 9))
def test_a_round_robin_meets_every_other_player_once(size):
    pool = [f"x{i}" for i in range(size)]
    schedule = round_robin(pool)
    assert len(schedule) == (size if size % 2 else size - 1)
    met = [frozenset(pair) for rnd in schedule for pair in rnd]
    assert sorted(met, key=sorted) == sorted((frozenset(p) for p in itertools.combinations(pool, 2)), key=sorted)
    for rnd in schedule:
        seated = [player for pair in rnd for player in pair]
        assert len(seated) == len(set(seated)) == size - size % 2  # an odd pool: one sits out


def test_pools_are_dealt_back_and_forth_so_the_best_are_apart():
    assert draw_pools(SIXTEEN, 4) == (
        ("p01", "p08", "p09", "p16"),
        ("p02", "p07", "p10", "p15"),
        ("p03", "p06", "p11", "p14"),
        ("p04", "p05", "p12", "p13"),
    )
    sizes = [len(pool) for pool in draw_pools(SIXTEEN[:14], 4)]
    assert sorted(sizes) == [3, 3, 4, 4]


@given(st.integers(min_value=2, max_value=8), st.integers(min_value=1, max_value=3))
@settings(max_examples=60, deadline=None)
def test_the_knockout_pairs_no_two_players_of_one_pool_in_its_first_round_where_it_can(pools, advance):
    orders = [[f"{chr(65 + p)}{place}" for place in range(1, 4)] for p in range(pools)]
    seeds = knockout_seeds(orders, advance)
    assert sorted(seeds) == sorted(order[place] for order in orders for place in range(advance))
    assert seeds[:pools] == tuple(order[0] for order in orders)  # the winners first, in pool order
    size = 1
    while size < len(seeds):
        size *= 2
    if advance == 2 and pools >= 2:
        for seed in range(1, len(seeds) + 1):
            opponent = size + 1 - seed
            if opponent <= len(seeds):
                assert seeds[seed - 1][0] != seeds[opponent - 1][0]
    if advance == 2 and pools in (2, 4, 8):
        # A full bracket: each pool's winner and runner-up in opposite halves, so they meet only in the final.
        top = set(seed_positions(size)[: size // 2])
        for order in orders:
            winner, runner_up = seeds.index(order[0]) + 1, seeds.index(order[1]) + 1
            assert (winner in top) != (runner_up in top)


def test_sixteen_players_in_four_pools_play_to_a_champion():
    doc = pools_event()
    parsed = parse_archive(doc)
    assert final_ranking(parsed).pending == "Pools: not dealt yet"
    with pytest.raises(RuleError, match="deals its pools before its first round"):
        pair_next(parsed, seed=1)
    plan = next_stage(parsed, seed=5)
    assert (plan.kind, plan.seeded_by, plan.rounds, plan.advance) == ("pools", "ranking", 3, 2)
    assert plan.pools == draw_pools(SIXTEEN, 4)
    stage = start_stage(doc, plan)
    for _round in range(3):
        pairing = pair_next(parse_archive(doc), seed=1)
        assert len(pairing.games) == 8 and pairing.bye is None
        add_round(doc, stage, [(a, b, better_seed_wins(a, b)) for _table, a, b in pairing.games])
    parsed = parse_archive(doc)
    with pytest.raises(RuleError, match="the pools are played"):
        pair_next(parsed, seed=1)
    assert pool_orders(parsed, parsed.stages[0]) == tuple(tuple(sorted(pool)) for pool in plan.pools)
    ranking = final_ranking(parsed)
    assert ranking.pending == "Knockout: not started yet"
    places = {p.player: (p.place, str(p.how)) for p in ranking.placings}
    assert places["p01"] == (1, "Pools: pool A, place 1") and places["p08"] == (5, "Pools: pool A, place 2")
    assert places["p16"] == (13, "Pools: pool A, place 4")

    knockout = next_stage(parsed, seed=5)
    assert (knockout.kind, knockout.seeded_by) == ("elimination", "pools")
    # Winners A1-D1, then runners-up placed so that each pool's two are in opposite halves.
    assert knockout.players == ("p01", "p02", "p03", "p04", "p07", "p08", "p05", "p06")
    final = start_stage(doc, knockout)
    first = bracket_of(parse_archive(doc), parse_archive(doc).stages[1]).next_matches
    # Each pool winner meets a runner-up of another pool.
    assert {frozenset(m.players) for m in first} == {
        frozenset({"p01", "p06"}),
        frozenset({"p04", "p07"}),
        frozenset({"p02", "p05"}),
        frozenset({"p03", "p08"}),
    }
    while not bracket_of(parse_archive(doc), parse_archive(doc).stages[1]).complete:
        matches = bracket_of(parse_archive(doc), parse_archive(doc).stages[1]).next_matches
        add_round(doc, final, [(*m.players, better_seed_wins(*m.players)) for m in matches])
    ranking = final_ranking(parse_archive(doc))
    assert ranking.pending is None and ranking.champions == ("p01",)
    places = {p.player: p.place for p in ranking.placings}
    assert places["p02"] == 2 and places["p09"] == places["p12"] == 9 and places["p16"] == 13
    jsonschema.validate(doc, SCHEMA)  # the whole event, as the documented schema says


def test_an_odd_pool_sits_one_out_each_round_and_a_player_who_leaves_is_not_paired():
    doc = pools_event(SIXTEEN[:6], pools=2, advance=1)
    plan = next_stage(parse_archive(doc), seed=1)
    assert plan.pools == (("p01", "p04", "p05"), ("p02", "p03", "p06")) and plan.rounds == 3
    stage = start_stage(doc, plan)
    pairing = pair_next(parse_archive(doc), seed=1)
    assert len(pairing.games) == 2 and pairing.bye is None
    add_round(doc, stage, [(a, b, better_seed_wins(a, b)) for _t, a, b in pairing.games])
    # p05 leaves after round 1: their later games are not played; the opponent sits out.
    doc["players"][4] |= {"status": "dropped", "dropped_after_round": 1}
    later = pair_next(parse_archive(doc), seed=1)
    assert all("p05" not in (a, b) for _t, a, b in later.games)


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: d["rounds"][0]["games"].pop(), "rounds[0].games"),
        (lambda d: d["rounds"][0].update(bye="p01"), "rounds[0].bye"),
        (lambda d: d["stages"][0].update(advance=5), "stages[0].advance"),
        (lambda d: d["stages"][0]["pools"][0].append("p02"), "stages[0].pools[1][0]"),
        (lambda d: d["stages"][0]["pools"].append(["p01", "p02"]), "stages[0].pools[4]"),
        (lambda d: d.update(format="council-archive/2"), "event.structure"),
        (lambda d: d["event"].pop("pools"), "event.pools"),
    ],
)
def test_a_wrong_pool_stage_is_refused_naming_its_field(change, field):
    doc = pools_event()
    stage = start_stage(doc, next_stage(parse_archive(doc), seed=5))
    pairing = pair_next(parse_archive(doc), seed=1)
    add_round(doc, stage, [(a, b, WIN) for _table, a, b in pairing.games])
    parse_archive(doc)
    change(doc)
    with pytest.raises(RuleError) as refused:
        parse_archive(doc)
    assert refused.value.field == field


def test_too_many_pools_for_the_players_is_refused():
    with pytest.raises(RuleError, match="a pool holds 3 to 8") as refused:
        next_stage(parse_archive(pools_event(SIXTEEN[:8], pools=4)), seed=1)
    assert refused.value.field == "pools"
    assert pool_rounds(draw_pools(SIXTEEN[:15], 2)) == 7  # pools of 8 and 7: seven rounds each


def test_the_command_line_pairs_an_event_of_pools(tmp_path):
    doc = pools_event()
    start_stage(doc, next_stage(parse_archive(doc), seed=5))
    path = tmp_path / "pools.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    paired = json.loads(run("pair", str(path), "--seed", "1").stdout)
    assert len(paired["games"]) == 8 and paired["round"] == 1
