"""Views: parse the request, check the role, call one service, render.

Regions that htmx swaps are inline partials named after the element id they replace
(``events/round.html#tables``); a view renders the partial when htmx asks for it.
"""

from __future__ import annotations

import functools
import json
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import Http404, HttpResponse, HttpResponseNotModified, JsonResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags, quote_etag
from django.views.decorators.gzip import gzip_page
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import scoring
from scoring.policies import points_json

from . import services, throttle
from .access import COORDINATOR, PUBLIC, STAFF, event_view, staff_link_session_key
from .boards import (
    Card,
    alphabetical_seats,
    event_standings,
    fold,
    found_players,
    latest_round,
    projector_list,
    public_address,
    public_board,
    round_games,
    standings_page,
    tournament_cards,
)
from .change_notices import event_changed_at
from .clocks import clock_display
from .forms import (
    AuditFilterForm,
    ClockForm,
    CloseForm,
    CouncilForm,
    EventForm,
    ImportForm,
    PasteForm,
    PlayerForm,
    PlayerReportForm,
    RegisterForm,
    ReportCodeForm,
    ResultForm,
    RoundsForm,
    StaffForm,
    StartForm,
    SwapForm,
    add_service_error,
)
from .listings import desk_players, found_tables, is_long_list, list_page, page_of_table, staff_board, with_players
from .models import AuditEntry, Event, Game, Player, Round, Snapshot


def _whole_number(text: str) -> int | None:
    """A number typed or stored by us: ASCII digits that fit a database column, else None.

    ``str.isdigit`` alone accepts "²" and digits of any length, which ``int`` or the
    database would then refuse with a server error.
    """
    if text.isascii() and text.isdigit() and len(text) <= 9:
        return int(text)
    return None


def _partial(request, template: str, partial: str, context: dict):
    """The whole page, or only the region htmx asked for by its element id."""
    if request.htmx and request.htmx.target == partial:
        return render(request, f"{template}#{partial}", context)
    return render(request, template, context)


# Signing in ---------------------------------------------------------------------------------


class SignInView(auth_views.LoginView):
    """Django's sign-in, refusing further guesses once a name, an address or a browser failed too often."""

    template_name = "registration/login.html"

    def _name(self) -> str:
        return throttle.sign_in_name(self.request.POST.get("username", ""))

    def post(self, request, *args, **kwargs):
        wait = max(throttle.wait_minutes(key, limit) for key, limit in throttle.sign_in_limits(request, self._name()))
        if wait:
            # The password is not even checked, so guessing gains nothing while refused.
            form = self.get_form_class()(request, initial={"username": request.POST.get("username", "")[:150]})
            refused = f"Too many failed sign-ins. Try again in {wait} minute{'s' if wait > 1 else ''}."
            return self.render_to_response(self.get_context_data(form=form, refused=refused), status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        name = self._name()
        for key, _ in throttle.sign_in_limits(self.request, name):
            if not key.startswith("login-address:"):
                throttle.forget(key)
        response = super().form_valid(form)
        throttle.remember_device(self.request, response, name)
        return response

    def form_invalid(self, form):
        for key, limit in throttle.sign_in_limits(self.request, self._name()):
            throttle.record_failure(key, limit)
        return self.render_to_response(self.get_context_data(form=form), status=422)


# Home and event settings --------------------------------------------------------------------


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


def _policy_implications(data) -> dict | None:
    """What the chosen policy implies for the expected field, or None if the choice is incomplete."""
    try:
        policy = scoring.get_policy(data.get("policy"))
        players = int(data.get("expected_players") or 16)
        return scoring.policy_info(policy, max(players, 2), data.get("game_type") or "two-deck") | {
            "title": policy.title
        }
    except (scoring.RuleError, ValueError):
        return None


@login_required
@require_http_methods(["GET", "POST"])
def event_new(request):
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.create_event(owner=request.user, **form.values())
        except services.ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, f"{event.name} is created. Register the players as they arrive.")
            return redirect("desk", slug=event.slug)
    implications = _policy_implications(form.data if form.is_bound else {k: f.initial for k, f in form.fields.items()})
    return render(request, "events/event_form.html", {"form": form, "implications": implications, "event": None},
                  status=422 if form.errors else 200)


@require_GET
def policy_preview(request):
    return render(request, "events/event_form.html#implications", {"implications": _policy_implications(request.GET)})


@event_view(COORDINATOR)
@require_http_methods(["GET", "POST"])
def event_edit(request, event, actor):
    initial = {k: getattr(event, k) for k in ("name", "date", "place", "players_report") + services.EVENT_RULE_FIELDS}
    form = EventForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_event(event, actor=actor, **form.values())
        except services.ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, "Settings saved.")
            return redirect("desk", slug=event.slug)
    implications = _policy_implications(form.data if form.is_bound else initial)
    return render(request, "events/event_form.html", {"form": form, "implications": implications, "event": event},
                  status=422 if form.errors else 200)


