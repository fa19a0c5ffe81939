"""Load benchmark: the production server under many phones and staff, against PostgreSQL.

    python benchmarks/load.py                      # 1,000 players, 10 rounds, 100 clients
    python benchmarks/load.py --players 60 --rounds 6 --seconds 5

Starts a throwaway PostgreSQL 15 (or uses --database-url), builds the event through the
services, starts the production server (gunicorn with council/gunicorn_conf.py serving
council/asgi.py, DEBUG off; tests/production_server.py) on loopback, and drives it over
HTTP/1.1 keep-alive connections from this process.

For each page it measures two loads:
- **saturated**: every client sends its next request as soon as the last is answered;
  this gives the server's capacity in requests per second;
- **paced**: the clients together send ``--rate`` requests a second (1,000 phones polling
  every 10 seconds send 100), which is what latency at an event looks like.

The pages: the ceiling (``/healthz``, a Django view returning a constant string through
every middleware), a player's page with "this is me", its polled region when the event
has changed (what each phone fetches once after a change), its poll answered 304, the
pairings and standings every phone shares (linked from the phones above 64 players), the
coordinator's standings page, and result entry by ``--staff`` staff members (open the
form, save). Each page's saturated throughput is printed as a share of the ceiling's.
The load generator runs on the same machine and takes part of its CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import random
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from tests.production_server import free_port, manage, production_environment, running_server  # noqa: E402

WARM_UP_SECONDS = 1.0


# The client ------------------------------------------------------------------------------------------


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes


class Connection:
    """One keep-alive HTTP/1.1 connection, reopened when the server closes it."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def request(self, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> Response:
        for attempt in (1, 2):
            reused = self.writer is not None
            if not reused:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            try:
                return await self._exchange(method, path, headers, body)
            except (asyncio.IncompleteReadError, ConnectionError):
                self.close()
                # A kept-alive connection the server has just closed: one retry on a new one.
                if not reused or attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(self, method, path, headers, body) -> Response:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(body)}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        found: dict[str, str] = {}
        for line in header_lines:
            if ":" in line:
                name, value = line.split(":", 1)
                name = name.strip().lower()
                found[name] = f"{found[name]}, {value.strip()}" if name in found else value.strip()
        status = int(status_line.split()[1])
        if "content-length" in found:
            data = await self.reader.readexactly(int(found["content-length"]))
        elif found.get("transfer-encoding", "").lower() == "chunked":
            data = await self._chunked()
        else:
            data = b""
        if found.get("connection", "").lower() == "close":
            self.close()
        return Response(status, found, data)

    async def _chunked(self) -> bytes:
        parts = []
        while True:
            size = int((await self.reader.readline()).split(b";")[0], 16)
            if size == 0:
                await self.reader.readline()
                return b"".join(parts)
            parts.append(await self.reader.readexactly(size))
            await self.reader.readline()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Tally:
    """Latencies and failures of one page under one load."""

    latencies_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def per_second(self) -> float:
        return len(self.latencies_ms) / self.seconds if self.seconds else 0.0

    def percentile(self, share: float) -> float:
        if not self.latencies_ms:
            return float("nan")
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def timed(
    tally: Tally | None,
    conn: Connection,
    expected: int,
    method: str,
    path: str,
    headers: dict[str, str],
    body: bytes = b"",
) -> Response | None:
    """One request; its latency and any unexpected answer go to ``tally`` (None: warming up)."""
    begin = time.perf_counter()
    try:
        response = await conn.request(method, path, headers, body)
    except (OSError, asyncio.IncompleteReadError) as error:
        if tally is not None:
            tally.errors.append(f"{path}: {error!r}")
        return None
    if tally is not None:
        if response.status == expected:
            tally.latencies_ms.append((time.perf_counter() - begin) * 1000)
        else:
            tally.errors.append(f"{method} {path}: {response.status}")
    return response


