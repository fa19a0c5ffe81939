"""The coordinator's standings, the playoffs and brackets that follow them, and closing the event."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from .. import services
from ..forms import CloseForm, whole_number
from ..i18n import say
from ..models import Stage
from ..pages.access import event_view
from ..pages.standings import coordinator_standings_and_finals
from ..roles import COORDINATOR
from .confirm import press, submit


def _standings_page(event, *, ranking_page=None, close_form=None, warnings=None) -> dict[str, Any]:
    context = coordinator_standings_and_finals(event, ranking_page)
    if close_form is None:
        close_form = CloseForm(players=event.players.all(), offered=context["tied_players"])
    else:
        close_form.offer(context["tied_players"])  # a refused close offers the same players as the page did
    return {**context, "close_form": close_form, "warnings": warnings, "ranking_page_asked": ranking_page}


@event_view(COORDINATOR)
@require_GET
def standings(request, event, actor):
    # A long ranking is shown a page at a time (events/pages/standings.py); a page not a number is the first.
    ranking_page = whole_number(request.GET.get("page", ""))
    return render(request, "events/standings.html", _standings_page(event, ranking_page=ranking_page))


@event_view(COORDINATOR)
@require_POST
def close(request, event, actor):
    # A refused close shows the page of the ranking the coordinator pressed it on (the form's address names it).
    ranking_page = whole_number(request.GET.get("page", ""))
    form = CloseForm(request.POST, players=event.players.all())
    done = submit(
        form,
        lambda data: services.close_event(
            event,
            actor=actor,
            playoff_winner=data["playoff_winner"],
            co_champions_agreed=data["co_champions_agreed"],
            confirm=data["confirm"],
        ),
    )
    if done.made:
        messages.success(request, _("%(event)s is closed. These are the final standings.") % {"event": event.name})
        return redirect("events:standings", slug=event.slug)
    return render(
        request,
        "events/standings.html",
        _standings_page(event, ranking_page=ranking_page, close_form=form, warnings=done.warnings),
        status=done.status,
    )


@event_view(COORDINATOR)
@require_POST
def start_stage(request, event, actor):
    """Start the playoff, the top cut or the bracket that is due; with ``place``, a playoff for a tied lower place."""
    place = whole_number(request.POST.get("place", ""))
    press(
        request,
        lambda: services.start_stage(event, actor=actor, place=place),
        lambda stage: _("%(stage)s started: pair its first round from the desk.") % {"stage": say(stage.title)},
        refused=_("Not started: %(reason)s"),
    )
    return redirect("events:standings", slug=event.slug)


@event_view(COORDINATOR)
@require_POST
def cancel_stage(request, event, actor, number: int):
    stage = get_object_or_404(Stage, event=event, number=number)
    press(
        request,
        lambda: services.cancel_stage(stage, actor=actor),
        lambda _value: _("%(stage)s taken back.") % {"stage": say(stage.title)},
        refused=_("Not taken back: %(reason)s"),
    )
    return redirect("events:standings", slug=event.slug)