# The coordinator's desk -----------------------------------------------------------------------


def _desk_context(event, register_form=None, paste_form=None, start_form=None, rounds_form=None,
                  query: str = "", page_number: str | None = None) -> dict:
    player_page, registered, active = desk_players(event, query, page_number)
    rounds = list(
        event.rounds.annotate(
            tables=Count("games"), missing=Count("games", filter=Q(games__result__isnull=True))
        ).order_by("number")
    )
    policy = scoring.get_policy(event.policy)
    latest = rounds[-1] if rounds else None
    return {
        "event": event,
        "player_page": player_page,
        "query": query,
        "searchable": is_long_list(registered),
        "registered_count": registered,
        "active_count": active,
        "rounds": rounds,
        "latest": latest,
        "policy": policy,
        "rounds_for_present": policy.rounds_for(active) if active >= 2 else None,
        "official": policy.can_be_official(active) if active >= 2 else False,
        "time_limit": policy.time_limits[event.game_type],
        "register_form": register_form or RegisterForm(),
        "paste_form": paste_form or PasteForm(auto_id="paste_%s"),
        "start_form": start_form or StartForm(initial={"rounds": policy.rounds_for(active) if active >= 2 else 1}),
        "rounds_form": rounds_form or RoundsForm(initial={"rounds": event.rounds_planned}),
        "can_pair_next": event.status == Event.RUNNING
        and (latest is None or latest.missing == 0)
        and (event.rounds_planned is None or len(rounds) < event.rounds_planned),
    }


@event_view(COORDINATOR)
@require_GET
def desk(request, event, actor):
    context = _desk_context(event, query=request.GET.get("q", "")[:100], page_number=request.GET.get("page"))
    return _partial(request, "events/desk.html", "player-list", context)


@event_view(COORDINATOR)
@require_POST
def register(request, event, actor):
    pasted = "paste" in request.POST
    form = PasteForm(request.POST, auto_id="paste_%s") if pasted else RegisterForm(request.POST)
    if form.is_valid():
        try:
            players = services.register_players(event, form.cleaned_data["names"], actor=actor)
        except services.ServiceError as error:
            add_service_error(form, error)
        else:
            late = players[0].joined_after_round
            note = f" They join round {late + 1} with 0 points (late registration)." if late else ""
            messages.success(request, f"Registered {', '.join(p.name for p in players)}.{note}")
            form = None
    if form is None and not request.htmx:
        return redirect("desk", slug=event.slug)
    status = 200 if form is None else 422
    context = _desk_context(event, **({"paste_form": form} if pasted else {"register_form": form}))
    return render(request, "events/desk.html#players" if request.htmx else "events/desk.html", context, status=status)


@event_view(COORDINATOR)
@require_http_methods(["GET", "POST"])
def player_edit(request, event, actor, player_id: int):
    player = get_object_or_404(Player, event=event, pk=player_id)
    form = PlayerForm(
        request.POST or None,
        initial={"name": player.name, "deck_capability": player.deck_capability, "avatar": player.avatar,
                 "ranking": player.ranking},
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.update_player(player, actor=actor, **form.cleaned_data)
        except services.ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, f"{player.name} saved.")
            return redirect("desk", slug=event.slug)
    return render(request, "events/player_form.html", {"event": event, "player": player, "form": form},
                  status=422 if form.errors else 200)


@event_view(COORDINATOR)
@require_POST
def player_remove(request, event, actor, player_id: int):
    player = get_object_or_404(Player, event=event, pk=player_id)
    try:
        services.remove_player(player, actor=actor)
    except services.ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{player.name} is removed.")
    return redirect("desk", slug=event.slug)


@event_view(COORDINATOR)
@require_POST
def player_drop(request, event, actor, player_id: int):
    player = get_object_or_404(Player, event=event, pk=player_id)
    try:
        told = services.drop_player(player, actor=actor, ejected=request.POST.get("ejected") == "1")
    except services.ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, told)
    return redirect("desk", slug=event.slug)


def _rounds_form_view(request, event, actor, form_class, service, context_key: str, success):
    """Start or change the rounds; a refusal is shown next to the field on the desk.

    ``success(cleaned_data)`` says what was done: the message holds names typed by people,
    so it is never a format string.
    """
    form = form_class(request.POST)
    if form.is_valid():
        try:
            service(event, actor=actor, **form.cleaned_data)
        except services.ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, success(form.cleaned_data))
            return redirect("desk", slug=event.slug)
    event.refresh_from_db()
    return render(request, "events/desk.html", _desk_context(event, **{context_key: form}), status=422)


@event_view(COORDINATOR)
@require_POST
def start(request, event, actor):
    return _rounds_form_view(request, event, actor, StartForm, services.start_event, "start_form",
                             lambda data: f"The event has started: {event.name}. Pair round 1 when everyone is seated.")


