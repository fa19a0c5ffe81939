"""Standings benchmark: the engine's standings of large events, beside the cost of reading the same archive.

    python benchmarks/standings.py [--sizes 1000,4000,20000] [--rounds 0,1,6] [--seed N]

For each field size and number of rounds played, builds an archive in memory (random
pairings, results drawn from a few typical ones, so that players tied on points are broken
by head-to-head, wins and opponents' scores), then prints the median time of
``scoring.parse_archive`` (the baseline: reading the event) and of
``scoring.compute_standings`` (every rank, and every player's tie-break notes), and their
ratio. With 0 rounds, or results all equal, the whole field is one tied tier.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from timing import median_ms  # noqa: E402

import scoring  # noqa: E402

RESULTS = ([20, 10], [10, 20], [25, 5], [15, 15], [30, 12], [8, 22])


def archive_of(players: int, rounds: int, seed: int, *, all_level: bool) -> dict:
    """An archive of ``players`` players and ``rounds`` rounds of random pairings and results."""
    draw = random.Random(seed)
    ids = [f"p{n:05d}" for n in range(players)]
    played = []
    for number in range(1, rounds + 1):
        order = ids[:]
        draw.shuffle(order)
        games = [
            {
                "table": table + 1,
                "players": [order[2 * table], order[2 * table + 1]],
                "result": {"kind": "council", "mp": [15, 15] if all_level else draw.choice(RESULTS)},
            }
            for table in range(players // 2)
        ]
        played.append({"number": number, "bye": order[-1] if players % 2 else None, "games": games})
    return {
        "format": "council-archive/3",
        "event": {"name": "Bench", "policy": "policy-4-2001", "game_type": "two-deck", "status": "running"},
        "players": [{"id": pid, "name": f"Player {pid[1:]}"} for pid in ids],
        "rounds": played,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,4000,20000")
    parser.add_argument("--rounds", default="0,1,6")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'players':>8} {'rounds':>6} {'results':>8} {'read ms':>8} {'standings ms':>13} {'ratio':>6}")
    for players in map(int, args.sizes.split(",")):
        for rounds in map(int, args.rounds.split(",")):
            for all_level in (True, False) if rounds else (True,):
                data = archive_of(players, rounds, args.seed, all_level=all_level)
                repeat = 3 if players >= 10_000 else 7
                read = median_ms(lambda data=data: scoring.parse_archive(data), repeat)
                parsed = scoring.parse_archive(data)
                standings = median_ms(lambda parsed=parsed: scoring.compute_standings(parsed), repeat)
                kind = "level" if all_level else "mixed"
                print(f"{players:>8} {rounds:>6} {kind:>8} {read:>8.0f} {standings:>13.0f} {standings / read:>6.1f}")


if __name__ == "__main__":
    main()
