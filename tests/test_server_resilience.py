"""The production server against slow and idle clients, and against a database that restarts.

Real server processes (tests/production_server.py: the command of docs/deployment.md,
DEBUG off), over SQLite and over a private PostgreSQL (tests/throwaway_postgres.py):

- a venue's Wi-Fi has phones that open a connection and send part of a request, or
  nothing, and some that do it on purpose: 200 such connections must not keep the
  health check, a phone's page or a result save from answering within a second;
- PostgreSQL restarting (an upgrade, a crash) kills every connection the server keeps:
  no request after it may fail, and a save while it is down must say that it was not
  saved, and leave nothing half-saved.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest

from events.caching.versions import APPLICATION_NAME
from tests.production_server import (
    Browser,
    Server,
    free_port,
    hidden_field,
    manage,
    production_environment,
    running_server,
    slow_clients,
)
from tests.throwaway_postgres import PG_BIN, _as_server_user, running_postgres

WORKERS, THREADS = 2, 4
NOT_SAVED = "Not saved: the database could not be reached; nothing was changed. Try again."


@dataclass
class Site:
    """A prepared event on a running server: a paired round whose results the coordinator enters."""

    base: str
    slug: str
    coordinator: Browser
    games: list[int]
    environment: dict[str, str]
    server: Server


def open_event(base: str, seeded: str) -> tuple[Browser, list[int], str]:
    """Sign the coordinator in to the demo event, start it, pair round 1; returns the browser, the games, the slug."""
    password = re.search(r"Coordinator login: coordinator / (\S+)", seeded).group(1)
    slug = re.search(r"at /events/([\w-]+)/", seeded).group(1)
    coordinator = Browser()
    assert coordinator.post(f"{base}/accounts/login/", {"username": "coordinator", "password": password}).status == 302
    desk = f"{base}/events/{slug}/"
    assert coordinator.post(f"{base}/events/{slug}/start/", {"rounds": "3", "note": "a short day"}, desk).status == 302
    assert coordinator.post(f"{base}/events/{slug}/pair/", {}, desk).status == 302
    round_page = coordinator.get(f"{base}/events/{slug}/rounds/1/").text
    games = sorted(set(map(int, re.findall(rf"/events/{slug}/games/(\d+)/result/", round_page))))
    return coordinator, games, slug


def prepared(stack: ExitStack, database_url: str, data_dir: str, **settings: str) -> Site:
    environment = {
        **production_environment(database_url, data_dir),
        "WEB_CONCURRENCY": str(WORKERS),
        "COUNCIL_THREADS": str(THREADS),
        **settings,
    }
    manage(environment, "prepare_database", "-v0")
    manage(environment, "collectstatic", "--no-input", "-v0")
    seeded = manage(environment, "seed_demo")
    server = stack.enter_context(running_server(environment, free_port()))
    coordinator, games, slug = open_event(server.base, seeded)
    return Site(server.base, slug, coordinator, games, environment, server)


@pytest.fixture(scope="module")
def sqlite_site(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("council-sqlite")
    with ExitStack() as stack:
        # With the access log, as `make run` has it.
        yield prepared(stack, f"sqlite:///{data_dir / 'council.sqlite3'}", str(data_dir), COUNCIL_ACCESS_LOG="-")


@pytest.fixture(scope="module")
def postgres(tmp_path_factory):
    with running_postgres() as database_url:
        yield database_url


@pytest.fixture(scope="module")
def postgres_site(postgres, tmp_path_factory):
    with ExitStack() as stack:
        yield prepared(stack, postgres, str(tmp_path_factory.mktemp("council-pg")))


def save_result(site: Site, game: int, mp: tuple[int, int] = (20, 10)):
    """Staff enter (or correct) a game's result: open its form, then save it."""
    url = f"{site.base}/events/{site.slug}/games/{game}/result/"
    form = site.coordinator.get(url)
    assert form.status == 200, form.text[:300]
    return site.coordinator.send(
        form,
        url,
        {"kind": "council", "mp_a": str(mp[0]), "mp_b": str(mp[1]), "version": hidden_field(form.text, "version")},
    )