@event_view(COORDINATOR)
@require_POST
def rounds_change(request, event, actor):
    return _rounds_form_view(request, event, actor, RoundsForm, services.change_rounds, "rounds_form",
                             lambda data: f"The event now has {data['rounds']} rounds.")


@event_view(COORDINATOR)
@require_POST
def pair(request, event, actor):
    try:
        rnd = services.pair_round(event, actor=actor)
    except services.ServiceError as error:
        messages.error(request, str(error))
        return redirect("desk", slug=event.slug)
    messages.success(request, f"Round {rnd.number} is paired (seed {rnd.seed}).")
    return redirect("round", slug=event.slug, number=rnd.number)


# Rounds ---------------------------------------------------------------------------------------


def _listing(query: str, page) -> str:
    """The query string of a listing's page and search, for the address its region polls."""
    return urlencode({**({"q": query} if query else {}), **({"page": page.number} if page.number > 1 else {})})


def _round_context(event, rnd, swap_form=None, warnings=None, clock_form=None, query: str = "",
                   page_number: str | None = None) -> dict:
    games = list(rnd.games.all())
    missing = [g.table for g in games if g.result is None]
    is_latest = not event.rounds.filter(number__gt=rnd.number).exists()
    table_page = list_page(found_tables(event, games, query), page_number)
    many_open = is_long_list(len(missing))
    # Names are shown for the rows listed, and for the open tables the clock's list offers.
    with_players([*table_page.object_list, *([] if many_open else [g for g in games if g.result is None])])
    seated = Player.objects.filter(Q(pk=rnd.bye_id) | Q(pk__in=[g.player_a_id for g in games if g.result is None])
                                   | Q(pk__in=[g.player_b_id for g in games if g.result is None]))
    return {
        "event": event,
        "round": rnd,
        "games": games,
        "table_page": table_page,
        "query": query,
        # The address the listing polls: the same page of the same search.
        "listing": _listing(query, table_page),
        "searchable": is_long_list(len(games)),
        "many_open": many_open,
        "missing": missing,
        "is_latest": is_latest,
        "reported": sum(1 for g in games if g.state == Game.REPORTED),
        "swap_form": swap_form or SwapForm(players=seated),
        "warnings": warnings,
        "editable": is_latest and event.status == Event.RUNNING,
        "untouched": all(g.result is None for g in games),
        "clock": clock_display(event, rnd) if is_latest and event.status == Event.RUNNING else None,
        "clock_form": clock_form or ClockForm(),
        "extended": [g for g in games if g.extra_seconds and g.result is None],
    }


@event_view(COORDINATOR)
@require_GET
def round_view(request, event, actor, number: int):
    rnd = get_object_or_404(Round.objects.select_related("bye"), event=event, number=number)
    query, page_number = request.GET.get("q", "")[:100], request.GET.get("page")
    return _polled(request, event, "events/round.html", "tables",
                   lambda: _round_context(event, rnd, query=query, page_number=page_number), actor.role)


@event_view(COORDINATOR)
@require_POST
def round_clock(request, event, actor, number: int):
    rnd = get_object_or_404(Round.objects.select_related("bye"), event=event, number=number)
    form = ClockForm(request.POST)
    if form.is_valid():
        action = form.cleaned_data["action"]
        try:
            if action == "adjust":
                services.adjust_time(rnd, actor=actor, minutes=form.cleaned_data["minutes"],
                                     table=form.cleaned_data["table"])
            else:
                CLOCK_SERVICES[action](rnd, actor=actor)
        except services.ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, form.done_message())
            return redirect("round", slug=event.slug, number=number)
    return render(request, "events/round.html", _round_context(event, rnd, clock_form=form), status=422)


CLOCK_SERVICES = {"start": services.start_clock, "pause": services.pause_clock, "call": services.call_time}


@event_view(COORDINATOR)
@require_POST
def round_swap(request, event, actor, number: int):
    rnd = get_object_or_404(Round.objects.select_related("bye"), event=event, number=number)
    context = _round_context(event, rnd)
    form = SwapForm(request.POST, players=context["swap_form"].fields["first"].queryset)
    if form.is_valid():
        try:
            services.swap_players(rnd, form.cleaned_data["first"], form.cleaned_data["second"], actor=actor,
                                  confirm=form.cleaned_data["confirm"])
        except services.NeedsConfirmation as pending:
            form = SwapForm(
                {**request.POST.dict(), "confirm": "True"}, players=context["swap_form"].fields["first"].queryset
            )
            form.is_valid()
            return render(request, "events/round.html", _round_context(event, rnd, form, pending.warnings),
                          status=409)
        except services.ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, f"Swapped {form.cleaned_data['first']} and {form.cleaned_data['second']}.")
            return redirect("round", slug=event.slug, number=number)
    return render(request, "events/round.html", _round_context(event, rnd, form), status=422)


