"""What one push of a venue's event costs: building it, its size on the wire, and taking it on the hosted side.

Builds an event of ``--players`` players with ``--rounds`` rounds played through the
services, in a throwaway SQLite database (or DATABASE_URL's), issues a key on a second
event as a hosted site does, then times the venue's side (``publication_document`` and
gzip, as the job does before it posts) and the hosted side (``receive_publication``: the
checks of an import and the copy rewritten), and prints the medians and the bytes sent.

    python benchmarks/publishing.py --players 60 --rounds 6
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# Beside this script, as ``python benchmarks/...`` puts its folder first on the path.
from scratch_django import start_scratch_django  # noqa: E402
from timing import median_ms  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()

    start_scratch_django()
    from django.contrib.auth import get_user_model
    from django.db import connection

    from events import services
    from events.archive import publication_document
    from events.roles import OWNER, Actor

    started = time.perf_counter()
    owner = get_user_model().objects.create_user("coordinator", password="not used")
    who = Actor.account(owner, OWNER)
    venue = services.create_event(owner=owner, name="Venue", policy="policy-4-2001", game_type="two-deck")
    services.register_players(venue, "\n".join(f"Player {n:04d}" for n in range(args.players)), actor=who)
    services.start_event(venue, actor=who, rounds=args.rounds, note="a benchmark", confirm=True)
    for number in range(1, args.rounds + 1):
        for game in services.pair_round(venue, actor=who, seed=number).games.all():
            services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=who, expected_version=0)
    hosted = services.create_event(owner=owner, name="Hosted", policy="policy-4-2001", game_type="two-deck")
    _row, key = services.issue_publishing_key(hosted, actor=who)
    print(
        f"built {args.players} players, {args.rounds} rounds in {time.perf_counter() - started:.1f} s "
        f"({connection.vendor})"
    )

    def build() -> bytes:
        document, _revision = publication_document(venue, "benchmark-source")
        return gzip.compress(json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode())

    body = build()
    document, _revision = publication_document(venue, "benchmark-source")
    pushes = iter(range(1, 10_000))

    def receive() -> None:
        # A new sequence each time, so that every push rewrites the copy as a real one does.
        services.receive_publication(key, {**document, "sequence": next(pushes)})

    print(f"venue, build and gzip one push: {median_ms(build, args.repeat):.1f} ms")
    print(f"on the wire: {len(body):,} bytes gzipped ({len(json.dumps(document)):,} as JSON)")
    print(f"hosted, check and rewrite the copy: {median_ms(receive, args.repeat):.1f} ms")


if __name__ == "__main__":
    main()
