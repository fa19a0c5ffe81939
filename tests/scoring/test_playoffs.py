"""Playoffs among the players tied for the lead after the whole menu (scoring/playoffs.py)."""

from __future__ import annotations

import json

import pytest

from scoring.archive import parse_archive
from scoring.playoffs import playoff_plan
from scoring.policies import POLICIES, get_policy
from scoring.standings import compute_standings
from tests.scoring.builders import WIN, archive
from tests.scoring.test_cli import run


def _tied(count: int, policy: str, tie_resolution: str = "playoff") -> dict:
    """``count`` players who each beat one other player 20-5 in round 1: identical on every criterion."""
    leaders = [f"t{n}" for n in range(1, count + 1)]
    others = [f"o{n}" for n in range(1, count + 1)]
    games = [(leader, other, WIN) for leader, other in zip(leaders, others, strict=True)]
    return archive(leaders + others, [(games, None)], policy=policy, tie_resolution=tie_resolution)


@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize("count, rounds", [(2, 1), (3, 2), (4, 2), (5, 3)])
def test_the_playoff_takes_the_tied_players_and_the_rounds_of_the_policys_table(policy, count, rounds):
    standings = compute_standings(parse_archive(_tied(count, policy)))
    plan = playoff_plan(standings, get_policy(policy))
    assert plan.players == tuple(f"t{n}" for n in range(1, count + 1))
    assert plan.rounds == rounds == get_policy(policy).rounds_for(count)
    assert plan.clause.startswith(get_policy(policy).tiebreak_clause)


def test_no_playoff_for_co_champions_or_a_clear_leader():
    co = compute_standings(parse_archive(_tied(2, "policy-4-2001", "co-champions")))
    assert co.lead_tie is not None and playoff_plan(co, get_policy("policy-4-2001")) is None
    clear = archive("ab", [([("a", "b", WIN)], None)])
    assert playoff_plan(compute_standings(parse_archive(clear)), get_policy("version-3-1998")) is None


def test_the_command_line_reports_the_playoff_due():
    out = run("standings", "-", stdin=json.dumps(_tied(3, "policy-1-1996")))
    assert out.returncode == 0
    assert json.loads(out.stdout)["playoff"]["players"] == ["t1", "t2", "t3"]
    assert json.loads(out.stdout)["playoff"]["rounds"] == 2
    clear = run("standings", "-", stdin=json.dumps(archive("ab", [([("a", "b", WIN)], None)])))
    assert json.loads(clear.stdout)["playoff"] is None
