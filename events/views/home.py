"""The front door: the home page, a new event, an imported one, the health check."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from .. import services
from ..forms import EventForm, ImportForm, add_service_error
from ..models import Event
from ..queries.policy import policy_implications
from .access import personal_page

DEFAULT_EXPECTED_PLAYERS = 16


@personal_page
@require_GET
def home(request):
    events = []
    if request.user.is_authenticated:
        events = (
            Event.objects.filter(Q(owner=request.user) | Q(roles__user=request.user))
            .distinct()
            .annotate(player_count=Count("players", distinct=True))
            .order_by("-created_at")[:50]
        )
    return render(request, "events/home.html", {"events": events})


def implications_of(data) -> dict | None:
    """What the policy chosen in ``data`` (a form's values) implies, for the event form's side panel."""
    try:
        expected = int(data.get("expected_players") or DEFAULT_EXPECTED_PLAYERS)
    except ValueError:
        return None
    return policy_implications(data.get("policy"), expected, data.get("game_type"))


@personal_page
@login_required
@require_http_methods(["GET", "POST"])
def event_new(request):
    form = EventForm(request.POST or None, initial={"language": get_language(), "time_zone": settings.TIME_ZONE})
    if request.method == "POST" and form.is_valid():
        try:
            event = services.create_event(owner=request.user, **form.values())
        except services.ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(
                request, _("%(event)s is created. Register the players as they arrive.") % {"event": event.name}
            )
            return redirect("desk", slug=event.slug)
    implications = implications_of(form.data if form.is_bound else {k: f.initial for k, f in form.fields.items()})
    return render(
        request,
        "events/event_form.html",
        {"form": form, "implications": implications, "event": None},
        status=422 if form.errors else 200,
    )


@personal_page
@require_GET
def policy_preview(request):
    """What the chosen policy implies, and its own formats and tie options put in place of the form's (htmx)."""
    form = EventForm(request.GET)
    form.offer_only(request.GET.get("policy"))
    return render(request, "events/policy_preview.html", {"implications": implications_of(request.GET), "form": form})


@personal_page
@login_required
@require_http_methods(["GET", "POST"])
def event_import(request):
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.import_event(form.cleaned_data["archive"], owner=request.user)
        except services.ServiceError as error:
            form.add_error("archive", str(error))
        else:
            messages.success(
                request,
                _("Imported %(event)s. Its public page is %(address)s")
                % {"event": event.name, "address": reverse("public", args=[event.slug])},
            )
            return redirect("desk", slug=event.slug)
    return render(request, "events/import.html", {"form": form}, status=422 if form.errors else 200)


def health(request):
    return HttpResponse("ok", content_type="text/plain")