async def run_load(clients: int, seconds: float, rate: float | None, host: str, port: int, make_step) -> Tally:
    """Drive ``clients`` connections for ``seconds`` after a warm-up; ``rate`` paces them (None: saturate).

    ``make_step(index)`` gives a client's coroutine function ``step(tally, conn)``, which
    makes one or more timed requests.
    """
    tally = Tally()
    started = time.perf_counter()
    measure_from = started + WARM_UP_SECONDS
    stop_at = measure_from + seconds
    interval = clients / rate if rate else 0.0

    async def client(index: int) -> None:
        conn = Connection(host, port)
        step = make_step(index)
        next_at = started + random.random() * interval
        try:
            while True:
                now = time.perf_counter()
                if now >= stop_at:
                    return
                if interval:
                    if next_at > now:
                        await asyncio.sleep(next_at - now)
                    next_at += interval
                await step(tally if time.perf_counter() >= measure_from else None, conn)
        finally:
            conn.close()

    await asyncio.gather(*(client(i) for i in range(clients)))
    tally.seconds = seconds
    return tally


# The server and the event ----------------------------------------------------------------------------


def describe_machine() -> str:
    model = ""
    with contextlib.suppress(OSError):
        model = next(
            (
                line.split(":", 1)[1].strip()
                for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")
            ),
            "",
        )
    return (
        f"{len(os.sched_getaffinity(0))} cores ({model or platform.processor()}), "
        f"Python {platform.python_version()}, {platform.system()} {platform.machine()}"
    )


def prepare(args, environment: dict[str, str]) -> dict:
    """Migrate, build the event and the staff's sessions; returns what the clients need."""
    manage(environment, "prepare_database", "-v0")
    manage(environment, "collectstatic", "--no-input", "-v0")
    # This process builds the event with the server's settings (the same secret key signs
    # the sessions it makes for the clients).
    os.environ.update({k: v for k, v in environment.items() if k.startswith("COUNCIL_") or k == "DATABASE_URL"})
    os.environ["DJANGO_SETTINGS_MODULE"] = "council.settings"
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from sample_event import build_sample_event

    from events.models import EventRole, Game
    from events.roles import STAFF

    started = time.perf_counter()
    event, owner = build_sample_event(args.players, args.rounds, open_round=True)
    version = ".".join(map(str, connection.get_database_version()))
    print(
        f"# built {args.players} players, {args.rounds} rounds and an open round in "
        f"{time.perf_counter() - started:.0f} s ({connection.vendor} {version})"
    )
    settings.ALLOWED_HOSTS = ["testserver"]

    def session_of(user) -> str:
        client = Client()
        client.force_login(user)
        return client.cookies[settings.SESSION_COOKIE_NAME].value

    open_games = list(Game.objects.filter(round__event=event, result__isnull=True).values_list("pk", flat=True))
    # Each staff member has tables of their own, as on an event day; a small event has fewer staff.
    staff_sessions = []
    for index in range(min(args.staff, len(open_games))):
        user = get_user_model().objects.create_user(f"bench-staff-{index}")
        EventRole.objects.create(event=event, user=user, role=STAFF)
        staff_sessions.append(session_of(user))
    return {
        "slug": event.slug,
        "players": list(event.players.values_list("pk", flat=True)),
        "owner_session": session_of(owner),
        "staff_sessions": staff_sessions,
        "open_games": open_games,
        "session_cookie": settings.SESSION_COOKIE_NAME,
    }


# The pages -------------------------------------------------------------------------------------------

GZIP = {"Accept-Encoding": "gzip"}


