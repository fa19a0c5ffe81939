"""A gathering's pages: the coordinator's (make one, its events, register once for several), and the public ones
(its events, the sign-up, the phone that follows its player into whichever event is running)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from .. import services, throttle
from ..forms import (
    AddEventForm,
    EnterEventForm,
    GatheringForm,
    GatheringRegisterForm,
    GatheringSignUpForm,
    whole_number,
)
from ..models import Entrant, Event, Gathering
from ..pages.access import gathering_view, personal_page
from ..pages.addresses import gathering_address
from ..pages.me import remember_me
from ..pages.regions import uncached
from ..pages.rendering import as_context
from ..queries.gatherings import addable_events, entrant_page, gathering_desk, gathering_page
from .confirm import press, status_of, submit
from .signups import sign_ups_waiting

# The phone's "this is me" for a gathering, as an event's public page keeps its own.
ME_COOKIE = "council_gathering_me"


@personal_page
@login_required
@require_http_methods(["GET", "POST"])
def gathering_new(request):
    form = GatheringForm(request.POST or None)
    done = None
    if request.method == "POST":
        done = submit(form, lambda data: services.create_gathering(owner=request.user, **data))
        if done.made:
            messages.success(
                request,
                _("%(gathering)s is made. Add its events, then share its address.") % {"gathering": done.value.name},
            )
            return redirect("events:gathering", slug=done.value.slug)
    return render(request, "events/gathering_form.html", {"form": form}, status=status_of(done))


def _own_events(gathering: Gathering) -> list[tuple[int, str]]:
    return list(gathering.events.exclude(status=Event.CLOSED).order_by("date", "created_at").values_list("pk", "name"))


def _desk(request, gathering: Gathering, *, status: int = 200, **forms: Any):
    desk = gathering_desk(gathering, timezone.now())
    events = _own_events(gathering)
    entrants = [(line.id, line.name) for line in desk.entrants]
    shown = {
        "form": GatheringForm(initial={"name": gathering.name, "place": gathering.place}),
        "register_form": GatheringRegisterForm(events=events),
        "enter_form": EnterEventForm(events=events, entrants=entrants),
        "add_form": AddEventForm(events=desk.addable),
    } | forms
    public_url = gathering_address(request, gathering)
    return render(request, "events/gathering.html", as_context(desk, public_url=public_url, **shown), status=status)


@gathering_view()
@require_http_methods(["GET", "POST"])
def gathering(request, gathering, actor):
    """The coordinator's page of the gathering; a post renames it."""
    if request.method == "GET":
        return _desk(request, gathering)
    form = GatheringForm(request.POST)
    done = submit(form, lambda data: services.change_gathering(gathering, **data, actor=actor))
    if done.made:
        messages.success(request, _("The gathering is saved."))
        return redirect("events:gathering", slug=gathering.slug)
    return _desk(request, gathering, status=status_of(done), form=form)


@gathering_view()
@require_POST
def gathering_register(request, gathering, actor):
    """Register one person for several of the gathering's events at once, as their desks would."""
    form = GatheringRegisterForm(request.POST, events=_own_events(gathering))
    chosen = Event.objects.filter(gathering=gathering)

    def register(data: dict[str, Any]) -> Entrant:
        return services.enter_gathering(
            gathering, data["name"], list(chosen.filter(pk__in=data["events"])), actor=actor
        )

    done = submit(form, register)
    if done.made:
        messages.success(request, _("%(name)s is registered.") % {"name": done.value.name})
        return redirect("events:gathering", slug=gathering.slug)
    return _desk(request, gathering, status=status_of(done), register_form=form)


@gathering_view()
@require_POST
def gathering_enter(request, gathering, actor):
    """Enter a registered person in one more of the gathering's events."""
    entrants = list(gathering.entrants.values_list("pk", "name"))
    form = EnterEventForm(request.POST, events=_own_events(gathering), entrants=entrants)

    def enter(data: dict[str, Any]):
        return services.enter_event(
            gathering.entrants.get(pk=data["entrant"]), gathering.events.get(pk=data["event"]), actor=actor
        )

    done = submit(form, enter)
    if done.made:
        messages.success(
            request,
            _("%(name)s is registered in %(event)s.") % {"name": done.value.name, "event": done.value.event.name},
        )
        return redirect("events:gathering", slug=gathering.slug)
    return _desk(request, gathering, status=status_of(done), enter_form=form)


@gathering_view()
@require_POST
def gathering_add_event(request, gathering, actor):
    """One of the owner's events joins the gathering."""
    form = AddEventForm(request.POST, events=addable_events(gathering))
    done = submit(
        form,
        lambda data: services.set_event_gathering(
            get_object_or_404(Event, pk=data["event"], owner=gathering.owner), gathering, actor=actor
        ),
    )
    if done.made:
        messages.success(request, _("%(event)s is part of the gathering.") % {"event": done.value.name})
        return redirect("events:gathering", slug=gathering.slug)
    return _desk(request, gathering, status=status_of(done), add_form=form)


