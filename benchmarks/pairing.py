"""Pairing benchmark: whole Swiss events with random results, every round paired.

    python benchmarks/pairing.py [--sizes 8,64,256,1000,10000] [--policy KEY] [--seed N]

Prints, per field size: median and worst engine time per round (pairing a parsed
archive, which includes building the players' records), peak memory of one pairing
(tracemalloc, in a separate run of the last round), rematches, repeat byes, floats,
the largest point gap, and rounds the search could not prove optimal.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring import get_policy, pair_next_round, parse_archive  # noqa: E402

OUTCOMES = [
    {"kind": "council", "mp": [20, 8]},
    {"kind": "council", "mp": [8, 20]},
    {"kind": "council", "mp": [15, 10]},
    {"kind": "council", "mp": [10, 14]},
    {"kind": "council", "mp": [12, 12]},
    {"kind": "tie"},
    {"kind": "one-ring", "winner": 0},
]


def simulate(size: int, policy_key: str, seed: int) -> dict:
    """Run one whole event of ``size`` players; returns the figures of its rounds."""
    rng = random.Random(seed)
    policy = get_policy(policy_key)
    doc = {
        "format": "council-archive/1",
        "event": {"name": f"Benchmark {size}", "policy": policy_key, "game_type": "two-deck"},
        "players": [{"id": f"p{i:05d}", "name": f"Player {i}"} for i in range(size)],
        "rounds": [],
    }
    outcomes = [o for o in OUTCOMES if policy.weakest_link_points is None or o.get("mp") != [12, 12]]
    times, rematches, repeat_byes, floats, gaps, unproven = [], 0, 0, 0, 0.0, 0
    archive = None
    for _ in range(policy.rounds_for(size)):
        archive = parse_archive(doc)
        round_seed = rng.randrange(2**31)
        started = time.perf_counter()
        result = pair_next_round(archive, round_seed)
        times.append(time.perf_counter() - started)
        quality = result.quality
        rematches += quality["rematches"]
        repeat_byes += quality["repeat_bye"]
        floats += quality["floats"]
        gaps = max(gaps, quality["max_point_gap"])
        unproven += not quality["proven_optimal"]
        doc["rounds"].append({
            "number": result.round,
            "bye": result.bye,
            "seed": round_seed,
            "games": [{"table": t, "players": [a, b], "result": rng.choice(outcomes)} for t, a, b in result.games],
        })
    # Peak memory of pairing the last round once more, traced on its own.
    tracemalloc.start()
    pair_next_round(archive, 1)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "size": size,
        "rounds": len(times),
        "median_ms": statistics.median(times) * 1000,
        "worst_ms": max(times) * 1000,
        "peak_mib": peak / 2**20,
        "rematches": rematches,
        "repeat_byes": repeat_byes,
        "floats": floats,
        "max_gap": gaps,
        "unproven": unproven,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="8,64,256,1000,10000")
    parser.add_argument("--policy", default="policy-4-2001")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--seeds", type=int, default=1, help="events per size; figures are worst or total over them")
    args = parser.parse_args()
    print(f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
          f"policy {args.policy}, seed {args.seed}")
    header = f"{'players':>8} {'rounds':>6} {'median ms':>10} {'worst ms':>9} {'peak MiB':>9} " \
             f"{'rematches':>9} {'repeat byes':>11} {'floats':>7} {'max gap':>7} {'unproven':>8}"
    print(header)
    for size in (int(s) for s in args.sizes.split(",")):
        runs = [simulate(size, args.policy, args.seed + size + 7919 * n) for n in range(args.seeds)]
        row = {
            "size": size,
            "rounds": sum(r["rounds"] for r in runs),
            "median_ms": statistics.median(r["median_ms"] for r in runs),
            "worst_ms": max(r["worst_ms"] for r in runs),
            "peak_mib": max(r["peak_mib"] for r in runs),
            **{key: sum(r[key] for r in runs) for key in ("rematches", "repeat_byes", "floats", "unproven")},
            "max_gap": max(r["max_gap"] for r in runs),
        }
        print(f"{row['size']:>8} {row['rounds']:>6} {row['median_ms']:>10.1f} {row['worst_ms']:>9.1f} "
              f"{row['peak_mib']:>9.1f} {row['rematches']:>9} {row['repeat_byes']:>11} {row['floats']:>7} "
              f"{row['max_gap']:>7} {row['unproven']:>8}", flush=True)


if __name__ == "__main__":
    main()
