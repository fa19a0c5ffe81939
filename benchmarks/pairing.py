"""Pairing benchmark: whole Swiss events with simulated results, every round paired.

    python benchmarks/pairing.py [--sizes 8,64,256,1000,10000] [--policy KEY] [--seed N] [--seeds N]
    python benchmarks/pairing.py --workload spread --sizes 64,256,1000
    python benchmarks/pairing.py --peers --sizes 64,256,1000 [--workload spread]

Prints, per field size: median and worst engine time per round over every round of every
event (pairing a parsed archive, which includes building the players' records and
assessing the pairing), peak memory of one pairing (tracemalloc, in a separate run of
each event's last round), rematches, repeat byes, floats (games between different point
totals), the largest point gap, and rounds the search could not prove optimal.

Workloads: ``random`` (default) draws each game from a few typical results. ``spread``
draws each game uniformly over every split of tournament points a Free Council can give
under the policy, so the field spreads over the whole range in many small score groups:
Policy Number 4 gives 6-0, 5-1, 4-2, 3-3 (equal MP), 2-4, 1-5, 0-6; Version 3 adds the
Weakest Link's 3.5-2.5 and 2.5-3.5; Policy #1 has 6-0, 5-0, 4-0, 3-2 (Weakest Link), 3-3
and their mirrors. The One Ring's 7-0 is left out, as it lies beyond 6-0.

``--peers`` (needs swisspair, a benchmark-only dependency: ``pip install -e '.[bench]'``)
pairs every round of the same events with swisspair too. The event advances on this
engine's pairing; before each round swisspair is given the same standing: every active
player's tournament points (in whole units of the event's points), previous opponents
(which it never pairs again) and whether they may take the bye (the fewest byes so far).
Its time includes reading the same parsed archive (``scoring.pairing.history``, as this
engine does) and building its input; "call ms" is ``swisspair.create_matches`` alone. Both engines'
pairings are judged by ``scoring.assess_pairing`` against the same archive.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
import tracemalloc
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring import RuleError, assess_pairing, get_policy, pair_next_round, pairing_history, parse_archive, score_result

try:
    import swisspair
except ImportError:  # only --peers needs it
    swisspair = None

GAME_TYPE = "two-deck"
RANDOM_OUTCOMES = [
    {"kind": "council", "mp": [20, 8]},
    {"kind": "council", "mp": [8, 20]},
    {"kind": "council", "mp": [15, 10]},
    {"kind": "council", "mp": [10, 14]},
    {"kind": "council", "mp": [12, 12]},
    {"kind": "tie"},
    {"kind": "one-ring", "winner": 0},
]
# Free Council results from a big win to a big loss; equal MP once as such and once per
# Weakest Link reading, so that each policy accepts the forms it knows.
SPREAD_CANDIDATES = [
    {"kind": "council", "mp": mp, **extra}
    for mp in ([20, 8], [15, 10], [12, 10], [12, 12], [10, 12], [10, 15], [8, 20])
    for extra in ({}, {"weakest_link": 0}, {"weakest_link": None}, {"weakest_link": 1})
]


def outcomes_for(policy, workload: str) -> list[dict]:
    """The results a game is drawn from, uniformly."""
    if workload == "random":
        # Equal MP where the policy has no Weakest Link; a bare tie where an elimination can still end a game.
        return [
            o
            for o in RANDOM_OUTCOMES
            if (policy.weakest_link_points is None or o.get("mp") != [12, 12])
            and (policy.simultaneous_elimination_ties or o["kind"] != "tie")
        ]
    by_split: dict[tuple[Fraction, Fraction], dict] = {}
    for result in SPREAD_CANDIDATES:
        try:
            points = score_result(policy, GAME_TYPE, result).points
        except RuleError:  # a form this policy does not have (a Weakest Link under Policy Number 4)
            continue
        by_split.setdefault(points, result)  # one result per split, so each split is equally likely
    return list(by_split.values())


@dataclass
class Tally:
    """One engine's figures over every round of every event of one size."""

    times: list[float] = field(default_factory=list)
    call_times: list[float] = field(default_factory=list)
    peak_mib: float = 0.0
    rematches: int = 0
    repeat_byes: int = 0
    floats: int = 0
    max_gap: float = 0
    unproven: int = 0
    failed: int = 0

    def judge(self, quality: dict) -> None:
        self.rematches += quality["rematches"]
        self.repeat_byes += quality["repeat_bye"]
        self.floats += quality["floats"]
        self.max_gap = max(self.max_gap, quality["max_point_gap"])


def pair_with_swisspair(archive, tally: Tally) -> tuple[str | None, list[tuple[int, str, str]]] | None:
    """swisspair's pairing of the next round (bye, games), timed into ``tally``; None if it found none."""
    started = time.perf_counter()
    # The same one-pass reading of the archive this engine uses, so both times cover it.
    history = pairing_history(archive)
    active = {p.id for p in archive.players if p.status == "active"}
    fewest_byes = min(history.byes[pid] for pid in active)
    # swisspair wants ranks 1, 2, ... with points never rising; inside a score group the order is the ids'.
    ranked = sorted(active, key=lambda pid: (-history.units[pid], pid))
    players = [
        swisspair.Player(
            id=pid,
            points=history.units[pid],  # whole numbers of the event's point unit (halves under Version 3)
            rank=rank,
            can_get_bye=history.byes[pid] == fewest_byes,
            cannot_be_paired_against_ids={o for o in history.met[pid] if o in active},
        )
        for rank, pid in enumerate(ranked, start=1)
    ]
    called = time.perf_counter()
    try:
        matches = swisspair.create_matches(players)
    except RuntimeError:  # no pairing without a rematch or a second bye: swisspair allows neither
        tally.failed += 1
        return None
    finished = time.perf_counter()
    tally.times.append(finished - started)
    tally.call_times.append(finished - called)
    bye = next((m.p1.id for m in matches if m.is_bye), None)
    games = [(table, m.p1.id, m.p2.id) for table, m in enumerate((m for m in matches if not m.is_bye), start=1)]
    return bye, games


