"""The coordinator's round page: its tables live, the clock, swaps, undoing a pairing, confirming results."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from .. import services
from ..forms import ClockForm, SwapForm
from ..models import Game, Round
from ..pages.access import event_view
from ..pages.regions import polled, render_region
from ..pages.rendering import as_context
from ..queries.round import round_page, swappable_players
from ..roles import COORDINATOR
from .confirm import press, submit

CLOCK_SERVICES = {"start": services.start_clock, "pause": services.pause_clock, "call": services.call_time}


def _round_page(
    event, rnd, *, swap_form=None, warnings=None, clock_form=None, query: str = "", page_number: str | None = None
) -> dict[str, Any]:
    page = round_page(event, rnd, query, page_number)
    return as_context(
        page,
        swap_form=swap_form or SwapForm(players=page.swappable),
        warnings=warnings,
        clock_form=clock_form or ClockForm(limit=rnd.adjustment_limit()),
    )


def _round(event, number: int) -> Round:
    rnd = get_object_or_404(Round.objects.select_related("bye", "stage"), event=event, number=number)
    rnd.event = event  # its clock's limits are the event's policy's
    return rnd


@event_view(COORDINATOR)
@require_GET
def round_view(request, event, actor, number: int):
    rnd = _round(event, number)
    query, page_number = request.GET.get("q", "")[:100], request.GET.get("page")
    return polled(
        request,
        event,
        "events/round.html",
        "tables",
        lambda: _round_page(event, rnd, query=query, page_number=page_number),
        actor.role,
    )


def _change_clock(rnd, actor, data: dict[str, Any]):
    if data["action"] == "adjust":
        return services.adjust_time(rnd, actor=actor, minutes=data["minutes"], table=data["table"])
    return CLOCK_SERVICES[data["action"]](rnd, actor=actor)


@event_view(COORDINATOR)
@require_POST
def round_clock(request, event, actor, number: int):
    rnd = _round(event, number)
    form = ClockForm(request.POST, limit=rnd.adjustment_limit())
    done = submit(form, lambda data: _change_clock(rnd, actor, data))
    if done.made:
        messages.success(request, form.done_message())
        return redirect("events:round", slug=event.slug, number=number)
    return render(request, "events/round.html", _round_page(event, rnd, clock_form=form), status=done.status)


@event_view(COORDINATOR)
@require_POST
def round_swap(request, event, actor, number: int):
    rnd = _round(event, number)
    form = SwapForm(request.POST, players=swappable_players(rnd))
    done = submit(
        form,
        lambda data: services.swap_players(rnd, data["first"], data["second"], actor=actor, confirm=data["confirm"]),
    )
    if done.made:
        messages.success(
            request,
            _("Swapped %(first)s and %(second)s.")
            % {"first": form.cleaned_data["first"], "second": form.cleaned_data["second"]},
        )
        return redirect("events:round", slug=event.slug, number=number)
    return render(
        request,
        "events/round.html",
        _round_page(event, rnd, swap_form=form, warnings=done.warnings),
        status=done.status,
    )


@event_view(COORDINATOR)
@require_POST
def round_undo(request, event, actor, number: int):
    rnd = get_object_or_404(Round, event=event, number=number)
    if not press(
        request,
        lambda: services.undo_round(rnd, actor=actor),
        lambda _value: _("Round %(number)s is undone; pair it again when ready.") % {"number": number},
    ).made:
        return redirect("events:round", slug=event.slug, number=number)
    return redirect("events:desk", slug=event.slug)


@event_view(COORDINATOR)
@require_POST
def game_confirm(request, event, actor, game_id: int):
    game = get_object_or_404(Game.objects.select_related("round"), round__event=event, pk=game_id)
    press(request, lambda: services.confirm_result(game, actor=actor))
    if request.htmx:
        context = _round_page(
            event, game.round, query=request.POST.get("q", "")[:100], page_number=request.POST.get("page")
        )
        return render_region(request, "events/round.html", "tables", context)
    return redirect("events:round", slug=event.slug, number=game.round.number)