@event_view(COORDINATOR)
@require_POST
def round_undo(request, event, actor, number: int):
    rnd = get_object_or_404(Round, event=event, number=number)
    try:
        services.undo_round(rnd, actor=actor)
    except services.ServiceError as error:
        messages.error(request, str(error))
        return redirect("round", slug=event.slug, number=number)
    messages.success(request, f"Round {number} is undone; pair it again when ready.")
    return redirect("desk", slug=event.slug)


@event_view(COORDINATOR)
@require_POST
def game_confirm(request, event, actor, game_id: int):
    game = get_object_or_404(Game.objects.select_related("round"), round__event=event, pk=game_id)
    try:
        services.confirm_result(game, actor=actor)
    except services.ServiceError as error:
        messages.error(request, str(error))
    if request.htmx:
        context = _round_context(event, game.round, query=request.POST.get("q", "")[:100],
                                 page_number=request.POST.get("page"))
        return _partial(request, "events/round.html", "tables", context)
    return redirect("round", slug=event.slug, number=game.round.number)


# Results at the tables ----------------------------------------------------------------------------


@event_view(STAFF)
@require_GET
def staff_tables(request, event, actor):
    query = request.GET.get("q", "")[:100]

    def build():
        board = staff_board(event, query, request.GET.get("page"))
        return {"event": event, "actor": actor, "query": query, "listing": _listing(query, board["playing"]), **board}

    return _polled(request, event, "events/tables.html", "open-tables", build, actor.role)


def _game_for(event, game_id: int) -> Game:
    game = get_object_or_404(
        Game.objects.select_related("round", "player_a", "player_b"), round__event=event, pk=game_id
    )
    game.round.event = event
    return game


def _result_initial(game: Game, result: dict | None = None) -> dict:
    """The result form's starting values: ``result``, else the game's saved result."""
    initial = {"version": game.version, "kind": "scenario" if game.round.event.game_type == "scenario" else "council"}
    result = result or game.result or {}
    side = {0: "a", 1: "b", None: "none"}
    if result:
        initial["kind"] = result["kind"]
        if "mp" in result:
            initial["mp_a"], initial["mp_b"] = result["mp"]
        if "weakest_link" in result:
            initial["weakest_link"] = side[result["weakest_link"]]
        if "winner" in result:
            initial["winner"] = side[result["winner"]] if result["winner"] is not None else "equal"
        initial.update({k: result[k] for k in ("reason", "how") if k in result})
    return initial


@event_view(STAFF)
@require_http_methods(["GET", "POST"])
def game_result(request, event, actor, game_id: int):
    game = _game_for(event, game_id)
    initial = _result_initial(game)
    data = request.POST or None
    from_calculator = request.method == "GET" and all(
        request.GET.get(name, "").lstrip("-").isdigit() for name in ("mp_a", "mp_b")
    )
    if from_calculator:
        # The Free Council calculator's numbers arrive filled in, with their points shown.
        data = {**{k: v for k, v in initial.items() if v is not None}, "kind": "council",
                "mp_a": request.GET["mp_a"], "mp_b": request.GET["mp_b"]}
    form = ResultForm(data, game=game, initial=initial)
    preview = warnings = None
    status = 200
    if from_calculator and form.is_valid():
        preview = _preview(game, form)
    if request.method == "POST":
        if form.is_valid():
            try:
                services.record_result(game, form.result(), actor=actor,
                                       expected_version=form.cleaned_data["version"],
                                       confirm=form.cleaned_data["confirm"])
            except services.NeedsConfirmation as pending:
                warnings = pending.warnings
                form = ResultForm({**request.POST.dict(), "confirm": "True"}, game=game)
                form.is_valid()
                status = 409
            except services.ResultConflict as conflict:
                form.add_error(None, str(conflict))
                form = _rebound_with_version(request, game, conflict.game.version, form)
                status = 409
            except services.ServiceError as error:
                add_service_error(form, error)
                status = 422
            else:
                messages.success(request, f"Table {game.table}: saved. {game.player_a} v {game.player_b}.")
                target = "round" if actor.is_coordinator and request.POST.get("back") == "round" else "tables"
                if target == "round":
                    back = reverse("round", args=[event.slug, game.round.number])
                    page = page_of_table(game.table, game.round.games.count())
                    return redirect(f"{back}?page={page}#table-{game.table}" if page > 1 else back)
                return redirect("tables", slug=event.slug)
        else:
            status = 422
        if form.is_bound and not form.errors:
            preview = _preview(game, form)
    return render(
        request,
        "events/result.html",
        {"event": event, "game": game, "form": form, "preview": preview, "warnings": warnings, "actor": actor,
         "back": request.GET.get("back") or request.POST.get("back", ""),
         "reports": [_described(game, report) for report in (game.report_a, game.report_b)],
         "history": AuditEntry.objects.filter(event=event, round_number=game.round.number, table=game.table,
                                              action__startswith="result.").order_by("at", "id")},
        status=status,
    )


