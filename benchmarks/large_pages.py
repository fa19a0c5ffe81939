"""The first view and the next of the standings pages at a very large event, every player tied.

    python benchmarks/large_pages.py [--players 20000]

Registers the players through the services, starts the event and pairs round 1 (no result:
every player tied on points, the hardest tier for the tie-breaks), in a throwaway SQLite
database or in DATABASE_URL's, then asks Django's test client for the coordinator's
standings page, the public page and the standings every phone shares: each once with the
kept parts emptied (the first view after a change), and once more (from the kept parts).
Issue 33's goal: the first view within 2 s at 20,000 players.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# Beside this script, as ``python benchmarks/...`` puts its folder first on the path.
from sample_event import registered_sample_event  # noqa: E402
from scratch_django import start_scratch_django  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20_000)
    args = parser.parse_args()

    start_scratch_django()
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client

    from events import services
    from events.pages import kept, phones

    started = time.perf_counter()
    event, owner, who = registered_sample_event(args.players, f"Bench {args.players}")
    services.start_event(event, actor=who, rounds=6, note="a benchmark", confirm=True)
    services.pair_round(event, actor=who, seed=1)
    print(
        f"built {args.players} players, round 1 paired, in {time.perf_counter() - started:.0f} s ({connection.vendor})"
    )

    coordinator = Client()
    coordinator.force_login(owner)
    pages = {
        "coordinator's standings": (coordinator, f"/events/{event.slug}/standings/"),
        "public page": (Client(), f"/e/{event.slug}/"),
        "standings (shared)": (Client(), f"/e/{event.slug}/standings/"),
    }
    print(f"{'page':26} {'first ms':>10} {'next ms':>9} {'KiB':>8}")
    for name, (client, url) in pages.items():
        cache.clear()
        kept.forget_all()
        phones.forget_all()
        begin = time.perf_counter()
        response = client.get(url)
        first = (time.perf_counter() - begin) * 1000
        begin = time.perf_counter()
        client.get(url)
        after = (time.perf_counter() - begin) * 1000
        assert response.status_code == 200, (name, response.status_code)
        print(f"{name:26} {first:10.0f} {after:9.0f} {len(response.content) / 1024:8.0f}")


if __name__ == "__main__":
    main()
