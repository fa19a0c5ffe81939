"""gunicorn's settings, the same for the laptop, a container and each of several servers.

    gunicorn -c python:council.gunicorn_conf council.asgi

Every value can be changed from the environment (docs/deployment.md). The app keeps no
state in its processes, so any number of workers, and of servers, answer alike.
"""

import datetime
import os
import resource
import subprocess
import sys
import threading
from typing import Any

from gunicorn.glogging import Logger

from council.security import hide_link_keys


def _cpu_count() -> int:
    # The CPUs this process may run on, which in a container can be fewer than the host's.
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


bind = os.environ.get("COUNCIL_BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
# Pages are Python work: one worker per CPU. A request waiting on the database leaves its CPU to
# another of its worker's threads; a worker more than the CPUs only made the workers take the
# CPUs and their caches from each other (phones' regions 16-25% faster with 2 workers than 3 on
# 2 CPUs: docs/performance.md, "Workers"). At least two, so that one restarting leaves one serving.
workers = int(os.environ.get("WEB_CONCURRENCY") or max(2, _cpu_count()))
# Each worker reads and writes every connection on an event loop, and hands a request to
# Django only once it has arrived whole, to one of COUNCIL_THREADS threads (council/asgi.py).
# So phones that keep a connection open between polls, or send a request slowly, or never
# finish one, hold no thread: gthread workers gave each such connection a thread, and two
# dozen of them stopped the server (docs/performance.md, "Slow and idle clients").
worker_class = "asgi"
asgi_loop = "asyncio"


def _open_files_allowed(wanted: int = 65_536) -> None:
    # Every open connection costs a worker a file descriptor (not a thread): let it hold as
    # many as the system allows, not the 1,024 a desktop session usually starts with.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    limit = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < limit:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))


_open_files_allowed()
keepalive = 15  # longer than the 10-second poll, so a phone's next poll reuses its connection
timeout = 30
graceful_timeout = 20
# Restarting a worker now and then bounds any slow growth of its memory. Not often: a
# restart costs a second of CPU (loading Django), which phones see as slow answers.
max_requests = 50_000
max_requests_jitter = 5_000
accesslog = os.environ.get("COUNCIL_ACCESS_LOG", "-") or None


class LoggerWithoutLinkKeys(Logger):
    """Gunicorn's access log, with the keys of private links (a deck link, the staff link) taken out."""

    def atoms(self, resp: Any, req: Any, environ: dict[str, Any], request_time: datetime.timedelta) -> dict[str, Any]:
        found: dict[str, Any] = super().atoms(resp, req, environ, request_time)
        for atom in ("r", "U", "f"):  # the request line, the path, the referrer
            if isinstance(found.get(atom), str):
                found[atom] = hide_link_keys(found[atom])
        return found


logger_class = LoggerWithoutLinkKeys


# The server's own job (events/management/commands/run_jobs.py): reminders before online
# deadlines and the e-mail waiting to be sent. gunicorn's master keeps one running: a thread
# of the master starts it once the master is ready, starts it again if it dies, and again
# after a reload (``kill -HUP``, so a deploy runs the new code); on the way out the master
# stops it, and a job whose master is gone stops by itself. COUNCIL_JOBS=off leaves it out
# (a server that only serves pages, beside one that runs it).
class _Job:
    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.stopping = threading.Event()
        self.lock = threading.Lock()

    def keep_running(self) -> None:
        manage = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "manage.py")
        while not self.stopping.is_set():
            with self.lock:
                # Its own session: Ctrl-C at a terminal reaches the master, which stops it.
                self.process = subprocess.Popen([sys.executable, manage, "run_jobs"], start_new_session=True)
            self.process.wait()
            self.stopping.wait(5)  # a job that keeps dying is started again, not in a tight loop

    def stop(self) -> None:
        with self.lock:
            if self.process is not None and self.process.poll() is None:
                self.process.terminate()
                try:
                    self.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.process.kill()


_job = _Job()


def when_ready(server: Any) -> None:
    if os.environ.get("COUNCIL_JOBS", "on") == "off":
        return
    threading.Thread(target=_job.keep_running, name="council-jobs", daemon=True).start()


def on_reload(server: Any) -> None:
    _job.stop()  # the thread starts it again, with the code now deployed


def on_exit(server: Any) -> None:
    _job.stopping.set()
    _job.stop()