def page_steps(site: dict, etags: dict[int, str]):
    """Each page's step maker: ``make(index)`` gives client ``index`` its step."""
    slug, players = site["slug"], site["players"]
    owner = {"Cookie": f"{site['session_cookie']}={site['owner_session']}", **GZIP}

    def ceiling(index):
        async def step(tally, conn):
            await timed(tally, conn, 200, "GET", "/healthz", {})

        return step

    def player_page(index):
        # A different player's phone each time: the page with their table, clock and card (and, up to
        # 64 players, every table and the standings).
        async def step(tally, conn):
            me = random.choice(players)
            await timed(tally, conn, 200, "GET", f"/e/{slug}/", {"Cookie": f"council_me={me}", **GZIP})

        return step

    def region(index):
        # What each phone fetches once after a change: its polled region, its version out of date.
        async def step(tally, conn):
            me = random.choice(players)
            await timed(
                tally,
                conn,
                200,
                "GET",
                f"/e/{slug}/",
                {
                    "Cookie": f"council_me={me}",
                    "HX-Request": "true",
                    "HX-Target": "live",
                    "If-None-Match": '"live-0-en"',
                    **GZIP,
                },
            )

        return step

    def poll(index):
        me = players[index % len(players)]
        headers = {
            "Cookie": f"council_me={me}",
            "HX-Request": "true",
            "HX-Target": "live",
            "If-None-Match": etags[me],
            **GZIP,
        }

        async def step(tally, conn):
            await timed(tally, conn, 304, "GET", f"/e/{slug}/", headers)

        return step

    def shared(path: str):
        # A page every phone shares (above 64 players the phones link to it), asked by a different phone each time.
        def make(index):
            async def step(tally, conn):
                me = random.choice(players)
                await timed(tally, conn, 200, "GET", f"/e/{slug}/{path}/", {"Cookie": f"council_me={me}", **GZIP})

            return step

        return make

    def standings(index):
        async def step(tally, conn):
            await timed(tally, conn, 200, "GET", f"/events/{slug}/standings/", owner)

        return step

    return {
        "ceiling (/healthz)": ceiling,
        "player page": player_page,
        "player region (news)": region,
        "player poll (304)": poll,
        "pairings (shared)": shared("pairings"),
        "standings (shared)": shared("standings"),
        "standings page": standings,
    }


def phone_steps(site: dict, etags: dict[int, str], clients: int, news: list[int]):
    """Client ``index`` is the phones of its share of the players, each polling its own region with the version it
    last got, as a room of phones does: a poll after a change gets the region (counted in ``news``), else a 304."""
    slug, players = site["slug"], site["players"]

    def make(index):
        mine = players[index::clients]
        held = {me: etags.get(me, '"none"') for me in mine}
        turn = {"n": 0}

        async def step(tally, conn):
            me = mine[turn["n"] % len(mine)]
            turn["n"] += 1
            headers = {
                "Cookie": f"council_me={me}",
                "HX-Request": "true",
                "HX-Target": "live",
                "If-None-Match": held[me],
                **GZIP,
            }
            begin = time.perf_counter()
            try:
                response = await conn.request("GET", f"/e/{slug}/", headers)
            except (OSError, asyncio.IncompleteReadError) as error:
                if tally is not None:
                    tally.errors.append(f"phone {me}: {error!r}")
                return
            if response.status == 200:
                held[me] = response.headers.get("etag", held[me])
            if tally is None:
                return
            if response.status in (200, 304):
                tally.latencies_ms.append((time.perf_counter() - begin) * 1000)
                news.append(response.status == 200)
            else:
                tally.errors.append(f"phone {me}: {response.status}")

        return step

    return make


