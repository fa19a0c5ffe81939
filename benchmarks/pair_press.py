"""The coordinator's press of "pair" on a large event, beside the cost of reading its games as tuples.

    python benchmarks/pair_press.py [--players 1000] [--rounds 6] [--repeat 5]

Builds the event through the services (``benchmarks/sample_event.py``: every round paired
by the engine, every result recorded), in a throwaway SQLite database or in DATABASE_URL's,
then prints the median time of:

- the baseline: every game of the event read as tuples (one query, no model instance);
- ``event_archive`` (the rows as the archive's data) and ``load_archive`` (that, parsed);
- ``services.pair_round`` itself (the whole press: checks, the read, the engine, the new
  games, the snapshot, the audit entry), each press undone before the next;
- ``services.record_result`` on a game of a round still playing, and on its last game, which
  closes the round (the round's snapshot is written with it): every game of ``--closes``
  newly paired rounds recorded in turn;

and the ratio of each to the baseline (issue 33: at most 5).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# Beside this script, as ``python benchmarks/...`` puts its folder first on the path.
from sample_event import build_sample_event  # noqa: E402
from scratch_django import start_scratch_django  # noqa: E402
from timing import median_ms  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--closes", type=int, default=3, help="rounds paired and recorded to the end")
    args = parser.parse_args()

    start_scratch_django()
    from django.db import connection

    from events import services
    from events.archive import event_archive, load_archive
    from events.models import Game
    from events.roles import OWNER, Actor

    started = time.perf_counter()
    event, owner = build_sample_event(args.players, args.rounds)
    last = Game.objects.get(round__event=event, result__isnull=True)
    services.record_result(
        last, {"kind": "council", "mp": [20, 10]}, actor=Actor.account(owner, OWNER), expected_version=0
    )
    who = Actor.account(owner, OWNER)
    print(
        f"built {args.players} players, {args.rounds} rounds in {time.perf_counter() - started:.0f} s "
        f"({connection.vendor})"
    )

    def tuples() -> list:
        return list(
            Game.objects.filter(round__event=event).values_list(
                "round__number", "table", "player_a__archive_id", "player_b__archive_id", "result"
            )
        )

    seeds = iter(range(1000, 100_000))

    def press() -> None:
        started = time.perf_counter()
        rnd = services.pair_round(event, actor=who, seed=next(seeds))
        pressed.append((time.perf_counter() - started) * 1000)
        services.undo_round(rnd, actor=who)

    pressed: list[float] = []
    baseline = median_ms(tuples, args.repeat)
    rows = median_ms(lambda: event_archive(event), args.repeat)
    parsed = median_ms(lambda: load_archive(event), args.repeat)
    for _ in range(args.repeat):
        press()
    pair = statistics.median(pressed)

    recorded: list[float] = []
    closed: list[float] = []
    results = [{"kind": "council", "mp": mp} for mp in ([20, 10], [8, 16], [12, 12])]
    services.change_rounds(event, actor=who, rounds=args.rounds + 1 + args.closes, note="a longer sample")
    event.refresh_from_db()
    for _ in range(args.closes):
        rnd = services.pair_round(event, actor=who, seed=next(seeds))
        games = list(rnd.games.order_by("table"))
        for number, game in enumerate(games):
            started = time.perf_counter()
            services.record_result(game, results[number % len(results)], actor=who, expected_version=game.version)
            (closed if number == len(games) - 1 else recorded).append((time.perf_counter() - started) * 1000)
    record, close = statistics.median(recorded), statistics.median(closed)
    print(f"{'games as tuples (baseline)':32} {baseline:8.1f} ms")
    print(f"{'event_archive (rows as data)':32} {rows:8.1f} ms")
    print(f"{'load_archive (and parsed)':32} {parsed:8.1f} ms")
    print(f"{'pair_round (the press)':32} {pair:8.1f} ms   {pair / baseline:.1f}x the baseline")
    print(f"{'record_result (round playing)':32} {record:8.1f} ms   {record / baseline:.1f}x the baseline")
    print(f"{'record_result (closes the round)':32} {close:8.1f} ms   {close / baseline:.1f}x the baseline")


if __name__ == "__main__":
    main()
