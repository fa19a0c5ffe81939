"""A post too large to read, sent to a page that says what to do with one: that page again, not a bare 400.

Django refuses a body larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` with RequestDataTooBig
the first time ``request.POST`` is read, which the CSRF middleware does before any view
runs, and the visitor gets Django's "Bad Request (400)" with nothing to say why. A view
marked ``takes_oversized_posts`` is asked instead as a GET of the same address, with
``request.oversized_post`` set, so it shows its form again with the limit beside the
field. Nothing of the post is read or kept, and a GET changes nothing, so the CSRF check
(which could not read the token either) has nothing to protect.

The middleware must come before ``CsrfViewMiddleware`` in settings.MIDDLEWARE.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.core.exceptions import RequestDataTooBig

V = TypeVar("V", bound=Callable[..., Any])


def takes_oversized_posts(view: V) -> V:
    """Mark ``view``: a post to it too large to read is answered as a GET with ``request.oversized_post`` set.

    The outermost decorator of the view, so that the mark is on what the address calls.
    """
    view.takes_oversized_posts = True  # type: ignore[attr-defined]  # a mark on the function, read by the middleware
    return view


class OversizedPosts:
    """Turn a post too large to read into a GET of a view marked ``takes_oversized_posts``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method != "POST" or not getattr(view_func, "takes_oversized_posts", False):
            return None
        try:
            request.POST  # noqa: B018 - read here, where its refusal can still be answered
        except RequestDataTooBig:
            # The rest of the body is never read; as a GET the request has no POST to read.
            request.method = "GET"
            request.oversized_post = True
        return None
