"""The coordinator's standings, and closing the event on them."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from .. import services
from ..forms import CloseForm
from ..queries.standings import coordinator_standings
from ..roles import COORDINATOR
from .access import event_view
from .confirm import submit


def _standings_page(event, *, close_form=None, warnings=None) -> dict:
    page = coordinator_standings(event)
    return {**page, "close_form": close_form or CloseForm(players=page["tied_players"]), "warnings": warnings}


@event_view(COORDINATOR)
@require_GET
def standings(request, event, actor):
    return render(request, "events/standings.html", _standings_page(event))


@event_view(COORDINATOR)
@require_POST
def close(request, event, actor):
    form = CloseForm(request.POST, players=event.players.all())
    done = submit(form, lambda data: services.close_event(event, actor=actor, playoff_winner=data["playoff_winner"],
                                                          confirm=data["confirm"]))
    if done.made:
        messages.success(request, f"{event.name} is closed. These are the final standings.")
        return redirect("standings", slug=event.slug)
    return render(request, "events/standings.html", _standings_page(event, close_form=form, warnings=done.warnings),
                  status=done.status)