def _described(game: Game, report: dict | None) -> str:
    """A player's report as its points and explanation, the way staff read a result."""
    if report is None:
        return ""
    scored = services.preview_result(game, report)
    return f"{points_json(scored.points[0])}–{points_json(scored.points[1])}, {scored.explanation}"


def _rebound_with_version(request, game, version: int, old_form):
    form = ResultForm({**request.POST.dict(), "version": version}, game=game)
    form.is_valid()
    for error in old_form.non_field_errors():
        form.add_error(None, error)
    return form


def _preview(game: Game, form: ResultForm):
    try:
        return services.preview_result(game, form.result())
    except services.ServiceError as error:
        add_service_error(form, error)
        return None


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
        a, b = form.sheets()
        try:
            sheets = (scoring.parse_sheet(a, "a"), scoring.parse_sheet(b, "b"))
            outcome = scoring.free_council(scoring.get_policy(event.policy), sheets)
            names = (game.player_a.name, game.player_b.name)
            outcome["explained"] = [
                {"title": step["title"], "clause": step["clause"],
                 "notes": [f"{names[i]}: {'; '.join(step['notes'][i])}" for i in (0, 1) if step["notes"][i]]}
                for step in outcome["steps"]
            ]
        except scoring.RuleError as error:
            form.add_error(None, error.one_line())
    return _partial(request, "events/council.html", "council-outcome",
                    {"event": event, "game": game, "form": form, "outcome": outcome,
                     "back": request.GET.get("back", "")})


# Standings and closing ------------------------------------------------------------------------------


def _standings_context(event, close_form=None, warnings=None) -> dict:
    page = standings_page(event)
    tied = set(page["lead_tie"]["players"]) if page["lead_tie"] else set()
    players = event.players.filter(archive_id__in=tied)
    return {
        "event": event,
        "standings": page,
        "close_form": close_form or CloseForm(players=players),
        "warnings": warnings,
        "winner": event.playoff_winner,
        "policy": scoring.get_policy(event.policy),
    }


@event_view(COORDINATOR)
@require_GET
def standings(request, event, actor):
    return render(request, "events/standings.html", _standings_context(event))


@event_view(COORDINATOR)
@require_POST
def close(request, event, actor):
    players = event.players.all()
    form = CloseForm(request.POST, players=players)
    if form.is_valid():
        try:
            services.close_event(event, actor=actor, playoff_winner=form.cleaned_data["playoff_winner"],
                                 confirm=form.cleaned_data["confirm"])
        except services.NeedsConfirmation as pending:
            form = CloseForm({**request.POST.dict(), "confirm": "True"}, players=players)
            form.is_valid()
            return render(request, "events/standings.html", _standings_context(event, form, pending.warnings),
                          status=409)
        except services.ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, f"{event.name} is closed. These are the final standings.")
            return redirect("standings", slug=event.slug)
    return render(request, "events/standings.html", _standings_context(event, form), status=422)


# Staff management ---------------------------------------------------------------------------------------


def _staff_context(request, event, form=None) -> dict:
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
    if request.method == "POST" and form.is_valid():
        try:
            user = services.add_staff(event, actor=actor, **form.cleaned_data)
        except services.ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, f"{user.username} can now enter results for {event.name}.")
            return redirect("staff", slug=event.slug)
    return render(request, "events/staff.html", _staff_context(request, event, form),
                  status=422 if form.errors else 200)


@event_view(COORDINATOR)
@require_POST
def staff_remove(request, event, actor, user_id: int):
    try:
        services.remove_staff(event, actor=actor, user_id=user_id)
    except services.ServiceError as error:
        messages.error(request, str(error))
    return redirect("staff", slug=event.slug)


@event_view(COORDINATOR)
@require_POST
def staff_link(request, event, actor):
    if request.POST.get("action") == "revoke":
        services.revoke_staff_link(event, actor=actor)
        messages.success(request, "The staff link is revoked; phones that opened it can no longer enter results.")
    else:
        services.create_staff_link(event, actor=actor)
        messages.success(request, "A new staff link is ready; any earlier link no longer works.")
    return redirect("staff", slug=event.slug)


@require_GET
def staff_link_open(request, token: str):
    event = Event.objects.filter(staff_token=token).exclude(staff_token="").first()
    if event is None:
        return render(request, "events/staff_link_invalid.html", status=404)
    request.session[staff_link_session_key(event)] = token
    return redirect("tables", slug=event.slug)


# Printouts ------------------------------------------------------------------------------------------------