@gathering_view()
@require_POST
def gathering_remove_event(request, gathering, actor, event_id: int):
    """Take an event out of the gathering; its players stay in it."""
    event = get_object_or_404(Event, pk=event_id, gathering=gathering)
    press(
        request,
        lambda: services.set_event_gathering(event, None, actor=actor),
        lambda event: _("%(event)s is no longer part of the gathering.") % {"event": event.name},
    )
    return redirect("events:gathering", slug=gathering.slug)


@gathering_view()
@require_POST
def gathering_entrant_link(request, gathering, actor, entrant_id: int):
    """Give a person of the gathering a new private link, for one that leaked; the old one stops working."""
    found = get_object_or_404(Entrant, pk=entrant_id, gathering=gathering)
    press(
        request,
        lambda: services.make_entrant_link(found, actor=actor),
        lambda entrant: (
            _("%(name)s has a new private link; the old one no longer opens anything.") % {"name": entrant.name}
        ),
    )
    return redirect("events:gathering", slug=gathering.slug)


def _me(request: HttpRequest) -> int | None:
    return whole_number(request.COOKIES.get(ME_COOKIE, ""))


@gathering_view(public=True)
@require_http_methods(["GET", "POST"])
def gathering_public(request, gathering, actor):
    """The gathering's page for everyone: its events and how each stands; the phone's own player's tables.

    A post remembers "this is me" in a cookie on this phone (the server stores nothing), as
    an event's public page does.
    """
    if request.method == "POST":
        response = redirect("events:gathering_public", slug=gathering.slug)
        chosen = whole_number(request.POST.get("entrant", ""))
        known = chosen is not None and gathering.entrants.filter(pk=chosen).exists()
        path = reverse("events:gathering_public", args=[gathering.slug])
        remember_me(response, request, ME_COOKIE, path, chosen if known else None)
        return response
    page = gathering_page(gathering, timezone.now(), _me(request))
    # Each phone's own tables: kept by no cache, and polled again.
    return uncached(render(request, "events/gathering_public.html", as_context(page)))


@gathering_view(public=True)
@require_http_methods(["GET", "POST"])
def gathering_sign_up(request, gathering, actor):
    """Sign up once for the gathering and choose its events; the player gets their own link to the weekend."""
    now = timezone.now()
    choices = [(line.event_id, line.name) for line in gathering_page(gathering, now).events if line.sign_up_open]
    form = GatheringSignUpForm(request.POST or None, open_events=choices)
    wait = 0
    if request.method == "POST" and choices and form.is_valid():
        key = f"gathering-sign-up:{gathering.pk}:{throttle.client_address(request)}"
        wait = sign_ups_waiting(form, key)
        if not wait:

            def sign_up(data: dict[str, Any]) -> Entrant:
                events = list(Event.objects.filter(gathering=gathering, pk__in=data.pop("events")))
                return services.enter_gathering(
                    gathering, data.pop("name"), events, **data, language=get_language(), now=now
                )

            done = submit(form, sign_up)
            if done.made:
                return redirect("events:entrant", slug=gathering.slug, entrant_token=done.value.token)
            throttle.succeeded(key)  # a refused sign-up signed no one up
    status = 429 if wait else 422 if form.errors else 200
    return uncached(
        render(
            request,
            "events/gathering_sign_up.html",
            {"gathering": gathering, "form": form, "open_events": choices},
            status=status,
        )
    )


@gathering_view(public=True)
@require_http_methods(["GET", "POST"])
def entrant(request, gathering, actor, entrant_token: str):
    """An entrant's own page, by their private link: where they play now, their events, one more event."""
    found = gathering.entrants.filter(token=entrant_token).first() if entrant_token else None
    if found is None:
        raise Http404("No such link")
    now = timezone.now()
    page = entrant_page(found, now)
    form = EnterEventForm(request.POST or None, events=page.open_to_enter)
    done = None
    if request.method == "POST":
        done = submit(form, lambda data: services.enter_event(found, gathering.events.get(pk=data["event"]), now=now))
        if done.made:
            messages.success(request, _("You are registered in %(event)s.") % {"event": done.value.event.name})
            return redirect("events:entrant", slug=gathering.slug, entrant_token=entrant_token)
    link = request.build_absolute_uri(reverse("events:entrant", args=[gathering.slug, entrant_token]))
    # The address is the key to the page: nothing cached.
    return uncached(
        render(request, "events/entrant.html", as_context(page, form=form, link=link), status=status_of(done))
    )