def timed(request):
    started = time.perf_counter()
    answer = request()
    return answer, time.perf_counter() - started


# Slow and idle clients ------------------------------------------------------------------------------


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_two_hundred_slow_and_idle_connections_leave_every_answer_within_a_second(database, request):
    site = request.getfixturevalue("sqlite_site" if database == "sqlite" else "postgres_site")
    phone = Browser()
    with slow_clients(site.base, 200, path=f"/events/{site.slug}/games/{site.games[0]}/result/"):
        health, health_seconds = timed(lambda: phone.get(f"{site.base}/healthz"))
        page, page_seconds = timed(lambda: phone.get(f"{site.base}/e/{site.slug}/"))
        saved, save_seconds = timed(lambda: save_result(site, site.games[0], mp=(20, 10)))
        # The held connections were not simply closed: they are still there to be served.
        again, _ = timed(lambda: phone.get(f"{site.base}/healthz"))
    assert (health.status, health.text) == (200, "ok")
    assert page.status == 200 and "Lórien Demo Open" in page.text
    assert saved.status == 302, saved.text[:500]
    assert again.status == 200
    assert max(health_seconds, page_seconds, save_seconds) < 1.0, (health_seconds, page_seconds, save_seconds)


def test_the_access_log_names_every_request_but_not_the_key_of_a_private_link(sqlite_site):
    key = "T29XeG53gz_OMe1ExkxV-6jh"
    Browser().get(f"{sqlite_site.base}/staff/{key}/?from=desk")
    Browser().get(f"{sqlite_site.base}/e/{sqlite_site.slug}/deck/{key}/")
    staff_line = '"GET /staff/…/?from=desk HTTP/1.1" 404'
    deck_line = f'"GET /e/{sqlite_site.slug}/deck/…/ HTTP/1.1" 404'
    deadline = time.monotonic() + 5  # a request is logged once its answer is sent
    while not (staff_line in (log := sqlite_site.server.log()) and deck_line in log) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert staff_line in log and deck_line in log, log[-2000:]
    assert key not in log


# PostgreSQL restarting ------------------------------------------------------------------------------


def data_directory(database_url: str) -> str:
    """The private cluster's directory, which is also its socket's (tests/throwaway_postgres.py)."""
    host = urllib.parse.urlsplit(database_url).netloc.rpartition("@")[2].rpartition(":")[0]
    return urllib.parse.unquote(host)


def pg_ctl(database_url: str, action: str) -> None:
    directory = data_directory(database_url)
    arguments = [str(PG_BIN / "pg_ctl"), "-D", directory, "-w", "-m", "fast"]
    if action == "start":
        # The options of the first start, which the server wrote down; pg_ctl restart reads them itself.
        options = shlex.split(Path(directory, "postmaster.opts").read_text())[1:]
        while "-D" in options:
            at = options.index("-D")
            del options[at : at + 2]
        arguments = [
            str(PG_BIN / "pg_ctl"),
            "-D",
            directory,
            "-w",
            "-l",
            f"{directory}/server.log",
            "-o",
            " ".join(options),
        ]
    subprocess.run(_as_server_user([*arguments, action]), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def database_clock(database_url: str):
    with psycopg.connect(database_url, autocommit=True) as database:
        return database.execute("SELECT now()").fetchone()[0]


def app_connections(database_url: str, since) -> int:
    """Connections opened since ``since``: PostgreSQL's client backends but this one and the change listeners."""
    with psycopg.connect(database_url, autocommit=True) as database:
        return database.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
            " AND application_name <> %s AND backend_start >= %s",
            [APPLICATION_NAME, since],
        ).fetchone()[0]