def _printed_round(request, event) -> Round:
    number = request.GET.get("round", "")
    rounds = event.rounds.select_related("bye")
    wanted = _whole_number(number)
    rnd = rounds.filter(number=wanted).first() if wanted is not None else rounds.order_by("-number").first()
    if rnd is None:
        raise Http404("No such round")
    return rnd


@event_view(COORDINATOR)
@require_GET
def print_pairings(request, event, actor):
    rnd = _printed_round(request, event)
    games = round_games(rnd)
    return render(request, "events/print/pairings.html", {
        "event": event, "round": rnd, "games": games, "public_url": public_address(request, event),
        "seated": alphabetical_seats(list(event.players.all()), rnd, games),
        "limit": scoring.get_policy(event.policy).time_limit(event.game_type),
    })


@event_view(COORDINATOR)
@require_GET
def print_slips(request, event, actor):
    rnd = _printed_round(request, event)
    policy = scoring.get_policy(event.policy)
    return render(request, "events/print/slips.html", {
        "event": event, "round": rnd, "games": round_games(rnd), "policy": policy,
        "limit": policy.time_limit(event.game_type), "scenario": event.game_type == "scenario",
        "weakest_link": policy.weakest_link_points is not None and event.game_type != "scenario", "one_ring": event.game_type != "scenario",
        "report_url": public_address(request, event) + "report/",
    })


@event_view(COORDINATOR)
@require_GET
def print_cards(request, event, actor):
    players = list(event.players.all())
    standings = event_standings(event)
    if standings is None:
        cards = [Card(p, None, 0) for p in sorted(players, key=lambda p: fold(p.name))]
    else:
        cards = sorted(tournament_cards(standings, {p.archive_id: p for p in players}),
                       key=lambda card: fold(card.player.name))
    planned = max(event.rounds_planned or 0, standings["rounds_played"] if standings else 0)
    # Rounds still to play are printed as empty lines, to be filled in by hand.
    played = standings["rounds_played"] if standings else 0
    sheets = [{"card": card, "blank_rounds": range((card.rows[-1].round if card.rows else played) + 1, planned + 1)}
              for card in cards]
    return render(request, "events/print/cards.html", {
        "event": event, "sheets": sheets, "policy": scoring.get_policy(event.policy),
    })


@event_view(COORDINATOR)
@require_GET
def print_standings(request, event, actor):
    return render(request, "events/print/standings.html", {
        "event": event,
        "standings": event_standings(event, before_play=True),
        "winner": event.playoff_winner,
        "policy": scoring.get_policy(event.policy),
        "public_url": public_address(request, event),
    })


# Archive ------------------------------------------------------------------------------------------------


