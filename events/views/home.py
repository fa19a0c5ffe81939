"""The front door: the home page, a new event, an imported one, the health check."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from .. import services
from ..forms import EventForm, ImportForm
from ..pages.access import personal_page
from ..queries.home import account_events, account_gatherings
from ..queries.house_rules import chosen_policy
from ..queries.policies import house_policy_choices
from ..queries.policy import PolicyImplications, policy_implications
from .confirm import status_of, submit

DEFAULT_EXPECTED_PLAYERS = 16


@personal_page
@require_GET
def home(request):
    signed_in = request.user.is_authenticated
    events = account_events(request.user) if signed_in else []
    gatherings = account_gatherings(request.user) if signed_in else []
    return render(request, "events/home.html", {"events": events, "gatherings": gatherings})


def implications_of(data, user, event=None) -> PolicyImplications | None:
    """What the policy chosen in ``data`` (a form's values) implies, for the event form's side panel:
    a released text, a house policy ``user`` keeps, or the copy ``event`` runs under."""
    try:
        expected = int(data.get("expected_players") or DEFAULT_EXPECTED_PLAYERS)
    except ValueError:
        return None
    chosen = chosen_policy(data.get("policy"), user, event)
    if chosen is None:
        return None
    # An event of pools is told what its pools do, from the numbers the form has (templates/events/event_form.html).
    return policy_implications(
        chosen,
        expected,
        data.get("game_type"),
        structure=data.get("structure"),
        pools=data.get("pools"),
        advance=data.get("advance"),
        elimination=data.get("elimination"),
    )


@personal_page
@login_required
@require_http_methods(["GET", "POST"])
def event_new(request):
    house_policies = house_policy_choices(request.user)
    initial = {"language": get_language(), "time_zone": settings.TIME_ZONE}
    if request.GET.get("policy") in {key for key, _title in house_policies}:
        initial["policy"] = request.GET["policy"]  # "New event under this policy", from a house policy's page
    form = EventForm(request.POST or None, initial=initial, house_policies=house_policies)
    # "New event in this gathering", from the gathering's page: the address carries it to the post.
    gathering = request.user.gatherings.filter(slug=request.GET.get("gathering", "")).first()
    if not form.is_bound and "policy" in initial:
        form.offer_only(chosen_policy(initial["policy"], request.user))
    done = None
    if request.method == "POST":
        done = submit(
            form, lambda data: services.create_event(owner=request.user, gathering=gathering, **form.values())
        )
        if done.made:
            messages.success(
                request, _("%(event)s is created. Register the players as they arrive.") % {"event": done.value.name}
            )
            return redirect("events:desk", slug=done.value.slug)
    shown = form.data if form.is_bound else {**{k: f.initial for k, f in form.fields.items()}, **form.initial}
    return render(
        request,
        "events/event_form.html",
        {"form": form, "implications": implications_of(shown, request.user), "event": None, "gathering": gathering},
        status=status_of(done),
    )


@personal_page
@require_GET
def policy_preview(request):
    """What the chosen policy implies, and its own formats and tie options put in place of the form's (htmx)."""
    form = EventForm(request.GET, house_policies=())  # only its formats and tie options are shown
    form.offer_only(chosen_policy(request.GET.get("policy"), request.user))
    return render(
        request,
        "events/policy_preview.html",
        {"implications": implications_of(request.GET, request.user), "form": form},
    )


@personal_page
@login_required
@require_http_methods(["GET", "POST"])
def event_import(request):
    form = ImportForm(request.POST or None, request.FILES or None)
    done = None
    if request.method == "POST":
        done = submit(form, lambda data: services.import_event(data["archive"], owner=request.user))
        if done.made:
            event = done.value
            messages.success(
                request,
                _("Imported %(event)s. Its public page is %(address)s")
                % {"event": event.name, "address": reverse("events:public", args=[event.slug])},
            )
            return redirect("events:desk", slug=event.slug)
    return render(request, "events/import.html", {"form": form}, status=status_of(done))


def health(request):
    return HttpResponse("ok", content_type="text/plain")
