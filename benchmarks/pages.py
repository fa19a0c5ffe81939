"""Server time and queries of each page for an event of a given size.

Builds an event through the services (register, start, pair with the engine, record
every result) in a throwaway SQLite database, or in DATABASE_URL's database when set,
then renders each page with Django's test client and prints the median server time,
the number of queries and the size (as sent: the pages asked for with gzip are compressed).

    python benchmarks/pages.py --players 1000 --rounds 10
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

# Beside this script, as ``python benchmarks/...`` puts its folder first on the path.
from scratch_django import start_scratch_django  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument(
        "--open-round",
        action="store_true",
        help="pair one more round and leave every table open: the pages in the middle of a round",
    )
    args = parser.parse_args()

    start_scratch_django()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from sample_event import build_sample_event

    from events import services
    from events.models import Game
    from events.roles import OWNER, Actor

    started = time.perf_counter()
    event, owner = build_sample_event(args.players, args.rounds, open_round=args.open_round)
    who = Actor.account(owner, OWNER)
    print(
        f"built {args.players} players, {args.rounds} rounds in {time.perf_counter() - started:.1f} s "
        f"({connection.vendor})"
    )

    last = event.rounds.order_by("-number").first()
    game = Game.objects.filter(round=last).order_by("-table").first()
    pages = {
        # The ceiling: a constant string through every middleware, beside which the pages are read.
        "ceiling (/healthz)": "/healthz",
        "desk": f"/events/{event.slug}/",
        "round": f"/events/{event.slug}/rounds/{last.number}/",
        "round fragment (poll)": f"/events/{event.slug}/rounds/{last.number}/",
        "tables (staff)": f"/events/{event.slug}/tables/",
        "result form": f"/events/{event.slug}/games/{game.pk}/result/",
        "points preview": f"/events/{event.slug}/games/{game.pk}/preview/?kind=council&mp_a=3&mp_b=2&version=0",
        "standings": f"/events/{event.slug}/standings/",
        "public": f"/e/{event.slug}/",
        "public poll, news": f"/e/{event.slug}/",
        "public poll, 304": f"/e/{event.slug}/",
        "public, this is me": f"/e/{event.slug}/",
        "its poll, news": f"/e/{event.slug}/",
        "pairings (shared, gzip)": f"/e/{event.slug}/pairings/",
        "standings (shared, gzip)": f"/e/{event.slug}/standings/",
        "projector": f"/e/{event.slug}/projector/",
        "export": f"/events/{event.slug}/export.json",
        "audit log": f"/events/{event.slug}/audit/",
        "snapshots": f"/events/{event.slug}/snapshots/",
    }
    poll = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live"}
    etag = Client().get(f"/e/{event.slug}/", **poll)["ETag"]
    headers_for = {
        "round fragment (poll)": {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "tables"},
        "public poll, news": poll,
        "public poll, 304": {**poll, "HTTP_IF_NONE_MATCH": etag},
        # A phone that said "this is me", as phones send it: compressed.
        "public, this is me": {"HTTP_ACCEPT_ENCODING": "gzip"},
        "its poll, news": {**poll, "HTTP_ACCEPT_ENCODING": "gzip"},
        "pairings (shared, gzip)": {"HTTP_ACCEPT_ENCODING": "gzip"},
        "standings (shared, gzip)": {"HTTP_ACCEPT_ENCODING": "gzip"},
    }
    # A player seated in the last round, for the pages of a phone that said "this is me".
    me = str(game.player_a_id)
    client = Client()
    client.force_login(owner)
    print(f"{'page':24} {'median ms':>10} {'max ms':>8} {'queries':>8} {'KiB':>7}")
    for name, url in pages.items():
        headers = headers_for.get(name, {})
        # Players' phones carry no login: the public pages are measured as they see them.
        asking = Client() if url.startswith(("/e/", "/healthz")) else client
        if name in ("public, this is me", "its poll, news"):
            asking.cookies["council_me"] = me
        asking.get(url, **headers)
        times = []
        for _ in range(args.repeat):
            with CaptureQueriesContext(connection) as queries:
                begin = time.perf_counter()
                response = asking.get(url, **headers)
                times.append((time.perf_counter() - begin) * 1000)
            assert response.status_code == (304 if "304" in name else 200), (name, response.status_code)
        print(
            f"{name:24} {statistics.median(times):10.2f} {max(times):8.1f} {len(queries):8d} "
            f"{len(response.content) / 1024:7.1f}"
        )

    # The first view after a change builds the kept parts (events/caching/parts.py): the engine's
    # standings, the public tables and the cards, once for every worker and phone.
    from django.utils import timezone

    from events.models import Event

    times = []
    for _ in range(min(args.repeat, 5)):
        Event.objects.filter(pk=event.pk).update(changed_at=timezone.now())
        with CaptureQueriesContext(connection) as queries:
            begin = time.perf_counter()
            response = Client().get(pages["public"])
            times.append((time.perf_counter() - begin) * 1000)
    print(
        f"{'public, after a change':24} {statistics.median(times):10.1f} {max(times):8.1f} {len(queries):8d} "
        f"{len(response.content) / 1024:7.1f}"
    )

    # The snapshot written inside pair_round and the last result of each round: its cost
    # is added to those two saves.
    times = []
    for _ in range(min(args.repeat, 5)):
        with CaptureQueriesContext(connection) as queries:
            begin = time.perf_counter()
            snapshot = services.take_snapshot(event, actor=who)
            times.append((time.perf_counter() - begin) * 1000)
    size = len(json.dumps(snapshot.data, ensure_ascii=False).encode())
    print(
        f"{'snapshot (write)':24} {statistics.median(times):10.1f} {max(times):8.1f} {len(queries):8d} "
        f"{size / 1024:7.1f}"
    )


if __name__ == "__main__":
    main()
