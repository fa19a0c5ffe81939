"""The production configuration, over HTTP: gunicorn, DEBUG off, PostgreSQL, two app servers.

Starts a private PostgreSQL, prepares it as a server's start does (docs/deployment.md),
runs two servers over it (tests/production_server.py), as two app containers behind a
load balancer, and plays a round through them: sign in on one, pair, enter every result
alternating between them, and read the standings on either. Nothing here uses Django's test client
or the test database; this is the deployed program.
"""

from __future__ import annotations

import re
import time
from contextlib import ExitStack

import psycopg
import pytest

from events.caching.versions import APPLICATION_NAME
from tests.production_server import Browser, free_port, manage, production_environment, running_server
from tests.throwaway_postgres import running_postgres


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """Two app servers over one fresh PostgreSQL, prepared as `make run` and the container do."""
    with ExitStack() as stack:
        database_url = stack.enter_context(running_postgres())
        environment = production_environment(database_url, str(tmp_path_factory.mktemp("council-data")))
        # Both servers run the start-up migration, as two containers starting together do.
        manage(environment, "prepare_database", "-v0")
        manage(environment, "prepare_database", "-v0")
        manage(environment, "collectstatic", "--no-input", "-v0")
        seeded = manage(environment, "seed_demo")
        password = re.search(r"Coordinator login: coordinator / (\S+)", seeded).group(1)
        slug = re.search(r"at /events/([\w-]+)/", seeded).group(1)
        first = stack.enter_context(running_server(environment, free_port())).base
        second = stack.enter_context(running_server(environment, free_port())).base
        yield {"bases": (first, second), "password": password, "slug": slug, "database_url": database_url}


def test_a_round_is_played_over_http_through_two_app_servers(servers):
    first, second = servers["bases"]
    slug = servers["slug"]
    coordinator = Browser()
    signed_in = coordinator.post(
        f"{first}/accounts/login/", {"username": "coordinator", "password": servers["password"]}
    )
    assert signed_in.status == 302
    # The session lives in the database: the other server knows the coordinator too.
    assert coordinator.get(f"{second}/events/{slug}/").status == 200

    started = coordinator.post(
        f"{second}/events/{slug}/start/",
        {"rounds": "3", "note": "one short: the hall closes at six"},
        form_url=f"{second}/events/{slug}/",
    )
    assert started.status == 302
    paired = coordinator.post(f"{first}/events/{slug}/pair/", {}, form_url=f"{first}/events/{slug}/")
    assert paired.status == 302 and paired.headers["Location"].endswith(f"/events/{slug}/rounds/1/")

    round_page = coordinator.get(f"{second}/events/{slug}/rounds/1/").text
    games = sorted(set(map(int, re.findall(rf"/events/{slug}/games/(\d+)/result/", round_page))))
    assert len(games) == 6, "12 demo players make 6 tables"
    phone = Browser()
    poll = {"HX-Request": "true", "HX-Target": "live"}
    before = phone.get(f"{first}/e/{slug}/", poll)
    etag = before.headers["ETag"]
    assert phone.get(f"{second}/e/{slug}/", {**poll, "If-None-Match": etag}).status == 304, (
        "both servers give the page the same version"
    )

    for index, game in enumerate(games):
        base = (first, second)[index % 2]
        form = f"{base}/events/{slug}/games/{game}/result/"
        saved = coordinator.post(form, {"kind": "council", "mp_a": "20", "mp_b": "10", "version": "0"})
        assert saved.status == 302, saved.text[:500]

    # A change saved through either server is news on both at once.
    for base in (first, second):
        assert phone.get(f"{base}/e/{slug}/", {**poll, "If-None-Match": etag}).status == 200
    # Policy Number 4: 20-10 is a ratio of 2, 6 points to the winner.
    for base in (first, second):
        public = phone.get(f"{base}/e/{slug}/", {"Accept-Encoding": "gzip"})
        assert public.headers["Content-Encoding"] == "gzip"
        assert public.text.count('<td class="num">6</td><td class="num">1–0–0</td>') == 6
        assert public.text.count('<td class="num">0</td><td class="num">0–1–0</td>') == 6
        standings = coordinator.get(f"{base}/events/{slug}/standings/").text
        assert "After 1 Swiss round" in standings and standings.count("<strong>6</strong>") == 6
    assert "Round 1 complete" in coordinator.get(f"{first}/events/{slug}/snapshots/").text


def test_debug_is_off_and_static_files_are_compressed_and_cached_for_a_year(servers):
    first, _ = servers["bases"]
    missing = Browser().get(f"{first}/no-such-page/")
    assert missing.status == 404 and "Traceback" not in missing.text and "URLconf" not in missing.text
    page = Browser().get(f"{first}/").text
    stylesheet = re.search(r'href="(/static/council/council\.[0-9a-f]{12}\.css)"', page).group(1)
    css = Browser().get(f"{first}{stylesheet}", {"Accept-Encoding": "gzip"})
    assert css.status == 200 and css.headers["Content-Encoding"] == "gzip"
    assert "immutable" in css.headers["Cache-Control"] and "max-age=315360000" in css.headers["Cache-Control"]
    health = Browser().get(f"{first}/healthz")
    assert health.status == 200 and health.text == "ok"
    assert health.headers["X-Content-Type-Options"] == "nosniff" and health.headers["X-Frame-Options"] == "DENY"


def test_each_server_keeps_the_phones_version_and_hears_a_change_made_through_the_other(servers):
    first, second = servers["bases"]
    slug = servers["slug"]
    phone = Browser()
    poll = {"HX-Request": "true", "HX-Target": "live"}
    etag = phone.get(f"{first}/e/{slug}/", poll).headers["ETag"]
    for _ in range(10):  # enough to reach every worker of both servers
        for base in (first, second):
            assert phone.get(f"{base}/e/{slug}/", {**poll, "If-None-Match": etag}).status == 304
    # The workers that answered hold a LISTEN connection each (events/caching/versions.py).
    with psycopg.connect(servers["database_url"], autocommit=True) as database:
        listeners = database.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [APPLICATION_NAME]
        ).fetchone()[0]
    assert listeners >= 2

    coordinator = Browser()
    coordinator.post(f"{second}/accounts/login/", {"username": "coordinator", "password": servers["password"]})
    changed = coordinator.post(f"{second}/events/{slug}/rounds/", {"rounds": "4"}, form_url=f"{second}/events/{slug}/")
    assert changed.status == 302, changed.text[:500]
    # The notice reaches the first server's workers within milliseconds; allow a second.
    deadline = time.monotonic() + 1.0
    while (status := phone.get(f"{first}/e/{slug}/", {**poll, "If-None-Match": etag}).status) == 304:
        assert time.monotonic() < deadline, "the first server still answers with the version before the change"
        time.sleep(0.01)
    assert status == 200
    for _ in range(10):
        assert phone.get(f"{first}/e/{slug}/", {**poll, "If-None-Match": etag}).status == 200, (
            "a worker of the first server kept the version before the change"
        )
