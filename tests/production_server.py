"""The production configuration on loopback: gunicorn with council/gunicorn_conf.py, DEBUG off.

Shared by the production test and the load benchmark, so both start the server the way
docs/deployment.md does.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A TCP port on loopback that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def production_environment(database_url: str, data_dir: str, *, secret_key: str | None = None) -> dict[str, str]:
    """The environment of a production start: only what docs/deployment.md says to set."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("COUNCIL_", "DJANGO_"))}
    environment.pop("DATABASE_URL", None)
    return {
        **environment,
        "DATABASE_URL": database_url,
        "COUNCIL_DEBUG": "False",
        "COUNCIL_SECRET_KEY": secret_key or secrets.token_urlsafe(50),
        "COUNCIL_ALLOWED_HOSTS": "127.0.0.1",
        "COUNCIL_DATA_DIR": data_dir,
        "COUNCIL_STATIC_ROOT": str(Path(data_dir) / "static"),
        "COUNCIL_ACCESS_LOG": "",
    }


def manage(environment: dict[str, str], *args: str) -> str:
    """Run ``manage.py`` with ``environment``; returns its output, raises with it on failure."""
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=environment, capture_output=True,
                          text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


@contextlib.contextmanager
def running_gunicorn(environment: dict[str, str], port: int) -> Iterator[str]:
    """gunicorn on 127.0.0.1:``port``; yields its base URL once /healthz answers, and stops it on exit."""
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:council.gunicorn_conf", "council.wsgi"],
        cwd=ROOT, env={**environment, "COUNCIL_BIND": f"127.0.0.1:{port}"},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if server.poll() is not None:
                raise RuntimeError(f"gunicorn stopped at start:\n{server.stderr.read()}")
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=1).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