def result_steps(site: dict, form_tally: Tally):
    """Staff member ``index`` enters results at their own tables: open the form, then save."""
    slug, games, sessions = site["slug"], site["open_games"], site["staff_sessions"]

    def make(index):
        mine = games[index :: len(sessions)]
        cookie = f"{site['session_cookie']}={sessions[index]}"
        turn = {"n": 0}

        async def step(tally, conn):
            game = mine[turn["n"] % len(mine)]
            turn["n"] += 1
            path = f"/events/{slug}/games/{game}/result/"
            form = await timed(form_tally if tally is not None else None, conn, 200, "GET", path, {"Cookie": cookie})
            if form is None or form.status != 200:
                return
            page = form.body.decode()
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
            version = re.search(r'name="version" value="(\d+)"', page).group(1)
            csrf_cookie = re.search(r"csrftoken=([^;]+)", form.headers.get("set-cookie", "")).group(1)
            mp = ["20", "10"] if turn["n"] % 2 else ["15", "12"]
            body = (f"kind=council&mp_a={mp[0]}&mp_b={mp[1]}&version={version}&csrfmiddlewaretoken={token}").encode()
            await timed(
                tally,
                conn,
                302,
                "POST",
                path,
                {
                    "Cookie": f"{cookie}; csrftoken={csrf_cookie}",
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Referer": f"http://{conn.host}:{conn.port}{path}",
                },
                body,
            )

        return step

    return make


def report(name: str, saturated: Tally, paced: Tally | None, ceiling: float | None, clients: int) -> None:
    share = f"{saturated.per_second / ceiling:6.0%}" if ceiling else "     -"
    errors = len(saturated.errors) + (len(paced.errors) if paced else 0)
    paced_text = (
        f"{paced.percentile(0.5):7.1f} {paced.percentile(0.9):7.1f} {paced.percentile(0.99):7.1f}"
        if paced
        else f"{'':>7} {'':>7} {'':>7}"
    )
    print(
        f"{name:26} {clients:4d} {saturated.per_second:8.0f} {share} {saturated.percentile(0.5):7.1f} "
        f"{saturated.percentile(0.9):7.1f} {saturated.percentile(0.99):7.1f}   {paced_text} {errors:6d}"
    )
    for line in sorted(set(saturated.errors + (paced.errors if paced else [])))[:5]:
        print(f"    error: {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--clients", type=int, default=100, help="concurrent clients for the pages")
    parser.add_argument("--staff", type=int, default=50, help="concurrent staff entering results")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured time of each load")
    parser.add_argument("--rate", type=float, default=100.0, help="requests a second of the paced load")
    parser.add_argument("--database-url", help="an empty PostgreSQL database; default: a throwaway one")
    parser.add_argument("--no-saves", action="store_true", help="measure the pages only")
    parser.add_argument("--phones", type=int, default=50, help="clients polling the phones' regions as results arrive")
    parser.add_argument("--results-per-second", type=float, default=1.0, help="results saved while the phones poll")
    parser.add_argument("--sqlite", action="store_true", help="the laptop's database (SQLite) instead of PostgreSQL")
    parser.add_argument(
        "--pages",
        help="comma-separated names of the pages to load (default: all), "
        "e.g. 'ceiling (/healthz),player page'; shares of the ceiling need the ceiling",
    )
    parser.add_argument(
        "--no-change-notices",
        action="store_true",
        help="every poll reads its version from the database (COUNCIL_CHANGE_NOTICES=False)",
    )
    parser.add_argument(
        "--threads", type=int, help="Django's threads in each worker (COUNCIL_THREADS; default: council/asgi.py's)"
    )
    parser.add_argument("--workers", type=int, help="gunicorn's workers (WEB_CONCURRENCY; default: the CPUs plus one)")
    args = parser.parse_args()

    from tests.throwaway_postgres import running_postgres

    data_dir = tempfile.mkdtemp(prefix="council-load-")
    port = free_port()
    try:
        if args.sqlite:
            database = contextlib.nullcontext(f"sqlite:///{data_dir}/council.sqlite3")
        elif args.database_url:
            database = contextlib.nullcontext(args.database_url)
        else:
            database = running_postgres()
        with database as url:
            environment = production_environment(url, data_dir)
            if args.no_change_notices:
                environment["COUNCIL_CHANGE_NOTICES"] = "False"
            if args.threads:
                environment["COUNCIL_THREADS"] = str(args.threads)
            if args.workers:
                environment["WEB_CONCURRENCY"] = str(args.workers)
            site = prepare(args, environment)
            with running_server(environment, port):
                asyncio.run(measure(args, site, port))
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


