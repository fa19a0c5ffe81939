"""A private PostgreSQL 15 for one test run or one benchmark, removed afterwards.

It listens on a Unix socket in its own temporary directory only, so it never meets
another server's port, and runs as the ``postgres`` user when started by root (the
server refuses to run as root). ``make test`` installs the binaries on a new machine.

    python -m tests.throwaway_postgres make test     # a command with DATABASE_URL set
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

PG_BIN = Path(os.environ.get("COUNCIL_PG_BIN", "/usr/lib/postgresql/15/bin"))
PORT = 5432  # only names the socket file inside the private directory


def available() -> bool:
    """True when the PostgreSQL 15 server binaries are installed."""
    return (PG_BIN / "initdb").exists() and (PG_BIN / "pg_ctl").exists()


def _as_server_user(args: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return args
    return ["su", "postgres", "-s", "/bin/sh", "-c", " ".join(f"'{a}'" for a in args)]


@contextlib.contextmanager
def running_postgres(database: str = "council") -> Iterator[str]:
    """Start a new cluster, create ``database`` in it and yield its DATABASE_URL; stop and remove it on exit."""
    if not available():
        raise RuntimeError(f"PostgreSQL 15 is not installed in {PG_BIN}: run `make test` once, which installs it")
    data_dir = Path(tempfile.mkdtemp(prefix="council-pg-"))
    data_dir.chmod(0o755)
    if os.geteuid() == 0:
        shutil.chown(data_dir, "postgres")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
    try:
        subprocess.run(
            _as_server_user(
                [
                    str(PG_BIN / "initdb"),
                    "-D",
                    str(data_dir),
                    "-A",
                    "trust",
                    "-U",
                    "postgres",
                    "-E",
                    "UTF8",
                    "--no-instructions",
                ]
            ),
            check=True,
            **quiet,
        )
        # fsync off: a throwaway cluster need not survive a power cut, and saves are then
        # measured by the app's work rather than the disk's.
        options = f"-k {data_dir} -p {PORT} -c listen_addresses= -c fsync=off -c max_connections=200"
        subprocess.run(
            _as_server_user(
                [
                    str(PG_BIN / "pg_ctl"),
                    "-D",
                    str(data_dir),
                    "-w",
                    "-l",
                    str(data_dir / "server.log"),
                    "-o",
                    options,
                    "start",
                ]
            ),
            check=True,
            **quiet,
        )
        subprocess.run(
            _as_server_user(
                [
                    str(PG_BIN.parent / "bin" / "createdb"),
                    "-h",
                    str(data_dir),
                    "-p",
                    str(PORT),
                    "-U",
                    "postgres",
                    database,
                ]
            ),
            check=True,
            **quiet,
        )
        socket = urllib.parse.quote(str(data_dir), safe="")
        yield f"postgres://postgres@{socket}:{PORT}/{database}"
    finally:
        subprocess.run(
            _as_server_user([str(PG_BIN / "pg_ctl"), "-D", str(data_dir), "-m", "immediate", "stop"]),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        shutil.rmtree(data_dir, ignore_errors=True)


def main(command: list[str]) -> int:
    """Run ``command`` with DATABASE_URL pointing at a throwaway cluster; return its exit status."""
    if not command:
        print(__doc__, file=sys.stderr)
        return 2
    with running_postgres() as url:
        return subprocess.run(command, env={**os.environ, "DATABASE_URL": url}, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