@event_view(COORDINATOR)
@require_GET
def export(request, event, actor):
    response = JsonResponse(services.export_event(event), json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.council.json"'
    return response


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
            messages.success(request, f"Imported {event.name}. Its public page is {reverse('public', args=[event.slug])}")
            return redirect("desk", slug=event.slug)
    return render(request, "events/import.html", {"form": form}, status=422 if form.errors else 200)


AUDIT_PAGE_SIZE = 50


@event_view(COORDINATOR)
@require_GET
def audit(request, event, actor):
    """The event's record, newest first, narrowed by kind of change, round, table or person."""
    everything = AuditEntry.objects.filter(event=event)
    filters = AuditFilterForm(
        request.GET,
        actions=everything.order_by("action").values_list("action", flat=True).distinct(),
        actors=everything.order_by("actor_label").values_list("actor_label", flat=True).distinct(),
    )
    entries = everything.select_related("actor")
    if filters.is_valid():
        entries = filters.narrow(entries)
    page = Paginator(entries, AUDIT_PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "events/audit.html",
                  {"event": event, "filters": filters, "page": page, "query": query.urlencode()},
                  status=200 if filters.is_valid() else 422)


# Snapshots -------------------------------------------------------------------------------------------------


@event_view(COORDINATOR)
@require_http_methods(["GET", "POST"])
def snapshots(request, event, actor):
    if request.method == "POST":
        snapshot = services.take_snapshot(event, actor=actor)
        messages.success(request, f"Snapshot taken: {snapshot.reason}.")
        return redirect("snapshots", slug=event.slug)
    listing = event.snapshots.defer("data")
    return render(request, "events/snapshots.html", {"event": event, "snapshots": listing})


def _snapshot_for(event, snapshot_id: int) -> Snapshot:
    snapshot = get_object_or_404(Snapshot, event=event, pk=snapshot_id)
    snapshot.event = event
    return snapshot


@event_view(COORDINATOR)
@require_GET
def snapshot_download(request, event, actor, snapshot_id: int):
    snapshot = _snapshot_for(event, snapshot_id)
    response = JsonResponse(snapshot.data, json_dumps_params={"ensure_ascii": False, "indent": 1})
    stamp = snapshot.taken_at.strftime("%Y%m%d-%H%M%S")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-{stamp}.council.json"'
    return response


@event_view(COORDINATOR)
@require_POST
def snapshot_restore(request, event, actor, snapshot_id: int):
    snapshot = _snapshot_for(event, snapshot_id)
    try:
        services.restore_snapshot(snapshot, actor=actor)
    except services.ServiceError as error:
        messages.error(request, f"Not restored: {error}")
        return redirect("snapshots", slug=event.slug)
    messages.success(request, f"Restored “{snapshot.reason}”. The state before it is kept as a snapshot too.")
    return redirect("desk", slug=event.slug)


# Public: players' phones and the projector -------------------------------------------------

ME_COOKIE = "council_me"
ME_COOKIE_AGE = 60 * 60 * 24 * 60


def _poll_etag(changed_at, region: str, *key) -> str:
    """The version of a polled region: it changes with anything the event shows (``Event.changed_at``)."""
    return quote_etag("-".join([region, str(changed_at.timestamp()), *map(str, key)]))


def _read_changed_at(slug: str):
    # get(), not first(): the busiest query of the app needs no ORDER BY.
    try:
        return Event.objects.values_list("changed_at", flat=True).get(slug=slug)
    except Event.DoesNotExist:
        return None


def _public_poll(region: str, key):
    """Answer an unchanged poll of a public region 304 after reading the event's ``changed_at`` alone.

    Every phone in the room polls the public page; most polls find nothing new. Anyone
    may see a public region, so there is no role to check, and the event's row need not
    be loaded. ``key(request)`` gives the rest of the region's version (who is asking).
    Any other request goes on to the view. It wraps the view's compression too: a 304 has
    nothing to compress.
    """
    def decorator(view):
        @functools.wraps(view)
        def wrapper(request, slug: str, *args, **kwargs):
            # The headers themselves rather than request.htmx, which parses them all: this is
            # the busiest path of the app.
            meta = request.META
            if (meta.get("HTTP_HX_TARGET") == region and meta.get("HTTP_HX_REQUEST") == "true"
                    and "HTTP_IF_NONE_MATCH" in meta):
                changed_at = event_changed_at(slug, _read_changed_at)
                not_modified = changed_at and _not_modified(request, _poll_etag(changed_at, region, *key(request)))
                if not_modified:
                    return not_modified
            return view(request, slug, *args, **kwargs)

        return wrapper

    return decorator


def _polled(request, event, template: str, region: str, build, *key):
    """A page whose region ``region`` htmx polls; a poll that finds nothing new gets 304 without rendering.

    The region carries its own ETag in ``hx-headers`` so the next poll sends it back as
    If-None-Match; htmx leaves the region alone on 304 (see base.html's responseHandling).
    """
    etag = _poll_etag(event.changed_at, region, *key)
    polling = bool(request.htmx) and request.htmx.target == region
    if polling:
        not_modified = _not_modified(request, etag)
        if not_modified is not None:
            return not_modified
    context = build()
    # The region sends its version back on the next poll (hx-headers holds JSON). A region
    # showing the event's state before the current one (events/kept.py) carries no version,
    # so that the next poll brings the current one.
    current = context.get("current", True)
    poll_headers = json.dumps({"If-None-Match": etag}) if current else ""
    response = _partial(request, template, region, {**context, "poll_headers": poll_headers})
    if polling and current:
        response["ETag"] = etag
    patch_vary_headers(response, ("HX-Request", "HX-Target"))
    return _uncached(response)


# no-store: were the browser to keep a region, it would answer our 304 itself with the
# old body, and htmx would swap in a stale clock. The page asks; the server answers.
UNCACHED = "private, no-store"


def _not_modified(request, etag: str):
    """A 304 when the request's If-None-Match names ``etag`` (weak comparison, RFC 9110 13.1.2), else None."""
    sent = request.META.get("HTTP_IF_NONE_MATCH", "")
    # A poll sends back exactly the version its region carries; parse only anything else.
    if sent != etag:
        listed = parse_etags(sent)
        if etag not in listed and f"W/{etag}" not in listed:
            return None
    response = HttpResponseNotModified()
    response["ETag"] = etag
    response["Cache-Control"] = UNCACHED
    return response


def _uncached(response):
    patch_cache_control(response, private=True, no_store=True)
    return response


def _me(request) -> int | None:
    return _whole_number(request.COOKIES.get(ME_COOKIE, ""))


@_public_poll("live", key=lambda request: (_me(request),))
@gzip_page
@event_view(PUBLIC)
@require_GET
def public(request, event, actor):
    me_id = _me(request)
    query = request.GET.get("q", "")[:100]
    if request.htmx and request.htmx.target == "found":
        return render(request, "events/_find.html#found", found_players(event, query))
    return _polled(request, event, "events/public.html", "live",
                   lambda: public_board(event, me_id=me_id, query=query) | {"role": actor.role}, me_id)


@event_view(PUBLIC)
@require_POST
def public_me(request, event, actor):
    """Remember "this is me" in a cookie on this phone, for this event only; the server stores nothing."""
    response = redirect("public", slug=event.slug)
    chosen = request.POST.get("player", "")
    path = reverse("public", args=[event.slug])
    if _whole_number(chosen) is not None and event.players.filter(pk=_whole_number(chosen)).exists():
        response.set_cookie(ME_COOKIE, chosen, max_age=ME_COOKIE_AGE, path=path, httponly=True, samesite="Lax",
                            secure=request.is_secure())
    else:
        response.delete_cookie(ME_COOKIE, path=path, samesite="Lax")
    return response


@gzip_page
@event_view(PUBLIC)
@require_GET
def public_round(request, event, actor, number: int):
    rnd = get_object_or_404(Round.objects.select_related("bye"), event=event, number=number)
    return render(request, "events/public_round.html", {"event": event, "round": rnd, "games": round_games(rnd)})


def _by_name(request) -> bool:
    return request.GET.get("by") == "name"


@_public_poll("board", key=lambda request: (_by_name(request),))
@gzip_page
@event_view(PUBLIC)
@require_GET
def projector(request, event, actor):
    by_name = _by_name(request)

    def build():
        rnd = latest_round(event)
        running = rnd is not None and event.status == Event.RUNNING
        return {
            "event": event,
            "round": rnd,
            "by_name": by_name,
            "board_list": projector_list(event, rnd, by_name) if rnd else "",
            "clock": clock_display(event, rnd) if running else None,
            "extended": list(rnd.games.filter(extra_seconds__gt=0, result__isnull=True)) if rnd else [],
            "public_url": public_address(request, event),
        }

    return _polled(request, event, "events/projector.html", "board", build, by_name)


@event_view(PUBLIC)
@require_http_methods(["GET", "POST"])
def public_report(request, event, actor):
    """A player reports their game with the code on their slip: first the code, then the result.

    Wrong codes count against the phone's address (events/throttle.py), so the codes of
    other tables cannot be guessed.
    """
    code_form = ReportCodeForm(request.POST or None)
    context = {"event": event, "code_form": code_form, "form": None, "warnings": None}
    if not event.players_report:
        return render(request, "events/public_report.html", context | {"closed": True}, status=404)
    if request.method == "GET" or not code_form.is_valid():
        return render(request, "events/public_report.html", context,
                      status=422 if code_form.is_bound else 200)
    key = f"code-address:{event.pk}:{throttle.client_address(request)}"
    wait = throttle.wait_minutes(key, throttle.RESULT_CODE_PER_ADDRESS)
    if wait:
        code_form.add_error("code", f"Too many wrong codes from this network. Try again in {wait} minute"
                                    f"{'s' if wait > 1 else ''}, or hand your slip to the staff.")
        return render(request, "events/public_report.html", context, status=429)
    found = services.find_reporting_game(event, code_form.cleaned_data["code"])
    if found is None:
        throttle.record_failure(key, throttle.RESULT_CODE_PER_ADDRESS)
        code_form.add_error("code", "No table of the current round has this code. Check it on your slip.")
        return render(request, "events/public_report.html", context, status=422)
    game, side = found
    own_report = (game.report_a, game.report_b)[side]
    initial = _result_initial(game, own_report)
    entering = "kind" in request.POST
    form = PlayerReportForm(request.POST if entering else None, game=game,
                            initial={**initial, "code": code_form.cleaned_data["code"]})
    context |= {"form": form, "game": game, "side": side, "me": (game.player_a, game.player_b)[side],
                "opponent": (game.player_a, game.player_b)[1 - side], "own_report": own_report}
    if not entering:
        return render(request, "events/public_report.html", context)
    status = 422
    if form.is_valid():
        try:
            game = services.report_result(game, side, form.result(), confirm=form.cleaned_data["confirm"])
        except services.NeedsConfirmation as pending:
            context["warnings"] = pending.warnings
            context["form"] = form = PlayerReportForm({**request.POST.dict(), "confirm": "True"}, game=game)
            form.is_valid()
            status = 409
        except services.ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _report_outcome(game, side))
            return redirect("public", slug=event.slug)
    return render(request, "events/public_report.html", context, status=status)


def _report_outcome(game: Game, side: int) -> str:
    opponent = (game.player_a, game.player_b)[1 - side].name
    if game.result is not None:
        return f"Table {game.table}: both reports agree, the result stands. {game.explanation}"
    if game.reports_differ:
        return (f"Table {game.table}: your report and {opponent}'s differ. Stay at the table; "
                "the staff are coming to settle it.")
    return f"Table {game.table}: your report is in. The result stands once {opponent} reports the same."


def health(request):
    return HttpResponse("ok", content_type="text/plain")