async def measure(args, site: dict, port: int) -> None:
    from council import gunicorn_conf

    host = "127.0.0.1"
    etags = {}
    probe = Connection(host, port)
    for me in site["players"][: args.clients]:
        answer = await probe.request(
            "GET", f"/e/{site['slug']}/", {"Cookie": f"council_me={me}", "HX-Request": "true", "HX-Target": "live"}
        )
        etags[me] = answer.headers["etag"]
    probe.close()

    print(f"# {describe_machine()}")
    # As the server has them: its environment names no COUNCIL_THREADS unless --threads does, so council/asgi.py's 4.
    threads = args.threads or 4
    workers = args.workers or gunicorn_conf.workers
    print(
        f"# gunicorn: {workers} workers ({gunicorn_conf.worker_class}) x {threads} threads; "
        f"{args.seconds:g} s per load after {WARM_UP_SECONDS:g} s warm-up; paced load {args.rate:g} requests/s"
    )
    print(f"{'':26} {'':4} {'saturated':>23} {'':>23}   {'paced':>23}")
    print(
        f"{'page':26} {'cli':>4} {'req/s':>8} {'ceil':>6} {'p50':>7} {'p90':>7} {'p99':>7}   "
        f"{'p50':>7} {'p90':>7} {'p99':>7} {'errors':>6}"
    )
    ceiling = None
    chosen = set(args.pages.split(",")) if args.pages else None
    for name, make in page_steps(site, etags).items():
        if chosen is not None and name not in chosen:
            continue
        saturated = await run_load(args.clients, args.seconds, None, host, port, make)
        paced = await run_load(args.clients, args.seconds, args.rate, host, port, make)
        report(name, saturated, paced, ceiling, args.clients)
        if name == "ceiling (/healthz)":
            ceiling = saturated.per_second

    if args.no_saves:
        return
    await phones_while_results_arrive(args, site, port, etags, ceiling)
    form_tally = Tally()
    staff = len(site["staff_sessions"])
    saves = await run_load(staff, args.seconds, None, host, port, result_steps(site, form_tally))
    form_tally.seconds = saves.seconds
    report("result form (staff)", form_tally, None, ceiling, staff)
    report("result save (staff)", saves, None, ceiling, staff)
    print("# latencies in ms; 'ceil' is the saturated throughput as a share of the ceiling's")


async def phones_while_results_arrive(args, site: dict, port: int, etags: dict[int, str], ceiling) -> None:
    """``--phones`` clients poll every player's region (each its share of the phones) while one staff member saves
    ``--results-per-second`` results: saturated (the room's capacity) and paced (``--rate`` polls a second)."""
    host = "127.0.0.1"
    for rate in (None, args.rate):
        news: list[int] = []
        form_tally = Tally()
        phones = run_load(args.phones, args.seconds, rate, host, port, phone_steps(site, etags, args.phones, news))
        saves = run_load(1, args.seconds, args.results_per_second, host, port, result_steps(site, form_tally))
        tally, saved = await asyncio.gather(phones, saves)
        label = "saturated" if rate is None else f"paced {rate:g}/s"
        share = f"{tally.per_second / ceiling:.0%} of the ceiling" if ceiling else ""
        print(
            f"# phones while results arrive ({label}): {args.phones} clients, {len(saved.latencies_ms)} results "
            f"saved in {args.seconds:g} s; {tally.per_second:.0f} polls/s {share}, "
            f"{sum(news) / max(1, len(news)):.0%} with news; "
            f"p50 {tally.percentile(0.5):.1f} p90 {tally.percentile(0.9):.1f} p99 {tally.percentile(0.99):.1f} ms; "
            f"errors {len(tally.errors) + len(saved.errors)}"
        )
        for line in sorted(set(tally.errors + saved.errors))[:5]:
            print(f"    error: {line}")


if __name__ == "__main__":
    main()
