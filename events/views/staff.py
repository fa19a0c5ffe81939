"""The event's staff: accounts with a role, the arbiter and those who run the event and play, the staff link."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.forms import Form
from django.http import HttpRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import services
from ..forms import ArbiterForm, OrganiserPlayerForm, StaffForm
from ..models import Event
from ..pages.access import event_view, staff_link_session_key
from ..queries.organisers import organisers
from ..roles import COORDINATOR, Actor
from .confirm import press, submit


def _staff_page(request, event, **forms) -> dict[str, Any]:
    link = (
        request.build_absolute_uri(reverse("events:staff_link_open", args=[event.staff_token]))
        if event.staff_token
        else ""
    )
    board = organisers(event, request.user.pk)
    return {
        "event": event,
        "roles": event.roles.select_related("user").order_by("user__username"),
        "form": forms.get("form") or StaffForm(),
        "arbiter_form": forms.get("arbiter_form")
        or ArbiterForm(accounts=board.accounts, initial={"arbiter": event.arbiter_id}),
        "organiser_form": forms.get("organiser_form") or OrganiserPlayerForm(accounts=_may_register(event, board)),
        "organisers": board,
        "staff_link": link,
    }


def _may_register(event, board) -> list[tuple[int, str, str]]:
    # Accounts already registered, and the arbiter, are not offered: the service would refuse them.
    registered = set(event.players.exclude(account=None).values_list("account_id", flat=True))
    return [account for account in board.accounts if account[0] not in registered and account[0] != event.arbiter_id]


# The staff page's three forms post to it, told apart by the button pressed.
def _posted_form(request: HttpRequest, event: Event, actor: Actor) -> tuple[str, Form, Callable[[dict[str, Any]], Any]]:
    accounts = organisers(event, request.user.pk).accounts
    if "name_arbiter" in request.POST:
        form: Form = ArbiterForm(request.POST, accounts=accounts)
        return "arbiter_form", form, lambda data: services.name_arbiter(event, actor=actor, user_id=data["arbiter"])
    if "register_organiser" in request.POST:
        form = OrganiserPlayerForm(request.POST, accounts=accounts)
        return (
            "organiser_form",
            form,
            lambda data: services.register_organiser(event, actor=actor, user_id=data["account"], name=data["name"]),
        )
    form = StaffForm(request.POST)
    return "form", form, lambda data: services.add_staff(event, actor=actor, **data)


def _done_message(key: str, event, value) -> str:
    if key == "arbiter_form":
        return _("The arbiter is saved.")
    if key == "organiser_form":
        return _("%(name)s is registered as a player.") % {"name": value.name}
    return _("%(user)s can now enter results for %(event)s.") % {"user": value.username, "event": event.name}


@event_view(COORDINATOR)
@require_http_methods(["GET", "POST"])
def staff(request, event, actor):
    if request.method == "GET":
        return render(request, "events/staff.html", _staff_page(request, event))
    key, form, change = _posted_form(request, event, actor)
    done = submit(form, change)
    if done.made:
        messages.success(request, _done_message(key, event, done.value))
        return redirect("events:staff", slug=event.slug)
    return render(request, "events/staff.html", _staff_page(request, event, **{key: form}), status=done.status)


@event_view(COORDINATOR)
@require_POST
def staff_remove(request, event, actor, user_id: int):
    press(request, lambda: services.remove_staff(event, actor=actor, user_id=user_id))
    return redirect("events:staff", slug=event.slug)


@event_view(COORDINATOR)
@require_POST
def staff_link(request, event, actor):
    if request.POST.get("action") == "revoke":
        services.revoke_staff_link(event, actor=actor)
        messages.success(request, _("The staff link is revoked; phones that opened it can no longer enter results."))
    else:
        services.create_staff_link(event, actor=actor)
        messages.success(request, _("A new staff link is ready; any earlier link no longer works."))
    return redirect("events:staff", slug=event.slug)


@require_GET
def staff_link_open(request, token: str):
    event = Event.objects.filter(staff_token=token).exclude(staff_token="").first()
    if event is None:
        return render(request, "events/staff_link_invalid.html", status=404)
    request.session[staff_link_session_key(event)] = token
    return redirect("events:tables", slug=event.slug)