def warm_every_thread(site: Site, database_url: str, since) -> None:
    """Requests in parallel until every thread of every worker holds a database connection opened since ``since``."""
    deadline = time.monotonic() + 20
    with ThreadPoolExecutor(4 * WORKERS * THREADS) as pool:
        while (kept := app_connections(database_url, since)) < WORKERS * THREADS:
            assert time.monotonic() < deadline, f"{kept} connections kept"
            list(pool.map(lambda _: Browser().get(f"{site.base}/e/{site.slug}/"), range(4 * WORKERS * THREADS)))


def mixed_requests(site: Site, count: int) -> list[tuple[str, object]]:
    """``count`` requests, a dozen at a time: a phone's page, the health check, and result saves."""
    # One save of a table at a time: a second, sent against the version the first replaced, is refused (409).
    tables = {game: threading.Lock() for game in site.games}

    def one(index: int):
        kind = ("phone", "health", "save")[index % 3]
        if kind == "phone":
            return kind, Browser().get(f"{site.base}/e/{site.slug}/")
        if kind == "health":
            return kind, Browser().get(f"{site.base}/healthz")
        game = site.games[(index // 3) % len(site.games)]
        with tables[game]:
            return kind, save_result(site, game, mp=(20, 10 + index % 7))

    with ThreadPoolExecutor(12) as pool:
        return list(pool.map(one, range(count)))


def saved_state(database_url: str) -> tuple:
    with psycopg.connect(database_url, autocommit=True) as database:
        return (
            database.execute("SELECT count(*) FROM events_auditentry").fetchone()[0],
            database.execute("SELECT id, version, result FROM events_game ORDER BY id").fetchall(),
            database.execute("SELECT changed_at FROM events_event").fetchall(),
        )


def test_after_a_database_restart_no_request_fails(postgres, postgres_site):
    warm_every_thread(postgres_site, postgres, since=datetime.min.replace(tzinfo=UTC))
    pg_ctl(postgres, "restart")
    answers = mixed_requests(postgres_site, 60)
    assert [(kind, answer.status) for kind, answer in answers if answer.status != {"save": 302}.get(kind, 200)] == []


def test_without_health_checks_a_read_is_read_again_and_a_save_refused_plainly(postgres, postgres_site):
    # The retry alone (council/database_retry.py): every kept connection is dead and found so only by a query.
    environment = {**postgres_site.environment, "COUNCIL_CONN_HEALTH_CHECKS": "False"}
    started = database_clock(postgres)
    with running_server(environment, free_port()) as server:
        site = Site(
            server.base, postgres_site.slug, postgres_site.coordinator, postgres_site.games, environment, server
        )
        warm_every_thread(site, postgres, since=started)
        pg_ctl(postgres, "restart")
        answers = mixed_requests(site, 60)
        log = server.log()
    statuses = {(kind, answer.status) for kind, answer in answers}
    assert statuses <= {("phone", 200), ("health", 200), ("save", 302), ("save", 503)}, statuses
    assert ("phone", 200) in statuses and ("save", 302) in statuses
    for _kind, answer in answers:
        if answer.status == 503:
            assert NOT_SAVED in answer.text
    assert "reading it again" in log and "Internal Server Error" not in log


def test_a_save_while_the_database_is_down_says_it_was_not_saved_and_changes_nothing(postgres, postgres_site):
    site = postgres_site
    game = site.games[1]
    url = f"{site.base}/events/{site.slug}/games/{game}/result/"
    form = site.coordinator.get(url)
    before = saved_state(postgres)
    fields = {"kind": "council", "mp_a": "30", "mp_b": "0", "version": hidden_field(form.text, "version")}
    pg_ctl(postgres, "stop")
    try:
        refused = site.coordinator.send(form, url, fields)
        german = Browser({"Accept-Language": "de"}).get(f"{site.base}/e/{site.slug}/")
        health = Browser().get(f"{site.base}/healthz")
    finally:
        pg_ctl(postgres, "start")
    assert refused.status == 503 and NOT_SAVED in refused.text, refused.text[:500]
    assert refused.headers["Retry-After"] == "5"
    assert german.status == 503 and '<html lang="de">' in german.text and NOT_SAVED not in german.text
    assert health.status == 200, "the health check asks nothing of the database"
    assert saved_state(postgres) == before, "something was saved"
    saved = site.coordinator.send(form, url, fields)
    assert saved.status == 302, "the same save lands once the database is back"
    assert saved_state(postgres) != before


# The whole-request bridge in-process (council/asgi.py) --------------------------------------------------


def serve_once(application, scope: dict, pieces: list[bytes], events: list[str]) -> list[dict]:
    """Drive ``application`` through one request sent in ``pieces``, noting each in ``events``; returns what it sent."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    sent: list[dict] = []

    async def run():
        queue = [
            {"type": "http.request", "body": piece, "more_body": index < len(pieces) - 1}
            for index, piece in enumerate(pieces)
        ]

        async def receive():
            await asyncio.sleep(0.01)
            events.append("piece")
            return queue.pop(0)

        async def send(message):
            sent.append(message)

        await application(scope, receive, send)

    # In a thread of its own: the browser tests' Playwright keeps an event loop running in this one.
    with ThreadPoolExecutor(max_workers=1) as runner:
        runner.submit(asyncio.run, run()).result()
    return sent


def http_scope(method: str, headers: list[tuple[bytes, bytes]]) -> dict:
    return {
        "type": "http",
        "method": method,
        "path": "/e/lórien/",
        "raw_path": b"/e/l%C3%B3rien/",
        "query_string": b"a=1",
        "root_path": "",
        "http_version": "1.1",
        "scheme": "http",
        "server": ("127.0.0.1", 8000),
        "client": ("10.0.0.7", 51000),
        "headers": headers,
    }


def test_django_is_given_a_request_only_once_its_body_has_arrived_whole():
    from council.asgi import WholeRequests

    seen = {}

    def wsgi(environ, start_response):
        seen.update(environ, body=environ["wsgi.input"].read(int(environ["CONTENT_LENGTH"])))
        events.append("app")
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"saved"]

    application = WholeRequests(wsgi, threads=1, max_body=1000)
    scope = http_scope(
        "POST",
        [
            (b"content-type", b"application/x-www-form-urlencoded"),
            (b"content-length", b"14"),
            (b"cookie", b"a=1"),
            (b"cookie", b"b=2"),
            (b"x_forwarded_for", b"6.6.6.6"),
            (b"x-forwarded-for", b"1.2.3.4"),
        ],
    )
    events: list[str] = []
    sent = serve_once(application, scope, [b"mp_a=", b"20&mp_b", b"=1"], events)
    assert events == ["piece", "piece", "piece", "app"]
    assert (seen["body"], seen["CONTENT_LENGTH"]) == (b"mp_a=20&mp_b=1", "14")
    assert (seen["PATH_INFO"], seen["QUERY_STRING"], seen["REMOTE_ADDR"]) == (
        "/e/lórien/".encode().decode("latin-1"),
        "a=1",
        "10.0.0.7",
    )
    assert seen["HTTP_COOKIE"] == "a=1; b=2"
    assert seen["HTTP_X_FORWARDED_FOR"] == "1.2.3.4", "a header spelt with _ is dropped, as gunicorn drops it"
    assert sent == [
        {"type": "http.response.start", "status": 200, "headers": [(b"Content-Type", b"text/plain")]},
        {"type": "http.response.body", "body": b"saved"},
    ]


def test_a_body_beyond_the_limit_is_not_kept_and_an_upload_is_refused_before_django():
    from council.asgi import WholeRequests

    called = []

    def wsgi(environ, start_response):
        called.append((environ["CONTENT_LENGTH"], environ["wsgi.input"].read()))
        start_response("413 Request Entity Too Large", [])
        return [b""]

    application = WholeRequests(wsgi, threads=1, max_body=10)
    form = http_scope("POST", [(b"content-type", b"application/x-www-form-urlencoded"), (b"content-length", b"50")])
    sent = serve_once(application, form, [b"x" * 50], [])
    # Django refuses it by its declared length (RequestDataTooBig), never reading a body.
    assert called == [("50", b"")] and sent[0]["status"] == 413
    upload = http_scope("POST", [(b"content-type", b"multipart/form-data; boundary=x"), (b"content-length", b"50")])
    sent = serve_once(application, upload, [b"x" * 50], [])
    assert len(called) == 1 and sent[0]["status"] == 413


def _serve_together(application, scopes: list[dict]) -> list[list[dict]]:
    """Drive ``application`` through bodiless requests ``scopes`` at once; returns what it sent for each."""
    import asyncio

    sent: list[list[dict]] = [[] for _ in scopes]

    async def one(index: int, scope: dict) -> None:
        async def receive():
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message):
            sent[index].append(message)

        await application(scope, receive, send)

    async def run():
        await asyncio.gather(*(one(index, scope) for index, scope in enumerate(scopes)))

    with ThreadPoolExecutor(max_workers=1) as runner:
        runner.submit(asyncio.run, run()).result()
    return sent


def test_a_public_page_that_takes_too_long_is_answered_503_and_goes_on_being_prepared():
    from council.asgi import WholeRequests

    release = threading.Event()
    started: list[str] = []
    finished: list[str] = []

    def wsgi(environ, start_response):
        started.append(environ["QUERY_STRING"])
        release.wait(10)
        finished.append(environ["QUERY_STRING"])
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ready"]

    application = WholeRequests(wsgi, threads=1, max_body=1000, read_seconds=0.2)
    slow, queued = http_scope("GET", []), {**http_scope("GET", []), "query_string": b"queued"}
    began = time.monotonic()
    sent = _serve_together(application, [slow, queued])
    assert time.monotonic() - began < 5, "the readers are answered at the bound, not when the page is done"
    for answer in sent:
        assert answer[0]["status"] == 503 and (b"retry-after", b"5") in answer[0]["headers"]
        assert b"still being prepared" in answer[1]["body"]
    assert started == ["a=1"] and finished == [], "the page is still being prepared; the one queued never starts"
    release.set()
    for _ in range(100):
        if finished:
            break
        time.sleep(0.02)
    time.sleep(0.1)
    assert started == finished == ["a=1"], "the page was prepared to the end (and kept); nobody waits for the other"


def test_a_coordinators_page_a_download_and_a_change_are_waited_for_however_long():
    from council.asgi import WholeRequests

    def wsgi(environ, start_response):
        time.sleep(0.5)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ready"]

    application = WholeRequests(wsgi, threads=2, max_body=1000, read_seconds=0.2)
    export = {**http_scope("GET", []), "path": "/events/lorien/export.json"}
    form = http_scope("POST", [(b"content-type", b"application/x-www-form-urlencoded"), (b"content-length", b"3")])
    assert serve_once(application, export, [b""], [])[1]["body"] == b"ready"
    assert serve_once(application, form, [b"a=1"], [])[1]["body"] == b"ready", "a change is never cut short"


def test_a_request_the_server_cancels_leaves_its_body_to_the_thread_still_reading_it():
    import asyncio
    import contextlib

    from council.asgi import WholeRequests

    reading, release, got = threading.Event(), threading.Event(), []

    def wsgi(environ, start_response):
        reading.set()
        release.wait(5)
        got.append(environ["wsgi.input"].read(3))
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"saved"]

    application = WholeRequests(wsgi, threads=1, max_body=1000)
    form = http_scope("POST", [(b"content-type", b"application/x-www-form-urlencoded"), (b"content-length", b"3")])

    async def run():
        async def receive():
            return {"type": "http.request", "body": b"a=1", "more_body": False}

        async def send(message):
            pass

        # The client went away: the server cancels the request's task while Django's thread runs it.
        task = asyncio.create_task(application(form, receive, send))
        await asyncio.get_running_loop().run_in_executor(None, reading.wait, 5)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        release.set()

    with ThreadPoolExecutor(max_workers=1) as runner:
        runner.submit(asyncio.run, run()).result()
    for _ in range(100):
        if got:
            break
        time.sleep(0.02)
    assert got == [b"a=1"], "the body was still open for the thread that reads it"