def simulate(size: int, policy_key: str, seed: int, workload: str, ours: Tally, peer: Tally | None) -> None:
    """Run one whole event of ``size`` players, adding its rounds' figures to the tallies."""
    rng = random.Random(seed)
    policy = get_policy(policy_key)
    doc = {
        "format": "council-archive/1",
        "event": {"name": f"Benchmark {size}", "policy": policy_key, "game_type": GAME_TYPE},
        "players": [{"id": f"p{i:05d}", "name": f"Player {i}"} for i in range(size)],
        "rounds": [],
    }
    outcomes = outcomes_for(policy, workload)
    archive = None
    for _ in range(policy.rounds_for(size)):
        archive = parse_archive(doc)
        round_seed = rng.randrange(2**31)
        started = time.perf_counter()
        result = pair_next_round(archive, round_seed)
        ours.times.append(time.perf_counter() - started)
        ours.judge(assess_pairing(archive, result.bye, result.games)[0])
        ours.unproven += not result.quality["proven_optimal"]
        if peer is not None:
            paired = pair_with_swisspair(archive, peer)
            if paired is not None:
                peer.judge(assess_pairing(archive, *paired)[0])
        doc["rounds"].append(
            {
                "number": result.round,
                "bye": result.bye,
                "seed": round_seed,
                "games": [{"table": t, "players": [a, b], "result": rng.choice(outcomes)} for t, a, b in result.games],
            }
        )
    if peer is None:
        # Peak memory of pairing the last round once more, traced on its own.
        tracemalloc.start()
        pair_next_round(archive, 1)
        ours.peak_mib = max(ours.peak_mib, tracemalloc.get_traced_memory()[1] / 2**20)
        tracemalloc.stop()


def ms(seconds: list[float], pick) -> str:
    return f"{pick(seconds) * 1000:.1f}" if seconds else "-"


def print_alone(size: int, ours: Tally) -> None:
    print(
        f"{size:>8} {len(ours.times):>6} {ms(ours.times, statistics.median):>10} {ms(ours.times, max):>9} "
        f"{ours.peak_mib:>9.1f} {ours.rematches:>9} {ours.repeat_byes:>11} {ours.floats:>7} "
        f"{ours.max_gap:>7} {ours.unproven:>8}",
        flush=True,
    )


def print_peers(size: int, ours: Tally, peer: Tally) -> None:
    # This engine's median over swisspair's: its whole time (same scope as ours), and its call alone.
    ratios = ["-", "-"]
    if ours.times and peer.times:
        ratios = [f"{statistics.median(ours.times) / statistics.median(t):.1f}x" for t in (peer.times, peer.call_times)]
    for name, tally, extra in (("council", ours, ratios), ("swisspair", peer, ["", ""])):
        call = ms(tally.call_times, statistics.median) if tally is peer else "-"
        line = (
            f"{size:>8} {name:<10} {len(tally.times):>6} {ms(tally.times, statistics.median):>10} "
            f"{ms(tally.times, max):>9} {call:>8} {tally.rematches:>9} {tally.repeat_byes:>11} "
            f"{tally.floats:>7} {tally.max_gap:>7} {tally.unproven if tally is ours else '-':>8} "
            f"{tally.failed:>6} {extra[0]:>10} {extra[1]:>9}"
        )
        print(line.rstrip(), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="8,64,256,1000,10000")
    parser.add_argument("--policy", default="policy-4-2001")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--seeds", type=int, default=1, help="events per size; figures are over all their rounds")
    parser.add_argument(
        "--workload",
        choices=("random", "spread"),
        default="random",
        help="random: a few typical results; spread: every split of points, uniformly",
    )
    parser.add_argument("--peers", action="store_true", help="pair the same events with swisspair too")
    args = parser.parse_args()
    if args.peers and swisspair is None:
        sys.exit("--peers needs swisspair: pip install -e '.[bench]'")
    print(
        f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
        f"policy {args.policy}, workload {args.workload}, seed {args.seed}, {args.seeds} event(s) per size"
    )
    if args.peers:
        print(
            f"{'players':>8} {'engine':<10} {'rounds':>6} {'median ms':>10} {'worst ms':>9} {'call ms':>8} "
            f"{'rematches':>9} {'repeat byes':>11} {'floats':>7} {'max gap':>7} {'unproven':>8} {'failed':>6} "
            f"{'ours/total':>10} {'ours/call':>9}"
        )
    else:
        print(
            f"{'players':>8} {'rounds':>6} {'median ms':>10} {'worst ms':>9} {'peak MiB':>9} "
            f"{'rematches':>9} {'repeat byes':>11} {'floats':>7} {'max gap':>7} {'unproven':>8}"
        )
    for size in (int(s) for s in args.sizes.split(",")):
        ours = Tally()
        peer = Tally() if args.peers else None
        for n in range(args.seeds):
            simulate(size, args.policy, args.seed + size + 7919 * n, args.workload, ours, peer)
        if peer is None:
            print_alone(size, ours)
        else:
            print_peers(size, ours, peer)


if __name__ == "__main__":
    main()
