"""The app as gunicorn's asgi worker serves it: each request whole first, then Django in a few threads.

    gunicorn -c python:council.gunicorn_conf council.asgi

The worker reads every connection on its event loop, so a client that sends its request
slowly, never finishes it, or keeps its connection open and idle holds no thread: a
request reaches Django only once its headers and its whole body are in. Django then runs
as under a threaded WSGI server, through its WSGI handler, in a fixed pool of
``COUNCIL_THREADS`` threads per worker; each thread keeps its database connection
(``COUNCIL_CONN_MAX_AGE``), and the events' change listener (events/caching/versions.py)
runs beside them as before. Django's answer is taken whole too and written by the event
loop, so a phone that reads it slowly holds no thread either.

Django's own ASGI handler was measured and not used: it runs each request's code in a
thread of its own, so no connection could be kept between requests (docs/performance.md).
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import IO, Any
from wsgiref.types import WSGIApplication, WSGIEnvironment

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "council.settings")

from django.conf import settings
from django.core.wsgi import get_wsgi_application

# Django's threads in each worker: while one waits on the database, another renders.
THREADS = int(os.environ.get("COUNCIL_THREADS", "4"))
# Longest a reader waits for a public page (GET or HEAD: the phones', which poll again); 0 waits as long as it
# takes (docs/deployment.md). A coordinator's page, a download and a change (POST) are always waited for.
REQUEST_SECONDS = float(os.environ.get("COUNCIL_REQUEST_SECONDS", "20"))
BOUNDED_PATHS = ("/e/", "/g/")
STILL_WORKING = (
    b"This page is still being prepared. Council keeps preparing it: try again in a few seconds, "
    b"and it will be ready.\n"
)
FORM = b"application/x-www-form-urlencoded"
logger = logging.getLogger("council.asgi")

# ASGI's shapes (the specification's dictionaries), as this server reads and writes them.
Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Headers = list[tuple[bytes, bytes]]


class WholeRequests:
    """An ASGI application serving a WSGI application ``wsgi`` once each request has arrived whole.

    A body is kept in memory up to 1 MB and in a temporary file beyond. One longer than
    ``max_body`` is not kept: a form post reaches Django with its declared length and
    nothing to read, which Django refuses by its length as it would have anyway
    (RequestDataTooBig; events/views/oversized.py answers it on the pages that take long
    texts); any other body (an upload) is answered 413 here.
    """

    def __init__(self, wsgi: WSGIApplication, *, threads: int, max_body: int, read_seconds: float = 0) -> None:
        self.wsgi = wsgi
        self.max_body = max_body
        self.read_seconds = read_seconds
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="council-request")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            raise ValueError(f"Council serves HTTP only, not {scope['type']}")
        headers = dict(scope.get("headers", []))
        declared = int(headers.get(b"content-length", b"0") or 0)
        # Kept in memory up to 1 MB, beyond that in a temporary file, as Django keeps uploads.
        body = tempfile.SpooledTemporaryFile(max_size=1024 * 1024)  # noqa: SIM115 (closed below, or by Django)
        job: Future[tuple[int, Headers, list[bytes]]] | None = None
        try:
            length = 0
            while declared <= self.max_body:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunk = message.get("body", b"")
                length += len(chunk)
                if length > self.max_body:
                    break
                body.write(chunk)
                if not message.get("more_body"):
                    break
            body.seek(0)
            environ = _environ(scope, body, length)
            if length > self.max_body or declared > self.max_body:
                if not headers.get(b"content-type", b"").startswith(FORM):
                    await _answer(
                        send, 413, [(b"content-type", b"text/plain; charset=utf-8")], [b"Too large to receive\n"]
                    )
                    return
                environ["CONTENT_LENGTH"] = str(max(declared, length))
                environ["wsgi.input"] = io.BytesIO()
            job = self.executor.submit(self._run, environ)
            running = asyncio.wrap_future(job)
            if self.read_seconds and scope["method"] in ("GET", "HEAD") and scope["path"].startswith(BOUNDED_PATHS):
                try:
                    status, response_headers, chunks = await asyncio.wait_for(
                        asyncio.shield(running), self.read_seconds
                    )
                except TimeoutError:
                    logger.warning("%s %s took longer than %g s", scope["method"], scope["path"], self.read_seconds)
                    # A request still waiting for a thread is not run at all, for a reader who has gone. One
                    # running goes on (Python cannot stop a thread): what it builds is kept (events/caching/parts.py),
                    # so the reader's next try finds it ready; the worker's event loop is not held meanwhile.
                    job.cancel()
                    await _answer(send, 503, STILL_WORKING_HEADERS, [STILL_WORKING])
                    return
            else:
                status, response_headers, chunks = await running
        finally:
            # The body is closed once no thread reads it: after its request's answer, past the bound, or when the
            # server cancels the request (its client gone) while a thread still runs it.
            if job is not None and not job.done() and not job.cancel():
                job.add_done_callback(lambda _done: body.close())
            else:
                body.close()
        await _answer(send, status, response_headers, chunks)

    def _run(self, environ: WSGIEnvironment) -> tuple[int, Headers, list[bytes]]:
        """Django's answer, whole; runs in one of the threads, which keep their database connections."""
        chunks: list[bytes] = []
        started: dict[str, Any] = {}

        def start_response(
            status: str, headers: list[tuple[str, str]], exc_info: Any = None
        ) -> Callable[[bytes], object]:
            started["status"] = int(status.split(" ", 1)[0])
            started["headers"] = [(name.encode("latin-1"), value.encode("latin-1")) for name, value in headers]
            return chunks.append

        result = self.wsgi(environ, start_response)
        try:
            chunks.extend(result)
        finally:
            # Django's request_finished, in the thread that owns the connection: it is kept or closed here.
            close = getattr(result, "close", None)
            if close is not None:
                close()
        return started["status"], started["headers"], chunks

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                # Requests still running finish first (a stopping worker waits for its connections).
                await asyncio.get_running_loop().run_in_executor(None, self.executor.shutdown)
                await send({"type": "lifespan.shutdown.complete"})
                return


