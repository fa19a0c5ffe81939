"""python -m scoring: JSON out, one-line errors with exit status 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .builders import WIN, archive

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_standings_from_standard_input():
    doc = archive("ab", [([("a", "b", WIN)], None)])
    out = run("standings", "-", stdin=json.dumps(doc))
    assert out.returncode == 0
    body = json.loads(out.stdout)
    assert [(r["rank"], r["player"], r["tp"]) for r in body["standings"]] == [(1, "a", 6), (2, "b", 0)]
    assert body["byes"] == [] and body["games"][0]["tp"] == [6, 0]


def test_info_reports_what_the_policy_implies():
    out = run("info", "--policy", "version-3-1998", "--players", "5", "--game-type", "one-deck-standard")
    body = json.loads(out.stdout)
    assert (body["rounds"], body["official"], body["time_limit_minutes"], body["warning_minutes"]) == (3, False, 50, 15)


def test_council_shows_the_steps():
    data = {"policy": "policy-4-2001", "players": [{"character": 6, "item": 2}, {"character": 3, "ally": 2}]}
    body = json.loads(run("council", "-", stdin=json.dumps(data)).stdout)
    # item doubles to 4 then character 6 > half of 10 caps to 4; ally doubles to 4 then caps to 3
    assert body["mp"] == [8, 6] and [s["step"] for s in body["steps"]] == [1, 2, 3, 4, 5]


def test_pair_prints_the_seed_it_used(tmp_path):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(archive("abcd")))
    first = json.loads(run("pair", str(path), "--seed", "77").stdout)
    again = json.loads(run("pair", str(path), "--seed", "77").stdout)
    drawn = json.loads(run("pair", str(path)).stdout)
    assert first == again and first["seed"] == 77 and first["round"] == 1
    assert isinstance(drawn["seed"], int) and len(drawn["games"]) == 2


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (
            ("pair", "-"),
            json.dumps(archive("abcd", [([("a", "b", WIN), ("c", "d", None)], None)])),
            "error: rounds[0].games[1].result: round 1, table 2 has no result yet; record it before pairing round 2",
        ),
        (
            ("standings", "-"),
            "{not json",
            "error: - is not valid JSON: Expecting property name enclosed in double quotes at line 1, column 2",
        ),
        (("standings", "/nonexistent.json"), None, "error: cannot read /nonexistent.json: No such file or directory"),
        (
            ("info", "--policy", "policy-1-1996", "--players", "1", "--game-type", "two-deck"),
            None,
            "error: players: a Swiss event needs at least 2 players, not 1 [Policy #1, The Tournament Format, Swiss "
            "System: Number of rounds]",
        ),
        (("frobnicate",), None, None),
        (("standings", "-"), "[" * 100_000 + "]" * 100_000, "error: - nests lists or objects deeper than 16 levels"),
        (("standings", "-"), "1" * 4301, "error: - has a number of 4301 digits; at most 100 are read"),
        (
            ("standings", "-"),
            json.dumps(archive("abcd", [([("a", "b", {"kind": "one-ring", "winner": 1.0})], None)])),
            "error: rounds[0].games[0].result.winner: winner must be 0 or 1, not 1.0",
        ),
        (("standings", "-"), '{"format": 1e999}', "error: - has a number too large to read (1e999)"),
        (
            ("standings", "-"),
            '{"\\ud800": 1}',
            "error: - has a field name holding a broken character (a lone surrogate escape)",
        ),
        (
            ("pair", "-", "--seed", str(2**63)),
            json.dumps(archive("abcd")),
            "error: --seed: the seed must be from 0 to 9223372036854775807",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(args, stdin, message):
    out = run(*args, stdin=stdin)
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    if message:
        assert lines[0] == message
