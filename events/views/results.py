"""Results at the tables: the staff's phone page, a game's result form, its points preview, the calculator."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

import scoring

from .. import services
from ..forms import CouncilForm, ResultForm, add_service_error, result_initial
from ..models import Game
from ..pages.access import event_view
from ..pages.regions import polled, render_region
from ..pages.rendering import as_context
from ..queries.free_council import council_outcome
from ..queries.organisers import game_ruling
from ..queries.record import result_history
from ..queries.reports import players_reports
from ..queries.round import staff_tables as staff_tables_page
from ..queries.search import page_of_table
from ..roles import STAFF
from .confirm import bind_again, submit


@event_view(STAFF)
@require_GET
def staff_tables(request, event, actor):
    query = request.GET.get("q", "")[:100]
    return polled(
        request,
        event,
        "events/tables.html",
        "open-tables",
        lambda: as_context(staff_tables_page(event, query, request.GET.get("page")), actor=actor),
        actor.role,
    )


def _game_for(event, game_id: int) -> Game:
    game = get_object_or_404(
        Game.objects.select_related("round", "player_a", "player_b"), round__event=event, pk=game_id
    )
    game.round.event = event
    return game


def _preview(game: Game, form: ResultForm):
    try:
        return services.preview_result(game, form.result())
    except services.ServiceError as error:
        add_service_error(form, error)
        return None


def _saved(request, event, actor, game: Game):
    messages.success(
        request,
        _("Table %(table)s: saved. %(first)s v %(second)s.")
        % {"table": game.table, "first": game.player_a, "second": game.player_b},
    )
    # A forfeit for dropping out or cheating took the loser out of the event in the same change (reading 73).
    result = game.result or {}
    if result.get("kind") == "forfeit" and result.get("reason") in ("drop", "cheat"):
        loser = game.player_b if result["winner"] == 0 else game.player_a
        messages.warning(
            request,
            (
                _("%(name)s is ejected from the event.")
                if result["reason"] == "cheat"
                else _("%(name)s drops out of the event.")
            )
            % {"name": loser.name},
        )
    if actor.is_coordinator and request.POST.get("back") == "round":
        back = reverse("events:round", args=[event.slug, game.round.number])
        page = page_of_table(game.table, game.round.games.count())
        return redirect(f"{back}?page={page}#table-{game.table}" if page > 1 else back)
    return redirect("events:tables", slug=event.slug)


@event_view(STAFF)
@require_http_methods(["GET", "POST"])
def game_result(request, event, actor, game_id: int):
    game = _game_for(event, game_id)
    initial = result_initial(game)
    data = request.POST or None
    from_calculator = request.method == "GET" and all(
        request.GET.get(name, "").lstrip("-").isdigit() for name in ("mp_a", "mp_b")
    )
    if from_calculator:
        # The Free Council calculator's numbers arrive filled in, with their points shown.
        data = {
            **{k: v for k, v in initial.items() if v is not None},
            "kind": "council",
            "mp_a": request.GET["mp_a"],
            "mp_b": request.GET["mp_b"],
        }
    form = ResultForm(data, game=game, initial=initial)
    preview = warnings = None
    status = 200
    if from_calculator and form.is_valid():
        preview = _preview(game, form)
    if request.method == "POST":
        done = submit(
            form,
            lambda data: services.record_result(
                game, form.result(), actor=actor, expected_version=data["version"], confirm=data["confirm"]
            ),
        )
        if done.made:
            return _saved(request, event, actor, done.value)
        warnings, status = done.warnings, done.status
        if isinstance(done.error, services.ResultConflict):
            # The form shows what was saved meanwhile and saves over it only when sent again.
            bind_again(form, version=done.error.game.version)
        if form.is_bound and not form.errors:
            preview = _preview(game, form)
    return render(
        request,
        "events/result.html",
        {
            "event": event,
            "game": game,
            "form": form,
            "preview": preview,
            "warnings": warnings,
            "actor": actor,
            "back": request.GET.get("back") or request.POST.get("back", ""),
            "reports": players_reports(game),
            "ruling": game_ruling(event, game, request.user.pk),
            "history": result_history(event, game),
        },
        status=status,
    )


@event_view(STAFF)
@require_GET
def game_result_preview(request, event, actor, game_id: int):
    game = _game_for(event, game_id)
    form = ResultForm(request.GET, game=game)
    preview = _preview(game, form) if form.is_valid() else None
    return render(request, "events/result.html#points-preview", {"game": game, "form": form, "preview": preview})


@event_view(STAFF)
@require_GET
def game_council(request, event, actor, game_id: int):
    game = _game_for(event, game_id)
    form = CouncilForm(request.GET if "calculate" in request.GET else None, game=game)
    outcome = None
    if form.is_bound and form.is_valid():
        try:
            outcome = council_outcome(event, game, form.sheets())
        except scoring.RuleError as error:
            form.add_error(None, services.rule_error_line(error))
    return render_region(
        request,
        "events/council.html",
        "council-outcome",
        {"event": event, "game": game, "form": form, "outcome": outcome, "back": request.GET.get("back", "")},
    )
