"""The event's staff: accounts with a role, the staff link, and opening it on a phone."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import services
from ..forms import StaffForm
from ..models import Event
from ..roles import COORDINATOR
from .access import event_view, staff_link_session_key
from .confirm import press, submit


def _staff_page(request, event, form=None) -> dict:
    link = request.build_absolute_uri(reverse("staff_link_open", args=[event.staff_token])) if event.staff_token else ""
    return {
        "event": event,
        "roles": event.roles.select_related("user").order_by("user__username"),
        "form": form or StaffForm(),
        "staff_link": link,
    }


@event_view(COORDINATOR)
@require_http_methods(["GET", "POST"])
def staff(request, event, actor):
    form = StaffForm(request.POST or None)
    if request.method == "POST":
        done = submit(form, lambda data: services.add_staff(event, actor=actor, **data))
        if done.made:
            messages.success(request, _("%(user)s can now enter results for %(event)s.") % {
                "user": done.value.username, "event": event.name})
            return redirect("staff", slug=event.slug)
    return render(request, "events/staff.html", _staff_page(request, event, form),
                  status=422 if form.errors else 200)


@event_view(COORDINATOR)
@require_POST
def staff_remove(request, event, actor, user_id: int):
    press(request, lambda: services.remove_staff(event, actor=actor, user_id=user_id))
    return redirect("staff", slug=event.slug)


@event_view(COORDINATOR)
@require_POST
def staff_link(request, event, actor):
    if request.POST.get("action") == "revoke":
        services.revoke_staff_link(event, actor=actor)
        messages.success(request, _("The staff link is revoked; phones that opened it can no longer enter results."))
    else:
        services.create_staff_link(event, actor=actor)
        messages.success(request, _("A new staff link is ready; any earlier link no longer works."))
    return redirect("staff", slug=event.slug)


@require_GET
def staff_link_open(request, token: str):
    event = Event.objects.filter(staff_token=token).exclude(staff_token="").first()
    if event is None:
        return render(request, "events/staff_link_invalid.html", status=404)
    request.session[staff_link_session_key(event)] = token
    return redirect("tables", slug=event.slug)
