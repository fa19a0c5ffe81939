"""Bracket benchmark: whole elimination events played out, the archive read and ranked at the end.

    python benchmarks/brackets.py [--sizes 32,256,1000] [--kind double] [--seed N]

Prints, per field size: the event rounds the bracket took, and the time to read the
archive and to build the final ranking (the bracket and the standings behind it), which
is what every page of a bracket does once per change of the event (events/queries/stages.py).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import bracket_of, final_ranking, next_stage, parse_archive


def played_out(size: int, kind: str, seed: int) -> dict:
    """An elimination event of ``size`` players, seeded at random, every match decided by chance."""
    players = [{"id": f"p{n}", "name": f"Player {n}"} for n in range(1, size + 1)]
    doc = {
        "format": "council-archive/2",
        "players": players,
        "rounds": [],
        "event": {
            "name": "Benchmark",
            "policy": "policy-4-2001",
            "game_type": "two-deck",
            "structure": "elimination",
            "elimination": kind,
            "seeding": "random",
        },
    }
    plan = next_stage(parse_archive(doc), seed=seed)
    doc["stages"] = [{"kind": "elimination", "bracket": kind, "players": list(plan.players), "seeded_by": "random"}]
    chance = random.Random(seed)
    while True:
        parsed = parse_archive(doc)
        bracket = bracket_of(parsed, parsed.stages[0])
        if bracket.complete:
            return doc
        doc["rounds"].append(
            {
                "number": len(doc["rounds"]) + 1,
                "stage": 1,
                "bye": None,
                "games": [
                    {
                        "table": table,
                        "players": list(match.players),
                        "result": {"kind": "council", "mp": [20, 10] if chance.random() < 0.5 else [10, 20]},
                    }
                    for table, match in enumerate(bracket.next_matches, start=1)
                ],
            }
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="32,256,1000")
    parser.add_argument("--kind", default="double", choices=["single", "double"])
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(
        f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
        f"{args.kind} elimination, seed {args.seed}"
    )
    print(f"{'players':>8} {'rounds':>7} {'read ms':>8} {'ranking ms':>11}")
    for size in (int(text) for text in args.sizes.split(",")):
        doc = played_out(size, args.kind, args.seed)
        start = time.perf_counter()
        parsed = parse_archive(doc)
        read = time.perf_counter() - start
        start = time.perf_counter()
        final_ranking(parsed)
        ranking = time.perf_counter() - start
        print(f"{size:>8} {len(doc['rounds']):>7} {1000 * read:>8.0f} {1000 * ranking:>11.0f}")


if __name__ == "__main__":
    main()
