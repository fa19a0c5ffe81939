"""The production configuration on loopback: gunicorn with council/gunicorn_conf.py, DEBUG off.

Shared by the production tests and the load benchmark, so they start the server the way
docs/deployment.md does, and talk to it as phones and browsers do: ``Browser`` (cookies,
CSRF tokens, redirects not followed) and ``slow_clients`` (connections that send part
of a request and stop).
"""

from __future__ import annotations

import contextlib
import gzip
import http.cookiejar
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The command of docs/deployment.md, `make run` and the container.
SERVER_COMMAND = ["-m", "gunicorn", "-c", "python:council.gunicorn_conf", "council.asgi"]


def free_port() -> int:
    """A TCP port on loopback that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def production_environment(database_url: str, data_dir: str, *, secret_key: str | None = None) -> dict[str, str]:
    """The environment of a production start: only what docs/deployment.md says to set."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("COUNCIL_", "DJANGO_"))}
    environment.pop("DATABASE_URL", None)
    environment.pop("WEB_CONCURRENCY", None)
    return {
        **environment,
        "DATABASE_URL": database_url,
        "COUNCIL_DEBUG": "False",
        "COUNCIL_SECRET_KEY": secret_key or secrets.token_urlsafe(50),
        "COUNCIL_ALLOWED_HOSTS": "127.0.0.1",
        "COUNCIL_DATA_DIR": data_dir,
        "COUNCIL_STATIC_ROOT": str(Path(data_dir) / "static"),
        "COUNCIL_ACCESS_LOG": "",
        # The server's job sends mail and reminders; the servers these tests start have none to send.
        "COUNCIL_JOBS": "off",
    }


def manage(environment: dict[str, str], *args: str) -> str:
    """Run ``manage.py`` with ``environment``; returns its output, raises with it on failure."""
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=environment, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


class Server:
    """A running server: its base URL and what it has written to its log so far."""

    def __init__(self, base: str, log: Path):
        self.base = base
        self._log = log

    def log(self) -> str:
        return self._log.read_text(errors="replace")


@contextlib.contextmanager
def running_server(environment: dict[str, str], port: int) -> Iterator[Server]:
    """The production server on 127.0.0.1:``port``, once /healthz answers; stopped (SIGTERM) on exit.

    Its standard output and error go to a file (``Server.log``): a pipe nobody reads
    would fill and stop the server mid-request.
    """
    log_dir = Path(tempfile.mkdtemp(prefix="council-server-"))
    log = log_dir / "server.log"
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, *SERVER_COMMAND],
            cwd=ROOT,
            env={**environment, "COUNCIL_BIND": f"127.0.0.1:{port}"},
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if server.poll() is not None:
                raise RuntimeError(f"the server stopped at start:\n{log.read_text(errors='replace')}")
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=1).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield Server(base, log)
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        with contextlib.suppress(OSError):
            log.unlink()
            log_dir.rmdir()


@contextlib.contextmanager
def slow_clients(base: str, count: int, *, path: str = "/healthz") -> Iterator[list[socket.socket]]:
    """``count`` connections to the server at ``base`` that each hold what a careless or hostile client holds.

    In turn: a GET whose headers never end (a request line and one header), a POST whose
    body never ends (the headers promise 100 KB, 10 bytes come), and a connection kept
    alive and idle after one answered request. They stay open until the block ends.
    """
    host, port = urllib.parse.urlsplit(base).hostname, urllib.parse.urlsplit(base).port
    held: list[socket.socket] = []
    try:
        for index in range(count):
            connection = socket.create_connection((host, port), timeout=10)
            held.append(connection)
            kind = index % 3
            if kind == 0:
                connection.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: slow".encode())
            elif kind == 1:
                connection.sendall(
                    f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/x-www-form-"
                    f"urlencoded\r\nContent-Length: 100000\r\n\r\nversion=0&".encode()
                )
            else:
                connection.sendall(f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
                answer = connection.recv(65536)
                assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
        time.sleep(0.3)  # what they sent has reached the server
        yield held
    finally:
        for connection in held:
            connection.close()


class Browser:
    """A user agent with its own cookies that does not follow redirects, so they can be checked."""

    class _NoRedirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    def __init__(self, headers: dict[str, str] | None = None):
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), self._NoRedirects)
        self.headers = headers or {}

    def get(self, url: str, headers: dict | None = None):
        return self._open(urllib.request.Request(url, headers={**self.headers, **(headers or {})}))

    def post(self, url: str, fields: dict, form_url: str | None = None):
        """POST ``fields`` with the CSRF token of the form at ``form_url`` (default: ``url``)."""
        return self.send(self.get(form_url or url), url, fields)

    def send(self, form_page, url: str, fields: dict):
        """POST ``fields`` to ``url`` with the CSRF token of ``form_page``, a page fetched before."""
        token = hidden_field(form_page.text, "csrfmiddlewaretoken")
        body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
        return self._open(urllib.request.Request(url, data=body, method="POST", headers=self.headers))

    def _open(self, request):
        try:
            response = self.opener.open(request, timeout=30)
        except urllib.error.HTTPError as answer:  # 3xx (not followed) and 4xx/5xx alike
            response = answer
        body = response.read()
        if response.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        response.text = body.decode("utf-8", "replace")
        return response

    def session_cookie(self) -> str:
        return next(c.value for c in self.cookies if c.name == "sessionid")


def hidden_field(page: str, name: str) -> str:
    """The value of the hidden field ``name`` of the (first) form on ``page``."""
    return re.search(rf'name="{re.escape(name)}" value="([^"]*)"', page).group(1)
