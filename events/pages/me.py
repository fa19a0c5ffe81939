"""A phone's "this is me": the player it chose, kept in a cookie on that phone for one page's address only.

The server stores nothing of it; an event's public page and a gathering's keep their own
(``views/public.py``, ``views/gatherings.py``).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from ..numbers import whole_number

# The public page's "this is me" (views/public.py), read before the event by a phone's polled region (pages/phones.py).
ME_COOKIE = "council_me"
# Two months: a season's weekend or a league's rounds, on the phone that chose.
ME_COOKIE_AGE = 60 * 60 * 24 * 60


def remember_me(response: HttpResponse, request: HttpRequest, cookie: str, path: str, chosen: int | None) -> None:
    """Keep ``chosen`` in ``cookie`` for the pages under ``path``; forget it when ``chosen`` is None."""
    if chosen is None:
        response.delete_cookie(cookie, path=path, samesite="Lax")
        return
    response.set_cookie(
        cookie,
        str(chosen),
        max_age=ME_COOKIE_AGE,
        path=path,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )


def chosen_player(request: HttpRequest, cookie: str = ME_COOKIE) -> int | None:
    """The player ``cookie`` names on this phone, as a number, or None (no choice, or not a number)."""
    return whole_number(request.COOKIES.get(cookie, ""))
