"""The public sign-up of an event: a player registers themselves and gets their private link.

An event that is part of a gathering takes its sign-ups through the gathering's
(``views/gatherings.py``), which shares the wait of one network here.
"""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import get_language, ngettext

from .. import services, throttle
from ..forms import SignUpForm
from ..pages.public import public_page
from ..pages.regions import uncached
from ..pages.rendering import as_context
from ..queries.decks import sign_up_page
from .confirm import submit


def sign_ups_waiting(form, key: str) -> int:
    """Count a sign-up from this network (``key``): the minutes it must wait, said beside the name; 0 when it may go.

    A club behind one address may sign up together; a script cannot fill an event (docs/security.md, "Sign-ups").
    """
    wait = throttle.attempt([(key, throttle.SIGN_UP_PER_ADDRESS)])
    if wait:
        form.add_error(
            "name",
            ngettext(
                "Too many sign-ups from this network. Try again in %(count)s minute, or ask the coordinator.",
                "Too many sign-ups from this network. Try again in %(count)s minutes, or ask the coordinator.",
                wait,
            )
            % {"count": wait},
        )
    return wait


@public_page(methods=["GET", "POST"])
def sign_up(request, event, actor):
    if event.gathering_id is not None:
        # A weekend's events share one sign-up, so that each person is registered once (docs/rules.md, reading 102).
        return redirect("events:gathering_sign_up", slug=event.gathering.slug)
    page = sign_up_page(event, timezone.now())
    form = SignUpForm(request.POST or None)
    wait = 0
    if request.method == "POST" and not page.closed and form.is_valid():
        key = f"sign-up:{event.pk}:{throttle.client_address(request)}"
        wait = sign_ups_waiting(form, key)
        if not wait:
            done = submit(form, lambda data: services.sign_up(event, **data, language=get_language()))
            if done.made:
                return redirect("events:deck_link", slug=event.slug, deck_token=done.value.deck_token)
            throttle.succeeded(key)  # a refused sign-up signed no one up
    status = 429 if wait else 422 if form.errors else 200
    return uncached(render(request, "events/sign_up.html", as_context(page, form=form), status=status))