STILL_WORKING_HEADERS: Headers = [
    (b"content-type", b"text/plain; charset=utf-8"),
    (b"retry-after", b"5"),
    (b"cache-control", b"no-store"),
]


async def _answer(send: Send, status: int, headers: Headers, chunks: list[bytes]) -> None:
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b"".join(chunks)})


def _environ(scope: Scope, body: IO[bytes], length: int) -> dict[str, Any]:
    """The WSGI environ of an ASGI HTTP request (PEP 3333: text as bytes read as latin-1)."""
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    script_name = scope.get("root_path", "")
    path = scope["path"]
    if script_name and path.startswith(script_name):
        path = path[len(script_name) :]
    environ = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": script_name.encode("utf-8").decode("latin-1"),
        "PATH_INFO": path.encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1] or 80),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "REMOTE_ADDR": client[0],
        "REMOTE_PORT": str(client[1]),
        "CONTENT_LENGTH": str(length),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope.get("headers", []):
        if b"_" in raw_name:
            # As gunicorn does: X_Forwarded_For must not pass for X-Forwarded-For.
            continue
        name = raw_name.decode("latin-1").upper().replace("-", "_")
        value = raw_value.decode("latin-1")
        if name in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            if name == "CONTENT_TYPE":
                environ[name] = value
            continue
        key = f"HTTP_{name}"
        if key in environ:
            value = f"{environ[key]}{'; ' if key == 'HTTP_COOKIE' else ','}{value}"
        environ[key] = value
    return environ


application = WholeRequests(
    get_wsgi_application(),
    threads=THREADS,
    # A form's fields or an upload at Django's limits, and room for the multipart framing around them.
    max_body=max(settings.DATA_UPLOAD_MAX_MEMORY_SIZE, settings.FILE_UPLOAD_MAX_MEMORY_SIZE) + 1024 * 1024,
    read_seconds=REQUEST_SECONDS,
)
