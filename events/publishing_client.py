"""One push of an event to its hosted copy over HTTP, and what came of it (docs/operations.md, "Publishing").

A leaf: it knows HTTP and JSON, nothing of the app. The server's job calls it between
claiming a target and recording the outcome (events/management/commands/run_jobs.py).
The body is gzipped JSON, as venue Wi-Fi is slow; the key goes in the Authorization header,
and a redirect is not followed, so the key never goes to an address nobody entered.
"""

from __future__ import annotations

import gzip
import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

# The hosted server's address for pushes, after the address the coordinator entered.
PUSH_PATH = "/publish/"
TIMEOUT_SECONDS = 20
# Enough of an answer for its message; a server that answers more is not Council.
MAX_ANSWER_BYTES = 64 * 1024


@dataclass(frozen=True)
class PushOutcome:
    """What became of one push: taken (``ok``), or why not, in the words of the hosted server or the network.

    ``key_refused`` is the hosted server refusing the key itself (revoked, or mistyped):
    trying again will not help until a new key is entered. ``status`` is the HTTP status,
    None when no answer came.
    """

    ok: bool
    status: int | None = None
    detail: str = ""
    key_refused: bool = False


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_opener = urllib.request.build_opener(_NoRedirects)


def _answer_of(body: bytes) -> dict[str, Any]:
    try:
        answer = json.loads(body[:MAX_ANSWER_BYTES].decode("utf-8", "replace"))
    except ValueError:
        return {}
    return answer if isinstance(answer, dict) else {}


def push(address: str, key: str, document: dict[str, Any], *, language: str = "en") -> PushOutcome:
    """POST ``document`` to the hosted server at ``address`` under ``key``; never raises for a network's failure.

    ``language`` asks the hosted server for its refusals in the event's language.
    """
    body = gzip.compress(json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    request = urllib.request.Request(
        address.rstrip("/") + PUSH_PATH,
        data=body,
        method="POST",
        headers={
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
            "Content-Encoding": "gzip",
            "Accept": "application/json",
            "Accept-Language": language,
            "User-Agent": "Council publishing",
        },
    )
    try:
        with _opener.open(request, timeout=TIMEOUT_SECONDS) as response:
            response.read(MAX_ANSWER_BYTES)
            return PushOutcome(ok=True, status=response.status)
    except urllib.error.HTTPError as answer:
        status = answer.code
        if 300 <= status < 400:
            moved = answer.headers.get("Location", "")
            return PushOutcome(ok=False, status=status, detail=f"HTTP {status}: the address moves to {moved[:200]}")
        message = str(_answer_of(answer.read(MAX_ANSWER_BYTES)).get("error", ""))[:300]
        return PushOutcome(
            ok=False, status=status, detail=f"HTTP {status}: {message}".rstrip(": "), key_refused=status == 401
        )
    except (urllib.error.URLError, OSError, ValueError) as error:  # no answer: the link is down, or the host away
        reason = getattr(error, "reason", error)
        return PushOutcome(ok=False, detail=f"{type(reason).__name__}: {reason}"[:300])
