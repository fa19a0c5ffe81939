"""Server time and queries of a gathering's pages: a weekend of three events, each person in two of them.

Builds the weekend through the services (the gathering, its three events, ``--people``
registered once each for the main event and one side event, every event started and its
round 1 paired) in a throwaway SQLite database, or in DATABASE_URL's database when set,
then renders the gathering's public page (for a phone that chose its player), an entrant's
own page and the owner's page with Django's test client, and prints the median server time
and the number of queries. The queries should not grow with the people, only with the events.

    python benchmarks/gathering_pages.py --people 60
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
from scratch_django import start_scratch_django  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()

    start_scratch_django()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from events import services
    from events.roles import OWNER, Actor

    started = time.perf_counter()
    owner = get_user_model().objects.create_user("coordinator", password="not used")
    who = Actor.account(owner, OWNER)
    gathering = services.create_gathering(owner=owner, name="Weekend")
    main_event, *sides = [
        services.create_event(owner=owner, name=name, policy="policy-4-2001", game_type="two-deck", gathering=gathering)
        for name in ("Main event", "Side event A", "Side event B")
    ]
    for number in range(args.people):
        services.enter_gathering(gathering, f"Person {number:04d}", [main_event, sides[number % 2]], actor=who)
    for event in (main_event, *sides):
        services.start_event(event, actor=who, rounds=5, note="a benchmark", confirm=True)
        services.pair_round(event, actor=who, seed=1)
    print(
        f"built a weekend of 3 events and {args.people} people in {time.perf_counter() - started:.1f} s "
        f"({connection.vendor})"
    )

    entrant = gathering.entrants.order_by("pk").first()
    phone, desk = Client(), Client()
    phone.post(f"/g/{gathering.slug}/", {"entrant": entrant.pk})  # "This is me"
    desk.force_login(owner)
    pages = {
        "public, this is me": (phone, f"/g/{gathering.slug}/"),
        "entrant's own page": (phone, f"/g/{gathering.slug}/you/{entrant.token}/"),
        "owner's page": (desk, f"/gatherings/{gathering.slug}/"),
    }
    print(f"{'page':24} {'median ms':>10} {'queries':>8}")
    for name, (client, url) in pages.items():
        client.get(url)
        times = []
        for _ in range(args.repeat):
            with CaptureQueriesContext(connection) as queries:
                begin = time.perf_counter()
                response = client.get(url)
                times.append((time.perf_counter() - begin) * 1000)
            assert response.status_code == 200, (name, response.status_code)
        print(f"{name:24} {statistics.median(times):10.1f} {len(queries):8d}")


if __name__ == "__main__":
    main()
